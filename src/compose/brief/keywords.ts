/** Keywords: the prompt's most salient content words and phrases, best first. */
import { COLOR_HEX } from '../colors.js';
import { MAX_ITEMS } from './lists.js';
import { CURRENCY_CODES } from './prices.js';
import { overlaps, type Span } from './spans.js';
import { isCapitalised, isFunctionWord, isNoun, joined, type Term } from './terms.js';
import { ACRONYMS, CALENDAR_WORDS, GENERIC, PLATFORMS, PROMPT_STOPWORDS, TIER_WORDS, VERBISH, WEAK } from './vocabulary.js';

const GENERIC_ADJECTIVES = new Set(
  `new great good best nice awesome amazing beautiful quick short long big little first next own various different
  cool perfect lovely stunning sleek simple basic main full complete whole certain special`.split(/\s+/u),
);

function isKeywordTerm(term: Term, excluded: readonly Span[]): boolean {
  if (overlaps(term, excluded)) return false;
  if (!/^\p{L}[\p{L}\p{N}'’-]*$/u.test(term.text) || term.lower.length < 2) return false;
  if (PROMPT_STOPWORDS.has(term.lower) || GENERIC.has(term.lower) || VERBISH.has(term.lower) || ACRONYMS.has(term.lower) || CALENDAR_WORDS.has(term.lower)) return false;
  if (PLATFORMS.has(term.lower) || CURRENCY_CODES.has(term.text) || (isCapitalised(term) && !term.initial && term.lower in COLOR_HEX)) return false; // "Black Friday"
  if (term.tags.has('Value') || term.tags.has('Date') || term.tags.has('Money') || term.tags.has('Url') || term.tags.has('Email')) return false;
  if (isFunctionWord(term) || term.tags.has('Possessive') || term.tags.has('Expression')) return false;
  return isNoun(term) || term.tags.has('Adjective') || term.tags.has('Gerund');
}

export function findKeywords(terms: readonly Term[], excluded: readonly Span[], shouting: boolean): string[] {
  interface Phrase {
    text: string;
    score: number;
    first: number;
  }
  const phrases = new Map<string, Phrase>();
  const components: string[] = [];
  const wordOf = (t: Term): string => (!shouting && /^\p{Lu}{2,}$/u.test(t.text) ? t.text : t.lower);
  // "recipes" and "recipe", "note-taking" and "note taking" are one keyword.
  const keyOf = (text: string): string =>
    text
      .toLowerCase()
      .split(/[\s-]+/u)
      .map((w) => w.replace(/(?:es|s)$/u, ''))
      .join(' ');
  let i = 0;
  while (i < terms.length) {
    const run: Term[] = [];
    while (i < terms.length && isKeywordTerm(terms[i] as Term, excluded)) {
      const current = terms[i] as Term;
      run.push(current);
      i += 1;
      const next = terms[i];
      if (!next || next.pre !== '' || !(/^\s*$/u.test(current.post) || current.post === '-')) break;
    }
    if (run.length === 0) {
      i += 1;
      continue;
    }
    // A trailing gerund is a noun in "dog grooming" but a verb in "students preparing for…".
    const after = terms[i];
    const verbal = after !== undefined && (isFunctionWord(after) || after.tags.has('Possessive'));
    // "a plumbing company", "a catering business": the -ing word is the subject when a noun follows it.
    const nominal = run.length === 1 && /ing$/u.test((run[0] as Term).lower) && after !== undefined && isNoun(after) && joined(run[0] as Term, after);
    if (nominal) (run[0] as Term).tags.add('Noun');
    while (run.length > 0 && !isNoun(run.at(-1) as Term) && !(run.length > 1 && (run.at(-1) as Term).tags.has('Gerund') && !verbal)) run.pop();
    while (run.length > 0 && (run.at(-1) as Term).tags.has('Gerund') && verbal && run.length > 1) run.pop();
    while (run.length > 0 && (GENERIC_ADJECTIVES.has((run[0] as Term).lower) || (!isNoun(run[0] as Term) && run.length === 1))) run.shift();
    const phrase = run.slice(-3);
    if (phrase.length === 0 || !phrase.some(isNoun)) continue;
    const text = phrase.map((t, k) => wordOf(t) + (k < phrase.length - 1 ? (t.post === '-' ? '-' : ' ') : '')).join('');
    const key = keyOf(text);
    if (phrase.length === 1 && TIER_WORDS.has((phrase[0] as Term).lower)) continue;
    const weak = phrase.every((t) => WEAK.has(t.lower));
    const existing = phrases.get(key);
    if (existing) existing.score += 2;
    else phrases.set(key, { text, score: 2 + phrase.length - (weak ? 3 : 0), first: (phrase[0] as Term).start });
    if (phrase.length > 1) {
      phrase.forEach((t, k) => {
        const inCompound = t.post === '-' || phrase[k - 1]?.post === '-';
        const plainNoun = isNoun(t) && !t.tags.has('Gerund') && !t.tags.has('Adjective');
        if (plainNoun && !WEAK.has(t.lower) && !TIER_WORDS.has(t.lower) && !inCompound) components.push(wordOf(t));
      });
    }
  }
  const ranked = [...phrases.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((p) => p.text);
  const seen = new Set(ranked.map(keyOf));
  for (const word of components) {
    const key = keyOf(word);
    if (!seen.has(key)) {
      seen.add(key);
      ranked.push(word);
    }
  }
  return ranked.slice(0, MAX_ITEMS);
}
