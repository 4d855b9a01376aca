/**
 * Extractive key points: the source's own sentences, scored by how much of the source's
 * vocabulary they carry (term frequency over distinct content words), with a small bonus for
 * early sentences and a penalty for very short or very long ones. Nothing is invented:
 * every key point is a sentence of the source, cited by its index.
 */

import { stopwords } from '../../src/compose/lexicon.js';
import { segments } from './segments.js';

export interface SourceSentence {
  index: number;
  text: string;
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

/** The `count` most representative sentences, returned in source order. */
export function keyPoints(sentences: readonly SourceSentence[], count: number): SourceSentence[] {
  const frequency = new Map<string, number>();
  const perSentence = sentences.map((sentence) => new Set(contentWords(sentence.text)));
  for (const set of perSentence) for (const word of set) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const scored = sentences.map((sentence, i) => {
    const distinct = perSentence[i] as Set<string>;
    let weight = 0;
    for (const word of distinct) weight += Math.log1p(frequency.get(word) ?? 0);
    const length = sentence.text.length;
    const shape = length < 40 ? 0.4 : length > 320 ? 0.6 : 1;
    const position = 1 + 0.25 * (1 - i / Math.max(1, sentences.length));
    const question = sentence.text.endsWith('?') ? 0.7 : 1;
    return { sentence, score: (weight / Math.sqrt(distinct.size + 1)) * shape * position * question };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index)
    .slice(0, count)
    .map((entry) => entry.sentence)
    .sort((a, b) => a.index - b.index);
}

/** The source's most frequent content words, for titles and hashtags. */
export function salientWords(text: string, count: number): string[] {
  const frequency = new Map<string, number>();
  for (const word of contentWords(text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word);
}
