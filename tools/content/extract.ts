/**
 * Extractive key points and key phrases. Nothing is invented: every key point is a sentence of
 * the source, cited by its index, and every key phrase a noun phrase written in it.
 *
 * Key points are chosen by maximal marginal relevance (MMR): each next point is the complete
 * sentence that best balances how central it is (how much of the source's vocabulary it carries)
 * against how much it repeats the points already chosen, in words or in place, so that the
 * points cover the whole document rather than its opening.
 */

import { stopwords } from '../../src/compose/lexicon.js';
import { segments } from './segments.js';

export interface SourceSentence {
  index: number;
  text: string;
  /** Who said it, in a transcript. */
  speaker?: string;
}

/** "like" is a hedge or a comparison ("tools like these") far more often than a source's subject. */
const proseStopwords = new Set([...stopwords, 'like']);

const words = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [];
export const contentWords = (text: string) => words(text).filter((word) => word.length > 2 && !proseStopwords.has(word));

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Sentences of a text (Intl.Segmenter), whitespace-normalised, without empty ones. */
export function sentencesOf(text: string): SourceSentence[] {
  const sentences: SourceSentence[] = [];
  for (const segment of segments(segmenter, text)) {
    const clean = segment.replace(/\s+/g, ' ').trim();
    if (clean.length >= 2) sentences.push({ index: sentences.length, text: clean });
  }
  return sentences;
}

const url = /[a-z][a-z0-9+.-]{1,20}:\/\/|www\.|\S\.(?:com|org|net|io)\b/i;
/** Licence lines say nothing about the subject. */
const boilerplate = /\bcopyright\b|©|\(c\)|all rights reserved/i;

/**
 * A sentence that can stand alone: it starts like one, ends with a terminator, has at least
 * four words and no URL, and is short enough to quote. Headings, list fragments and run-ons are not.
 */
export function isComplete(text: string): boolean {
  if (text.length > 400 || url.test(text) || boilerplate.test(text)) return false;
  if (!/^["'“‘(]?[\p{Lu}\p{N}]/u.test(text) || !/[.!?…]["'”’)\]]*$/u.test(text)) return false;
  return (text.match(/\p{L}+/gu)?.length ?? 0) >= 4;
}

/**
 * What key points are chosen from: complete sentences; in notes that have too few, fragments of
 * words that are not URLs; else any with a letter or digit that are not a run-on of thousands of characters.
 */
function candidatesOf(sentences: readonly SourceSentence[]): SourceSentence[] {
  const complete = sentences.filter((sentence) => isComplete(sentence.text));
  if (complete.length >= 3) return complete;
  const short = sentences.filter((sentence) => sentence.text.length <= 1000 && /[\p{L}\p{N}]/u.test(sentence.text));
  const wordy = short.filter((sentence) => !url.test(sentence.text) && (sentence.text.match(/\p{L}+/gu)?.length ?? 0) >= 4);
  if (wordy.length >= 3) return wordy;
  return short.length ? short : [...sentences];
}

/** How much of the source's vocabulary each sentence carries, over its own length (the centrality of the old extractor). */
function relevance(sentences: readonly SourceSentence[], vocabularies: readonly Set<string>[]): number[] {
  const frequency = new Map<string, number>();
  for (const set of vocabularies) for (const word of set) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return sentences.map((sentence, i) => {
    const distinct = vocabularies[i] as Set<string>;
    let weight = 0;
    for (const word of distinct) weight += Math.log1p(frequency.get(word) ?? 0);
    const length = sentence.text.length;
    const shape = length < 40 ? 0.4 : length > 320 ? 0.6 : 1;
    const question = sentence.text.endsWith('?') ? 0.7 : 1;
    return (weight / Math.sqrt(distinct.size + 1)) * shape * question;
  });
}

/** Cosine similarity of two sets of words. */
function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared++;
  return shared / Math.sqrt(a.size * b.size);
}

/** Weight of relevance against novelty; the rest of novelty is place in the document against words. */
const lambda = 0.6;
const placeWeight = 0.45;

/** The `count` key points by MMR over the source's complete sentences, returned in source order. */
export function keyPoints(sentences: readonly SourceSentence[], count: number): SourceSentence[] {
  const candidates = candidatesOf(sentences);
  const vocabularies = candidates.map((sentence) => new Set(contentWords(sentence.text)));
  const scores = relevance(candidates, vocabularies);
  const top = scores.reduce((a, b) => Math.max(a, b), 0) || 1;
  const relevant = scores.map((score) => score / top);
  // Place in the document, 0 to 1: points closer than 1/count of it to a chosen one repeat it.
  const last = Math.max(1, (sentences.at(-1)?.index ?? 0) + 1);
  const place = candidates.map((sentence) => sentence.index / last);
  const similarity = new Array<number>(candidates.length).fill(0);
  const chosen: number[] = [];
  const texts = new Set<string>();
  while (chosen.length < count) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < candidates.length; i++) {
      if (texts.has((candidates[i] as SourceSentence).text)) continue;
      const score = lambda * (relevant[i] as number) - (1 - lambda) * (similarity[i] as number);
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    if (best < 0) break;
    chosen.push(best);
    texts.add((candidates[best] as SourceSentence).text);
    for (let i = 0; i < candidates.length; i++) {
      const near = Math.max(0, 1 - Math.abs((place[i] as number) - (place[best] as number)) * count);
      const alike = (1 - placeWeight) * overlap(vocabularies[i] as Set<string>, vocabularies[best] as Set<string>) + placeWeight * near;
      if (alike > (similarity[i] as number)) similarity[i] = alike;
    }
  }
  return chosen.map((i) => candidates[i] as SourceSentence).sort((a, b) => a.index - b.index);
}

/** The source's most frequent content words. */
export function salientWords(text: string, count: number): string[] {
  const frequency = new Map<string, number>();
  for (const word of contentWords(text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word);
}

// ---- Key phrases -------------------------------------------------------------------------------

type Nlp = (typeof import('compromise/two'))['default'];
let nlpLoaded: Promise<Nlp> | undefined;
/** compromise loads on first use, on a compute thread (prepareContent runs as a task): the serving thread never imports it. */
const loadNlp = () => (nlpLoaded ??= import('compromise/two').then((module) => module.default));

interface Term {
  text: string;
  pre: string;
  post: string;
  tags: string[];
}

/** compromise's cost grows with the text: phrases are read from this much of it, sampled across the whole. */
const phraseBudget = 2_000;
const maxWords = 4;
/** Nouns too general to name a subject. */
const vague = new Set(
  'thing things way ways lot lots time times people person kind bit stuff something anything everything nothing part parts point points year years day days week weeks month months today question questions idea ideas fact problem example number place end start course sort case side dollar dollars cent cents percent pound pounds ounce ounces kilo kilos'.split(
    ' ',
  ),
);
const excludedTags = [
  'Unit',
  'Currency',
  'Money',
  'Percent',
  'Pronoun',
  'Person',
  'Date',
  'Duration',
  'Value',
  'Determiner',
  'Verb',
  'Adverb',
  'Preposition',
  'Conjunction',
  'QuestionWord',
  'Url',
  'Email',
  'HashTag',
  'AtMention',
  'Emoji',
  'Emoticon',
];

/** A term that can belong to a noun phrase: an adjective or noun made of letters (no URL, code, number or pronoun). */
function nominal(term: Term): boolean {
  if (!/^\p{L}[\p{L}'’-]*$/u.test(term.text) || excludedTags.some((tag) => term.tags.includes(tag))) return false;
  if (proseStopwords.has(term.text.toLowerCase())) return false;
  return term.tags.includes('Noun') || term.tags.includes('Adjective');
}

/** A phrase's words as written: lower case, but for names and acronyms inside the sentence. */
const wordOf = (term: Term, initial: boolean) => (term.tags.includes('Acronym') || (!initial && term.tags.includes('ProperNoun') && /\p{Lu}/u.test(term.text)) ? term.text : term.text.toLowerCase());

/** Adjective-and-noun runs ending in a noun, within one clause: "sourdough starters", "small bakery". */
function phrasesOfTerms(sentence: readonly Term[]): string[] {
  const phrases: string[] = [];
  let run: { term: Term; initial: boolean }[] = [];
  const close = () => {
    let end = run.length;
    while (end > 0 && !(run[end - 1] as { term: Term }).term.tags.includes('Noun')) end--;
    const kept = run.slice(Math.max(0, end - maxWords), end);
    // "low-level compiler": compromise splits at the hyphen, which stays.
    if (kept.length) phrases.push(kept.map(({ term, initial }, i) => wordOf(term, initial) + (i === kept.length - 1 ? '' : term.post.includes('-') ? '-' : ' ')).join(''));
    run = [];
  };
  sentence.forEach((term, i) => {
    if (/[^\s-]/.test(term.pre)) close();
    if (nominal(term)) run.push({ term, initial: i === 0 });
    else close();
    if (/[^\s-]/.test(term.post)) close();
  });
  close();
  return phrases;
}

/** Counts "starter" and "starters" as one phrase. */
const keyOf = (phrase: string) => phrase.toLowerCase().replace(/(?<=\p{L}{3}[^s])s$/u, '');

/** Noun phrases of `text`, in order, repeats included. */
export async function nounPhrases(text: string): Promise<string[]> {
  const nlp = await loadNlp();
  let sentences: { terms?: Term[] }[];
  try {
    // The document's own terms, not .json(): that builds (and deep-merges) far more than a phrase needs.
    const { docs } = nlp(text) as unknown as { docs: Array<Array<{ text: string; pre: string; post: string; tags: Set<string> }>> };
    sentences = docs.map((terms) => ({ terms: terms.map((term) => ({ text: term.text, pre: term.pre, post: term.post, tags: [...term.tags] })) }));
  } catch {
    return []; // compromise is a heuristic; a pack without phrases falls back to its template's words
  }
  return sentences
    .flatMap((sentence) => phrasesOfTerms(sentence.terms ?? []))
    .filter((phrase) => {
      const parts = phrase.toLowerCase().split(' ');
      return phrase.length >= 3 && phrase.length <= 40 && !(parts.length === 1 && vague.has(parts[0] as string)) && contentWords(phrase).length > 0;
    });
}

/**
 * The source's `count` key phrases, best first: its noun phrases, ranked by how often they occur
 * (a phrase of several words counting for more, being more specific), read from its sentences
 * and fragments without URLs (sampled evenly when they exceed the budget); a phrase the
 * document's headings name counts for more.
 */
export async function keyPhrases(sentences: readonly SourceSentence[], count: number, headings: readonly string[] = [], always: readonly SourceSentence[] = []): Promise<string[]> {
  // Labels of a word or two ("Browser", "CLI:") are not prose.
  const prose = (text: string) => text.length <= 500 && !url.test(text) && !boilerplate.test(text) && (text.match(/\p{L}+/gu)?.length ?? 0) >= 3;
  const pool = sentences.filter((sentence) => prose(sentence.text));
  const total = pool.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  const stride = Math.max(1, Math.ceil(total / phraseBudget));
  // `always` (the key points) are read whole, so that every phrase of theirs is a candidate.
  const sample = [...always, ...pool.filter((sentence, i) => i % stride === 0 && !always.includes(sentence))];
  const titles = headings.slice(0, 50);
  // compromise finds the phrases in a sample; how often each occurs is counted over the whole text, cheaply.
  const forms = new Map<string, Map<string, number>>();
  for (const phrase of await nounPhrases(sample.map((sentence) => sentence.text).join('\n'))) {
    const key = keyOf(phrase);
    const seen = forms.get(key) ?? new Map<string, number>();
    seen.set(phrase, (seen.get(phrase) ?? 0) + 1);
    forms.set(key, seen);
  }
  const counts = occurrences([...forms.keys()], pool);
  const ranked = [...forms.entries()].map(([key, seen]) => ({
    key,
    // The form written most often: "sourdough starters" over "Sourdough starters".
    phrase: [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] as string,
    // A phrase the document's headings name (a README's title) is what it is about.
    score: (Math.max(1, counts.get(key) ?? 0) + 2 * titles.filter((title) => mentions(title, key)).length) * (1 + 0.5 * (key.split(/[ -]/).length - 1)),
  }));
  return ranked
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
    .slice(0, count)
    .map((entry) => entry.phrase);
}

const tokensOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? [];

/** How often each phrase key occurs in the sentences, as whole words (a plural counting as its singular): one pass over the words. */
function occurrences(keys: readonly string[], sentences: readonly SourceSentence[]): Map<string, number> {
  const byFirst = new Map<string, Array<{ key: string; tokens: string[] }>>();
  for (const key of keys) {
    const tokens = tokensOf(key);
    if (!tokens.length) continue;
    const first = keyOf(tokens[0] as string);
    byFirst.set(first, [...(byFirst.get(first) ?? []), { key, tokens: tokens.map(keyOf) }]);
  }
  const counts = new Map<string, number>();
  for (const sentence of sentences) {
    const words = tokensOf(sentence.text).map(keyOf);
    for (let i = 0; i < words.length; i++) {
      for (const candidate of byFirst.get(words[i] as string) ?? []) {
        if (candidate.tokens.every((token, j) => words[i + j] === token)) counts.set(candidate.key, (counts.get(candidate.key) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/** Whether `phrase` is written in `text` (as whole words, singular or plural). */
const mentionPatterns = new Map<string, RegExp>();

export function mentions(text: string, phrase: string): boolean {
  const key = keyOf(phrase);
  // Phrases are asked about again and again (every point, every heading): each pattern is built once.
  let pattern = mentionPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
    if (mentionPatterns.size > 10_000) mentionPatterns.clear();
    mentionPatterns.set(key, pattern);
  }
  return pattern.test(text);
}
