/** compromise's terms (words with part-of-speech tags and offsets) and the questions every concern asks of them. */
// The tagger is all a brief needs (terms, tags such as Place and Organization, offsets): the 'two' build
// tags exactly as the full one and parses ~15% faster without the views (.places(), .nouns()) of 'three'.
import nlp from 'compromise/two';
import { COLOR_HEX } from '../colors.js';
import type { Span } from './spans.js';
import { TRAILING_PUNCTUATION } from './text.js';
import { TONE_WORDS } from './tone.js';
import { ACRONYMS, CALENDAR_WORDS, GENERIC, PLATFORMS, PROMPT_STOPWORDS, TIER_WORDS, VERBISH, WEAK } from './vocabulary.js';

export interface Term extends Span {
  text: string;
  /** Lower case, edge punctuation removed. */
  lower: string;
  pre: string;
  post: string;
  tags: Set<string>;
  /** First word of a sentence, or right after a colon, dash, bullet or bracket. */
  initial: boolean;
}

const HARD_BREAK = /[.!?:;()[\]{}"“”«»—–•|]|\s-\s|^-|-\s*$/u;

export function parseTerms(text: string): Term[] {
  if (!text) return [];
  let json: unknown;
  try {
    json = nlp(text).json({ offset: true });
  } catch {
    return []; // compromise is a heuristic; a brief without its tags is still a brief
  }
  if (!Array.isArray(json)) return [];
  const terms: Term[] = [];
  let cursor = 0;
  for (const sentence of json as Array<{ terms?: unknown }>) {
    if (!Array.isArray(sentence?.terms)) continue;
    let firstInSentence = true;
    for (const raw of sentence.terms as Array<Record<string, unknown>>) {
      const value = typeof raw?.text === 'string' ? raw.text : '';
      if (!value) continue;
      const offset = raw.offset as { start?: unknown } | undefined;
      let start = typeof offset?.start === 'number' ? offset.start : -1;
      if (text.slice(start, start + value.length) !== value) start = text.indexOf(value, cursor);
      if (start < 0) continue;
      cursor = start + value.length;
      const pre = typeof raw.pre === 'string' ? raw.pre : '';
      const post = typeof raw.post === 'string' ? raw.post : '';
      const previous = terms.at(-1);
      terms.push({
        text: value,
        lower: value.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''),
        start,
        end: start + value.length,
        pre,
        post,
        tags: new Set(Array.isArray(raw.tags) ? (raw.tags as unknown[]).filter((t): t is string => typeof t === 'string') : []),
        initial: firstInSentence || previous === undefined || HARD_BREAK.test(previous.post) || HARD_BREAK.test(pre),
      });
      firstInSentence = false;
    }
  }
  return terms;
}

export const isCapitalised = (term: Term): boolean => /^\p{Lu}/u.test(term.text) || /^\p{Ll}{1,3}\p{Lu}\p{L}/u.test(term.text); // "Acme", "iPhone", "eBay"
export const joined = (a: Term, b: Term | undefined): boolean => b !== undefined && /^\s*$/u.test(a.post) && b.pre === '';
export const isNoun = (t: Term): boolean => t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Possessive');
export const isFunctionWord = (t: Term): boolean =>
  ['Determiner', 'Preposition', 'Pronoun', 'Conjunction', 'Adverb', 'QuestionWord', 'Copula', 'Modal', 'Auxiliary', 'Negative'].some((tag) => t.tags.has(tag));
export const isCommonWord = (word: string): boolean =>
  PROMPT_STOPWORDS.has(word) ||
  GENERIC.has(word) ||
  WEAK.has(word) ||
  VERBISH.has(word) ||
  ACRONYMS.has(word) ||
  CALENDAR_WORDS.has(word) ||
  TIER_WORDS.has(word) ||
  PLATFORMS.has(word) ||
  word in TONE_WORDS ||
  word in COLOR_HEX;

export function termText(text: string, terms: readonly Term[]): string {
  const first = terms[0];
  const last = terms.at(-1);
  if (!first || !last) return '';
  return text.slice(first.start, last.end).replace(TRAILING_PUNCTUATION, '').trim();
}

/** Prompts typed in Title Case or CAPITALS: capitals say nothing about names there. */
export function isShouting(terms: readonly Term[]): boolean {
  const words = terms.filter((t) => /\p{L}/u.test(t.text) && !PROMPT_STOPWORDS.has(t.lower));
  if (words.length < 4) return false;
  const capitalised = words.filter(isCapitalised);
  const commonCapitalised = capitalised.filter((t) => isCommonWord(t.lower) || t.tags.has('Verb'));
  return capitalised.length / words.length >= 0.8 && commonCapitalised.length >= 2;
}
