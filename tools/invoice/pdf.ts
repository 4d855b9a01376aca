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
  type PDFOperator,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { InvoiceDocument, Party } from './document.js';
import { drawableText, invoiceFonts, unrenderableCharacters, type Face, type SubsetFont } from './fonts.js';

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
const SECTION_GAP = 22;
const CELL_X = 5;
const CELL_Y = 4;
const TOTALS_WIDTH = 240;
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
  link: { face: 'regular', size: 8, color: colors.link },
  footer: { face: 'regular', size: 8, color: colors.muted },
} satisfies Record<string, Style>;

type Align = 'left' | 'right';

/** Wrapped lines in one style. */
interface Run {
  lines: string[];
  style: Style;
}

/** Content measured before it is placed, so that it can be kept on one page. */
interface Block {
  height: number;
  draw(x: number, top: number): void;
}

/** Renders the invoice; throws `unprocessable` if any of its text has characters the fonts lack. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  assertRenderable(doc);
  // Without updateMetadata: false pdf-lib stamps the current time; every date comes from created_at.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, doc);
  const fonts = invoiceFonts(pdf.context);
  const layout = new Layout(pdf, fonts);
  drawHeader(layout, doc);
  drawLines(layout, doc);
  drawSummary(layout, doc);
  drawNotes(layout, doc.notes);
  drawFooters(layout, doc.number);
  for (const font of Object.values(fonts)) font.embed();
  // No object streams: two renders differing in created_at then differ only in the date bytes.
  return pdf.save({ useObjectStreams: false });
}

function assertRenderable(doc: InvoiceDocument): void {
  const texts = stringsIn(doc, '');
  const characters = unrenderableCharacters(texts.map(([, text]) => text));
  if (characters.length === 0) return;
  const fields = texts.filter(([, text]) => unrenderableCharacters([text]).length > 0).map(([field]) => field);
  const named = characters.map((char) => `"${char}" (U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')})`);
  throw new OutcomeError(
    'unprocessable',
    `The invoice PDF cannot show ${listed(named, 20)} in ${listed(fields, 5)}: its fonts cover the Latin, Greek ` +
      'and Cyrillic scripts, and a character they cannot draw would vanish from the invoice. Transliterate these ' +
      'characters (e.g. write the name in Latin letters) or remove them, then send the request again.',
    { details: { characters, fields } },
  );
}

function listed(items: string[], most: number): string {
  const more = items.length > most ? ` and ${items.length - most} more` : '';
  return items.slice(0, most).join(', ') + more;
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
  if (Number.isNaN(created.getTime())) throw new Error(`The invoice document's created_at is not a date: ${doc.created_at}`);
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
    private readonly fonts: Record<Face, SubsetFont>,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    // Text is drawn with plain operators: pdf-lib's drawText adds two font resources per call.
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

  /** Blocks side by side, after `gap`, kept on one page; moves below the tallest. */
  place(gap: number, blocks: Array<[number, Block | undefined]>): void {
    const height = Math.max(0, ...blocks.map(([, block]) => block?.height ?? 0));
    this.ensure(gap + height);
    this.y -= gap;
    for (const [x, block] of blocks) block?.draw(x, this.y);
    this.y -= height;
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

  /** Runs one under the other, within `width`. */
  textBlock(runs: Run[], width: number, align: Align = 'left'): Block {
    const height = runs.reduce((sum, { lines, style }) => sum + lines.length * style.size * LEADING, 0);
    return { height, draw: (x, top) => this.text(runs, x, top, width, align) };
  }

  /** Draws `runs` down from `top` within [x, x + width]. */
  text(runs: Run[], x: number, top: number, width: number, align: Align = 'left', page = this.page): void {
    const operators: PDFOperator[] = [];
    let y = top;
    for (const { lines, style } of runs) {
      const font = this.fonts[style.face];
      operators.push(beginText(), setFillingColor(style.color), setFontAndSize(style.face, style.size));
      for (const line of lines) {
        const left = align === 'left' ? x : x + width - this.width(line, style);
        // The baseline one font size below the line's top leaves room for accents above capitals.
        if (line) operators.push(setTextMatrix(1, 0, 0, 1, left, y - style.size), showText(font.encode(line)));
        y -= style.size * LEADING;
      }
      operators.push(endText());
    }
    page.pushOperators(...operators);
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

  /** A QR code's modules as filled vector rectangles, one per run of dark modules in a row. */
  qr({ size, data }: QRCode.BitMatrix, x: number, top: number, side: number): void {
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
  const details = [party.address, party.tax_id ? `Tax ID: ${party.tax_id}` : null, party.email].filter((detail): detail is string => !!detail);
  return [layout.run(party.name, styles.name, width), ...details.map((detail) => layout.run(detail, styles.detail, width))];
}

interface Pair {
  label: string;
  value: string;
  style: Style;
  /** A rule above it: the total. */
  ruled?: boolean;
}

/** Labels on the left, values right-aligned, within `width`. */
function pairsBlock(layout: Layout, pairs: Pair[], width: number): Block {
  const labelWidth = Math.min(Math.max(...pairs.map(({ label }) => layout.width(label, styles.detail))) + 12, width * 0.6);
  const rows = pairs.map((pair) => {
    const label = layout.textBlock([layout.run(pair.label, styles.detail, labelWidth)], labelWidth);
    const value = layout.textBlock([layout.run(pair.value, pair.style, width - labelWidth)], width - labelWidth, 'right');
    const ruleGap = pair.ruled ? 6 : 0;
    return { pair, label, value, ruleGap, height: ruleGap + Math.max(label.height, value.height) + 2 };
  });
  return {
    height: rows.reduce((sum, row) => sum + row.height, 0),
    draw(x, top) {
      let y = top;
      for (const { pair, label, value, ruleGap, height } of rows) {
        if (pair.ruled) layout.rule(x, y - ruleGap / 2, width);
        // Label and value share a baseline.
        label.draw(x, y - ruleGap - (pair.style.size - styles.detail.size));
        value.draw(x + labelWidth, y - ruleGap);
        y -= height;
      }
    },
  };
}

function drawHeader(layout: Layout, doc: InvoiceDocument): void {
  const leftWidth = CONTENT_WIDTH * 0.55;
  const rightWidth = CONTENT_WIDTH * 0.4;
  const rightX = RIGHT - rightWidth;
  layout.place(0, [
    [LEFT, layout.textBlock(partyRuns(layout, doc.seller, leftWidth), leftWidth)],
    [rightX, layout.textBlock([layout.run('Invoice', styles.title, rightWidth), layout.run(doc.number, styles.number, rightWidth)], rightWidth, 'right')],
  ]);
  const dates: Pair[] = [
    { label: 'Issue date', value: doc.issue_date, style: styles.body },
    { label: 'Due date', value: doc.due_date, style: styles.body },
    { label: 'Amount due', value: doc.totals.total, style: styles.name },
  ];
  layout.place(SECTION_GAP, [
    [LEFT, layout.textBlock([layout.run('Bill to', styles.label, leftWidth), ...partyRuns(layout, doc.customer, leftWidth)], leftWidth)],
    [rightX, pairsBlock(layout, dates, rightWidth)],
  ]);
}

interface Column {
  title: string;
  align: Align;
  width: number;
}

/**
 * The lines table, description first: figure columns as wide as their widest cell (at most 60% of
 * the width between them; longer figures wrap), the description takes the rest.
 */
function drawLines(layout: Layout, doc: InvoiceDocument): void {
  const withDiscount = doc.lines.some((line) => line.discount !== null);
  const titles = ['Qty', 'Unit price', 'Tax', ...(withDiscount ? ['Discount'] : []), 'Amount'];
  // Measured as drawn, to size the columns.
  const figures = doc.lines.map((line) => [line.quantity, line.unit_price, line.tax_rate ?? '—', ...(withDiscount ? [line.discount ?? ''] : []), line.amount].map(drawableText));
  const cap = (CONTENT_WIDTH * 0.6) / titles.length;
  const numeric = titles.map((title, index): Column => {
    const widest = Math.max(layout.width(title, styles.label), ...figures.map((row) => layout.width(row[index] ?? '', styles.body)));
    return { title, align: 'right', width: Math.min(widest + 2 * CELL_X, cap) };
  });
  const description: Column = { title: 'Description', align: 'left', width: CONTENT_WIDTH - numeric.reduce((sum, column) => sum + column.width, 0) };
  layout.y -= SECTION_GAP;
  drawTable(
    layout,
    [description, ...numeric],
    doc.lines.map((line, index) => [line.description, ...(figures[index] ?? [])]),
  );
}

/**
 * A full-width table from `layout.y` down: a row moves to the next page whole when it fits there,
 * a row taller than a page is split, and the header is repeated at the top of every page.
 */
function drawTable(layout: Layout, columns: Column[], rows: string[][]): void {
  const lineHeight = styles.body.size * LEADING;
  const heads = columns.map((column) => layout.run(column.title, styles.label, column.width - 2 * CELL_X));
  const headHeight = Math.max(...heads.map(({ lines }) => lines.length * styles.label.size * LEADING)) + 2 * CELL_Y;
  const drawHead = (): void => {
    layout.band(LEFT, layout.y, CONTENT_WIDTH, headHeight);
    drawCells(layout, columns, heads, layout.y - CELL_Y);
    layout.y -= headHeight;
  };
  const linesPerPage = Math.floor((TOP - BOTTOM - headHeight - 2 * CELL_Y) / lineHeight);

  layout.ensure(headHeight + lineHeight + 2 * CELL_Y);
  drawHead();
  layout.onNewPage = drawHead;
  for (const row of rows) {
    const cells = columns.map((column, index) => layout.wrap(row[index] ?? '', styles.body, column.width - 2 * CELL_X));
    const total = Math.max(...cells.map((lines) => lines.length));
    for (let from = 0; from < total;) {
      const fit = Math.floor((layout.room - 2 * CELL_Y) / lineHeight);
      if (fit < total - from && (fit < 1 || total - from <= linesPerPage)) {
        layout.addPage();
        continue;
      }
      const count = Math.min(fit, total - from);
      const slice = cells.map((lines) => ({ lines: lines.slice(from, from + count), style: styles.body }));
      drawCells(layout, columns, slice, layout.y - CELL_Y);
      layout.y -= count * lineHeight + 2 * CELL_Y;
      layout.rule(LEFT, layout.y, CONTENT_WIDTH);
      from += count;
    }
  }
  layout.onNewPage = undefined;
}

function drawCells(layout: Layout, columns: Column[], runs: Run[], top: number): void {
  let left = LEFT;
  columns.forEach((column, index) => {
    const run = runs[index];
    if (run) layout.text([run], left + CELL_X, top, column.width - 2 * CELL_X, column.align);
    left += column.width;
  });
}

/** The totals, with a line per tax rate, on the right; the payment link beside them. */
function drawSummary(layout: Layout, doc: InvoiceDocument): void {
  const { subtotal, discount, tax, total } = doc.totals;
  const totals: Pair[] = [
    { label: 'Subtotal', value: subtotal, style: styles.body },
    ...(discount !== null ? [{ label: 'Discount', value: discount, style: styles.body }] : []),
    ...doc.tax_breakdown.map(({ rate, taxable, tax }) => ({ label: `Tax ${rate} on ${taxable}`, value: tax, style: styles.body })),
    { label: 'Tax', value: tax, style: styles.body },
    { label: 'Total', value: total, style: styles.total, ruled: true },
  ];
  const totalsX = RIGHT - TOTALS_WIDTH;
  const payment = doc.payment_link ? paymentBlock(layout, doc.payment_link, totalsX - 24 - LEFT) : undefined;
  layout.place(SECTION_GAP, [
    [LEFT, payment],
    [totalsX, pairsBlock(layout, totals, TOTALS_WIDTH)],
  ]);
}

/** The payment link as a QR code and as text, both clickable. */
function paymentBlock(layout: Layout, link: string, width: number): Block {
  const intro = layout.textBlock([layout.run('Pay online', styles.name, width), layout.run('Scan the code or open the link:', styles.detail, width)], width);
  const url = layout.run(link, styles.link, width);
  const urlBlock = layout.textBlock([url], width);
  const modules = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules;
  // Scanners need a blank margin of four modules around the code.
  const quiet = (4 * QR_SIDE) / modules.size;
  return {
    height: intro.height + quiet + QR_SIDE + quiet + urlBlock.height,
    draw(x, top) {
      intro.draw(x, top);
      const qrTop = top - intro.height - quiet;
      layout.qr(modules, x, qrTop, QR_SIDE);
      layout.link(link, x, qrTop, QR_SIDE, QR_SIDE);
      const urlTop = qrTop - QR_SIDE - quiet;
      urlBlock.draw(x, urlTop);
      layout.link(link, x, urlTop, Math.max(...url.lines.map((line) => layout.width(line, styles.link))), urlBlock.height);
    },
  };
}

/** Notes flow across pages line by line; the heading stays with the first line. */
function drawNotes(layout: Layout, notes: string | null): void {
  if (!notes) return;
  const heading = layout.textBlock([layout.run('Notes', styles.label, CONTENT_WIDTH)], CONTENT_WIDTH);
  const lines = layout.wrap(notes, styles.body, CONTENT_WIDTH).map((line) => layout.textBlock([{ lines: [line], style: styles.body }], CONTENT_WIDTH));
  layout.ensure(SECTION_GAP + heading.height + 2 + (lines[0]?.height ?? 0));
  layout.place(SECTION_GAP, [[LEFT, heading]]);
  layout.y -= 2;
  for (const line of lines) layout.place(0, [[LEFT, line]]);
}

/** The invoice number and "Page N of M" on every page, once the number of pages is known. */
function drawFooters(layout: Layout, number: string): void {
  const pages = layout.pdf.getPages();
  const half = CONTENT_WIDTH / 2;
  const top = MARGIN - 12;
  pages.forEach((page, index) => {
    layout.text([layout.run(`Invoice ${number}`, styles.footer, half)], LEFT, top, half, 'left', page);
    layout.text([layout.run(`Page ${index + 1} of ${pages.length}`, styles.footer, half)], RIGHT - half, top, half, 'right', page);
  });
}
