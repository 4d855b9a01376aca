/**
 * Renders an InvoiceDocument as an A4 PDF: the strings it holds, laid out, never altered, with
 * labels and dates in the document's language and locale.
 */
import {
  PageSizes,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  beginText,
  drawObject,
  endText,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  scale,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextMatrix,
  showText,
  translate,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { printedTexts, type InvoiceDocument, type Party, type ServicePeriod } from './document.js';
import { drawableText, InvoiceFonts, unrenderableCharacters, type Face } from './fonts.js';
import { formatDate, labelsFor, type Labels } from './labels.js';
import { embedLogo } from './logo-image.js';
import { unrenderableError } from './unrenderable.js';

export { unrenderableCharacters, unrenderableError };

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
/** The logo's largest box, in points: a letterhead, not a poster. */
const LOGO_WIDTH = 160;
const LOGO_HEIGHT = 56;

const colors = {
  ink: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.4, 0.4, 0.44),
  rule: rgb(0.82, 0.82, 0.85),
  band: rgb(0.94, 0.94, 0.96),
  link: rgb(0.05, 0.3, 0.75),
  stamp: rgb(0.8, 0.1, 0.1),
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

/** What a document prints of its own: labels in its language, dates in its locale. */
interface Context {
  doc: InvoiceDocument;
  labels: Labels;
  date: (date: string) => string;
  /** "Invoice" or "Credit note". */
  title: string;
}

/** Renders the invoice; throws `unprocessable` if any of its text has characters the fonts lack. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const labels = labelsFor(doc.language ?? 'en');
  const { locale } = doc;
  const context: Context = {
    doc,
    labels,
    // A document without a locale (rendered before dates were localised) shows them as it did: YYYY-MM-DD.
    date: (date) => (locale ? formatDate(date, locale) : date),
    title: doc.kind === 'credit_note' ? labels.credit_note : labels.invoice,
  };
  assertRenderable(doc);
  // Without updateMetadata: false pdf-lib stamps the current time; every date comes from created_at.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setMetadata(pdf, context);
  const fonts = new InvoiceFonts(pdf.context);
  const logo = doc.logo ? await embedLogo(pdf.context, doc.logo) : null;
  const layout = new Layout(pdf, fonts);
  drawHeader(layout, context, logo);
  drawLines(layout, context);
  drawClosing(layout, context);
  drawFooters(layout, context);
  if (doc.stamp === 'void') drawStamps(layout, labels.void_stamp);
  fonts.embed();
  for (const page of pdf.getPages()) for (const [name, ref] of fonts.resources()) page.node.setFontDictionary(PDFName.of(name), ref);
  // No object streams: two renders differing in created_at then differ only in the date bytes.
  return pdf.save({ useObjectStreams: false });
}

/** Refuses, naming characters and fields, a document with text no font can draw. */
function assertRenderable(doc: InvoiceDocument): void {
  const texts = printedTexts(doc);
  const characters = unrenderableCharacters(texts.map(([, text]) => text));
  if (characters.length === 0) return;
  const fields = texts.filter(([, text]) => unrenderableCharacters([text]).length > 0).map(([field]) => field);
  throw unrenderableError(characters, [...new Set(fields)]);
}

function setMetadata(pdf: PDFDocument, { doc, title, labels, date }: Context): void {
  const created = new Date(doc.created_at);
  if (Number.isNaN(created.getTime())) throw new Error(`The invoice document's created_at is not a date: ${doc.created_at}`);
  pdf.setTitle(`${title} ${doc.number}`, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.seller.name);
  pdf.setLanguage(doc.locale ?? 'en-US');
  const due = doc.kind === 'credit_note' ? '' : `, ${labels.due_date} ${date(doc.due_date)}`;
  pdf.setSubject(`${title} ${doc.number}: ${doc.seller.name} → ${doc.customer.name}, ${labels.total} ${doc.totals.total}${due}`);
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
    readonly fonts: InvoiceFonts,
  ) {
    this.addPage();
  }

  /** A new page; its font resources are set once the fonts drawn with are known (renderInvoicePdf). */
  addPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = TOP;
    this.onNewPage?.();
  }

  /** The room of a page from top to bottom. */
  static get pageRoom(): number {
    return TOP - BOTTOM;
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
    return this.fonts.widthOfTextAtSize(text, style.face, style.size);
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
      operators.push(beginText(), setFillingColor(style.color));
      let current = '';
      for (const line of lines) {
        const left = align === 'left' ? x : x + width - this.width(line, style);
        // The baseline one font size below the line's top leaves room for accents above capitals.
        if (line) operators.push(setTextMatrix(1, 0, 0, 1, left, y - style.size));
        // A line in two scripts is drawn font by font: each run moves the pen on by its widths.
        for (const { font, shown } of line ? this.fonts.segments(line, style.face) : []) {
          if (font !== current) operators.push(setFontAndSize(font, style.size));
          current = font;
          operators.push(showText(shown));
        }
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

function partyRuns(layout: Layout, party: Party, labels: Labels, width: number): Run[] {
  const labelled = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : null);
  const details = [
    party.address,
    labelled(labels.vat_id, party.vat_id),
    labelled(labels.tax_id, party.tax_id),
    party.email,
    labelled(labels.phone, party.phone),
    labelled(labels.iban, party.iban),
    labelled(labels.bic, party.bic),
  ].filter((detail): detail is string => !!detail);
  return [layout.run(party.name, styles.name, width), ...details.map((detail) => layout.run(detail, styles.detail, width))];
}

/** A day, or a period from its first day to its last. */
function serviceText({ labels, date }: Context, day: string | null | undefined, period: ServicePeriod | null | undefined): [string, string] | null {
  if (day) return [labels.service_date, date(day)];
  if (period) return [labels.service_period, labels.period(date(period.start), date(period.end))];
  return null;
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
  // Values (numbers, dates, references, amounts) keep their line when they can; a long label wraps instead.
  const valueWidth = Math.max(...pairs.map(({ value, style }) => layout.width(value, style))) + 1;
  const labelWidth = Math.min(Math.max(...pairs.map(({ label }) => layout.width(label, styles.detail))) + 12, Math.max(width - valueWidth, width * 0.4), width * 0.6);
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

/** The title's style, smaller when a long title (Rechnungskorrektur, Factura rectificativa) would not fit its column on one line. */
function titleStyle(layout: Layout, title: string, width: number): typeof styles.title {
  const natural = layout.width(title, styles.title);
  return natural <= width ? styles.title : { ...styles.title, size: Math.max(12, Math.floor(styles.title.size * (width / natural) * 10) / 10) };
}

/** The logo (if any) over the seller on the left; the title, the number and a credit note's invoice on the right. */
function drawHeader(layout: Layout, context: Context, logo: { ref: PDFRef; width: number; height: number } | null): void {
  const { doc, labels, date, title } = context;
  // The right column holds dates and a service period on one line (01.11.2026 – 30.11.2026).
  const leftWidth = CONTENT_WIDTH * 0.5;
  const rightWidth = CONTENT_WIDTH * 0.46;
  const rightX = RIGHT - rightWidth;
  const reference = doc.reference ? [layout.run(labels.credit_note_for(doc.reference.number, date(doc.reference.issue_date)), styles.detail, rightWidth)] : [];
  const seller = layout.textBlock([layout.run(labels.from, styles.label, leftWidth), ...partyRuns(layout, doc.seller, labels, leftWidth)], leftWidth);
  layout.place(0, [
    [LEFT, logo ? logoBlock(layout, logo, seller) : seller],
    [rightX, layout.textBlock([layout.run(title, titleStyle(layout, title, rightWidth), rightWidth), layout.run(doc.number, styles.number, rightWidth), ...reference], rightWidth, 'right')],
  ]);
  const credit = doc.kind === 'credit_note';
  const service = serviceText(context, doc.service_date, doc.service_period);
  const dates: Pair[] = [
    { label: credit ? labels.credit_note_number : labels.invoice_number, value: doc.number, style: styles.body },
    { label: credit ? labels.credit_note_date : labels.issue_date, value: date(doc.issue_date), style: styles.body },
    ...(service ? [{ label: service[0], value: service[1], style: styles.body }] : []),
    ...(doc.buyer_reference ? [{ label: labels.buyer_reference, value: doc.buyer_reference, style: styles.body }] : []),
    ...(doc.order_reference ? [{ label: labels.order_reference, value: doc.order_reference, style: styles.body }] : []),
    ...(credit ? [] : [{ label: labels.due_date, value: date(doc.due_date), style: styles.body }]),
    { label: credit ? labels.total : labels.amount_due, value: doc.totals.total, style: styles.name },
  ];
  layout.place(SECTION_GAP, [
    [LEFT, layout.textBlock([layout.run(labels.bill_to, styles.label, leftWidth), ...partyRuns(layout, doc.customer, labels, leftWidth)], leftWidth)],
    [rightX, pairsBlock(layout, dates, rightWidth)],
  ]);
}

/** The logo, scaled into its box keeping its proportions, above `below`. */
function logoBlock(layout: Layout, logo: { ref: PDFRef; width: number; height: number }, below: Block): Block {
  const ratio = Math.min(LOGO_WIDTH / logo.width, LOGO_HEIGHT / logo.height);
  const [width, height] = [logo.width * ratio, logo.height * ratio];
  const gap = 10;
  return {
    height: height + gap + below.height,
    draw(x, top) {
      const name = layout.page.node.newXObject('Logo', logo.ref);
      layout.page.pushOperators(pushGraphicsState(), translate(x, top - height), scale(width, height), drawObject(name), popGraphicsState());
      below.draw(x, top - height - gap);
    },
  };
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
function drawLines(layout: Layout, context: Context): void {
  const { doc, labels } = context;
  const withDiscount = doc.lines.some((line) => line.discount !== null);
  const titles = [labels.quantity, labels.unit_price, labels.tax, ...(withDiscount ? [labels.discount] : []), labels.amount];
  // A percentage discount says its rate under its amount.
  const discountCell = (line: InvoiceDocument['lines'][number]) => (line.discount && line.discount_percent ? `${line.discount}\n${line.discount_percent}` : (line.discount ?? ''));
  // Measured as drawn, to size the columns.
  const figures = doc.lines.map((line) => [line.quantity, line.unit_price, line.tax_rate ?? '—', ...(withDiscount ? [discountCell(line)] : []), line.amount].map(drawableText));
  // Figure columns as wide as their title and widest cell when together they leave the description a third of
  // the width; else each at most an equal share of the rest, titles wrapping at their spaces, long figures wrapping.
  const natural = titles.map((title, index) => {
    const cells = figures.flatMap((row) => (row[index] ?? '').split('\n'));
    // A point to spare: a title exactly as wide as its room would wrap on rounding ("Betra/g" over short amounts).
    return Math.max(layout.width(title, styles.label), ...cells.map((cell) => layout.width(cell, styles.body))) + 2 * CELL_X + 1;
  });
  const room = CONTENT_WIDTH * 0.66;
  const cap = room / titles.length;
  const fits = natural.reduce((sum, width) => sum + width, 0) <= room;
  const numeric = titles.map((title, index): Column => ({ title, align: 'right', width: fits ? (natural[index] ?? cap) : Math.min(natural[index] ?? cap, cap) }));
  const description: Column = { title: labels.description, align: 'left', width: CONTENT_WIDTH - numeric.reduce((sum, column) => sum + column.width, 0) };
  const describe = (line: InvoiceDocument['lines'][number]) => {
    const service = serviceText(context, line.service_date, line.service_period);
    return service ? `${line.description}\n${service[0]}: ${service[1]}` : line.description;
  };
  layout.y -= SECTION_GAP;
  drawTable(
    layout,
    [description, ...numeric],
    doc.lines.map((line, index) => [describe(line), ...(figures[index] ?? [])]),
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

/**
 * The totals and the notes, kept on one page when together they fit on one: notes are never left
 * alone on a last page. Notes longer than a page flow on, line by line, after the totals.
 */
function drawClosing(layout: Layout, context: Context): void {
  const summary = summaryBlocks(layout, context);
  const summaryHeight = Math.max(...summary.map(([, block]) => block?.height ?? 0));
  const notes = notesBlocks(layout, context);
  const notesHeight = notes ? SECTION_GAP + notes.heading.height + 2 + notes.lines.reduce((sum, line) => sum + line.height, 0) : 0;
  const together = SECTION_GAP + summaryHeight + notesHeight;
  if (together > layout.room && together <= Layout.pageRoom) layout.addPage();
  layout.place(SECTION_GAP, summary);
  if (!notes) return;
  layout.ensure(SECTION_GAP + notes.heading.height + 2 + (notes.lines[0]?.height ?? 0));
  layout.place(SECTION_GAP, [[LEFT, notes.heading]]);
  layout.y -= 2;
  for (const line of notes.lines) layout.place(0, [[LEFT, line]]);
}

/** The totals, with a line per tax rate, on the right; the payment link beside them. */
function summaryBlocks(layout: Layout, { doc, labels }: Context): Array<[number, Block | undefined]> {
  const { subtotal, discount, discount_percent: percent, net, tax, total } = doc.totals;
  const discounted = discount !== null;
  const totals: Pair[] = [
    { label: discounted ? labels.subtotal : labels.lines_total, value: subtotal, style: styles.body },
    ...(discounted ? [{ label: percent ? labels.discount_percent(percent) : labels.discount_fixed, value: discount, style: styles.body }] : []),
    ...(discounted && net ? [{ label: labels.net, value: net, style: styles.body }] : []),
    ...doc.tax_breakdown.map(({ rate, taxable, tax }) => ({ label: labels.tax_on(rate, taxable), value: tax, style: styles.body })),
    { label: labels.tax_total, value: tax, style: styles.body },
    { label: labels.total, value: total, style: styles.total, ruled: true },
  ];
  const totalsX = RIGHT - TOTALS_WIDTH;
  const payment = doc.payment_link ? paymentBlock(layout, labels, doc.payment_link, totalsX - 24 - LEFT) : undefined;
  return [
    [LEFT, payment],
    [totalsX, pairsBlock(layout, totals, TOTALS_WIDTH)],
  ];
}

/** The payment link as a QR code and as text, both clickable. */
function paymentBlock(layout: Layout, labels: Labels, link: string, width: number): Block {
  const intro = layout.textBlock([layout.run(labels.pay_online, styles.name, width), layout.run(labels.scan_or_open, styles.detail, width)], width);
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

/** The notes' heading and their lines, each line a block: notes flow across pages line by line. */
function notesBlocks(layout: Layout, { doc, labels }: Context): { heading: Block; lines: Block[] } | null {
  if (!doc.notes) return null;
  const heading = layout.textBlock([layout.run(labels.notes, styles.label, CONTENT_WIDTH)], CONTENT_WIDTH);
  const lines = layout.wrap(doc.notes, styles.body, CONTENT_WIDTH).map((line) => layout.textBlock([{ lines: [line], style: styles.body }], CONTENT_WIDTH));
  return { heading, lines };
}

/** The title and number, and "Page N of M", on every page, once the number of pages is known. */
function drawFooters(layout: Layout, { doc, labels, title }: Context): void {
  const pages = layout.pdf.getPages();
  const half = CONTENT_WIDTH / 2;
  const top = MARGIN - 12;
  pages.forEach((page, index) => {
    layout.text([layout.run(`${title} ${doc.number}`, styles.footer, half)], LEFT, top, half, 'left', page);
    layout.text([layout.run(labels.page(index + 1, pages.length), styles.footer, half)], RIGHT - half, top, half, 'right', page);
  });
}

/** A voided document's stamp: large, red, translucent, across the middle of every page, over the content yet leaving it legible. */
function drawStamps(layout: Layout, stamp: string): void {
  const style: Style = { face: 'bold', size: 96, color: colors.stamp };
  const { context } = layout.pdf;
  const translucent = context.register(context.obj({ Type: 'ExtGState', ca: 0.22, CA: 0.22 }));
  const actualText = context.obj({ ActualText: PDFHexString.fromText(stamp) });
  const [angle, width] = [Math.atan2(PAGE_HEIGHT, PAGE_WIDTH) * 0.75, layout.width(stamp, style)];
  // Shrunk to fit the page's diagonal when long (GEANNULEERD).
  const size = Math.min(style.size, (style.size * (Math.hypot(PAGE_WIDTH, PAGE_HEIGHT) * 0.6)) / width);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const shown = (width * size) / style.size;
  // The text's centre at the page's centre: start half its width back along the slope, and a third of its size down.
  const x = PAGE_WIDTH / 2 - (cos * shown) / 2 + (sin * size) / 3;
  const y = PAGE_HEIGHT / 2 - (sin * shown) / 2 - (cos * size) / 3;
  for (const page of layout.pdf.getPages()) {
    const state = page.node.newExtGState('Stamp', translucent);
    const operators: PDFOperator[] = [
      pushGraphicsState(),
      setGraphicsState(state),
      // Text extraction reads the slanted letters one by one: ActualText gives it the word. An inline property
      // list is valid there (PDF 32000-1 §14.6.2); pdf-lib's operator type does not list dictionaries, but writes them.
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actualText as unknown as PDFName]),
      beginText(),
      setFillingColor(style.color),
      setTextMatrix(cos, sin, -sin, cos, x, y),
    ];
    let current = '';
    for (const { font, shown: text } of layout.fonts.segments(stamp, style.face)) {
      if (font !== current) operators.push(setFontAndSize(font, size));
      current = font;
      operators.push(showText(text));
    }
    operators.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent), popGraphicsState());
    page.pushOperators(...operators);
  }
}
