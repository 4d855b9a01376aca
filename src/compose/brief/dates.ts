/** Calendar dates written in full (ISO, day-first, month-first, numeric when unambiguous), as ISO dates. */
import type { Brief } from '../types.js';
import { dedupe } from './lists.js';
import { firstMatches, overlaps, type Span } from './spans.js';
import { MONTHS } from './vocabulary.js';

type BriefDate = Brief['dates'][number];

const MONTH_ALTERNATION = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const DATE_ISO = /(?<![\p{N}-])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])/gu;
const DATE_MONTH_FIRST = new RegExp(String.raw`(?<![\p{L}])(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})(?![\p{N}])`, 'giu');
const DATE_DAY_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(${MONTH_ALTERNATION})\.?,?\s+(\d{4})(?![\p{N}])`, 'giu');
const DATE_NUMERIC = /(?<![\p{N}/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\p{N}/.-]|\.\d)/gu;
const DATE_YEAR_FIRST = /(?<![\p{N}/.])(\d{4})\/(\d{1,2})\/(\d{1,2})(?![\p{N}/])/gu;

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function extractDates(text: string): { dates: BriefDate[]; spans: Span[] } {
  const found: Array<Span & { iso: string }> = [];
  const add = (match: RegExpMatchArray, iso: string | null): void => {
    const start = match.index ?? 0;
    const span = { start, end: start + match[0].length };
    if (iso && !overlaps(span, found)) found.push({ ...span, iso });
  };
  for (const m of firstMatches(text, DATE_ISO)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of firstMatches(text, DATE_YEAR_FIRST)) add(m, isoDate(Number(m[1]), Number(m[2]), Number(m[3])));
  for (const m of firstMatches(text, DATE_MONTH_FIRST)) add(m, isoDate(Number(m[3]), MONTHS[(m[1] ?? '').toLowerCase()] ?? 0, Number(m[2])));
  for (const m of firstMatches(text, DATE_DAY_FIRST)) add(m, isoDate(Number(m[3]), MONTHS[(m[2] ?? '').toLowerCase()] ?? 0, Number(m[1])));
  for (const m of firstMatches(text, DATE_NUMERIC)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = Number(m[4]);
    // Dots are day-first everywhere they are used; with slashes or dashes only an impossible month decides.
    if (m[2] === '.' || (a > 12 && b <= 12)) add(m, isoDate(year, b, a));
    else if (b > 12 && a <= 12) add(m, isoDate(year, a, b));
  }
  found.sort((x, y) => x.start - y.start);
  const dates = dedupe(
    found.map((span) => ({ text: text.slice(span.start, span.end), iso: span.iso })),
    (date) => date.iso,
  );
  return { dates, spans: found };
}
