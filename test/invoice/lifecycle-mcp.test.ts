import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startPlannedApp, type StartedApp } from '../helpers.js';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: any };

/** The invoice lifecycle as an MCP client drives it: every call's structuredContent checked by the client against the listed output schema. */
describe('the invoice lifecycle over MCP', () => {
  let app: StartedApp;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
  const ok = async (name: string, args: Record<string, unknown>) => {
    const result = await call(name, args);
    expect(result.isError, `${name}: ${result.content[0]?.text}`).toBeFalsy();
    return result;
  };
  const errorOf = (result: ToolResult) => JSON.parse(result.content[0]?.text ?? '{}').error;

  beforeAll(async () => {
    app = await startPlannedApp();
    client = new Client({ name: 'invoice-lifecycle-mcp', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    // The SDK client validates structuredContent against each tool's outputSchema once it has listed them.
    await client.listTools();
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('sets the seller profile and reads it back', async () => {
    const updated = await ok('seller_profile_update', {
      name: 'Atelier Sud SARL',
      address: '12 rue de la Paix\n75002 Paris',
      country: 'FR',
      vat_id: 'FR40303265045',
      language: 'fr',
      einvoice: 'facturx',
    });
    expect(updated.structuredContent).toMatchObject({ name: 'Atelier Sud SARL', country: 'FR', language: 'fr', einvoice: 'facturx', missing: [] });
    const read = await ok('seller_profile_get', {});
    expect(read.structuredContent).toEqual(updated.structuredContent);
    const bad = await call('seller_profile_update', { iban: 'FR00 1234' });
    expect(bad.isError).toBe(true);
    expect(errorOf(bad)).toMatchObject({ code: 'invalid_input' });
    expect(errorOf(bad).message).toContain('iban');
  });

  it('issues, lists, credits, marks paid and voids an invoice; the e-invoice comes with it', async () => {
    const invoice = {
      customer: { name: 'Client Lyon SAS', address: '5 place Bellecour\n69002 Lyon', country: 'FR', vat_id: 'FR32123456789' },
      currency: 'EUR',
      line_items: [{ description: 'Conseil', quantity: 3, unit_price: '400', tax_rate: 20 }],
      issue_date: '2026-11-20',
      locale: 'fr-FR',
    };
    const created = await ok('invoice_create', invoice);
    const issued = created.structuredContent;
    expect(issued).toMatchObject({ status: 'open', language: 'fr', einvoice: 'facturx', totals: { total: 144000 } });
    expect(issued.einvoice_url).toMatch(/^http/);

    const listed = await ok('invoice_list', { customer: 'Lyon' });
    expect(listed.structuredContent.invoices.map((entry: { invoice_id: string }) => entry.invoice_id)).toEqual([issued.invoice_id]);

    const credit = await ok('invoice_credit_note', { invoice_id: issued.invoice_id, amount: '240', reason: 'Remise commerciale' });
    expect(credit.structuredContent).toMatchObject({ number: expect.stringMatching(/^CN-2026-\d{4}$/), amount: 24000 });
    expect(credit.content[0]?.text).toContain(credit.structuredContent.number);

    const made = await ok('invoice_einvoice', { invoice_id: issued.invoice_id });
    expect(made.structuredContent).toMatchObject({ format: 'facturx', content_type: 'application/pdf' });

    const paid = await ok('invoice_mark_paid', { invoice_id: issued.invoice_id, method: 'bank_transfer', reference: 'VIR-2026-11-30' });
    expect(paid.structuredContent).toMatchObject({ status: 'paid', balance: { due: 0, credited: 24000, paid: 120000 } });

    const voidPaid = await call('invoice_void', { invoice_id: issued.invoice_id, reason: 'Erreur' });
    expect(voidPaid.isError).toBe(true);
    expect(errorOf(voidPaid).code).toBe('conflict');

    const other = (await ok('invoice_create', invoice)).structuredContent;
    const voided = await ok('invoice_void', { invoice_id: other.invoice_id, reason: 'Doublon' });
    expect(voided.structuredContent).toMatchObject({ status: 'void', voided: { reason: 'Doublon' } });
    const got = await ok('invoice_get', { invoice_id: other.invoice_id });
    expect(got.structuredContent).toMatchObject({ status: 'void', einvoice_url: null });
  });

  it('answers invoice_send without SMTP with a clear mail_not_configured error', async () => {
    const issued = (
      await ok('invoice_create', {
        customer: { name: 'Client Nantes', email: 'compta@nantes.example', address: '1 quai de la Fosse\n44000 Nantes', country: 'FR' },
        currency: 'EUR',
        line_items: [{ description: 'Atelier', unit_price: '100', tax_rate: 20 }],
        einvoice: 'facturx',
      })
    ).structuredContent;
    const sent = await call('invoice_send', { invoice_id: issued.invoice_id });
    expect(sent.isError).toBe(true);
    expect(errorOf(sent)).toMatchObject({ code: 'mail_not_configured' });
    expect(errorOf(sent).message).toContain('SMTP_URL');
  });
});
