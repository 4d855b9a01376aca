import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpServerFixture } from '../fixtures/smtp.js';
import { json, startPlannedApp, tempDir, type StartedApp } from '../helpers.js';

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasQpdf || !hasXmllint || !hasPdftotext) {
  console.warn('einvoice-issue.test: qpdf, xmllint or pdftotext (Debian qpdf, libxml2-utils, poppler-utils) missing: the file checks are skipped; .ci/run installs them.');
}

const ublSchema = path.resolve(import.meta.dirname, '../fixtures/einvoice/xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd');

/** A German public buyer: XRechnung needs its Leitweg-ID, countries, postcodes and cities. */
const publicBuyerInvoice = {
  customer: { name: 'Stadt Musterhausen', email: 'rechnung@musterhausen.example', address: 'Rathausplatz 1\n12345 Musterhausen', country: 'DE' },
  currency: 'EUR',
  locale: 'de-DE',
  line_items: [{ description: 'Workshop Barrierefreiheit', quantity: 2, unit_price: '650.00', tax_rate: 19 }],
  issue_date: '2026-11-22',
  due_date: '2026-12-22',
  buyer_reference: '04011000-1234512345-06',
  order_reference: 'BE-2026-117',
  einvoice: 'xrechnung_ubl',
};

describe('an invoice issued with its e-invoice', () => {
  let app: StartedApp;
  let smtp: SmtpServerFixture;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const download = async (url: string) => Buffer.from(await (await app.api(new URL(url).pathname)).arrayBuffer());
  const pdfText = (bytes: Buffer) => {
    const file = path.join(tempDir(), 'invoice.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startPlannedApp({ SMTP_URL: smtp.url(), SMTP_FROM: 'invoices@nord.example' });
    const profile = await post('/seller-profile', {
      name: 'Studio Nord GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      country: 'de',
      vat_id: 'DE123456789',
      email: 'billing@nord.example',
      phone: '+49 30 123456',
      iban: 'DE89370400440532013000',
    });
    expect(profile.status).toBe(200);
    expect((await json(profile)).country).toBe('DE');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('issues the XRechnung with the invoice: stored, valid against UBL 2.1, the references on the PDF too', async () => {
    const response = await post('/invoice/create', publicBuyerInvoice);
    expect(response.status).toBe(200);
    const issued = await json(response);
    expect(issued).toMatchObject({ einvoice: 'xrechnung_ubl', buyer_reference: '04011000-1234512345-06', order_reference: 'BE-2026-117' });
    expect(issued.customer.country).toBe('DE');
    expect(issued.seller.country).toBe('DE');
    expect(issued.einvoice_url).toMatch(/^http/);
    const xml = (await download(issued.einvoice_url)).toString('utf8');
    expect(xml).toContain(`<cbc:ID>${issued.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:BuyerReference>04011000-1234512345-06</cbc:BuyerReference>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">1547.00</cbc:PayableAmount>');
    if (hasXmllint) {
      const file = path.join(tempDir(), 'invoice.xml');
      fs.writeFileSync(file, xml);
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', ublSchema, file], { stdio: 'pipe' });
    }
    if (hasPdftotext) {
      const text = pdfText(await download(issued.pdf_url));
      expect(text).toContain('Ihre Referenz 04011000-1234512345-06');
      expect(text).toContain('Bestellnummer BE-2026-117');
    }
    // invoice_get shows the same, and invoice_einvoice makes it again from the invoice's own fields.
    const again = await json(await post('/invoice/einvoice', { invoice_id: issued.invoice_id }));
    expect(again).toMatchObject({ format: 'xrechnung_ubl', content_type: 'application/xml', filename: `${issued.number}.xml` });
    expect((await download(again.url)).toString('utf8')).toBe(xml);
  });

  it('warns on the draft and refuses the confirmation, before a number is taken, when the e-invoice could not be made', async () => {
    const { buyer_reference: _reference, ...withoutReference } = publicBuyerInvoice;
    const incomplete = { ...withoutReference, customer: { ...publicBuyerInvoice.customer, country: undefined } };
    const draft = await json(await post('/invoice/draft', incomplete));
    const warning = draft.warnings.find((text: string) => text.startsWith('einvoice:'));
    expect(warning).toContain('[BR-11]');
    expect(warning).toContain('(customer.country)');
    expect(warning).toContain('[BR-DE-15]');
    expect(warning).toContain('(buyer_reference)');
    const before = (await json(await app.api('/api/agents/invoices?limit=100'))).invoices.length;
    const refused = await post('/invoice/confirm', { draft_id: draft.draft_id });
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(body.error.code).toBe('unprocessable');
    expect(body.error.details.violations.map((violation: { field: string }) => violation.field)).toEqual(expect.arrayContaining(['customer.country', 'buyer_reference']));
    expect((await json(await app.api('/api/agents/invoices?limit=100'))).invoices.length).toBe(before);
    // Without asking for an e-invoice the same invoice issues, and the next number is the next one: no gap.
    const plain = await json(await post('/invoice/create', { ...incomplete, einvoice: undefined }));
    expect(plain.einvoice).toBeNull();
    expect(plain.einvoice_url).toBeNull();
    const missingFormat = await post('/invoice/einvoice', { invoice_id: plain.invoice_id });
    expect(missingFormat.status).toBe(400);
    expect((await json(missingFormat)).error.message).toMatch(/^format: /);
  });

  it.runIf(hasQpdf)('takes the seller profile’s default: Factur-X with every invoice, sent instead of the plain PDF', async () => {
    expect((await post('/seller-profile', { einvoice: 'facturx' })).status).toBe(200);
    const { einvoice: _format, buyer_reference: _reference, ...invoice } = publicBuyerInvoice;
    const issued = await json(await post('/invoice/create', invoice));
    expect(issued.einvoice).toBe('facturx');
    const facturx = await download(issued.einvoice_url);
    const file = path.join(tempDir(), 'facturx.pdf');
    fs.writeFileSync(file, facturx);
    execFileSync('qpdf', ['--check', file]);
    expect(execFileSync('qpdf', ['--show-attachment=factur-x.xml', file], { encoding: 'utf8' })).toMatch(/<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>BE-2026-117</);
    const sent = await post('/invoice/send', { invoice_id: issued.invoice_id });
    expect(sent.status).toBe(200);
    const mail = smtp.messages.at(-1);
    expect(mail?.attachments.map((attachment) => attachment.filename)).toEqual([`${issued.number}-facturx.pdf`]);
    expect(mail?.attachments[0]?.content.equals(facturx)).toBe(true);
    expect((await post('/seller-profile', { einvoice: null })).status).toBe(200);
  });

  it('corrects it with a credit note that is an XRechnung too: a UBL CreditNote naming the invoice, valid against UBL 2.1', async () => {
    const issued = await json(await post('/invoice/create', publicBuyerInvoice));
    const response = await post('/invoice/credit-note', { invoice_id: issued.invoice_id, amount: '238.00', reason: 'Ein Workshoptag entfallen' });
    expect(response.status).toBe(200);
    const credit = await json(response);
    expect(credit.einvoice_url).toMatch(/^http/);
    const xml = (await download(credit.einvoice_url)).toString('utf8');
    expect(xml).toContain('<CreditNote ');
    expect(xml).toContain(`<cbc:ID>${credit.number}</cbc:ID>`);
    expect(xml).toMatch(new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${issued.number}</cbc:ID>`));
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">38.00</cbc:TaxAmount>');
    if (hasXmllint) {
      const file = path.join(tempDir(), 'credit.xml');
      fs.writeFileSync(file, xml);
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', ublSchema.replace('UBL-Invoice-2.1.xsd', 'UBL-CreditNote-2.1.xsd'), file], { stdio: 'pipe' });
    }
    if (hasPdftotext) {
      const text = pdfText(await download(credit.pdf_url));
      expect(text).toContain(`Rechnungskorrektur ${credit.number}`);
      expect(text).toContain('Ihre Referenz 04011000-1234512345-06');
    }
    const invoice = await json(await app.api(`/api/agents/invoices/${issued.invoice_id}`));
    expect(invoice.credit_notes[0]).toMatchObject({ number: credit.number, einvoice_url: credit.einvoice_url });
  });

  it('sends an XRechnung beside its PDF; a void invoice offers no e-invoice', async () => {
    const issued = await json(await post('/invoice/create', publicBuyerInvoice));
    await post('/invoice/send', { invoice_id: issued.invoice_id });
    const mail = smtp.messages.at(-1);
    expect(mail?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      [`${issued.number}.pdf`, 'application/pdf'],
      [`${issued.number}.xml`, 'application/xml'],
    ]);
    await post('/invoice/void', { invoice_id: issued.invoice_id, reason: 'Issued twice' });
    const voided = await json(await app.api(`/api/agents/invoices/${issued.invoice_id}`));
    expect(voided.status).toBe('void');
    expect(voided.einvoice_url).toBeNull();
    // The invoice keeps its number; its PDF is now stamped across every page, in the invoice's language.
    if (hasPdftotext) {
      const text = pdfText(await download(voided.pdf_url));
      expect(text).toContain(issued.number);
      expect(text).toContain('STORNIERT');
    }
  });

  it('refuses a country that is not an ISO 3166-1 code, naming the field', async () => {
    const response = await post('/invoice/draft', { ...publicBuyerInvoice, customer: { ...publicBuyerInvoice.customer, country: 'XX' } });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toContain('customer.country');
    const profile = await post('/seller-profile', { country: 'Deutschland' });
    expect(profile.status).toBe(400);
    expect((await json(profile)).error.message).toContain('country');
  });
});
