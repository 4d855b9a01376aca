import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { InvoiceDocument } from '../../tools/invoice/document.js';
import { renderInvoicePdf, unrenderableCharacters } from '../../tools/invoice/pdf.js';
import { tempDir } from '../helpers.js';

const euro = (minor: number): string => `€${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const LONG_DESCRIPTION = 'consulting on the quarterly migration of the accounting platform, including workshops, documentation ' + 'and follow-up support for every regional office';

/** An invoice of `count` lines, every amount formatted as the tool formats it. */
function invoiceFixture(count = 10, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = Array.from({ length: count }, (_, index) => {
    const price = 10_000 + index * 1_234;
    const quantity = (index % 3) + 1;
    const discount = index % 4 === 1 ? 1_000 : 0;
    return {
      description: `Line ${index + 1}: ${index % 5 === 0 ? LONG_DESCRIPTION : 'licence seat'}`,
      quantity: String(quantity),
      unit_price: euro(price),
      tax_rate: index % 6 === 5 ? null : '20%',
      discount: discount ? `-${euro(discount)}` : null,
      amount: euro(price * quantity - discount),
    };
  });
  return {
    invoice_id: 'inv_01J0000000000000000000000',
    number: 'INV-2024-0042',
    issue_date: '2024-03-01',
    due_date: '2024-03-31',
    currency: 'EUR',
    seller: { name: 'Acme Consulting GmbH', email: 'billing@acme.example', address: 'Hauptstraße 1\n10115 Berlin\nGermany', tax_id: 'DE123456789' },
    customer: { name: 'Northwind Traders', email: 'ap@northwind.example', address: '12 Rue de la Paix\n75002 Paris\nFrance', tax_id: 'FR98765432101' },
    lines,
    tax_breakdown: [
      { rate: '20%', taxable: '€1,000.00', tax: '€200.00' },
      { rate: '0%', taxable: '€10.00', tax: '€0.00' },
    ],
    totals: { subtotal: '€1,010.00', discount: '-€10.00', tax: '€200.00', total: '€1,200.00' },
    notes: 'Thank you for your business. Payment is due within 30 days; late payments incur interest as agreed in the framework contract.',
    payment_link: 'https://buy.stripe.com/test_4gw5kE0xY9Zg1Hq000',
    created_at: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const poppler = ['pdftotext', 'pdftoppm'].every((tool) => spawnSync(tool, ['-v']).error === undefined);
if (!poppler) console.warn('Skipping the PDF read-back tests: pdftotext/pdftoppm (poppler-utils) are not installed.');

const scratch = tempDir('ao-invoice-pdf-');
let files = 0;

/** Runs a poppler tool on `bytes` (`args` get the file's path); poppler's complaints about the file fail the test. */
function runPoppler(tool: string, args: (file: string) => string[], bytes: Uint8Array): Buffer {
  const file = path.join(scratch, `invoice-${files++}.pdf`);
  writeFileSync(file, bytes);
  const result = spawnSync(tool, args(file), { maxBuffer: 64 * 1024 * 1024 });
  expect(result.stderr.toString()).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

const text = (bytes: Uint8Array): string => runPoppler('pdftotext', (file) => ['-layout', file, '-'], bytes).toString('utf8');

/** The text of each page (pdftotext ends every page with a form feed). */
const pages = (bytes: Uint8Array): string[] => text(bytes).split('\f').slice(0, -1);

const words = (value: string): string[] => value.split(/\s+/).filter(Boolean);

describe.skipIf(!poppler)('the invoice PDF, read back with poppler', () => {
  it('shows every line, amount, total, date, the number, the notes and the payment link', async () => {
    const doc = invoiceFixture(10);
    const shown = text(await renderInvoicePdf(doc));
    const tokens = new Set(words(shown));
    for (const line of doc.lines) {
      // Long descriptions wrap over several lines: every word is there.
      for (const word of words(line.description)) expect(tokens, word).toContain(word);
      for (const figure of [line.unit_price, line.amount, line.discount, line.tax_rate]) if (figure) expect(shown).toContain(figure);
    }
    expect(shown).toMatch(/Line 1: consulting on the quarterly migration/);
    for (const value of Object.values(doc.totals)) if (value) expect(shown).toContain(value);
    for (const { rate, taxable, tax } of doc.tax_breakdown) expect(shown).toMatch(new RegExp(`Tax ${rate} on ${taxable}\\s+${tax}`));
    expect(shown).toMatch(/Total\s+€1,200\.00/);
    for (const value of [doc.number, doc.issue_date, doc.due_date, doc.payment_link ?? '']) expect(shown).toContain(value);
    for (const word of words(doc.notes ?? '')) expect(tokens).toContain(word);
    for (const value of ['Hauptstraße 1', '10115 Berlin', 'Tax ID: DE123456789', 'billing@acme.example', '75002 Paris', 'ap@northwind.example']) {
      expect(shown).toContain(value);
    }
    expect(shown).toContain('Page 1 of 1');
  });

  it('runs a 200-line invoice over several pages: header on each, every line once, totals after the last', async () => {
    const doc = invoiceFixture(200);
    const perPage = pages(await renderInvoicePdf(doc));
    expect(perPage.length).toBeGreaterThan(1);
    perPage.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${perPage.length}`));
    const all = perPage.join('\n');
    for (const line of doc.lines) {
      expect(all.match(new RegExp(`${line.description.split(':')[0]}:`, 'g'))).toHaveLength(1);
      expect(all).toContain(line.amount);
    }
    for (const page of perPage.filter((page) => /Line \d+:/.test(page))) expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Tax\s+Discount\s+Amount/);
    expect(all.indexOf('Subtotal')).toBeGreaterThan(all.indexOf('Line 200:'));
  });

  it('keeps the totals together, on a new page when they do not fit under the last line', async () => {
    const outcomes = await Promise.all(Array.from({ length: 15 }, async (_, index) => pages(await renderInvoicePdf(invoiceFixture(10 + index, { notes: null })))));
    for (const perPage of outcomes) {
      const last = perPage.at(-1) ?? '';
      expect(last).toMatch(/Subtotal[^]*Discount[^]*Tax 20% on €1,000\.00[^]*Tax 0% on €10\.00[^]*Total\s+€1,200\.00/);
      expect(last).toContain('Pay online');
    }
    const lastHasLines = outcomes.map((perPage) => /Line \d+:/.test(perPage.at(-1) ?? ''));
    // Some fit under the last line; some moved whole to a page of their own.
    expect(lastHasLines).toContain(true);
    expect(lastHasLines).toContain(false);
  });

  it('splits a description longer than a page, and breaks words longer than the column', async () => {
    const essay = Array.from({ length: 1500 }, (_, index) => `word${index}`).join(' ');
    const unbroken = `REF-${'0123456789'.repeat(20)}`;
    const doc = invoiceFixture(2, {
      lines: [
        { description: essay, quantity: '1', unit_price: '€1.00', tax_rate: '20%', discount: null, amount: '€1.00' },
        { description: unbroken, quantity: '1', unit_price: '€2.00', tax_rate: '20%', discount: null, amount: '€2.00' },
      ],
    });
    const bytes = await renderInvoicePdf(doc);
    const perPage = pages(bytes);
    expect(perPage.length).toBeGreaterThan(2);
    const tokens = new Set(words(perPage.join('\n')));
    for (let index = 0; index < 1500; index++) expect(tokens).toContain(`word${index}`);
    const boxes = [
      ...runPoppler('pdftotext', (file) => ['-bbox', file, '-'], bytes)
        .toString('utf8')
        .matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ];
    // The unbroken reference is cut into pieces down the description column.
    const pieces = boxes.filter(([, xMin, , , , word]) => Number(xMin) < 200 && /^(REF-)?\d{10,}$/.test(word ?? '')).map((box) => box[5]);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(unbroken);
    // The description stays left of the figures.
    const qtyHeader = boxes.find((box) => box[5] === 'Qty');
    const essayWords = boxes.filter((box) => /^word\d+$/.test(box[5] ?? ''));
    expect(Math.max(...essayWords.map((box) => Number(box[3])))).toBeLessThan(Number(qtyHeader?.[1]));
    // Nothing crosses the 50 pt margins of the 595.28 × 841.89 pt page (y from the top; the footer sits in the bottom margin).
    expect(boxes.length).toBeGreaterThan(1500);
    for (const [, xMin, yMin, xMax, yMax] of boxes) {
      expect(Number(xMin)).toBeGreaterThanOrEqual(49.5);
      expect(Number(xMax)).toBeLessThanOrEqual(595.28 - 49.5);
      expect(Number(yMin)).toBeGreaterThanOrEqual(49.5);
      expect(Number(yMax)).toBeLessThanOrEqual(841.89 - 20);
    }
  });

  it('round-trips Latin, Greek and Cyrillic names', async () => {
    const doc = invoiceFixture(3, {
      seller: { name: 'Ωmega Λtd', address: 'Ακαδημίας 12\nΑθήνα' },
      customer: { name: 'Zoë Łukasz', address: 'ул. Тверская, 7\nМосква' },
    });
    doc.lines[0] = { ...doc.lines[0]!, description: 'Привет, Ωmega — café crème, Ærøskøbing, Dvořák' };
    const shown = text(await renderInvoicePdf(doc));
    for (const value of ['Ωmega Λtd', 'Ακαδημίας 12', 'Αθήνα', 'Zoë Łukasz', 'ул. Тверская, 7', 'Москва', 'Привет, Ωmega — café crème, Ærøskøbing, Dvořák']) {
      expect(shown).toContain(value);
    }
  });

  it('draws a page that is not blank', async () => {
    const pgm = runPoppler('pdftoppm', (file) => ['-gray', '-r', '30', '-f', '1', '-l', '1', file], await renderInvoicePdf(invoiceFixture(10)));
    const header = pgm.toString('latin1', 0, 20).match(/^P5\s+(\d+)\s+(\d+)\s+255\s/);
    expect(header).not.toBeNull();
    const [, width, height] = header!.map(Number);
    const pixels = pgm.subarray(header![0].length);
    expect(pixels.length).toBe(width! * height!);
    const dark = pixels.filter((value) => value < 128).length;
    expect(dark).toBeGreaterThan(500);
  });

  it('draws a QR code of the payment link that reads back module for module', async () => {
    const link = 'https://buy.stripe.com/test_4gw5kE0xY9Zg1Hq000';
    const bytes = await renderInvoicePdf(invoiceFixture(3, { payment_link: link }));
    // The QR code is the square link area.
    const pdf = await PDFDocument.load(bytes);
    const rects = (pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.asArray() ?? []).map((ref) =>
      pdf.context
        .lookup(ref, PDFDict)
        .lookup(PDFName.of('Rect'), PDFArray)
        .asArray()
        .map((value) => (value as PDFNumber).asNumber()),
    );
    const [x1, y1, x2, y2] = rects.find(([x1, y1, x2, y2]) => Math.abs(x2! - x1! - (y2! - y1!)) < 0.01) ?? [];
    const scale = 4; // pixels a point, at 288 dpi
    const crop = [x1! * scale, (841.89 - y2!) * scale, (x2! - x1!) * scale, (y2! - y1!) * scale].map(Math.round);
    const pgm = runPoppler('pdftoppm', (file) => ['-gray', '-r', '288', '-f', '1', '-l', '1', '-x', `${crop[0]}`, '-y', `${crop[1]}`, '-W', `${crop[2]}`, '-H', `${crop[3]}`, file], bytes);
    const [header, width] = pgm.toString('latin1', 0, 20).match(/^P5\s+(\d+)\s+\d+\s+255\s/) ?? [];
    const pixels = pgm.subarray(header!.length);
    const { size, data } = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules;
    const module = crop[2]! / size;
    const read = Array.from({ length: size * size }, (_, index) => {
      const [row, col] = [Math.floor(index / size), index % size];
      const pixel = pixels[Math.floor((row + 0.5) * module) * Number(width) + Math.floor((col + 0.5) * module)] ?? 255;
      return pixel < 128 ? 1 : 0;
    });
    expect(read).toEqual([...data]);
  });

  it('embeds two subset fonts, and draws the QR code as vectors (no images)', async () => {
    const bytes = await renderInvoicePdf(invoiceFixture(10));
    const fonts = runPoppler('pdffonts', (file) => [file], bytes)
      .toString()
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(
      runPoppler('pdfimages', (file) => ['-list', file], bytes)
        .toString()
        .split('\n')
        .slice(2)
        .filter(Boolean),
    ).toEqual([]);
  });
});

describe('renderInvoicePdf', () => {
  it('refuses characters the fonts cannot draw, naming them', async () => {
    // Hangul: neither DejaVu nor Noto Sans JP has it.
    const doc = invoiceFixture(2, { customer: { name: '서울 Trading 서' } });
    const error = await renderInvoicePdf(doc).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OutcomeError);
    const outcome = error as OutcomeError;
    expect(outcome.code).toBe('unprocessable');
    expect(outcome.message).toContain('서');
    expect(outcome.message).toContain('울');
    expect(outcome.message).toMatch(/transliterate/i);
    expect(outcome.details).toEqual({ characters: ['서', '울'], fields: ['customer.name'] });
  });

  it('refuses right-to-left and joined scripts the renderer cannot lay out, though the font has glyphs', () => {
    expect(unrenderableCharacters(['שלום', 'سلام'])).toEqual(['ש', 'ל', 'ו', 'ם', 'س', 'ل', 'ا', 'م']);
  });

  it('lists unrenderable characters once each, in order, ignoring whitespace', () => {
    expect(unrenderableCharacters(['Zoë\tŁukasz\r\n', 'Ωmega Привет €'])).toEqual([]);
    expect(unrenderableCharacters(['a서b', '울서', '🦄 x', '東京 ￥'])).toEqual(['서', '울', '🦄']);
  });

  it('renders the same document to the same bytes; another created_at changes only the dates', async () => {
    const first = await renderInvoicePdf(invoiceFixture(10));
    expect(Buffer.from(await renderInvoicePdf(invoiceFixture(10))).equals(Buffer.from(first))).toBe(true);

    const later = await renderInvoicePdf(invoiceFixture(10, { created_at: '2025-11-30T23:59:58.000Z' }));
    expect(later.length).toBe(first.length);
    const source = Buffer.from(first).toString('latin1');
    const dates = [...source.matchAll(/\(D:\d{14}Z\)/g)].map((match) => [match.index, match.index + match[0].length]);
    expect(dates).toHaveLength(2);
    const differing = [...first.keys()].filter((index) => first[index] !== later[index]);
    expect(differing.length).toBeGreaterThan(0);
    for (const index of differing) expect(dates.some(([start, end]) => index >= start! && index < end!)).toBe(true);
  });

  it('writes objects pdf-lib parses strictly, and font subsets whose glyphs are the originals', async () => {
    const doc = invoiceFixture(3, { customer: { name: 'Zoë Łukasz — Ærøskøbing Dvořák Ωmega Привет ǅ ẞ ﬁ' } });
    const pdf = await PDFDocument.load(await renderInvoicePdf(doc), { throwOnInvalidObject: true });
    const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const originals = new Map(['DejaVuSans', 'DejaVuSans-Bold'].map((name) => [name, fontkit.create(readFileSync(path.join(dir, `${name}.ttf`)))]));
    const cidFonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2'));
    expect(cidFonts).toHaveLength(2);
    for (const cidFont of cidFonts) {
      const original = originals.get(String(cidFont.get(PDFName.of('BaseFont'))).split('+')[1] ?? '');
      const program = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict).lookup(PDFName.of('FontFile2'));
      if (!(program instanceof PDFRawStream)) throw new Error('No embedded TrueType program.');
      const subset = fontkit.create(inflateSync(program.contents));
      // /W lists each glyph drawn: `first [w1 w2 …]`.
      const widths = cidFont.lookup(PDFName.of('W'), PDFArray).asArray();
      const ids: number[] = [];
      for (let index = 0; index < widths.length; index += 2) {
        const first = (widths[index] as PDFNumber).asNumber();
        pdf.context
          .lookup(widths[index + 1], PDFArray)
          .asArray()
          .forEach((_, offset) => ids.push(first + offset));
      }
      expect(ids.length).toBeGreaterThan(20);
      for (const id of ids) {
        expect(subset.getGlyph(id).path.toSVG(), `glyph ${id}`).toBe(original?.getGlyph(id).path.toSVG());
        expect(subset.getGlyph(id).advanceWidth).toBe(original?.getGlyph(id).advanceWidth);
      }
    }
  });

  it('sets the metadata from the document', async () => {
    const pdf = await PDFDocument.load(await renderInvoicePdf(invoiceFixture(2)), { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Invoice INV-2024-0042');
    expect(pdf.getAuthor()).toBe('Acme Consulting GmbH');
    expect(pdf.getSubject()).toContain('INV-2024-0042');
    expect(pdf.getCreator()).toBe('Agent Outcome API');
    expect(pdf.getProducer()).toBe('Agent Outcome API');
    expect(pdf.getCreationDate()?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(pdf.getModificationDate()?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('makes the payment link clickable', async () => {
    const link = 'https://buy.stripe.com/test_4gw5kE0xY9Zg1Hq000';
    const pdf = await PDFDocument.load(await renderInvoicePdf(invoiceFixture(2, { payment_link: link })));
    const annotations = pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    const uris = (annotations?.asArray() ?? []).map((ref) => {
      const annotation = pdf.context.lookup(ref, PDFDict);
      expect(annotation.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
      return annotation.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'), PDFString).asString();
    });
    expect(uris.length).toBeGreaterThan(0);
    expect(new Set(uris)).toEqual(new Set([link]));
  });

  it('leaves out what the document does not have', async () => {
    const bytes = await renderInvoicePdf(invoiceFixture(1, { notes: null, payment_link: null, tax_breakdown: [], totals: { subtotal: '€100.00', discount: null, tax: '€0.00', total: '€100.00' } }));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.size() ?? 0).toBe(0);
    if (poppler) {
      const shown = text(bytes);
      expect(shown).not.toMatch(/Notes|Pay online|Discount/);
    }
  });
});
