/** Counts: how many of what ("6 lessons", "a 6-lesson course", "two dozen cupcakes"). */
import type { Brief } from '../types.js';
import { overlaps, type Span } from './spans.js';
import { isNoun, joined, type Term } from './terms.js';
import { CALENDAR_WORDS, PROMPT_STOPWORDS } from './vocabulary.js';

type Count = Brief['counts'][number];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dozen: 12,
};

/** Nouns after a number that make it a time, a measure or money rather than a count of things. */
const NOT_COUNTED = new Set(
  `am pm a.m p.m percent per cent % x time times dollars dollar euros euro usd eur gbp pounds bucks cents yen rupees
  o'clock oclock th st nd rd k m`.split(/\s+/u),
);

function pluralise(noun: string): string {
  const irregular: Record<string, string> = { person: 'people', child: 'children', man: 'men', woman: 'women', foot: 'feet', tooth: 'teeth', mouse: 'mice' };
  const words = noun.split(' ');
  const last = words.pop() ?? '';
  let plural = irregular[last];
  if (!plural) {
    if (/[^aeiou]y$/u.test(last)) plural = `${last.slice(0, -1)}ies`;
    else if (/(?:s|x|z|ch|sh)$/u.test(last)) plural = `${last}es`;
    else plural = `${last}s`;
  }
  return [...words, plural].join(' ');
}

function numberValue(terms: readonly Term[], i: number): { value: number; nounAt: number } | null {
  const term = terms[i] as Term;
  const next = terms[i + 1];
  if (term.tags.has('Money') || term.tags.has('Percent') || term.tags.has('Ordinal') || term.tags.has('Fraction')) return null;
  let value: number | undefined;
  const digits = term.text.replace(/^[(["'“‘]+|[)\]"'”’,;:!?]+$/gu, ''); // compromise keeps "(" on "(4 sessions"
  if (/^\d{1,3}(?:,\d{3})+$|^\d{1,7}$/u.test(digits)) value = Number(digits.replace(/,/gu, ''));
  else if (term.lower === 'dozen') {
    const before = terms[i - 1];
    if (before && (before.lower in NUMBER_WORDS || /^\d+$/u.test(before.text))) return null; // "two dozen": counted at "two"
    if (before?.lower !== 'a' && before?.lower !== 'one') return null;
    value = terms[i - 2]?.lower === 'half' ? 6 : 12;
  } else value = NUMBER_WORDS[term.lower];
  if (value === undefined || value < 1) return null;
  let nounAt = i + 1;
  if (next?.lower === 'dozen' && term.lower !== 'dozen') {
    value *= 12;
    nounAt += 1;
  }
  if (terms[nounAt]?.lower === 'of' && (term.lower === 'dozen' || next?.lower === 'dozen')) nounAt += 1;
  return { value, nounAt };
}

/** Counts, each with the span of its number words ("a dozen", "6"), which are not keywords. */
export function findCounts(terms: readonly Term[], consumed: readonly Span[]): Array<Count & { number: Span }> {
  const counts: Array<Count & { number: Span }> = [];
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i] as Term;
    if (overlaps(term, consumed)) continue;
    const number = numberValue(terms, i);
    if (!number) continue;
    const { value, nounAt } = number;
    const first = terms[nounAt];
    if (!first || overlaps(first, consumed)) continue;
    const hyphenated = term.post === '-' && first.pre === '';
    let noun: string | null = null;
    if (hyphenated) {
      if (term.lower === 'one') continue; // one-time, one-off, one-stop
      // "a 6-lesson course": the count is of lessons.
      if ((isNoun(first) && !NOT_COUNTED.has(first.lower) && !CALENDAR_WORDS.has(first.lower)) || /^(?:week|day|month|hour|minute|year)$/u.test(first.lower)) {
        noun = value === 1 ? first.lower : pluralise(first.lower);
      }
    } else {
      if (!/^\s*$/u.test(term.post) && term.lower !== 'dozen' && terms[i + 1]?.lower !== 'dozen') continue;
      const phrase: Term[] = [];
      let k = nounAt;
      while (k < terms.length && phrase.length < 4) {
        const candidate = terms[k] as Term;
        if (overlaps(candidate, consumed) || !/^[\p{L}][\p{L}'’-]*$/u.test(candidate.text)) break;
        // compromise reads "two dozen cupcakes" as a verb; right after a number it is a plural noun.
        const misreadPlural = k === nounAt && candidate.tags.has('PresentTense') && /s$/u.test(candidate.lower);
        if (misreadPlural) candidate.tags.add('Noun');
        const usable = isNoun(candidate) || candidate.tags.has('Adjective') || candidate.tags.has('Gerund');
        if (!usable || candidate.tags.has('Value') || candidate.tags.has('Month') || candidate.tags.has('WeekDay') || PROMPT_STOPWORDS.has(candidate.lower)) break;
        phrase.push(candidate);
        if (!joined(candidate, terms[k + 1])) break;
        k += 1;
      }
      // Trim to the compound noun: "6 short lessons" → "lessons", "3 pricing tiers" → "pricing tiers".
      while (phrase.length > 0 && !isNoun(phrase.at(-1) as Term)) phrase.pop();
      while (phrase.length > 1 && (phrase[0] as Term).tags.has('Adjective') && !isNoun(phrase[0] as Term)) phrase.shift();
      const head = phrase.at(-1);
      if (!head || NOT_COUNTED.has(head.lower) || CALENDAR_WORDS.has(head.lower)) continue;
      if (value >= 1900 && value <= 2100 && !head.tags.has('Plural')) continue; // a year, not a count
      noun = phrase.map((t) => t.lower).join(' ');
    }
    const numberStart = terms[i - 1]?.lower === 'a' && term.lower === 'dozen' ? (terms[i - 2]?.lower === 'half' ? terms[i - 2] : terms[i - 1]) : term;
    const numberEnd = (hyphenated ? first : terms[nounAt - 1]) ?? term;
    if (noun) counts.push({ count: value, noun, number: { start: numberStart?.start ?? term.start, end: numberEnd.end } });
  }
  return counts;
}
