/** Absolute dates in five languages; ranges ("3–30 May 2027", "del 7 al 31 de enero") are two dates on the same words. */
import type { DateFact } from '../facts.js';
import { isoDate, MONTH_ALTERNATION, MONTHS, nextOccurrence } from './calendar.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';

const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th|er|º|°)?\.?`;
const YEAR = String.raw`(?:,?\s*(?:de\s+)?(20\d\d|19\d\d))`;
const RANGE_SEP = String.raw`\s*(?:[–—-]|to|bis|al|au|a|e|and|&|y|et)\s*`;
// "3–30 May 2027", "del 23 al 25 de abril de 2027", "4. Januar 2027", "1er mars", "3. bis 6. Dezember 2026".
const DAY_FIRST = new RegExp(String.raw`(?<![\p{L}\p{N}.,/])(?:(?:del|du|de|vom|from)\s+)?(?:${DAY}${RANGE_SEP})?${DAY}\s+(?:de\s+)?(${MONTH_ALTERNATION})(?![\p{L}])\.?${YEAR}?`, 'giu');
// "March 3, 2027", "June 9–10, 2027", "Dec 4, 5–9pm".
const MONTH_FIRST = new RegExp(String.raw`(?<![\p{L}])(${MONTH_ALTERNATION})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?![\d:.]\d)(?:${RANGE_SEP}(\d{1,2})(?:st|nd|rd|th)?(?![\d:]))?${YEAR}?(?![\d])`, 'giu');
const ISO = /(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?:(?:T|\s+at\s+|\s+)(\d{2}):(\d{2}))?(?![\d])/gu;
const NUMERIC = /(?<![\d/.-])(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}))?(?![\d/]|\.\d)/gu;

function hhmm(hour: string | undefined, minute: string | undefined, marker: string | undefined): string | null {
  if (hour === undefined) return null;
  let h = Number(hour);
  if (marker?.toLowerCase() === 'pm' && h < 12) h += 12;
  if (marker?.toLowerCase() === 'am' && h === 12) h = 0;
  if (h > 23) return null;
  return `${String(h).padStart(2, '0')}:${minute ?? '00'}`;
}

export function findDates(prompt: string, view: string, referenceDate: string, monthFirst: boolean): { dates: DateFact[]; taken: Taken[] } {
  const dates: DateFact[] = [];
  const taken: Taken[] = [];
  const day = (year: string | undefined, month: number, d: number): string | null => (year ? isoDate(Number(year), month, d) : nextOccurrence(month, d, referenceDate));
  const add = (start: number, end: number, isos: Array<string | null>, time?: string | null): void => {
    if (overlapsAny(start, end, taken) || isos.some((iso) => !iso)) return;
    taken.push({ start, end });
    const fact = stated(prompt, start, end);
    isos.forEach((iso, i) => {
      if (!iso || dates.some((d) => d.iso.slice(0, 10) === iso)) return;
      dates.push({ ...fact, iso: i === 0 && time ? `${iso}T${time}` : iso });
    });
  };
  for (const m of matches(view, ISO)) add(m.index, m.index + m[0].length, [isoDate(Number(m[1]), Number(m[2]), Number(m[3]))], hhmm(m[4], m[5], undefined));
  for (const m of matches(view, DAY_FIRST)) {
    const month = MONTHS[(m[3] ?? '').toLowerCase()] ?? 0;
    const isos = [m[1] ? day(m[4], month, Number(m[1])) : null, day(m[4], month, Number(m[2]))].filter((_, i) => i === 1 || m[1]);
    add(m.index, m.index + m[0].length, isos);
  }
  for (const m of matches(view, MONTH_FIRST)) {
    const month = MONTHS[(m[1] ?? '').toLowerCase()] ?? 0;
    const isos = [day(m[4], month, Number(m[2]))];
    if (m[3]) isos.push(day(m[4], month, Number(m[3])));
    add(m.index, m.index + m[0].length, isos);
  }
  for (const m of matches(view, NUMERIC)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if ((m[2] === '.' && !m[4]) || m[0] === '24/7') continue;
    const [d, mo] = m[2] === '.' || !monthFirst || a > 12 ? [a, b] : [b, a];
    add(m.index, m.index + m[0].length, [m[4] ? isoDate(Number(m[4]), mo, d) : nextOccurrence(mo, d, referenceDate)]);
  }
  dates.sort((x, y) => x.span[0] - y.span[0]);
  return { dates, taken };
}
