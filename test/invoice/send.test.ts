import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';

const invoice = {
  customer: { name: 'Acme GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin' },
  currency: 'EUR',
  locale: 'de-DE',
  line_items: [{ description: 'Beratung', quantity: 2, unit_price: '100.00', tax_rate: 19 }],
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
  payment_link: true,
};

describe('invoice_send', () => {
  let smtp: SmtpServerFixture;
  let stripe: FakeStripe;
  let app: StartedApp;
  const credentials = { user: 'billing', pass: 's3cret-smtp' };
  const post = (route: string, body: unknown, target: StartedApp = app) =>
    target.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: credentials, rejectRecipients: ['gone@acme.example'] });
    stripe = await startFakeStripe();
    app = await startPlannedApp({
      SMTP_URL: smtp.url(credentials),
      SMTP_FROM: 'Test Studio <invoices@studio.example>',
      STRIPE_SECRET_KEY: 'sk_test_fake123',
      STRIPE_API_BASE: stripe.apiBase,
    });
    await post('/seller-profile', { email: 'owner@studio.example' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await stripe.close();
  });

  it('emails the PDF to the customer in the invoice’s language, with its links, the seller as Reply-To', async () => {
    const issued = await json(await post('/invoice/create', invoice));
    const response = await post('/invoice/send', { invoice_id: issued.invoice_id, message: 'Vielen Dank für den Auftrag!' });
    expect(response.status).toBe(200);
    const sent = await json(response);
    expect(sent).toMatchObject({ invoice_id: issued.invoice_id, number: issued.number, accepted: ['billing@acme.example'], rejected: [] });
    const mail = smtp.messages.at(-1);
    expect(mail?.envelope.to).toEqual(['billing@acme.example']);
    expect(mail?.subject).toBe(`Rechnung ${issued.number} von Test Studio Ltd`);
    expect(mail?.header('reply-to')).toContain('owner@studio.example');
    expect(mail?.header('from')).toContain('invoices@studio.example');
    expect(mail?.text).toContain('Vielen Dank für den Auftrag!');
    // Intl writes a no-break space before the euro sign.
    expect(mail?.text?.replace(/\u00a0/g, ' ')).toContain(`anbei erhalten Sie die Rechnung ${issued.number} über 238,00 €, fällig am 06.12.2026.`);
    // The share link of the same file; its expiry (and so its signature) is set when it is written, a second later under load.
    const shareOf = (text: string | undefined) => /\/share\/(file_[0-9a-z]+)\./.exec(text ?? '')?.[1];
    expect(shareOf(mail?.text)).toBe(shareOf(issued.share_url));
    expect(shareOf(issued.share_url)).toBeDefined();
    expect(mail?.text).toContain(`Online bezahlen: ${issued.payment_link.url}`);
    const pdf = await app.api(new URL(issued.pdf_url).pathname);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({ filename: `${issued.number}.pdf`, contentType: 'application/pdf' });
    expect(mail?.attachments[0]?.content.equals(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
  });

  it('sends elsewhere when asked, keeps one Message-ID per key, leaves out the payment link once paid, refuses a void invoice', async () => {
    const issued = await json(await post('/invoice/create', invoice));
    await post('/invoice/mark-paid', { invoice_id: issued.invoice_id, method: 'bank_transfer' });
    const once = await json(await post('/invoice/send', { invoice_id: issued.invoice_id, to: ['accounts@acme.example'], idempotency_key: 'receipt-1' }));
    const twice = await json(await post('/invoice/send', { invoice_id: issued.invoice_id, to: ['accounts@acme.example'], idempotency_key: 'receipt-1' }));
    expect(twice.message_id).toBe(once.message_id);
    expect(smtp.messages.at(-1)?.text).not.toContain('Online bezahlen');
    const refused = await json(await post('/invoice/send', { invoice_id: issued.invoice_id, to: ['gone@acme.example'] }));
    expect(refused.error.message).toContain('gone@acme.example');
    const voided = await json(await post('/invoice/create', invoice));
    await post('/invoice/void', { invoice_id: voided.invoice_id, reason: 'wrong' });
    expect((await post('/invoice/send', { invoice_id: voided.invoice_id })).status).toBe(409);
    const noEmail = await json(await post('/invoice/create', { ...invoice, payment_link: false, customer: { name: 'No Mail Ltd', address: 'Somewhere 1' } }));
    const missing = await post('/invoice/send', { invoice_id: noEmail.invoice_id });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.message).toMatch(/^to: /);
  });

  it('answers 422 mail_not_configured without SMTP, and sends nothing', async () => {
    const quiet = await startPlannedApp();
    try {
      const issued = await json(await post('/invoice/create', { ...invoice, payment_link: false }, quiet));
      const response = await post('/invoice/send', { invoice_id: issued.invoice_id }, quiet);
      expect(response.status).toBe(422);
      expect((await json(response)).error).toMatchObject({ code: 'mail_not_configured' });
    } finally {
      await quiet.close();
    }
  });
});
