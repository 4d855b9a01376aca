/** Colours: hex codes and colour names, kept when the text says they are colours. */
import { COLOR_HEX } from '../colors.js';
import type { Brief } from '../types.js';
import { dedupe } from './lists.js';
import { firstMatches, type Span } from './spans.js';

type Color = Brief['colors'][number];

/** Colour names that mean nothing else in a brief; the others need a colour word nearby. */
const UNAMBIGUOUS_COLORS = new Set(
  `navy teal coral turquoise burgundy maroon magenta fuchsia indigo beige taupe crimson scarlet periwinkle mauve
  cerulean chartreuse ochre lilac cyan`.split(/\s+/u),
);

/** Plain colour words: two of them listed together ("black and white") make a palette. */
const BASIC_COLORS = new Set('black white red green blue yellow orange purple pink brown gray grey gold silver navy teal'.split(' '));

// In the languages the service writes too: "couleurs terracotta et crème", "in den Farben Salbei und Sand".
const COLOR_CONTEXT =
  /(?<![\p{L}])(?:colou?r(?:s|ed|way|ways)?|palette|hex|accents?|backgrounds?|scheme|shades?|hues?|tints?|themed?|gradients?|tones|fonts?|borders?|buttons?|text|couleurs?|farben?|colores|colori|colore|cores|kleur(?:en)?)(?![\p{L}])/iu;

const HEX_COLOR = /(?<![\p{L}\p{N}&#])#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![\p{L}\p{N}])/gu;
const COLOR_NAME = new RegExp(
  String.raw`(?<![\p{L}-])(${Object.keys(COLOR_HEX)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[\s-]+/gu, '[\\s-]'))
    .join('|')})(?![\p{L}-])`,
  'giu',
);
/** Three-letter hex codes that are more likely hashtags or words. */
const HEX_WORDS = new Set(['add', 'bad', 'bed', 'bee', 'cab', 'dab', 'dad', 'fab', 'fed', 'ace', 'cad', 'deb', 'ebb', 'fee', 'bab']);
const NUMBERED_BEFORE = /(?<![\p{L}])(?:issue|order|ticket|number|no\.?|invoice|item|room|rank|ranked|case|pr|bug|step|episode|ep\.?|vol\.?|page|p\.)\s*$/iu;
const COLOR_LIST_GAP = /^\s*(?:,|\/|&|\+|and|or|with|plus|on)?\s*(?:and|with)?\s*$/iu;

function expandHex(hex: string): string {
  const lower = hex.toLowerCase();
  return lower.length === 3 ? [...lower].map((c) => c + c).join('') : lower;
}

/** A colour word within `reach` characters, in the same sentence. */
function hasColorContext(text: string, span: Span, reach = 40): boolean {
  const before =
    text
      .slice(Math.max(0, span.start - reach), span.start)
      .split(/[.!?](?:\s|$)/u)
      .at(-1) ?? '';
  const after = text.slice(span.end, span.end + reach).split(/[.!?](?:\s|$)/u)[0] ?? '';
  return COLOR_CONTEXT.test(before) || COLOR_CONTEXT.test(after);
}

export function extractColors(text: string): { colors: Color[]; spans: Span[] } {
  interface Candidate extends Span {
    text: string;
    hex: string;
    sure: boolean;
    /** Never a colour by association: a proper noun ("Black Friday") or a numbered thing ("issue #123"). */
    blocked: boolean;
    basic: boolean;
  }
  const candidates: Candidate[] = [];
  for (const m of firstMatches(text, HEX_COLOR)) {
    const digits = m[1] ?? '';
    const span = { start: m.index, end: m.index + m[0].length };
    // "#123" and "#bad" are more often an issue number or a hashtag: they need a colour word close by.
    const ambiguous = /^\d+$/u.test(digits) || HEX_WORDS.has(digits.toLowerCase());
    const numbered = NUMBERED_BEFORE.test(text.slice(Math.max(0, span.start - 12), span.start));
    const sure = !ambiguous || (!numbered && hasColorContext(text, span, 24));
    candidates.push({ ...span, text: m[0], hex: `#${expandHex(digits)}`, sure, blocked: numbered, basic: false });
  }
  for (const m of firstMatches(text, COLOR_NAME)) {
    const written = m[1] ?? '';
    const key = written.toLowerCase().replace(/[\s-]+/gu, written.includes('-') && !written.includes(' ') ? '-' : ' ');
    const hex = COLOR_HEX[key] ?? COLOR_HEX[key.replace('-', ' ')];
    if (!hex) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    const before = text.slice(Math.max(0, span.start - 8), span.start).trimEnd();
    // A capital letter mid-sentence is a proper noun: "Black Friday", "Forest Green Rovers".
    const properNoun = /^\p{Lu}/u.test(written) && ((before !== '' && !/[.!?:;(\-–—•"“]$/u.test(before)) || /^\s\p{Lu}/u.test(text.slice(span.end, span.end + 2)));
    const sure = !properNoun && (UNAMBIGUOUS_COLORS.has(key) || key.includes(' ') || key.includes('-') || hasColorContext(text, span));
    candidates.push({ ...span, text: written, hex, sure, blocked: properNoun, basic: BASIC_COLORS.has(key) });
  }
  candidates.sort((a, b) => a.start - b.start);
  // Colours listed with a sure one are colours ("#2E7D32 and cream", "navy, gold and white"), and so
  // are plain colour words listed together ("black and white"), but not "salmon and cream cheese".
  const accepted = new Set(candidates.filter((c) => c.sure));
  candidates.forEach((candidate, i) => {
    const next = candidates[i + 1];
    if (!next || candidate.blocked || next.blocked || !COLOR_LIST_GAP.test(text.slice(candidate.end, next.start))) return;
    const anchored = accepted.has(candidate) || accepted.has(next) || (candidate.basic && next.basic);
    if (!anchored) return;
    // A run of listed colours is accepted as a whole, in both directions.
    for (let k = i; k >= 0; k -= 1) {
      const item = candidates[k];
      if (!item || item.blocked) break;
      accepted.add(item);
      const before = candidates[k - 1];
      if (!before || !COLOR_LIST_GAP.test(text.slice(before.end, item.start))) break;
    }
    accepted.add(next);
  });
  const kept = candidates.filter((c) => accepted.has(c));
  return {
    colors: dedupe(
      kept.map((c) => ({ text: c.text, hex: c.hex })),
      (c) => c.hex,
    ),
    spans: kept,
  };
}
