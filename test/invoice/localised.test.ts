import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutcomeError } from '../../src/kernel/errors.js';
import { computeInvoice } from '../../tools/invoice/compute.js';
import { documentOf, type InvoiceDocument } from '../../tools/invoice/document.js';
import { labelsFor, languages } from '../../tools/invoice/labels.js';
import { checkLogo, maxLogoBytes } from '../../tools/invoice/logo.js';
import { renderInvoicePdf, unrenderableCharacters } from '../../tools/invoice/pdf.js';
import { invoiceInputSchema } from '../../tools/invoice/schema.js';
import { json, startPlannedApp, tempDir, type StartedApp } from '../helpers.js';

const poppler = ['pdftotext', 'pdffonts', 'pdfimages'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
if (!poppler) console.warn('Skipping the localised PDF read-back tests: pdftotext/pdffonts/pdfimages (poppler-utils) are not installed.');

const scratch = tempDir('ao-invoice-l10n-');
let files = 0;

function poppled(tool: string, bytes: Uint8Array, args: string[] = []): string {
  const file = path.join(scratch, `doc-${files++}.pdf`);
  writeFileSync(file, bytes);
  const result = spawnSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { maxBuffer: 64 * 1024 * 1024 });
  expect(result.stderr.toString()).toBe('');
  return result.stdout.toString('utf8');
}

/** The PDF's text, whitespace (also the no-break spaces locales put in "5 %" and "1 000,00 €") as single spaces. */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const pdfText = (bytes: Uint8Array) => flat(poppled('pdftotext', bytes, ['-layout']));
const pages = (bytes: Uint8Array) => poppled('pdftotext', bytes, ['-layout']).split('\f').slice(0, -1).map(flat);

/** The seller as an invoice's `seller` input may override it. */
const seller = { name: 'Studio Łukasz', address: 'Rue 1\n75001 Paris', vat_id: 'FR12345678901' };
/** The seller as the engine passes the account's profile: with phone and bank details. */
const profile = { ...seller, phone: '+33 1 23 45 67 89', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' };

describe('localised invoices over REST', () => {
  let app: StartedApp;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const create = async (body: Record<string, unknown>) => {
    const response = await post('/invoice/create', { seller, ...body });
    const invoice = await json(response);
    expect(response.status, JSON.stringify(invoice)).toBe(200);
    const pdf = await app.api(new URL(invoice.pdf_url as string).pathname);
    return { invoice, bytes: new Uint8Array(await pdf.arrayBuffer()) };
  };

  beforeAll(async () => {
    app = await startPlannedApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it.skipIf(!poppler)('de-DE: German labels, dates 22.11.2026, quantities 12,5, "Rabatt 5 %", the service period, VAT IDs', async () => {
    const { invoice, bytes } = await create({
      customer: { name: 'Acme GmbH', address: 'Hauptstraße 1\n10115 Berlin', vat_id: 'DE123456789' },
      currency: 'EUR',
      locale: 'de-DE',
      issue_date: '2026-11-22',
      net_days: 14,
      service_period: { start: '2026-11-01', end: '2026-11-30' },
      line_items: [
        { description: 'Beratung', quantity: '12.5', unit_price: '116', tax_rate: 19 },
        { description: 'Schulung', unit_price: '50.00', tax_rate: 7, service_date: '2026-11-20' },
      ],
      discount: { percent: 5 },
      notes: 'Vielen Dank für Ihren Auftrag.',
    });
    expect(invoice).toMatchObject({
      language: 'de',
      locale: 'de-DE',
      issue_date: '2026-11-22',
      due_date: '2026-12-06',
      service_date: null,
      service_period: { start: '2026-11-01', end: '2026-11-30' },
    });
    expect(invoice.line_items[1]).toMatchObject({ service_date: '2026-11-20', service_period: null });
    expect(invoice.seller).toMatchObject({ vat_id: 'FR12345678901' });
    expect(invoice.customer).toMatchObject({ vat_id: 'DE123456789' });
    // The amounts are what they were before the discount said its rate: 1450 + 50 = 1500, 5 % off = 75.
    expect(invoice.totals).toMatchObject({ subtotal: 150000, discount: 7500, discount_percent: '5', net: 142500, tax: 26506, total: 169006 });
    const text = pdfText(bytes);
    for (const label of ['Rechnung', 'Rechnungsnummer', 'Rechnungsdatum 22.11.2026', 'Fällig am 06.12.2026', 'Leistungszeitraum 01.11.2026 – 30.11.2026', 'Rechnungsempfänger']) {
      expect(text).toContain(label);
    }
    for (const label of ['Beschreibung', 'Menge', 'Einzelpreis', 'USt.', 'Betrag', 'Zwischensumme', 'Nettobetrag', 'Gesamtbetrag', 'Hinweise', 'Seite 1 von 1']) expect(text).toContain(label);
    expect(text).toMatch(/Beratung 12,5 116,00 € 19 % 1\.450,00 €/);
    expect(text).toContain('Leistungsdatum: 20.11.2026');
    expect(text).toMatch(/Rabatt 5 % -75,00 €/);
    expect(text).toMatch(/USt\. 19 % auf 1\.377,50 € 261,73 €/);
    expect(text).toMatch(/Gesamtbetrag 1\.690,06 €/);
    expect(text).toContain('USt-IdNr.: FR12345678901');
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).not.toMatch(/Invoice|Issue date|2026-11-22/);
  });

  it.skipIf(!poppler)('fr-FR: Facture, Date de facture, Date d’échéance, Total HT, TVA, Total TTC, dates 22/11/2026', async () => {
    const { bytes } = await create({
      customer: { name: 'Société Générale de Conseil', address: '12 rue de la Paix\n75002 Paris' },
      currency: 'EUR',
      locale: 'fr-FR',
      issue_date: '2026-11-22',
      due_date: '2026-12-22',
      service_date: '2026-11-21',
      line_items: [{ description: 'Prestation de conseil', quantity: '2.5', unit_price: '400', tax_rate: 20, discount: { amount: '100' } }],
    });
    const text = pdfText(bytes);
    for (const label of ['Facture', 'Numéro de facture', 'Date de facture 22/11/2026', "Date d'échéance 22/12/2026", 'Date de prestation 21/11/2026', 'Facturé à']) expect(text).toContain(label);
    for (const label of ['Désignation', 'Quantité', 'Prix unitaire', 'TVA', 'Remise', 'Page 1 sur 1']) expect(text).toContain(label);
    expect(text).toMatch(/Prestation de conseil 2,5 400,00 € 20 % -100,00 € 900,00 €/);
    expect(text).toMatch(/Total HT 900,00 €/);
    expect(text).toMatch(/TVA 20 % sur 900,00 € 180,00 €/);
    expect(text).toMatch(/Total TTC 1 080,00 €/);
  });

  it.skipIf(!poppler)('ja-JP in JPY: a Japanese customer, ￥ amounts, kanji labels and 2026年11月22日, with Noto Sans JP embedded beside DejaVu', async () => {
    const { invoice, bytes } = await create({
      customer: { name: '株式会社東京商事', address: '〒100-0005\n東京都千代田区丸の内1-1-1' },
      currency: 'JPY',
      locale: 'ja-JP',
      issue_date: '2026-11-22',
      net_days: 30,
      line_items: [
        { description: 'ウェブサイト制作', unit_price: '120000', tax_rate: 10 },
        { description: '保守（月額）', quantity: 3, unit_price: '5000', tax_rate: 10 },
      ],
    });
    expect(invoice).toMatchObject({ language: 'ja', currency: 'JPY', totals: { total: 148500, formatted: { total: '￥148,500' } } });
    const text = pdfText(bytes);
    for (const label of ['請求書', '請求書番号', '請求日 2026年11月22日', '支払期限 2026年12月22日', '請求先', '品目', '数量', '単価', '金額', '小計', '合計', '消費税']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('株式会社東京商事');
    expect(text).toContain('東京都千代田区丸の内1-1-1');
    expect(text).toMatch(/保守（月額） 3 ￥5,000 10% ￥15,000/);
    expect(text).toMatch(/合計 ￥148,500/);
    const fonts = poppled('pdffonts', bytes);
    expect(fonts).toMatch(/\+NotoSansJP-Regular\s+CID TrueType/);
    expect(fonts).toMatch(/\+DejaVuSans\s+CID TrueType/);
  });

  it.skipIf(!poppler)('prints a Chinese customer’s name and address in simplified characters (Noto Sans SC), in CNY', async () => {
    const { invoice, bytes } = await create({
      customer: { name: '张伟（深圳软件设计有限公司）', address: '广东省深圳市南山区科技园路18号\n邮编 518057' },
      currency: 'CNY',
      locale: 'zh-CN',
      language: 'en',
      issue_date: '2026-11-22',
      line_items: [{ description: '网站设计与开发', unit_price: '8800', tax_rate: 6 }],
    });
    expect(invoice.totals.total).toBe(932800);
    const text = pdfText(bytes);
    expect(text).toContain('张伟（深圳软件设计有限公司）');
    expect(text).toContain('广东省深圳市南山区科技园路18号');
    expect(text).toContain('网站设计与开发');
    const fonts = poppled('pdffonts', bytes);
    expect(fonts).toMatch(/\+NotoSansSC-Regular\s+CID TrueType/);
  });

  it('refuses, naming them, characters no font has (Tamil, emoji), and takes Japanese', async () => {
    const tamil = await post('/invoice/draft', { seller, customer: { name: 'தமிழ் 🦄' }, currency: 'EUR', line_items: [{ description: 'x', unit_price: '1' }] });
    expect(tamil.status).toBe(422);
    const { error } = await json(tamil);
    expect(error.details.characters).toEqual(expect.arrayContaining(['த', 'ம', '🦄']));
    expect(error.message).toContain('"த"');
    const japanese = await post('/invoice/draft', { seller, customer: { name: '山田太郎' }, currency: 'JPY', locale: 'ja-JP', line_items: [{ description: 'x', unit_price: '1' }] });
    expect(japanese.status).toBe(200);
  });

  it('validates service dates: one or the other, start ≤ end, within the dates an invoice carries, naming the field', async () => {
    const base = { seller, customer: { name: 'A' }, currency: 'EUR', line_items: [{ description: 'x', unit_price: '1' }] };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ service_date: '2026-11-01', service_period: { start: '2026-11-01', end: '2026-11-02' } }, /service_date: give service_date .* or service_period .*, not both/],
      [{ service_period: { start: '2026-11-30', end: '2026-11-01' } }, /service_period\.end: 2026-11-01 is before the start of the period, 2026-11-30/],
      [{ service_date: '1999-12-31' }, /service_date: 1999-12-31 is outside the dates an invoice can carry/],
      [{ line_items: [{ description: 'x', unit_price: '1', service_period: { start: '2026-02-01', end: '2026-01-01' } }] }, /line_items\[0\]\.service_period\.end: /],
      [{ line_items: [{ description: 'x', unit_price: '1', service_date: '2026-01-01', service_period: { start: '2026-01-01', end: '2026-01-02' } }] }, /line_items\[0\]\.service_date: give/],
    ];
    for (const [change, message] of cases) {
      const response = await post('/invoice/draft', { ...base, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await json(response)).error.message).toMatch(message);
    }
    const unknown = await post('/invoice/draft', { ...base, language: 'xx' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error.message).toContain('language');
  });

  it('takes language over the locale, and falls back to English with a warning for a locale without labels', async () => {
    const base = { seller, customer: { name: 'A' }, currency: 'EUR', line_items: [{ description: 'x', unit_price: '1' }] };
    expect(await json(await post('/invoice/draft', { ...base, locale: 'de-CH', language: 'fr' }))).toMatchObject({ language: 'fr', locale: 'de-CH', warnings: [] });
    const polish = await json(await post('/invoice/draft', { ...base, locale: 'pl-PL' }));
    expect(polish.language).toBe('en');
    expect(polish.warnings.join(' ')).toMatch(/language: .*English.*pl-PL/);
  });
});

/** A document as the engine builds it, from an input through computeInvoice. */
function documentFrom(input: Record<string, unknown>, meta: Partial<Parameters<typeof documentOf>[1]> = {}): InvoiceDocument {
  const computed = computeInvoice(invoiceInputSchema.parse({ customer: { name: 'Northwind Traders', address: '1 Main St\nSpringfield' }, currency: 'EUR', ...input }), profile, '2026-11-22');
  return documentOf(computed, { invoiceId: 'inv_test', number: 'INV-2026-0001', link: null, createdAt: '2026-11-22T10:00:00.000Z', ...meta });
}

/** A PNG of `side` × `side` RGBA pixels, each chunk with its CRC. */
function png(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: side }, (_, y) => Buffer.from([0, ...Array.from({ length: side }, (_, x) => [x * 16, y * 16, 200, x === y ? 0 : 255]).flat()])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

describe('the localised PDF, rendered directly', () => {
  it('has every label of every language drawable by the fonts', () => {
    for (const language of languages) {
      const labels = labelsFor(language);
      const texts = Object.values(labels).map((value: unknown) => (typeof value === 'function' ? (value as (...args: string[]) => string)('1', '2') : String(value)));
      expect(unrenderableCharacters(texts), language).toEqual([]);
    }
  });

  it.skipIf(!poppler)('stamps a voided invoice on every page, in its language', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ description: `Position ${index + 1}`, unit_price: '10', tax_rate: 19 }));
    const bytes = await renderInvoicePdf(documentFrom({ locale: 'de-DE', line_items: lines }, { stamp: 'void' }));
    // Raw order: the rotated stamp reads as one word.
    const perPage = poppled('pdftotext', bytes).split('\f').slice(0, -1);
    expect(perPage.length).toBeGreaterThan(1);
    for (const page of perPage) expect(page).toContain('STORNIERT');
    const unstamped = poppled('pdftotext', await renderInvoicePdf(documentFrom({ locale: 'de-DE', line_items: lines })));
    expect(unstamped).not.toContain('STORNIERT');
  });

  it.skipIf(!poppler)('renders a credit note: its title, its number, the invoice it credits, no due date', async () => {
    const doc = documentFrom(
      { locale: 'en-US', line_items: [{ description: 'Refund: cancelled workshop', unit_price: '250', tax_rate: 20 }] },
      { kind: 'credit_note', number: 'CN-2026-0001', reference: { number: 'INV-2026-0007', issue_date: '2026-11-02' } },
    );
    const text = pdfText(await renderInvoicePdf(doc));
    expect(text).toContain('Credit note CN-2026-0001');
    expect(text).toContain('Credit note for invoice INV-2026-0007 of Nov 2, 2026');
    expect(text).toContain('Credit note number CN-2026-0001');
    expect(text).toMatch(/Credit note date \w+ \d+, 2026/);
    expect(text).toMatch(/Total €300\.00/);
    expect(text).not.toMatch(/Due date|Amount due|Invoice number|Issue date/);
    // German VAT law calls a buyer's self-billing "Gutschrift": a seller's correction is a Rechnungskorrektur.
    const german = pdfText(await renderInvoicePdf({ ...doc, language: 'de', locale: 'de-DE' }));
    expect(german).toContain('Rechnungskorrektur CN-2026-0001');
    expect(german).toContain('Datum der Korrektur');
    expect(german).not.toMatch(/Gutschrift|Rechnungsdatum/);
    // The reference wraps in its column, beside the seller's details.
    expect(german).toMatch(/Korrektur der Rechnung INV-2026-0007 vom .*02\.11\.2026/);
  });

  it.skipIf(!poppler)('embeds the seller’s logo as an image XObject, once per page that shows it', async () => {
    const logo = checkLogo(png(32).toString('base64'));
    expect(logo.type).toBe('png');
    const bytes = await renderInvoicePdf(documentFrom({ line_items: [{ description: 'x', unit_price: '1' }] }, { logo }));
    const images = poppled('pdfimages', bytes, ['-list']).split('\n').slice(2).filter(Boolean);
    // The picture and its alpha channel (an SMask).
    expect(images.map((line) => line.trim().split(/\s+/)[2])).toEqual(['image', 'smask']);
    expect(images[0]).toMatch(/\s32\s+32\s+rgb/);
    // A second render reuses the decoded logo and draws the same.
    expect(poppled('pdfimages', await renderInvoicePdf(documentFrom({ line_items: [{ description: 'y', unit_price: '1' }] }, { logo })), ['-list'])).toContain('smask');
  });

  it.skipIf(!poppler)('prints the seller’s VAT ID, phone and bank details from the profile, labelled in the language', async () => {
    const doc = documentFrom({ locale: 'it-IT', line_items: [{ description: 'Consulenza', quantity: '3.5', unit_price: '80', tax_rate: 22 }] });
    expect(doc.seller).toMatchObject({ vat_id: 'FR12345678901', phone: profile.phone, iban: profile.iban, bic: 'AGRIFRPP' });
    const text = pdfText(await renderInvoicePdf(doc));
    for (const value of [
      'Partita IVA: FR12345678901',
      `Telefono: ${profile.phone}`,
      `IBAN: ${profile.iban}`,
      'BIC: AGRIFRPP',
      'Fattura',
      'Data fattura 22/11/2026',
      'Quantità',
      'Imponibile',
      'Totale',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toMatch(/Consulenza 3,5 80,00 € 22% 280,00 €/);
  });

  it('checks a logo: PNG or JPEG by its bytes, at most 200 kB, never a URL', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x20, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9]);
    expect(checkLogo(jpeg.toString('base64'))).toEqual({ type: 'jpeg', bytes: jpeg.toString('base64') });
    expect(checkLogo(`data:image/png;base64,${png(2).toString('base64')}`).type).toBe('png');
    const refused = (base64: string) => {
      try {
        checkLogo(base64);
      } catch (error) {
        expect(error).toBeInstanceOf(OutcomeError);
        expect((error as OutcomeError).code).toBe('invalid_input');
        return (error as OutcomeError).message;
      }
      throw new Error('accepted');
    };
    expect(refused('https://example.com/logo.png')).toMatch(/^logo: is not base64/);
    expect(refused(Buffer.from('GIF89a........').toString('base64'))).toMatch(/^logo: is neither a PNG nor a JPEG/);
    expect(refused(Buffer.concat([png(2), Buffer.alloc(maxLogoBytes)]).toString('base64'))).toMatch(/^logo: the image is 2\d\d kB; at most 200 kB/);
    expect(refused(png(2).subarray(0, 16).toString('base64'))).toMatch(/damaged/);
  });

  it.skipIf(!poppler)('never strands the notes alone on a last page: the totals go with them', async () => {
    const notes = Array.from({ length: 12 }, (_, index) => `Note ${index + 1}: payment by bank transfer within 14 days, quoting the invoice number; late payments incur interest.`).join('\n');
    let moved = 0;
    for (let count = 24; count <= 44; count += 2) {
      const lines = Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}: licence seat`, unit_price: '10', tax_rate: 20 }));
      const perPage = pages(await renderInvoicePdf(documentFrom({ locale: 'en-US', line_items: lines, notes })));
      const last = perPage.at(-1) ?? '';
      expect(last, `${count} lines`).toContain('Notes');
      expect(last, `${count} lines`).toMatch(/Total €/);
      if (!/Line \d+:/.test(last)) moved++;
    }
    // Some invoices had room for everything under their last line; for others the totals moved over with the notes.
    expect(moved).toBeGreaterThan(0);
  });

  it('formats quantities and rates as the locale writes numbers, and keeps amounts exact', () => {
    const doc = documentFrom({ locale: 'de-DE', line_items: [{ description: 'x', quantity: '1234.5', unit_price: '2', tax_rate: '7.5', discount: { percent: '2.5' } }] });
    expect(doc.lines[0]).toMatchObject({ quantity: '1.234,5', tax_rate: '7,5\u00a0%', discount_percent: '2,5\u00a0%', amount: '2.407,27\u00a0€' });
    expect(doc).toMatchObject({ language: 'de', locale: 'de-DE', kind: 'invoice', stamp: null });
  });
});
