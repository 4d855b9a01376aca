/**
 * The invoice fonts: DejaVu Sans, regular and bold (Latin, Greek, Cyrillic). Read and parsed
 * once per process; each PDF embeds a subset of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type Face = 'regular' | 'bold';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;

interface LoadedFace {
  bytes: Uint8Array;
  /** For glyph coverage. */
  font: Font;
  /** What pdf-lib embeds (see `unshaped`). */
  embeddable: Font;
}

const files: Record<Face, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

let loaded: Record<Face, LoadedFace> | undefined;

function faces(): Record<Face, LoadedFace> {
  if (loaded) return loaded;
  const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const load = (file: string): LoadedFace => {
    const bytes = readFileSync(join(dir, file));
    const font = fontkit.create(bytes);
    return { bytes, font, embeddable: unshaped(font) };
  };
  loaded = { regular: load(files.regular), bold: load(files.bold) };
  return loaded;
}

/** What pdf-lib reads of a laid-out glyph: its id, the text it stands for (ToUnicode) and its advance. */
interface PlainGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/**
 * The font with `layout` reduced to a cmap lookup. fontkit's shaping costs ~100 µs a string (and
 * ~17 ms to parse GSUB/GPOS first), yet pdf-lib keeps only glyph ids and advances (it draws no
 * kerning); the scripts these fonts cover need no shaping, and without ligatures copied text stays
 * exact. Fresh glyph records, not fontkit's shared Glyph objects, keep each PDF's ToUnicode map
 * independent of what earlier renders looked up.
 */
function unshaped(font: Font): Font {
  const glyphs = new Map<string, PlainGlyph>();
  const glyphOf = (char: string): PlainGlyph => {
    let glyph = glyphs.get(char);
    if (!glyph) {
      const codePoint = char.codePointAt(0) ?? 0;
      const { id, advanceWidth } = font.glyphForCodePoint(codePoint);
      glyph = { id, codePoints: [codePoint], advanceWidth };
      glyphs.set(char, glyph);
    }
    return glyph;
  };
  return Object.create(font, { layout: { value: (text: string) => ({ glyphs: Array.from(text, glyphOf) }) } }) as Font;
}

/** Hands pdf-lib the fonts parsed once instead of letting it parse ~1.4 MB of TrueType per render. */
const parsedFontkit: Fontkit = {
  create(bytes) {
    const face = Object.values(faces()).find((candidate) => candidate.bytes === bytes);
    if (!face) throw new Error('Only the invoice fonts can be embedded.');
    return face.embeddable;
  },
};

/** Embeds both faces into `pdf`, subset to the glyphs it draws. */
export async function embedInvoiceFonts(pdf: PDFDocument): Promise<Record<Face, PDFFont>> {
  const { regular, bold } = faces();
  pdf.registerFontkit(parsedFontkit);
  return {
    regular: await pdf.embedFont(regular.bytes, { subset: true }),
    bold: await pdf.embedFont(bold.bytes, { subset: true }),
  };
}

const coverage = new Map<string, boolean>();

/** Both faces can draw it: any string may be drawn bold. */
function covered(char: string): boolean {
  let known = coverage.get(char);
  if (known === undefined) {
    const codePoint = char.codePointAt(0) ?? 0;
    known = Object.values(faces()).every(({ font }) => font.hasGlyphForCodePoint(codePoint));
    coverage.set(char, known);
  }
  return known;
}

/**
 * The text as the invoice draws it: composed (NFC, so "e" + U+0301 is one glyph), line breaks as
 * "\n", and whitespace the fonts have no glyph for (a tab) as a plain space.
 */
export function drawableText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    .replace(/[^\S\n]/gu, (space) => (covered(space) ? space : ' '));
}

/**
 * The distinct characters (code points, in order of first appearance) the fonts cannot draw.
 * A missing glyph would print as nothing, so these must be refused, never rendered.
 */
export function unrenderableCharacters(texts: string[]): string[] {
  const missing = new Set<string>();
  for (const text of texts) {
    for (const char of drawableText(text)) {
      if (!/\s/u.test(char) && !covered(char)) missing.add(char);
    }
  }
  return [...missing];
}
