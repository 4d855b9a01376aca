/**
 * The place: a locality or venue the prompt states apart from the street address — after a word for "in"
 * ("pottery shop in Asheville", "serving Phoenix, Mesa and Tempe", "en el Palacio de Congresos", "an der
 * Ostsee"), beside the name ("Happy Hound Bakery, Amsterdam:", "(Valencia)") or after an event's date ("June
 * 9–10, 2027, Lisbon Congress Centre"). The town inside the address is never the place.
 */
import type { Stated } from '../facts.js';
import { MONTHS, WEEKDAYS } from './calendar.js';
import { matches, overlapsAny, stated, type Taken } from './stated.js';

// Words that say where, each followed by the place ("covering the Cotswolds" keeps its article).
const CUE = /(?<![\p{L}])(?:(?:based|located|situated) in|serving|covering|across|around|in|at(?: the)?|en(?: el| la)?|em|no|na|aus|im|am|an der|in der|à|sur|au)\s+(?=[\p{Lu}\p{Ll}])/giu;
const WIDE = /(?:serving|covering|across|around)\s+$/iu;
const WORD = String.raw`(?:\p{Lu}[\p{L}'’]*(?:-\p{L}[\p{L}'’]*)*|\p{Lu}{2})`;
// A capitalised run: "Park Slope", "Hay-on-Wye", "Palacio de Congresos", "Dublin 2", "Eastside farmers market".
const RUN = new RegExp(String.raw`^${WORD}(?:\s+(?:(?:de|del|da|do|la|le|of|on)\s+)?${WORD})*(?:\s+\d{1,2}(?![\d.,:–-]))?(?:\s+(?:farmers'?\s+)?(?:market|fair|hall))?(?![\p{L}\p{N}])`, 'u');
const LOWER_PLACE = /^(?:place|plaza|praça|praia|rua|parque|parc)\s+(?:de\s+la\s+|de\s+|du\s+|da\s+|do\s+)?\p{Lu}[\p{L}'’-]*/u;
// Regions that are markets, not localities ("ships in the US", "freelancers in the EU").
const NOT_PLACE =
  /^(?:the\s+)?(?:US|USA|UK|EU|Europe|North America|Canada|Mexico|Germany|Deutschland|France|Spain|España|Brasil|Brazil|Portugal|Belgium|Netherlands|California|Google|Zoom|English|Spanish|French|German|Portuguese|Q\d|I|We|Our|My|\p{Lu}{2,}s)$/u;
const REMOTE = /(?:telehealth|online|remote|hosted|server|shipping|ships?|envío|envios|livraison|versand)\s+(?:\p{L}+\s+)?$/iu;

function isCalendar(word: string): boolean {
  const w = word.toLowerCase();
  return w in MONTHS || Object.values(WEEKDAYS).some((table) => w in table);
}

/** The place phrase starting at `at` in the view, or its length 0: runs joined by commas, "and", "(south manchester)". */
function placeAt(view: string, at: number, avoid: readonly Taken[], wide: boolean, lowercase: boolean): number {
  const run = (from: number): number => {
    const rest = view.slice(from, from + 80);
    const m = RUN.exec(rest) ?? LOWER_PLACE.exec(rest) ?? (lowercase ? /^\p{Ll}{3,}(?=[\s,.]|$)/u.exec(rest) : null);
    if (!m) return 0;
    if (isCalendar(m[0].split(/\s+/u)[0] ?? '') || overlapsAny(from, from + m[0].length, avoid)) return 0;
    return m[0].length;
  };
  let end = at + (wide && view.startsWith('the ', at) ? 4 : 0);
  const first = run(end);
  if (first === 0) return 0;
  end += first;
  // At most four places in one list ("Phoenix, Mesa and Tempe"): a long run of names is no list of places.
  for (let joined = 0; joined < 4; joined += 1) {
    const joint = /^(?:,\s+|\s+(?:and|y|e|und|et)\s+)/u.exec(view.slice(end, end + 6));
    if (!joint) break;
    const next = run(end + joint[0].length);
    const after = view.slice(end + joint[0].length + next, end + joint[0].length + next + 3);
    // "Berlin-Mitte, Torstraße 120": a street, not a second place.
    if (next === 0 || /^\s*\d/u.test(after)) break;
    end += joint[0].length + next;
  }
  const tail = /^(?:\s+\([\p{Ll} ]{3,30}\)|\s+(?:und Umgebung|et agglomération|e região|y alrededores))/u.exec(view.slice(end, end + 34));
  return end + (tail ? tail[0].length : 0) - at;
}

export interface PlaceContext {
  /** The name's, address's, claims' and other facts' spans: a place is none of them. */
  avoid: readonly Taken[];
  name?: Taken;
  kind?: Taken;
  dates: readonly Taken[];
}

function candidates(view: string, context: PlaceContext): Taken[] {
  const found: Taken[] = [];
  const lowercase = !/\p{Lu}/u.test(view);
  for (const m of matches(view, CUE)) {
    const at = m.index + m[0].length;
    if (REMOTE.test(view.slice(Math.max(0, m.index - 24), m.index))) continue;
    const length = placeAt(view, at, context.avoid, WIDE.test(m[0]), lowercase && /^in\s/u.test(m[0]));
    if (length > 0) found.push({ start: at, end: at + length });
  }
  // "Happy Hound Bakery, Amsterdam:", "Peluquería Tijeras de Oro (Valencia)", "nail & lash salon, Dublin 2".
  for (const next of [context.name, context.kind]) {
    if (!next) continue;
    const m = /^(?:,\s+|\s+\(|\*\*\s+[–—-]\s+[^\n,]*,\s+)(?=\p{Lu})/u.exec(view.slice(next.end, next.end + 60));
    if (!m) continue;
    const at = next.end + m[0].length;
    const length = placeAt(view, at, context.avoid, false, false);
    if (length > 0 && /^\s*(?:[:)\n]|$)/u.test(view.slice(at + length, at + length + 2))) found.push({ start: at, end: at + length });
  }
  // "June 9–10, 2027, Lisbon Congress Centre,": a venue after an event's date.
  for (const date of context.dates) {
    const m = /^,\s+(?=\p{Lu}|place )/u.exec(view.slice(date.end, date.end + 8));
    if (!m) continue;
    const at = date.end + m[0].length;
    const length = placeAt(view, at, context.avoid, false, false);
    if (length > 0 && /^\s*[.,]/u.test(view.slice(at + length, at + length + 2))) found.push({ start: at, end: at + length });
  }
  return found;
}

/** The first place the prompt states, when it states one. */
export function findPlace(prompt: string, view: string, context: PlaceContext): Stated | undefined {
  let best: Taken | undefined;
  for (const c of candidates(view, context)) {
    const place = stated(prompt, c.start, c.end);
    if (NOT_PLACE.test(place.text)) continue;
    if (!best || c.start < best.start) best = c;
  }
  return best ? stated(prompt, best.start, best.end) : undefined;
}
