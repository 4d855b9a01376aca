/**
 * The invoice fonts: DejaVu Sans, regular and bold, for Latin, Greek and Cyrillic, Noto Sans
 * JP (regular and bold) for what DejaVu lacks: kanji, kana, full-width forms such as "￥", and
 * Noto Sans SC for simplified Chinese. Each file is read and parsed once per process (thread),
 * each Noto only when a document first needs it;
 * each PDF embeds a subset of each font it draws with, holding only the glyphs drawn.
 *
 * The subsetting and embedding are done here rather than by pdf-lib's `embedFont(…, { subset:
 * true })`: that path re-encodes the subset table by table through fontkit, waits on timers in
 * fontkit's stream polyfill and compresses with pure-JS deflate; a ten-line invoice took ≈ 10–14 ms
 * with it, ≈ 5 ms copying glyph bytes and compressing with zlib.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFHexString, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';

export type Face = 'regular' | 'bold';
/**
 * DejaVu first; Noto Sans JP draws what DejaVu cannot (kana, kanji, full-width forms), and Noto
 * Sans SC the Han characters Japanese does not use (simplified Chinese: 们, 张, 东…).
 */
type Family = 'latin' | 'cjk' | 'han';
const families: Family[] = ['latin', 'cjk', 'han'];

/** Where each font file is, inside its npm package: found through the package, as the bundle (dist/cli) finds it too. */
const sources: Record<Family, { pkg: string; files: Record<Face, string> }> = {
  latin: { pkg: 'dejavu-fonts-ttf', files: { regular: 'ttf/DejaVuSans.ttf', bold: 'ttf/DejaVuSans-Bold.ttf' } },
  cjk: {
    pkg: '@expo-google-fonts/noto-sans-jp',
    files: { regular: '400Regular/NotoSansJP_400Regular.ttf', bold: '700Bold/NotoSansJP_700Bold.ttf' },
  },
  han: {
    pkg: '@expo-google-fonts/noto-sans-sc',
    files: { regular: '400Regular/NotoSansSC_400Regular.ttf', bold: '700Bold/NotoSansSC_700Bold.ttf' },
  },
};

interface Glyph {
  id: number;
  /** In thousandths of the font size, as the PDF's /W array gives it. */
  width: number;
  /** The glyph id as the 2-byte code shown text is made of. */
  code: string;
}

/** A TrueType font parsed once: glyph lookup and metrics through fontkit, its raw tables for subsets. */
class FontFile {
  readonly font: ReturnType<typeof fontkit.create>;
  readonly tables: Map<string, Uint8Array>;
  private readonly glyphs = new Map<string, Glyph>();

  constructor(bytes: Uint8Array) {
    this.font = fontkit.create(bytes);
    this.tables = readTables(bytes);
  }

  glyph(char: string): Glyph {
    let glyph = this.glyphs.get(char);
    if (!glyph) {
      const { id, advanceWidth } = this.font.glyphForCodePoint(char.codePointAt(0) ?? 0);
      glyph = { id, width: Math.round((advanceWidth * 1000) / this.font.unitsPerEm), code: hex4(id) };
      this.glyphs.set(char, glyph);
    }
    return glyph;
  }
}

const loaded = new Map<Family, Record<Face, FontFile>>();

function fontFiles(family: Family): Record<Face, FontFile> {
  let files = loaded.get(family);
  if (!files) {
    const { pkg, files: paths } = sources[family];
    const dir = dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
    const load = (face: Face): FontFile => new FontFile(readFileSync(join(dir, paths[face])));
    files = { regular: load('regular'), bold: load('bold') };
    loaded.set(family, files);
  }
  return files;
}

/** Remembers only what the fonts cover (and with which): a bounded set, unlike what callers may send that they lack. */
const coverage = new Map<string, Family>();

/** The first family both of whose faces can draw `char` (any string may be drawn bold), or null. */
function familyOf(char: string): Family | null {
  const known = coverage.get(char);
  if (known) return known;
  const codePoint = char.codePointAt(0) ?? 0;
  for (const family of families) {
    if (Object.values(fontFiles(family)).every(({ font }) => font.hasGlyphForCodePoint(codePoint))) {
      coverage.set(char, family);
      return family;
    }
  }
  return null;
}

/**
 * The text as the invoice draws it: composed (NFC, so "e" + U+0301 is one glyph), line breaks as
 * "\n", and whitespace the fonts have no glyph for (a tab) as a plain space.
 */
export function drawableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    .replace(/[^\S\n]/gu, (space) => (familyOf(space) ? space : ' '));
}

/**
 * Scripts the fonts have glyphs for but that need shaping or right-to-left layout, which this
 * renderer does not do: drawn one glyph per character they would be wrong, so they are refused too.
 */
const needsShaping = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * The distinct characters (code points, in order of first appearance) no font can draw.
 * A missing glyph would print as nothing, so these must be refused, never rendered.
 */
export function unrenderableCharacters(texts: string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const char of drawableText(text)) {
      if (!/\s/u.test(char) && (!familyOf(char) || needsShaping.test(char))) missing.add(char);
    }
  }
  return [...missing];
}

/**
 * One face in one PDF: text is encoded as glyph ids (Identity-H, one glyph per character: these
 * scripts need no shaping, and without ligatures copied text stays exact); `embed` then writes the
 * subset of the glyphs used, their widths and their Unicode text.
 */
export class SubsetFont {
  /** Where pages refer to the font; the object is written by `embed`. */
  readonly ref: PDFRef;
  /** Glyph id → the glyph and the character it was first drawn for (the ToUnicode map). */
  private readonly used = new Map<number, { glyph: Glyph; char: string }>();

  constructor(
    private readonly file: FontFile,
    private readonly context: PDFContext,
  ) {
    this.ref = context.nextRef();
  }

  /** `text` (a line without "\n") as shown text. */
  encode(text: string): PDFHexString {
    let codes = '';
    for (const char of text) {
      const glyph = this.file.glyph(char);
      if (!this.used.has(glyph.id)) this.used.set(glyph.id, { glyph, char });
      codes += glyph.code;
    }
    return PDFHexString.of(codes);
  }

  /** In thousandths of the font size. */
  width(text: string): number {
    let width = 0;
    for (const char of text) width += this.file.glyph(char).width;
    return width;
  }

  /** Writes the font objects; call once, after the last text is encoded. */
  embed(): void {
    const { context, file } = this;
    const { font } = file;
    const used = [...this.used.values()].sort((a, b) => a.glyph.id - b.glyph.id);
    const ids = used.map(({ glyph }) => glyph.id);
    // A subset is named "TAG+Font", the tag six capitals unique to the glyph set.
    const tag = [...createHash('sha1').update(ids.join(',')).digest().subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26)));
    const name = `${tag.join('')}+${font.postscriptName}`;
    const program = subsetTrueType(file.tables, ids);
    const scale = 1000 / font.unitsPerEm;
    const descriptor = context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      // Symbolic: glyphs are addressed by id, not through a standard encoding (as pdfkit and pdf-lib do).
      Flags: 4,
      FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((value) => Math.round(value * scale)),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      // DejaVu's OS/2 table is too old to give these.
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      XHeight: Math.round((font.xHeight || 0) * scale),
      StemV: 0,
      FontFile2: context.register(context.stream(deflateSync(program), { Filter: 'FlateDecode', Length1: program.length })),
    });
    const cidFont = context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: widthsArray(used.map(({ glyph }) => [glyph.id, glyph.width])),
      CIDToGIDMap: 'Identity',
    });
    const toUnicode = toUnicodeCMap(used.map(({ glyph, char }) => [glyph.id, char]));
    const type0 = context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [context.register(cidFont)],
      ToUnicode: context.register(context.stream(deflateSync(toUnicode), { Filter: 'FlateDecode' })),
    });
    context.assign(this.ref, type0);
  }
}

/** A run of text one font draws: the font's resource name on the page and the shown text. */
export interface Segment {
  font: string;
  shown: PDFHexString;
}

/**
 * The fonts of one PDF: each character drawn with the first family that has it, a font of a
 * family subset and embedded only when the document draws with it (a Latin invoice embeds no
 * CJK font). Call `embed` once the text is drawn, then give every page `resources`.
 */
export class InvoiceFonts {
  private readonly fonts = new Map<string, SubsetFont>();

  constructor(private readonly context: PDFContext) {}

  private font(family: Family, face: Face): [string, SubsetFont] {
    const name = family === 'latin' ? face : `${face}-${family}`;
    let font = this.fonts.get(name);
    if (!font) {
      font = new SubsetFont(fontFiles(family)[face], this.context);
      this.fonts.set(name, font);
    }
    return [name, font];
  }

  /** `text` cut where the family drawing it changes. */
  private runs(text: string): Array<[Family, string]> {
    const runs: Array<[Family, string]> = [];
    for (const char of text) {
      // Refused text never gets here; whatever might is drawn, as .notdef, with the first family.
      const family = familyOf(char) ?? 'latin';
      const last = runs.at(-1);
      if (last && last[0] === family) last[1] += char;
      else runs.push([family, char]);
    }
    return runs;
  }

  widthOfTextAtSize(text: string, face: Face, size: number): number {
    let width = 0;
    for (const [family, run] of this.runs(text)) width += this.font(family, face)[1].width(run);
    return (width * size) / 1000;
  }

  /** `text` (a line without "\n") as shown text, font by font. */
  segments(text: string, face: Face): Segment[] {
    return this.runs(text).map(([family, run]) => {
      const [font, subset] = this.font(family, face);
      return { font, shown: subset.encode(run) };
    });
  }

  /** Writes the fonts drawn with. */
  embed(): void {
    for (const font of this.fonts.values()) font.embed();
  }

  /** The page resources: each font's name and object. */
  resources(): Array<[string, PDFRef]> {
    return [...this.fonts].map(([name, font]) => [name, font.ref]);
  }
}

/** The /W array: runs of consecutive ids as `first [w1 w2 …]`. */
function widthsArray(widths: Array<[number, number]>): Array<number | number[]> {
  const array: Array<number | number[]> = [];
  let run: number[] = [];
  let next = -1;
  for (const [id, width] of widths) {
    if (id !== next) {
      run = [];
      array.push(id, run);
    }
    run.push(width);
    next = id + 1;
  }
  return array;
}

function toUnicodeCMap(mappings: Array<[number, string]>): string {
  const blocks: string[] = [];
  // At most 100 entries a block (PDF 32000-1 §9.10.3).
  for (let start = 0; start < mappings.length; start += 100) {
    const block = mappings.slice(start, start + 100);
    const entries = block.map(([id, char]) => {
      const utf16 = Array.from({ length: char.length }, (_, index) => hex4(char.charCodeAt(index)));
      return `<${hex4(id)}> <${utf16.join('')}>`;
    });
    blocks.push(`${block.length} beginbfchar\n${entries.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

function hex4(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}

// TrueType subsetting (https://learn.microsoft.com/typography/opentype/spec/): glyph ids are kept,
// so composite glyphs need no rewriting and the PDF maps codes to glyphs with /Identity; glyphs not
// used are emptied, which costs a few bytes each once compressed.

/** What a PDF needs of a TrueType font (PDF 32000-1 §9.9), tags in the sorted order of the directory. */
const SUBSET_TABLES = ['cvt ', 'fpgm', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'prep'];

function readTables(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = dataView(bytes);
  const tables = new Map<string, Uint8Array>();
  for (let index = 0, count = view.getUint16(4); index < count; index++) {
    const record = 12 + 16 * index;
    const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    tables.set(tag, bytes.subarray(offset, offset + view.getUint32(record + 12)));
  }
  return tables;
}

function subsetTrueType(tables: Map<string, Uint8Array>, used: number[]): Uint8Array {
  const table = (tag: string): Uint8Array => {
    const found = tables.get(tag);
    if (!found) throw new Error(`The font has no ${tag} table.`);
    return found;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const loca = table('loca');
  const glyf = table('glyf');
  const maxp = table('maxp');
  const glyphCount = dataView(maxp).getUint16(4);
  const metricCount = dataView(hhea).getUint16(34);
  const longLoca = dataView(head).getInt16(50) === 1;
  const locaView = dataView(loca);
  const offset = (id: number): number => (longLoca ? locaView.getUint32(id * 4) : locaView.getUint16(id * 2) * 2);
  const glyphData = (id: number): Uint8Array => glyf.subarray(offset(id), offset(id + 1));

  // The glyphs drawn, .notdef, and every glyph a composite is built from (a Set iterates what is added).
  const ids = new Set([0, ...used]);
  for (const id of ids) for (const part of componentIds(glyphData(id))) ids.add(part);

  const newGlyf = new Uint8Array([...ids].reduce((sum, id) => sum + padded(glyphData(id).length), 0));
  const newLoca = new Uint8Array((glyphCount + 1) * 4);
  const newHmtx = new Uint8Array(hmtx.length);
  const locaOut = dataView(newLoca);
  // Glyphs past the last full metric share its advance.
  const copyMetric = (id: number): void => {
    const [start, size] = id < metricCount ? [id * 4, 4] : [metricCount * 4 + (id - metricCount) * 2, 2];
    newHmtx.set(hmtx.subarray(start, start + size), start);
  };
  copyMetric(metricCount - 1);
  let position = 0;
  for (let id = 0; id < glyphCount; id++) {
    locaOut.setUint32(id * 4, position);
    if (!ids.has(id)) continue;
    const data = glyphData(id);
    newGlyf.set(data, position);
    position += padded(data.length);
    copyMetric(id);
  }
  locaOut.setUint32(glyphCount * 4, position);

  const newHead = head.slice();
  dataView(newHead).setUint32(8, 0); // checkSumAdjustment, set below
  dataView(newHead).setInt16(50, 1); // long loca offsets
  const replaced: Record<string, Uint8Array> = { glyf: newGlyf, head: newHead, hmtx: newHmtx, loca: newLoca };
  return sfnt(
    SUBSET_TABLES.flatMap((tag) => {
      const data = replaced[tag] ?? tables.get(tag);
      return data ? [[tag, data] as [string, Uint8Array]] : [];
    }),
  );
}

/** The glyph ids a composite glyph is made of; none for a simple one. */
function componentIds(glyph: Uint8Array): number[] {
  if (glyph.length < 10 || dataView(glyph).getInt16(0) >= 0) return [];
  const view = dataView(glyph);
  const ids: number[] = [];
  let position = 10;
  let flags: number;
  do {
    flags = view.getUint16(position);
    ids.push(view.getUint16(position + 2));
    const argumentSize = flags & 0x0001 ? 4 : 2;
    const transformSize = flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0;
    position += 4 + argumentSize + transformSize;
  } while (flags & 0x0020);
  return ids;
}

/** A font file of `tables`, sorted by tag, each 4-byte aligned and checksummed. */
function sfnt(tables: Array<[string, Uint8Array]>): Uint8Array {
  const headerSize = 12 + 16 * tables.length;
  const bytes = new Uint8Array(tables.reduce((sum, [, data]) => sum + padded(data.length), headerSize));
  const view = dataView(bytes);
  const power = 2 ** Math.floor(Math.log2(tables.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, tables.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, (tables.length - power) * 16);
  let offset = headerSize;
  let headOffset = 0;
  tables.forEach(([tag, data], index) => {
    const record = 12 + 16 * index;
    for (let char = 0; char < 4; char++) bytes[record + char] = tag.charCodeAt(char);
    view.setUint32(record + 4, checksum(data));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, data.length);
    bytes.set(data, offset);
    if (tag === 'head') headOffset = offset;
    offset += padded(data.length);
  });
  view.setUint32(headOffset + 8, (0xb1b0afba - checksum(bytes)) >>> 0);
  return bytes;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < data.length; index += 4) {
    const word = ((data[index] ?? 0) << 24) | ((data[index + 1] ?? 0) << 16) | ((data[index + 2] ?? 0) << 8) | (data[index + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

function padded(length: number): number {
  return (length + 3) & ~3;
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
