/** Place: where the business is ("based in Berlin, Germany", "in austin, tx"), from markers and compromise's Place tags. */
import { overlaps, type Span } from './spans.js';
import { isCapitalised, joined, termText, type Term } from './terms.js';
import { CALENDAR_WORDS, NATIONALITIES } from './vocabulary.js';

/** Capitalised words after "in" that are not places. */
const NOT_PLACES = new Set([
  ...CALENDAR_WORDS,
  ...NATIONALITIES,
  ...`python javascript typescript java rust go ruby php swift kotlin react
  vue angular node markdown excel figma notion canva wordpress shopify squarespace wix webflow html css sql
  the a an this our my your black white red blue green bold caps uppercase lowercase title`.split(/\s+/u),
]);

/** Last words that make a capitalised run a business, not a place ("in Acme Cloud"). */
const ORG_WORDS = new Set(
  `inc ltd llc gmbh co corp company cloud app apps labs lab studio studios bakery cafe café shop store group agency
  media night nights festival fest conference summit club academy school gym fitness spa salon clinic foundation
  kitchen bar grill co. tech software systems solutions partners collective project`.split(/\s+/u),
);

const US_STATES = new Set(
  `AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA
  RI SC SD TN TX UT VT VA WA WV WI WY DC`.split(/\s+/u),
);

const PLACE_MARKERS: Array<{ words: string[]; strength: 'strong' | 'in' | 'weak' }> = [
  { words: ['based', 'in'], strength: 'strong' },
  { words: ['based', 'out', 'of'], strength: 'strong' },
  { words: ['located', 'in'], strength: 'strong' },
  { words: ['located', 'near'], strength: 'strong' },
  { words: ['headquartered', 'in'], strength: 'strong' },
  { words: ['situated', 'in'], strength: 'strong' },
  { words: ['out', 'of'], strength: 'weak' },
  { words: ['near'], strength: 'strong' },
  { words: ['serving'], strength: 'in' },
  { words: ['in'], strength: 'in' },
  { words: ['around'], strength: 'in' },
  { words: ['across'], strength: 'in' },
  { words: ['throughout'], strength: 'in' },
  { words: ['from'], strength: 'weak' },
  { words: ['at'], strength: 'weak' },
];

interface PlaceFound {
  text: string;
  terms: Term[];
  score: number;
}

/** "austin, tx" and "AUSTIN" → "Austin, TX" and "Austin"; mixed case is kept as written. */
function placeCase(text: string): string {
  const mixed = /\p{Lu}/u.test(text) && /\p{Ll}/u.test(text);
  if (mixed) return text;
  return text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{Ll})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())
    .replace(/, (\p{L}{2})$/u, (m, code: string) => (US_STATES.has(code.toUpperCase()) ? `, ${code.toUpperCase()}` : m));
}

/** A capitalised (or compromise-tagged) place run starting at terms[j], with ", Germany"/", TX" tails. */
function placeRun(terms: readonly Term[], j: number): Term[] {
  let k = j;
  if (terms[k]?.lower === 'the') k += 1;
  const run: Term[] = [];
  let tails = 0;
  let tail = false;
  const isState = (term: Term): boolean => US_STATES.has(term.text.toUpperCase());
  while (k < terms.length) {
    const term = terms[k];
    if (!term) break;
    const placeLike = (isCapitalised(term) || term.tags.has('Place')) && !NOT_PLACES.has(term.lower) && /\p{L}/u.test(term.text);
    const connector = run.length > 0 && ['of', 'de', 'del', 'upon', 'on', 'la', 'le', 'am', 'sur'].includes(term.text) && joined(term, terms[k + 1]) && isCapitalised(terms[k + 1] as Term);
    if (!placeLike && !connector && !tail) break;
    tail = false;
    run.push(term);
    const next = terms[k + 1];
    if (joined(term, next)) {
      // "Manchester and Salford": a second place joined by "and" once the first is a known place.
      const and = next && (next.lower === 'and' || next.text === '&') && run.some((t) => t.tags.has('Place'));
      const after = terms[k + 2];
      if (and && !(after && joined(next, after) && isCapitalised(after) && !ORG_WORDS.has(after.lower))) break;
      k += and ? 2 : 1;
      if (and) run.push(next);
      continue;
    }
    // "Berlin, Germany" and "Austin, TX": one more comma-separated part when it is clearly a place.
    if (next && tails < 2 && /^,\s*$/u.test(term.post) && next.pre === '' && (next.tags.has('Place') || isState(next))) {
      tails += 1;
      tail = true;
      k += 1;
      continue;
    }
    break;
  }
  while (run.length > 0) {
    const last = run.at(-1) as Term;
    if (isCapitalised(last) || last.tags.has('Place') || (run.length > 1 && isState(last))) break;
    run.pop();
  }
  return run.length > 4 + tails ? [] : run;
}

export function findPlace(terms: readonly Term[], text: string, nameSpans: readonly Span[]): PlaceFound | null {
  let best: PlaceFound | null = null;
  const consider = (found: PlaceFound): void => {
    if (!best || found.score > best.score) best = found;
  };
  for (let i = 0; i < terms.length; i += 1) {
    for (const marker of PLACE_MARKERS) {
      if (!marker.words.every((word, offset) => terms[i + offset]?.lower === word)) continue;
      const run = placeRun(terms, i + marker.words.length);
      if (run.length === 0) continue;
      const tagged = run.some((t) => t.tags.has('Place')) && !run.some((t) => t.tags.has('Organization'));
      const orgLike = ORG_WORDS.has((run.at(-1) as Term).lower) || run.some((t) => t.tags.has('Organization'));
      const allCaps = run.every((t) => isCapitalised(t) || t.tags.has('Place'));
      let score = 0;
      if (marker.strength === 'strong') score = tagged || (allCaps && !orgLike) ? 3 : 0;
      else if (marker.strength === 'in') score = tagged ? 3 : allCaps && !orgLike && run.every((t) => isCapitalised(t)) ? 2 : 0;
      else score = tagged ? 2 : 0;
      if (score > 0) consider({ text: placeCase(termText(text, run)), terms: run, score });
      break;
    }
  }
  if (best) return best;
  // No marker: a place compromise recognises on its own, unless it is part of a name ("Berlin Jazz Night").
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i];
    if (!term?.tags.has('Place') || term.tags.has('Organization') || NOT_PLACES.has(term.lower) || overlaps(term, nameSpans)) continue;
    if (!isCapitalised(term)) continue;
    const run = placeRun(terms, i);
    if (run.length > 0 && !overlaps({ start: run[0]?.start ?? 0, end: run.at(-1)?.end ?? 0 }, nameSpans)) {
      return { text: placeCase(termText(text, run)), terms: run, score: 1 };
    }
  }
  return null;
}
