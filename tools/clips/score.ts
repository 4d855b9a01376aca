import { boldWords, contentTokens, emotionWords, interrogatives, numberWords } from './lexicon.js';
import { rolesOf } from './moments.js';
import type { Sentence } from './sentences.js';

/**
 * Candidate clips and their explainable scores. Every window of whole sentences whose length
 * fits [min, max], holding no housekeeping (sponsor reads, intros, sign-offs, see moments.ts), is a
 * candidate; those that open a thought and close it (and are not mostly filler) are chosen before
 * any other; per-sentence features are summed once into prefix arrays, so
 * a window's features cost O(1) and a three-hour transcript's ~40k candidates stay cheap.
 */

/** Ends scored per start at most: every one for usual bounds (20–60 s), a spread sample for wide ones. */
const MAX_ENDS = 32;
/**
 * Candidates scored at most (each holds eight numbers): a 3 MB transcript of one-second sentences
 * has 250,000 starts, and 32 ends each took a gigabyte and seconds. Only talks of over 15,000
 * sentences with wide bounds score fewer ends (with 20–60 s, a start has about ten).
 */
const MAX_CANDIDATES = 500_000;

/**
 * Length weighs as much as the hook: among windows that hold one whole thought, the longer one holds
 * more of it (labelled moments run a median of 57 s), and a second thought inside costs more than
 * length can win back (see newThought).
 */
export const weights = { hook: 0.192, self_contained: 0.152, density: 0.112, pace: 0.072, emotion: 0.112, salience: 0.12, length: 0.24 } as const;
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

/** How often each content token occurs, and in how many sentences: for salience and keywords. */
export interface Vocabulary {
  frequency: Map<string, number>;
  spread: Map<string, number>;
}

export function vocabularyOf(tokens: readonly string[][]): Vocabulary {
  const frequency = new Map<string, number>();
  const spread = new Map<string, number>();
  for (const list of tokens) {
    for (const token of list) frequency.set(token, (frequency.get(token) ?? 0) + 1);
    for (const token of new Set(list)) spread.set(token, (spread.get(token) ?? 0) + 1);
  }
  return { frequency, spread };
}

export interface Analysis {
  sentences: Sentence[];
  tokens: string[][];
  topics: number[];
  vocabulary: Vocabulary;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const round = (value: number) => Math.round(value * 1000) / 1000;

interface Opening {
  score: number;
  reasons: string[];
}

/** A word as the opening's word lists hold it: lower-cased, letters, digits and apostrophes only (most words need no regex). */
const bareWord = (text: string) => {
  const lower = text.toLowerCase();
  return /^[a-z0-9']*$/.test(lower) ? lower : lower.replace(/[^\p{L}\p{N}']/gu, '');
};

const askingWords = new Set(['what', 'why', 'how', 'who', 'when', 'where']);

/** How strongly a clip starting at sentence `index` opens: a question, a number, a bold claim, "you". `bare`: each sentence's bare words. */
function openingOf(sentences: readonly Sentence[], bare: readonly string[][], index: number): Opening {
  const first = sentences[index] as Sentence;
  // A very short first sentence shares the opening seconds with the next one.
  const opening = first.end - first.start < 2 && sentences[index + 1] ? [index, index + 1] : [index];
  const words = opening.flatMap((at) => bare[at] as string[]);
  const reasons: string[] = [];
  let score = 0;
  const firstWord = words[0] ?? '';
  if (opening.some((at) => (sentences[at] as Sentence).text.trim().endsWith('?')) || (interrogatives.has(firstWord) && askingWords.has(firstWord))) {
    score += 0.4;
    reasons.push('opens with a question');
  }
  const number = words.find((word) => /\d/.test(word) || numberWords.has(word));
  if (number) {
    score += 0.25;
    reasons.push(`names a number ("${number}") in the first seconds`);
  }
  const bold = words.find((word) => boldWords.has(word));
  if (bold) {
    score += 0.3;
    reasons.push(`makes a bold claim ("${bold}")`);
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
  const { frequency, spread } = analysis.vocabulary;
  const n = sentences.length;
  if (!n) return [];
  // Keyword salience per token: frequent in the transcript, but concentrated in few sentences.
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
  const bare = sentences.map((sentence) => sentence.words.map((word) => bareWord(word.text)));
  const emotion = prefix((i) => {
    const sentence = sentences[i] as Sentence;
    let hits = (sentence.text.match(/!/g) ?? []).length * 0.5;
    for (const word of bare[i] as string[]) if (emotionWords.has(word)) hits += 1;
    return hits;
  });
  const salience = prefix((i) => (tokens[i] as string[]).reduce((sum, token) => sum + salienceOf(token), 0));
  const roles = rolesOf(sentences);
  const { opens, closes, question, setup } = roles;
  const housekeeping = prefix((i) => (roles.housekeeping[i] ? 1 : 0));
  const fillers = prefix((i) => roles.fillers[i] as number);
  const cutOff = prefix((i) => (roles.cutOff[i] ? 1 : 0));
  const openings = sentences.map((_, index) => openingOf(sentences, bare, index));
  // A story or claim opener past a window's first sentence starts a second thought.
  const newThought = prefix((i) => (roles.setup[i] && !roles.question[i] ? 1 : 0));
  const target = Math.min(options.maxSeconds, Math.max(options.minSeconds, 60));

  const keys = Object.keys(weights) as Component[];
  const width = keys.length;
  // Candidates live in flat typed arrays (index, then one slot per component), sized by a first
  // counting pass: a three-hour talk has ~40k of them, and objects (or growing arrays) would cost
  // more in garbage collection than the scoring itself.
  // The sentence range [low, high] of ends that fit the bounds, per start (both move forward only);
  // at most MAX_ENDS of them, evenly spread, are scored, so the work is bounded by starts × MAX_ENDS
  // (and by MAX_CANDIDATES; two at least: the first and the last).
  const maxEnds = Math.max(2, Math.min(MAX_ENDS, Math.floor(MAX_CANDIDATES / n)));
  const lows = new Int32Array(n);
  const highs = new Int32Array(n).fill(-1);
  let count = 0;
  let low = 0;
  let high = -1;
  for (let first = 0; first < n; first += 1) {
    const start = (sentences[first] as Sentence).start;
    const durationTo = (last: number) => (sentences[last] as Sentence).end - start;
    low = Math.max(low, first);
    while (low < n && durationTo(low) < options.minSeconds) low += 1;
    high = Math.max(high, low - 1);
    while (high + 1 < n && durationTo(high + 1) <= options.maxSeconds) high += 1;
    if (low > high || low >= n) continue;
    lows[first] = low;
    highs[first] = high;
    count += Math.min(maxEnds, high - low + 1);
  }
  const firsts = new Int32Array(count);
  const lasts = new Int32Array(count);
  // 2: opens and closes a thought, mostly words; 1: whole sentences; 0: any other window without housekeeping.
  const tiers = new Int8Array(count);
  const values = new Float64Array(count * width);
  let filled = 0;
  let maxSalience = 0;
  for (let first = 0; first < n; first += 1) {
    const start = (sentences[first] as Sentence).start;
    const span = (highs[first] as number) - (lows[first] as number);
    if (span < 0) continue;
    const ends = Math.min(maxEnds, span + 1);
    for (let k = 0; k < ends; k += 1) {
      const last = (lows[first] as number) + (ends === span + 1 ? k : Math.round((k * span) / (ends - 1)));
      const duration = (sentences[last] as Sentence).end - start;
      // Overlapping cues can leave sentence ends out of order: the bounds are checked, not assumed.
      if (duration < options.minSeconds || duration > options.maxSeconds) continue;
      if (housekeeping(first, last) > 0) continue;
      const words = wordCount(first, last) || 1;
      const content = contentCount(first, last);
      const fillerShare = fillers(first, last) / words;
      let selfContained = 0.8;
      if (!opens[first]) selfContained -= 0.5;
      if (!closes[last]) selfContained -= 0.3;
      if (topics[first] !== topics[last]) selfContained -= 0.3;
      // Setup → payoff: a question, claim or story start answered by the end; an open question left hanging.
      // A question put by one speaker and answered by another is the plainest setup and payoff.
      // An answer is whole when its speaker's turn ends with the clip; cut mid-turn, its payoff is still to come.
      const turnEnds = sentences[last]?.speaker === undefined || sentences[last + 1]?.speaker !== sentences[last]?.speaker;
      const answered = setup[first] && closes[last] && !question[last] && turnEnds && sentences[first]?.speaker !== undefined && sentences[first]?.speaker !== sentences[last]?.speaker;
      if (question[last]) selfContained -= 0.4;
      else if (setup[first] && closes[last]) selfContained += answered ? 0.3 : 0.2;
      else if (closes[last]) selfContained += 0.1;
      // Crosstalk: sentences cut off one after another.
      selfContained -= Math.min(0.5, cutOff(first, last) / (last - first + 1));
      if (fillerShare > 0.25) selfContained -= fillerShare;
      // Past the clamp: a window holding a second story or claim never reads as one whole.
      if (last > first && newThought(first + 1, last) > 0) selfContained = Math.min(selfContained, 1) - 0.7;
      tiers[filled] = opens[first] && closes[last] && fillerShare < 0.5 ? 2 : roles.startsSentence[first] && roles.endsSentence[last] ? 1 : 0;
      const wps = words / duration;
      const windowSalience = content ? salience(first, last) / content : 0;
      maxSalience = Math.max(maxSalience, windowSalience);
      firsts[filled] = first;
      lasts[filled] = last;
      // In the order of `weights`: hook, self_contained, density, pace, emotion, salience, length.
      const base = filled * width;
      values[base] = (openings[first] as Opening).score;
      values[base + 1] = clamp(selfContained);
      values[base + 2] = clamp((content / words - 0.25) / 0.35);
      values[base + 3] = wps < 2 ? clamp((wps - 0.8) / 1.2) : wps > 3.6 ? clamp((5 - wps) / 1.4) : 1;
      values[base + 4] = clamp(((emotion(first, last) / words) * 100) / 4);
      values[base + 5] = windowSalience;
      values[base + 6] = clamp(1 - Math.abs(duration - target) / Math.max(target, 1));
      filled += 1;
    }
  }
  count = filled;
  const totals = new Float64Array(count);
  const salienceSlot = keys.indexOf('salience');
  for (let candidate = 0; candidate < count; candidate += 1) {
    const base = candidate * width;
    values[base + salienceSlot] = maxSalience ? (values[base + salienceSlot] as number) / maxSalience : 0;
    let total = 0;
    for (let slot = 0; slot < width; slot += 1) {
      const value = round(values[base + slot] as number);
      values[base + slot] = value;
      total += weights[keys[slot] as Component] * value;
    }
    totals[candidate] = round(total);
  }
  const startOf = (candidate: number) => (sentences[firsts[candidate] as number] as Sentence).start;
  const endOf = (candidate: number) => (sentences[lasts[candidate] as number] as Sentence).end;
  // The best candidate that overlaps none chosen so far, max_clips times: O(clips × candidates), no sort.
  // Ties go to the earlier clip.
  const better = (a: number, b: number) =>
    (tiers[a] as number) > (tiers[b] as number) ||
    ((tiers[a] as number) === (tiers[b] as number) &&
      ((totals[a] as number) > (totals[b] as number) || ((totals[a] as number) === (totals[b] as number) && (startOf(a) < startOf(b) || (startOf(a) === startOf(b) && endOf(a) < endOf(b))))));
  const chosen: number[] = [];
  while (chosen.length < options.maxClips) {
    let best = -1;
    for (let candidate = 0; candidate < count; candidate += 1) {
      if (best >= 0 && !better(candidate, best)) continue;
      const start = startOf(candidate);
      const end = endOf(candidate);
      if (chosen.every((other) => end <= startOf(other) || start >= endOf(other))) best = candidate;
    }
    // Once a window that opens and closes a thought is chosen, fewer clips beat one that starts mid-thought.
    if (best < 0 || (chosen.length && (tiers[chosen[0] as number] as number) === 2 && (tiers[best] as number) < 2)) break;
    chosen.push(best);
  }
  // Chosen tier first, shown best first: a whole-sentence window that was taken only because no clean
  // one was left can still outscore one.
  chosen.sort((a, b) => (totals[b] as number) - (totals[a] as number) || startOf(a) - startOf(b));
  return chosen.map((candidate) => {
    const components = Object.fromEntries(keys.map((key, slot) => [key, values[candidate * width + slot] as number])) as Record<Component, number>;
    const first = firsts[candidate] as number;
    const last = lasts[candidate] as number;
    return { first, last, start: startOf(candidate), end: endOf(candidate), total: totals[candidate] as number, components, reasons: explain(first, last, components) };
  });

  /** The reasons behind a chosen clip's score, in words. */
  function explain(first: number, last: number, components: Record<Component, number>): string[] {
    const reasons = [...(openings[first] as Opening).reasons];
    if (!opens[first]) reasons.push(`starts mid-thought ("${(sentences[first] as Sentence).words[0]?.text}")`);
    const second = last > first && newThought(first + 1, last) > 0;
    if (question[last]) reasons.push('ends on an open question');
    else if (setup[first] && closes[last] && !second) reasons.push('opens with a setup and ends on its payoff');
    if (second) reasons.push('holds the start of a second story or claim');
    if (topics[first] !== topics[last]) reasons.push('spans a change of topic');
    if (components.emotion >= 0.5) reasons.push('emotionally charged words');
    if (components.salience >= 0.75) reasons.push("dense with the transcript's key terms");
    return reasons;
  }
}

export const tokensOf = (sentences: readonly Sentence[]) => sentences.map((sentence) => contentTokens(sentence.words.map((word) => word.text)));
