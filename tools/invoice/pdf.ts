/**
 * Renders an InvoiceDocument as an A4 PDF: the strings it holds, laid out, never altered.
 */
import {
  PageSizes,
  PDFDocument,
  PDFName,
  PDFString,
  beginText,
  endText,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { InvoiceDocument, Party } from './document.js';
import { drawableText, embedInvoiceFonts, unrenderableCharacters, type Face } from './fonts.js';

export { unrenderableCharacters };

const PRODUCER = 'Agent Outcome API';

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - LEFT;
const TOP = PAGE_HEIGHT - MARGIN;
/** Content stops here; the footer sits below. */
const BOTTOM = MARGIN + 10;
const LEADING = 1.35;
const CELL_X = 5;
const CELL_Y = 4;
const QR_SIDE = 84;

const colors = {
  ink: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.4, 0.4, 0.44),
  rule: rgb(0.82, 0.82, 0.85),
  band: rgb(0.94, 0.94, 0.96),
  link: rgb(0.05, 0.3, 0.75),
};

interface Style {
  face: Face;
  size: number;
  color: RGB;
}

const styles = {
  body: { face: 'regular', size: 9, color: colors.ink },
  detail: { face: 'regular', size: 8.5, color: colors.muted },
  label: { face: 'bold', size: 8, color: colors.muted },
  name: { face: 'bold', size: 11, color: colors.ink },
  title: { face: 'bold', size: 22, color: colors.ink },
  number: { face: 'bold', size: 13, color: colors.ink },
  total: { face: 'bold', size: 12, color: colors.ink },
  link: { face: 'regular', size: 9, color: colors.link },
  footer: { face: 'regular', size: 8, color: colors.muted },
} satisfies Record<string, Style>;

type Align = 'left' | 'right';

/** A run of text: wrapped lines in one style. */
interface Run {
  lines: string[];
  style: Style;
}

/** Renders the invoice; throws `unprocessable` if any of its text has characters the fonts lack. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  assertRenderable(doc);
  // updateMetadata: false, or pdf-lib stamps the current time; every date comes from created_at.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, doc);
  const layout = new Layout(pdf, await embedInvoiceFonts(pdf));
  drawHeader(layout, doc);
  drawLines(layout, doc);
  drawSummary(layout, doc);
  drawNotes(layout, doc.notes);
  drawPayment(layout, doc.payment_link);
  drawFooters(layout, doc);
  // Plain objects, no object streams: two renders differing in created_at differ only in the date bytes.
  return pdf.save({ useObjectStreams: false });
}

function assertRenderable(doc: InvoiceDocument): void {
  const texts = stringsIn(doc, '');
  const characters = unrenderableCharacters(texts.map(([, text]) => text));
  if (characters.length === 0) return;
  const fields = texts.filter(([, text]) => unrenderableCharacters([text]).length > 0).map(([field]) => field);
  const shown = characters.slice(0, 20).map((char) => `"${char}" (U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`);
  const more = characters.length > shown.length ? ` and ${characters.length - shown.length} more` : '';
  throw new OutcomeError(
    'unprocessable',
    `The invoice PDF cannot show ${shown.join(', ')}${more} in ${fields.join(', ')}: its fonts cover Latin, Greek and Cyrillic ` +
      'scripts only, and a character they cannot draw would vanish from the invoice. Transliterate these characters ' +
      '(e.g. write the name in Latin letters) or remove them, then send the request again.',
    { details: { characters, fields } },
  );
}

/** Every string in the document with its path ("customer.name", "lines[3].description"). */
function stringsIn(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, path ? `${path}.${key}` : key));
  }
  return [];
}

function setMetadata(pdf: PDFDocument, doc: InvoiceDocument): void {
  const created = new Date(doc.created_at);
  pdf.setTitle(`Invoice ${doc.number}`, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.seller.name);
  pdf.setSubject(`Invoice ${doc.number} from ${doc.seller.name} to ${doc.customer.name}: ${doc.totals.total}, due ${doc.due_date}`);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(created);
  pdf.setModificationDate(created);
}

/** Lays content out top to bottom across A4 pages, and draws text, rules and links on them. */
class Layout {
  page!: PDFPage;
  /** The top of the free space on the current page. */
  y = TOP;
  /** Redraws what continues on each new page (the table header). */
  onNewPage: (() => void) | undefined;

  constructor(
    readonly pdf: PDFDocument,
    private readonly fonts: Record<Face, PDFFont>,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    // Fixed resource names: pdf-lib's drawText adds two font entries per call.
    for (const face of ['regular', 'bold'] as const) this.page.node.setFontDictionary(PDFName.of(face), this.fonts[face].ref);
    this.y = TOP;
    this.onNewPage?.();
  }

  get room(): number {
    return this.y - BOTTOM;
  }

  /** Starts a new page unless `height` fits on this one. */
  ensure(height: number): void {
    if (height > this.room) this.addPage();
  }

  width(text: string, style: Style): number {
    return this.fonts[style.face].widthOfTextAtSize(text, style.size);
  }

  /** `text` in lines no wider than `width`: at spaces, or inside a word longer than a line. */
  wrap(text: string, style: Style, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of drawableText(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ').filter(Boolean)) {
        const joined = line ? `${line} ${word}` : word;
        if (this.width(joined, style) <= width) {
          line = joined;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        for (const char of word) {
          if (line && this.width(line + char, style) > width) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  run(text: string, style: Style, width: number): Run {
    return { lines: this.wrap(text, style, width), style };
  }

  static height(runs: Run[]): number {
    return runs.reduce((sum, { lines, style }) => sum + lines.length * style.size * LEADING, 0);
  }

  /** Draws `runs` down from `top` within [x, x + width]; returns their height. */
  text(runs: Run[], x: number, top: number, width: number, align: Align = 'left', page = this.page): number {
    const operators: PDFOperator[] = [];
    let y = top;
    for (const { lines, style } of runs) {
      const font = this.fonts[style.face];
      operators.push(beginText(), setFillingColor(style.color), setFontAndSize(style.face, style.size));
      for (const line of lines) {
        const left = align === 'left' ? x : x + width - this.width(line, style);
        // The baseline one font size below the top of the line leaves room for ascenders.
        if (line) operators.push(setTextMatrix(1, 0, 0, 1, left, y - style.size), showText(font.encodeText(line)));
        y -= style.size * LEADING;
      }
      operators.push(endText());
    }
    page.pushOperators(...operators);
    return top - y;
  }

  rule(x: number, y: number, width: number): void {
    this.page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.5, color: colors.rule });
  }

  band(x: number, top: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y: top - height, width, height, color: colors.band });
  }

  /** A clickable area opening `uri`. */
  link(uri: string, x: number, top: number, width: number, height: number): void {
    const { context } = this.pdf;
    const annotation = context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [x, top - height, x + width, top],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(pdfLiteral(asciiUri(uri))) },
    });
    this.page.node.addAnnot(context.register(annotation));
  }

  /** The QR code of `text` as filled vector rectangles, one per run of dark modules in a row. */
  qr(text: string, x: number, top: number, side: number): void {
    const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
    const module = side / size;
    const operators: PDFOperator[] = [pushGraphicsState(), setFillingColor(colors.ink)];
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        if (!data[row * size + col]) continue;
        const start = col;
        while (col + 1 < size && data[row * size + col + 1]) col++;
        operators.push(rectangle(x + start * module, top - (row + 1) * module, (col + 1 - start) * module, module));
      }
    }
    operators.push(fill(), popGraphicsState());
    this.page.pushOperators(...operators);
  }
}

/** URIs in PDF are 7-bit ASCII: percent-encode the rest. */
function asciiUri(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return encodeURI(uri);
  }
}

/** pdf-lib writes literal strings unescaped. */
function pdfLiteral(text: string): string {
  return text.replace(/[\\()]/g, '\\$&');
}

function partyRuns(layout: Layout, party: Party, width: number): Run[] {
  const details = [party.address, party.tax_id ? `Tax ID: ${party.tax_id}` : null, party.email].filter(Boolean) as string[];
  return [layout.run(party.name, styles.name, width), ...details.map((detail) => layout.run(detail, styles.detail, width))];
}

/** Label–value rows, labels left and values right-aligned, within [x, x + width]; returns their height. */
function drawPairs(layout: Layout, rows: Array<[string, string, Style]>, x: number, top: number, width: number, draw = true): number {
  const labelWidth = Math.max(...rows.map(([label]) => layout.width(label, styles.detail))) + 12;
  let y = top;
  for (const [label, value, style] of rows) {
    const runs = [layout.run(value, style, width - labelWidth)];
    const height = Math.max(Layout.height(runs), style.size * LEADING);
    if (draw) {
      // Baselines of label and value line up.
      layout.text([layout.run(label, styles.detail, labelWidth)], x, y - (style.size - styles.detail.size), labelWidth);
      layout.text(runs, x, y, width, 'right');
    }
    y -= height + 2;
  }
  return top - y;
}

function drawHeader(layout: Layout, doc: InvoiceDocument): void {
  const leftWidth = CONTENT_WIDTH * 0.55;
  const rightWidth = CONTENT_WIDTH * 0.4;
  const rightX = RIGHT - rightWidth;

  const seller = layout.text(partyRuns(layout, doc.seller, leftWidth), LEFT, layout.y, leftWidth);
  const title = layout.text(
    [layout.run('Invoice', styles.title, rightWidth), layout.run(doc.number, styles.number, rightWidth)],
    rightX,
    layout.y,
    rightWidth,
    'right',
  );
  layout.y -= Math.max(seller, title) + 24;

  const billTo = [layout.run('Bill to', styles.label, leftWidth), ...partyRuns(layout, doc.customer, leftWidth)];
  const customer = layout.text(billTo, LEFT, layout.y, leftWidth);
  const dates = drawPairs(
    layout,
    [
      ['Issue date', doc.issue_date, styles.body],
      ['Due date', doc.due_date, styles.body],
      ['Amount due', doc.totals.total, styles.name],
    ],
    rightX,
    layout.y,
    rightWidth,
  );
  layout.y -= Math.max(customer, dates) + 24;
}

interface Column {
  title: string;
  align: Align;
  width: number;
}

/**
 * A table from `layout.y` down, at `x`: rows move to the next page whole when they fit there, a
 * row taller than a page is split, and the header is repeated at the top of every page.
 */
function drawTable(layout: Layout, x: number, columns: Column[], rows: string[][]): void {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const lineHeight = styles.body.size * LEADING;
  const heads = columns.map((column) => layout.run(column.title, styles.label, column.width - 2 * CELL_X));
  const headHeight = Math.max(...heads.map((head) => Layout.height([head]))) + 2 * CELL_Y;
  const drawHead = (): void => {
    layout.band(x, layout.y, width, headHeight);
    drawCells(layout, x, columns, heads, layout.y - CELL_Y);
    layout.y -= headHeight;
  };
  const linesPerPage = Math.floor((TOP - BOTTOM - headHeight - 2 * CELL_Y) / lineHeight);

  const cells = rows.map((row) => columns.map((column, index) => layout.wrap(row[index] ?? '', styles.body, column.width - 2 * CELL_X)));
  layout.ensure(headHeight + lineHeight + 2 * CELL_Y);
  drawHead();
  layout.onNewPage = drawHead;
  for (const row of cells) {
    const total = Math.max(...row.map((lines) => lines.length));
    for (let from = 0; from < total; ) {
      const fit = Math.floor((layout.room - 2 * CELL_Y) / lineHeight);
      if (fit < total - from && (fit < 1 || total - from <= linesPerPage)) {
        layout.addPage();
        continue;
      }
      const count = Math.min(fit, total - from);
      const slice = row.map((lines) => ({ lines: lines.slice(from, from + count), style: styles.body }));
      drawCells(layout, x, columns, slice, layout.y - CELL_Y);
      layout.y -= count * lineHeight + 2 * CELL_Y;
      layout.rule(x, layout.y, width);
      from += count;
    }
  }
  layout.onNewPage = undefined;
}

function drawCells(layout: Layout, x: number, columns: Column[], runs: Run[], top: number): void {
  let left = x;
  columns.forEach((column, index) => {
    const run = runs[index];
    if (run) layout.text([run], left + CELL_X, top, column.width - 2 * CELL_X, column.align);
    left += column.width;
  });
}

/** Columns sized to their widest cell, each at most `cap` wide (wider cells wrap). */
function fittedColumns(layout: Layout, titles: string[], rows: string[][], cap: number): Column[] {
  return titles.map((title, index) => {
    const widest = Math.max(layout.width(title, styles.label), ...rows.map((row) => layout.width(row[index] ?? '', styles.body)));
    return { title, align: 'right', width: Math.min(widest + 2 * CELL_X, cap) };
  });
}

function drawLines(layout: Layout, doc: InvoiceDocument): void {
  const withDiscount = doc.lines.some((line) => line.discount !== null);
  const titles = ['Qty', 'Unit price', 'Tax', ...(withDiscount ? ['Discount'] : []), 'Amount'];
  const figures = doc.lines.map((line) => [
    line.quantity,
    line.unit_price,
    line.tax_rate ?? '—',
    ...(withDiscount ? [line.discount ?? ''] : []),
    line.amount,
  ]);
  // The description keeps at least 40% of the width; longer figures wrap.
  const numeric = fittedColumns(layout, titles, figures, (CONTENT_WIDTH * 0.6) / titles.length);
  const description: Column = {
    title: 'Description',
    align: 'left',
    width: CONTENT_WIDTH - numeric.reduce((sum, column) => sum + column.width, 0),
  };
  const rows = doc.lines.map((line, index) => [line.description, ...(figures[index] ?? [])]);
  drawTable(layout, LEFT, [description, ...numeric], rows);
}

/** The tax breakdown, then the totals kept together on one page, right-aligned under the lines. */
function drawSummary(layout: Layout, doc: InvoiceDocument): void {
  const width = 240;
  if (doc.tax_breakdown.length > 0) {
    layout.y -= 16;
    const rows = doc.tax_breakdown.map(({ rate, taxable, tax }) => [rate, taxable, tax]);
    const columns = fittedColumns(layout, ['Tax rate', 'Taxable', 'Tax'], rows, width / 2);
    const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
    drawTable(layout, RIGHT - tableWidth, columns, rows);
  }
  const { subtotal, discount, tax, total } = doc.totals;
  const rows: Array<[string, string, Style]> = [
    ['Subtotal', subtotal, styles.body],
    ...(discount !== null ? [['Discount', discount, styles.body] as [string, string, Style]] : []),
    ['Tax', tax, styles.body],
    ['Total', total, styles.total],
  ];
  const x = RIGHT - width;
  layout.ensure(16 + drawPairs(layout, rows, x, layout.y, width, false));
  layout.y -= 16;
  layout.y -= drawPairs(layout, rows.slice(0, -1), x, layout.y, width);
  layout.rule(x, layout.y + 1, width);
  layout.y -= 4 + drawPairs(layout, rows.slice(-1), x, layout.y - 4, width);
}

/** Notes flow across pages line by line; the heading stays with the first line. */
function drawNotes(layout: Layout, notes: string | null): void {
  if (!notes) return;
  const heading = layout.run('Notes', styles.label, CONTENT_WIDTH);
  const { lines } = layout.run(notes, styles.body, CONTENT_WIDTH);
  const lineHeight = styles.body.size * LEADING;
  layout.ensure(24 + Layout.height([heading]) + lineHeight);
  layout.y -= 24;
  layout.y -= layout.text([heading], LEFT, layout.y, CONTENT_WIDTH) + 2;
  for (const line of lines) {
    layout.ensure(lineHeight);
    layout.y -= layout.text([{ lines: [line], style: styles.body }], LEFT, layout.y, CONTENT_WIDTH);
  }
}

/** The payment link as text and a QR code, both clickable, kept together. */
function drawPayment(layout: Layout, link: string | null): void {
  if (!link) return;
  const textX = LEFT + QR_SIDE + 16;
  const textWidth = RIGHT - textX;
  const intro = [
    layout.run('Pay online', styles.name, textWidth),
    layout.run('Scan the code or open this link to pay:', styles.detail, textWidth),
  ];
  const url = layout.run(link, styles.link, textWidth);
  const height = Math.max(QR_SIDE, Layout.height([...intro, url]));
  layout.ensure(24 + height);
  layout.y -= 24;
  layout.qr(link, LEFT, layout.y, QR_SIDE);
  layout.link(link, LEFT, layout.y, QR_SIDE, QR_SIDE);
  const urlTop = layout.y - layout.text(intro, textX, layout.y, textWidth) - 2;
  const urlHeight = layout.text([url], textX, urlTop, textWidth);
  layout.link(link, textX, urlTop, Math.max(...url.lines.map((line) => layout.width(line, styles.link))), urlHeight);
  layout.y -= height;
}

/** "Page N of M" on every page, once the number of pages is known. */
function drawFooters(layout: Layout, doc: InvoiceDocument): void {
  const pages = layout.pdf.getPages();
  const half = CONTENT_WIDTH / 2;
  const top = MARGIN - 12;
  pages.forEach((page, index) => {
    layout.text([layout.run(`Invoice ${doc.number}`, styles.footer, half)], LEFT, top, half, 'left', page);
    layout.text([layout.run(`Page ${index + 1} of ${pages.length}`, styles.footer, half)], RIGHT - half, top, half, 'right', page);
  });
}
