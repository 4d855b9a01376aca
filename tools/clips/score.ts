import { boldWords, contentTokens, danglingOpeners, emotionWords, interrogatives, numberWords } from './lexicon.js';
import type { Sentence } from './sentences.js';

/**
 * Candidate clips and their explainable scores. Every window of whole sentences whose length
 * fits [min, max] is a candidate; per-sentence features are summed once into prefix arrays, so
 * a window's features cost O(1) and a three-hour transcript's ~40k candidates stay cheap.
 */

export const weights = { hook: 0.24, self_contained: 0.19, density: 0.14, pace: 0.09, emotion: 0.14, salience: 0.15, length: 0.05 } as const;
export type Component = keyof typeof weights;

export interface Scored {
  first: number;
  last: number;
  start: number;
  end: number;
  total: number;
  components: Record<Component, number>;
  reasons: string[];
}

export interface Analysis {
  sentences: Sentence[];
  tokens: string[][];
  topics: number[];
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

interface Opening {
  score: number;
  reasons: string[];
}

/** How strongly a clip starting at sentence `index` opens: a question, a number, a bold claim, "you". */
function openingOf(sentences: readonly Sentence[], index: number): Opening {
  const first = sentences[index] as Sentence;
  // A very short first sentence shares the opening seconds with the next one.
  const opening = first.end - first.start < 2 && sentences[index + 1] ? [first, sentences[index + 1] as Sentence] : [first];
  const words = opening.flatMap((sentence) => sentence.words.map((word) => word.text.toLowerCase().replace(/[^\p{L}\p{N}'?]/gu, '')));
  const reasons: string[] = [];
  let score = 0;
  const firstWord = (words[0] ?? '').replace(/\?$/, '');
  if (opening.some((sentence) => sentence.text.trim().endsWith('?')) || (interrogatives.has(firstWord) && ['what', 'why', 'how', 'who', 'when', 'where'].includes(firstWord))) {
    score += 0.4;
    reasons.push('opens with a question');
  }
  const number = words.find((word) => /\d/.test(word) || numberWords.has(word.replace(/\?$/, '')));
  if (number) {
    score += 0.25;
    reasons.push(`names a number ("${number.replace(/\?$/, '')}") in the first seconds`);
  }
  const bold = words.find((word) => boldWords.has(word.replace(/\?$/, '')));
  if (bold) {
    score += 0.3;
    reasons.push(`makes a bold claim ("${bold.replace(/\?$/, '')}")`);
  }
  if (words.some((word) => word === 'you' || word === 'your' || word === "you're" || word === 'youre')) {
    score += 0.25;
    reasons.push('speaks to the viewer ("you")');
  }
  return { score: clamp(score), reasons };
}

/** Windows of whole sentences between min and max seconds, scored; the best non-overlapping ones, best first. */
export function selectClips(analysis: Analysis, options: { minSeconds: number; maxSeconds: number; maxClips: number }): Scored[] {
  const { sentences, tokens, topics } = analysis;
  const n = sentences.length;
  if (!n) return [];
  // Keyword salience per token: frequent in the transcript, but concentrated in few sentences.
  const frequency = new Map<string, number>();
  const spread = new Map<string, number>();
  for (const list of tokens) {
    for (const token of list) frequency.set(token, (frequency.get(token) ?? 0) + 1);
    for (const token of new Set(list)) spread.set(token, (spread.get(token) ?? 0) + 1);
  }
  const idfBase = Math.log(n + 1);
  const salienceOf = (token: string) => {
    const count = frequency.get(token) ?? 0;
    return count < 2 ? 0 : Math.log(1 + count) * (Math.log((n + 1) / (spread.get(token) ?? 1)) / idfBase);
  };

  // Prefix sums of per-sentence features.
  const prefix = (value: (index: number) => number) => {
    const sums = new Float64Array(n + 1);
    for (let i = 0; i < n; i += 1) sums[i + 1] = (sums[i] as number) + value(i);
    return (from: number, to: number) => (sums[to + 1] as number) - (sums[from] as number);
  };
  const wordCount = prefix((i) => (sentences[i] as Sentence).words.length);
  const contentCount = prefix((i) => (tokens[i] as string[]).length);
  const emotion = prefix((i) => {
    const sentence = sentences[i] as Sentence;
    let hits = (sentence.text.match(/!/g) ?? []).length * 0.5;
    for (const word of sentence.words) if (emotionWords.has(word.text.toLowerCase().replace(/[^\p{L}]/gu, ''))) hits += 1;
    return hits;
  });
  const salience = prefix((i) => (tokens[i] as string[]).reduce((sum, token) => sum + salienceOf(token), 0));
  const punctuated = sentences.some((sentence) => /[.!?]$/.test(sentence.text));
  const openings = sentences.map((_, index) => openingOf(sentences, index));
  const dangling = sentences.map((sentence) => danglingOpeners.has((sentence.words[0]?.text ?? '').toLowerCase().replace(/[^\p{L}']/gu, '')));
  const target = Math.min(options.maxSeconds, Math.max(options.minSeconds, 45));

  const candidates: Scored[] = [];
  let maxSalience = 0;
  for (let first = 0; first < n; first += 1) {
    const start = (sentences[first] as Sentence).start;
    for (let last = first; last < n; last += 1) {
      const end = (sentences[last] as Sentence).end;
      const duration = end - start;
      if (duration > options.maxSeconds) break;
      if (duration < options.minSeconds) continue;
      const words = wordCount(first, last) || 1;
      const content = contentCount(first, last);
      const opening = openings[first] as Opening;
      const reasons = [...opening.reasons];
      let selfContained = 1;
      if (dangling[first]) {
        selfContained -= 0.5;
        reasons.push(`starts mid-thought ("${(sentences[first] as Sentence).words[0]?.text}")`);
      }
      if (topics[first] !== topics[last]) {
        selfContained -= 0.3;
        reasons.push('spans a change of topic');
      }
      if (punctuated && !/[.!?…]["')\]]*$/.test((sentences[last] as Sentence).text)) selfContained -= 0.15;
      const wps = words / duration;
      const pace = wps < 2 ? clamp((wps - 0.8) / 1.2) : wps > 3.6 ? clamp((5 - wps) / 1.4) : 1;
      const emotional = clamp(((emotion(first, last) / words) * 100) / 4);
      if (emotional >= 0.5) reasons.push('emotionally charged words');
      const windowSalience = content ? salience(first, last) / content : 0;
      maxSalience = Math.max(maxSalience, windowSalience);
      const components = {
        hook: opening.score,
        self_contained: clamp(selfContained),
        density: clamp((content / words - 0.25) / 0.35),
        pace,
        emotion: emotional,
        salience: windowSalience,
        length: clamp(1 - Math.abs(duration - target) / Math.max(target, 1)),
      };
      candidates.push({ first, last, start, end, total: 0, components, reasons });
    }
  }
  for (const candidate of candidates) {
    const c = candidate.components;
    c.salience = maxSalience ? c.salience / maxSalience : 0;
    if (c.salience >= 0.75) candidate.reasons.push('dense with the transcript\'s key terms');
    let total = 0;
    for (const key of Object.keys(weights) as Component[]) {
      c[key] = round(c[key]);
      total += weights[key] * c[key];
    }
    candidate.total = round(total);
  }
  candidates.sort((a, b) => b.total - a.total || a.start - b.start || a.end - b.end);
  const chosen: Scored[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= options.maxClips) break;
    if (chosen.every((other) => candidate.end <= other.start || candidate.start >= other.end)) chosen.push(candidate);
  }
  return chosen;
}

export const tokensOf = (sentences: readonly Sentence[]) => sentences.map((sentence) => contentTokens(sentence.words.map((word) => word.text)));
