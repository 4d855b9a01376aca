import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, tempDir, type StartedApp } from '../helpers.js';

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
if (!hasQpdf || !hasXmllint) console.warn('einvoice-tool.test: qpdf or xmllint (Debian qpdf, libxml2-utils) missing: the file checks are skipped; .ci/run installs them.');

const invoice = {
  customer: { name: 'Kunde GmbH', email: 'ap@kunde.example', address: 'Marktplatz 3\n80331 München', vat_id: 'DE987654321' },
  currency: 'EUR',
  locale: 'de-DE',
  line_items: [
    { description: 'Beratung', quantity: 4, unit_price: '120.00', tax_rate: 19 },
    { description: 'Fachbuch', quantity: 1, unit_price: '40.00', tax_rate: 7 },
  ],
  discount: { percent: '5' },
  issue_date: '2026-11-22',
  due_date: '2026-12-06',
};

describe('invoice_einvoice', () => {
  let app: StartedApp;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let issued: { invoice_id: string; number: string; totals: { total: number } };

  beforeAll(async () => {
    app = await startPlannedApp();
    await post('/seller-profile', {
      name: 'Studio Nord GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      vat_id: 'DE123456789',
      email: 'billing@nord.example',
      phone: '+49 30 123456',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    issued = await json(await post('/invoice/create', invoice));
  });
  afterAll(() => app.close());

  const download = async (url: string) => Buffer.from(await (await app.api(new URL(url).pathname)).arrayBuffer());

  it.runIf(hasQpdf)('makes the Factur-X PDF: the invoice PDF as PDF/A-3 with its CII XML inside, totals from the same model', async () => {
    const response = await post('/invoice/einvoice', { invoice_id: issued.invoice_id, format: 'facturx', seller_country: 'DE', customer_country: 'DE' });
    expect(response.status).toBe(200);
    const made = await json(response);
    expect(made).toMatchObject({ format: 'facturx', content_type: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) });
    const dir = tempDir();
    const file = path.join(dir, made.filename);
    fs.writeFileSync(file, await download(made.url));
    execFileSync('qpdf', ['--check', file]);
    expect(execFileSync('qpdf', ['--list-attachments', file], { encoding: 'utf8' })).toContain('factur-x.xml');
    const xml = execFileSync('qpdf', ['--show-attachment=factur-x.xml', file], { encoding: 'utf8' });
    const total = (issued.totals.total / 100).toFixed(2);
    expect(xml).toContain(`<ram:GrandTotalAmount>${total}</ram:GrandTotalAmount>`);
    expect(xml).toContain(issued.number);
  });

  it.runIf(hasXmllint)('makes XRechnung UBL that validates against the UBL 2.1 schema, once it has the Leitweg-ID', async () => {
    const missing = await post('/invoice/einvoice', { invoice_id: issued.invoice_id, format: 'xrechnung_ubl', seller_country: 'DE', customer_country: 'DE' });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await json(missing))).toContain('BR-DE-15');
    const made = await json(
      await post('/invoice/einvoice', { invoice_id: issued.invoice_id, format: 'xrechnung_ubl', seller_country: 'DE', customer_country: 'DE', buyer_reference: '04011000-12345-67' }),
    );
    expect(made).toMatchObject({ content_type: 'application/xml' });
    const dir = tempDir();
    const file = path.join(dir, 'invoice.xml');
    fs.writeFileSync(file, await download(made.url));
    const schema = path.resolve(import.meta.dirname, '../fixtures/einvoice/xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd');
    expect(fs.existsSync(schema)).toBe(true);
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { stdio: 'pipe' });
    expect(fs.readFileSync(file, 'utf8')).toContain('<cbc:BuyerReference>04011000-12345-67</cbc:BuyerReference>');
  });

  it('refuses what it cannot make: bad country codes, a void invoice', async () => {
    const bad = await post('/invoice/einvoice', { invoice_id: issued.invoice_id, format: 'xrechnung_cii', seller_country: 'Germany', customer_country: 'DE' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('seller_country');
    const other = await json(await post('/invoice/create', invoice));
    await post('/invoice/void', { invoice_id: other.invoice_id, reason: 'duplicate' });
    expect((await post('/invoice/einvoice', { invoice_id: other.invoice_id, format: 'facturx', seller_country: 'DE', customer_country: 'DE' })).status).toBe(409);
  });
});
