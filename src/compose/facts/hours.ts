/**
 * Opening hours: day expressions ("Tue–Sat", "de lunes a viernes", "Mo, Di, Do, Fr", "weekdays") paired with the
 * time range next to them ("8:00–16:00", "de 9 a 14 h", "7h à 20h"), "closed Mondays", "Thursdays until 9pm", 24/7.
 */
import type { OpeningHours } from '../facts.js';
import { DAY_GROUPS, WEEKDAYS } from './calendar.js';
import { matches, stated } from './stated.js';

interface Found {
  start: number;
  end: number;
}
interface DaySet extends Found {
  days: number[];
  except?: number[];
}
interface TimeRange extends Found {
  opens: string;
  closes: string;
  /** Written with a colon, am/pm, h or Uhr: a time for sure, not just two numbers. */
  sure: boolean;
}

const everyDay = [1, 2, 3, 4, 5, 6, 7];
const range = (a: number, b: number): number[] => (a <= b ? everyDay.slice(a - 1, b) : [...everyDay.slice(a - 1), ...everyDay.slice(0, b)]);

function dayTable(lang: string): Record<string, number> {
  return { ...(WEEKDAYS[lang] ?? {}), ...WEEKDAYS.en };
}

const alternation = (words: string[]): string =>
  words
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
    .join('|');

const T = String.raw`(noon|midnight|mediodía|meio-dia|midi|Mittag|\d{1,2}(?:[:.h]\d{2})?)\s?(a\.?m\.?|p\.?m\.?|h|hs|Uhr)?`;
const TIME_RANGE = new RegExp(String.raw`(?<![\p{L}\p{N}.,:/€$£])(?:(?:de|von|from|das|dès|entre)\s+)?${T}\s*(?:[–—-]|to|till|until|a|à|bis|às|até|e|y|and)\s*${T}(?![\p{L}\p{N}]|[.,:]\d)`, 'giu');
const UNTIL = new RegExp(String.raw`(?:until|till|bis|hasta las|até às|até|jusqu'à)\s+${T}(?![\p{L}\p{N}])`, 'giu');
const ALWAYS = /24\/7|(?<!\d)24\s?h(?:ours?)?(?![\p{L}\d])(?:,?\s+(?:every day|7 days a week))?|rund um die Uhr|24 horas|24 heures/giu;
const CLOSED = /(?<![\p{L}])(?:closed|cerrado|cerrados|fechado|fechados|fermé|fermée|fermés|geschlossen|Ruhetag|except|excepto|salvo|sauf|außer|exceto|menos)(?![\p{L}])/iu;

function clock(hour: string, marker: string | undefined): { h: number; m: number; marker: string } | null {
  const word = hour.toLowerCase();
  if (['noon', 'mediodía', 'meio-dia', 'midi', 'mittag'].includes(word)) return { h: 12, m: 0, marker: 'noon' };
  if (word === 'midnight') return { h: 24, m: 0, marker: 'noon' };
  const [hh = '', mm = '0'] = hour.split(/[:.h]/u);
  const mark = (marker ?? '').toLowerCase().replace(/\./gu, '');
  let h = Number(hh);
  const m = Number(mm || '0');
  if (m > 59 || h > 24) return null;
  if (mark === 'pm' && h < 12) h += 12;
  if (mark === 'am' && h === 12) h = 0;
  return { h, m, marker: mark };
}

const pad = (h: number, m: number): string => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

function timeRange(m: RegExpExecArray): TimeRange | null {
  const a = clock(m[1] ?? '', m[2]);
  const b = clock(m[3] ?? '', m[4]);
  if (!a || !b) return null;
  // "7–9:30pm": the marker of the closing time is the opening time's too, when it keeps the order.
  if (!a.marker && b.marker === 'pm' && a.h < 12 && a.h + 12 <= b.h) a.h += 12;
  // "8–5", "10–4": a 12-hour afternoon closing.
  if (!b.marker && b.h <= a.h && b.h + 12 <= 24 && b.h + 12 > a.h) b.h += 12;
  if (b.h * 60 + b.m <= a.h * 60 + a.m) return null;
  const sure = /[:.h]/u.test(m[1] ?? '') || /[:.h]/u.test(m[3] ?? '') || Boolean(m[2] ?? m[4]) || a.marker === 'noon' || b.marker === 'noon';
  return { start: m.index, end: m.index + m[0].length, opens: pad(a.h, a.m), closes: pad(b.h, b.m), sure };
}

const dayPatterns = new Map<string, RegExp>();

function dayPattern(lang: string): RegExp {
  const cached = dayPatterns.get(lang);
  if (cached) return cached;
  const table = dayTable(lang);
  const day = `(?:${alternation(Object.keys(table))})\\.?`;
  const group = alternation(Object.keys(DAY_GROUPS));
  const sep = String.raw`\s*(?:[–—-]|to|through|thru|a|à|au|bis|al|até)\s*`;
  const re = new RegExp(
    String.raw`(?<![\p{L}\p{N}])(?:(?:de|du|von|from|every|todos los|los|las|les|le|aos|às|os|as|nos|am|on)\s+)?(?:(${group})|(${day})(?:${sep}(${day})|(?:\s*(?:[,/&]|and|und|y|e|et)\s*(?:${day}))+)?)(?![\p{L}])`,
    'giu',
  );
  dayPatterns.set(lang, re);
  return re;
}

function daySets(view: string, lang: string): DaySet[] {
  const table = dayTable(lang);
  const re = dayPattern(lang);
  const out: DaySet[] = [];
  for (const m of matches(view, re)) {
    const words = m[0].toLowerCase();
    let days: number[];
    if (m[1]) days = DAY_GROUPS[m[1].toLowerCase()] ?? [];
    else if (m[3]) days = range(table[(m[2] ?? '').toLowerCase().replace(/\.$/u, '')] ?? 0, table[m[3].toLowerCase().replace(/\.$/u, '')] ?? 0);
    else {
      const names = words.split(/[^\p{L}-]+/u).filter((w) => w in table);
      days = [...new Set(names.map((w) => table[w] ?? 0))].sort((a, b) => a - b);
    }
    if (days.some((d) => d < 1 || d > 7) || days.length === 0) continue;
    // German two-letter days ("Mo", "Do", "So") and "sun"/"sat" need a capital or a range to count as days.
    if (!m[1] && !m[3] && days.length === 1 && /^[mwf]$/iu.test((m[2] ?? '').trim())) continue;
    if (!m[1] && !m[3] && days.length === 1 && /^(?:mo|di|mi|do|fr|sa|so|sun|sat|mar|dom|sex|seg|ter|qua|qui)\.?$/iu.test((m[2] ?? '').trim()) && !/^[A-Z]/u.test(m[2] ?? '')) continue;
    out.push({ start: m.index, end: m.index + m[0].length, days });
  }
  return out;
}

const between = (view: string, a: number, b: number): string => view.slice(Math.min(a, b), Math.max(a, b));

export function findHours(prompt: string, view: string, lang: string, dateSpans: ReadonlyArray<{ start: number; end: number }>): OpeningHours[] {
  const hours: OpeningHours[] = [];
  // Times and days next to a date belong to the date ("Sunday 07/03/2027, 11am–3pm"), not to opening hours.
  const nearDate = (start: number): boolean => dateSpans.some((d) => start >= d.end && /^[\s,]*(?:de|from|at|um|à|a las|às)?\s*$/iu.test(view.slice(d.end, start)));
  const sets = daySets(view, lang).filter((s) => !dateSpans.some((d) => d.start >= s.end && /^[\s,]*$/u.test(view.slice(s.end, d.start))));
  const ranges = [...matches(view, TIME_RANGE)].map(timeRange).filter((r): r is TimeRange => r !== null);
  const used = new Set<DaySet>();
  let last: { days: number[]; end: number } | null = null;
  for (const r of ranges) {
    if (nearDate(r.start)) continue;
    // "Mon & Wed evenings, 6:30–8:30pm": a part of the day may stand between the days and their times.
    const before = sets.filter(
      (s) =>
        s.end <= r.start &&
        /^[\s:,(]*(?:evenings?|mornings?|afternoons?|nights?|abends|morgens|vormittags|nachmittags|soirs?|matins?|tardes?|noches|noites|manhãs)?[\s:,(]*(?:only|from|de|von|ab|open|abierto|aberto|ouvert|geöffnet)?[\s:,(]*$/iu.test(
          between(view, s.end, r.start),
        ),
    );
    const after = sets.filter((s) => s.start >= r.end && /^[\s,]*(?:on|los|les|le|am|nos)?\s*$/iu.test(between(view, r.end, s.start)));
    const joined: boolean = last !== null && r.sure && /^[\s,;]*(?:and|und|y|e|et|&)[\s,]*$/iu.test(between(view, last.end, r.start));
    const set: DaySet | undefined = before.at(-1) ?? (joined ? undefined : after[0]);
    let days: number[] | null = null;
    let start = r.start;
    let end = r.end;
    if (set) {
      used.add(set);
      days = set.days;
      start = Math.min(start, set.start);
      end = Math.max(end, set.end);
      const rest = view.slice(end, end + 30);
      const except = /^\s*(?:except|excepto|salvo|sauf|außer|exceto|menos)\s+/iu.exec(rest);
      if (except) {
        const closed = sets.find((s) => s.start === end + except[0].length);
        if (closed) {
          days = days.filter((d) => !closed.days.includes(d));
          used.add(closed);
          hours.push({ ...stated(prompt, end + except[0].length - except[0].trimStart().length, closed.end), days: closed.days, closed: true });
          end = closed.end;
        }
      }
    } else if (last && joined) {
      days = last.days;
    }
    if (!days || (!set && !r.sure)) continue;
    const fact = stated(prompt, start, end);
    hours.push({ ...fact, days, opens: r.opens, closes: r.closes });
    last = { days, end: r.end };
  }
  for (const m of matches(view, ALWAYS)) {
    if (/rund um die Uhr|emergenc|notdienst|notfall|urgencia|urgência|urgence|plantão/iu.test(view.slice(Math.max(0, m.index - 30), m.index + m[0].length))) continue;
    hours.push({ ...stated(prompt, m.index, m.index + m[0].length), days: everyDay, opens: '00:00', closes: '24:00' });
  }
  hours.push(...daysWithoutRanges(prompt, view, sets, used));
  return hours.sort((a, b) => a.span[0] - b.span[0]);
}

/** Days no time range took: "closed Mondays", "montags Ruhetag", "Thursdays until 9pm". */
function daysWithoutRanges(prompt: string, view: string, sets: readonly DaySet[], used: Set<DaySet>): OpeningHours[] {
  const hours: OpeningHours[] = [];
  for (const s of sets) {
    if (used.has(s)) continue;
    const near = view.slice(Math.max(0, s.start - 14), s.end + 14);
    const untilMatch = [...matches(view.slice(s.end, s.end + 25), UNTIL)][0];
    if (untilMatch && /^[\s,]*$/u.test(view.slice(s.end, s.end + untilMatch.index))) {
      const c = clock(untilMatch[1] ?? '', untilMatch[2]);
      if (c) hours.push({ ...stated(prompt, s.start, s.end + untilMatch.index + untilMatch[0].length), days: s.days, closes: pad(c.h, c.m) });
      continue;
    }
    if (CLOSED.test(near) && !/except|excepto|salvo|sauf|außer|exceto|menos/iu.test(view.slice(Math.max(0, s.start - 10), s.start))) {
      const before = /(?:closed|cerrado|fechado|fermé|geschlossen)\s*(?:on\s+)?$/iu.exec(view.slice(Math.max(0, s.start - 14), s.start));
      const afterWord = /^\s*(?:closed|cerrado|fechado|fermé|geschlossen|Ruhetag)/iu.exec(view.slice(s.end, s.end + 14));
      if (!before && !afterWord) continue;
      const start = before ? s.start - before[0].length : s.start;
      const end = afterWord ? s.end + afterWord[0].length : s.end;
      let days = s.days;
      // "closed Sunday and Monday" reads "and" as a list.
      const more = /^\s*(?:and|y|e|et|und|&)\s*/iu.exec(view.slice(end));
      const next = more ? sets.find((t) => t.start === end + more[0].length) : undefined;
      if (next) {
        days = [...new Set([...days, ...next.days])].sort((a, b) => a - b);
        used.add(next);
      }
      hours.push({ ...stated(prompt, start, next ? next.end : end), days, closed: true });
    }
  }
  return hours.sort((a, b) => a.span[0] - b.span[0]);
}
