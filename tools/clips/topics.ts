import type { Sentence } from './sentences.js';

/**
 * Topic segmentation by lexical cohesion (TextTiling, Hearst 1997), without a model: the
 * vocabulary of the sentences before and after each gap is compared (cosine of term counts);
 * deep valleys in that similarity are topic changes.
 */

/** Sentences on each side of a gap. */
const WINDOW = 10;
/** Fewest sentences in a topic. */
const MIN_TOPIC = 10;
/** How many gaps a depth score looks at on each side. */
const CLIMB = 60;

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [token, count] of a) {
    na += count * count;
    const other = b.get(token);
    if (other) dot += count * other;
  }
  for (const count of b.values()) nb += count * count;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The topic number of each sentence. */
export function topicsOf(sentences: readonly Sentence[], tokens: readonly string[][]): number[] {
  const n = sentences.length;
  const topics = new Array<number>(n).fill(0);
  if (n < 2 * MIN_TOPIC) return topics;
  // Sliding windows: counts are updated as the gap moves, not rebuilt.
  const left = new Map<string, number>();
  const right = new Map<string, number>();
  const add = (map: Map<string, number>, index: number, delta: number) => {
    for (const token of tokens[index] ?? []) {
      const count = (map.get(token) ?? 0) + delta;
      if (count) map.set(token, count);
      else map.delete(token);
    }
  };
  for (let i = 0; i < Math.min(WINDOW, n); i += 1) add(right, i, 1);
  const similarity: number[] = [];
  for (let gap = 1; gap < n; gap += 1) {
    // Gap `gap` lies between sentence gap-1 and gap.
    add(left, gap - 1, 1);
    if (gap - 1 - WINDOW >= 0) add(left, gap - 1 - WINDOW, -1);
    add(right, gap - 1, -1);
    if (gap - 1 + WINDOW < n) add(right, gap - 1 + WINDOW, 1);
    similarity.push(cosine(left, right));
  }
  // Depth: how far the similarity climbs on both sides before falling again (within a reach, so that a
  // long monotone run cannot make the pass quadratic).
  const depth = similarity.map((value, index) => {
    let peakLeft = value;
    for (let i = index - 1; i >= Math.max(0, index - CLIMB) && (similarity[i] as number) >= peakLeft; i -= 1) peakLeft = similarity[i] as number;
    let peakRight = value;
    for (let i = index + 1; i < Math.min(similarity.length, index + CLIMB) && (similarity[i] as number) >= peakRight; i += 1) peakRight = similarity[i] as number;
    return peakLeft - value + (peakRight - value);
  });
  const mean = depth.reduce((sum, value) => sum + value, 0) / depth.length;
  const sd = Math.sqrt(depth.reduce((sum, value) => sum + (value - mean) ** 2, 0) / depth.length);
  // Hearst's liberal cutoff (mean - sd/2) splits talk too finely; a valley a deviation deeper than usual is a real change.
  const cutoff = mean + sd;
  // Deepest gaps first, each at least MIN_TOPIC sentences from the others.
  const chosen: number[] = [];
  const order = depth
    .map((value, index) => ({ value, gap: index + 1 }))
    .filter((entry) => entry.value > cutoff)
    .sort((a, b) => b.value - a.value || a.gap - b.gap);
  for (const { gap } of order) {
    if (gap < MIN_TOPIC || n - gap < MIN_TOPIC) continue;
    if (chosen.every((other) => Math.abs(other - gap) >= MIN_TOPIC)) chosen.push(gap);
  }
  chosen.sort((a, b) => a - b);
  let topic = 0;
  let next = 0;
  for (let i = 0; i < n; i += 1) {
    if (next < chosen.length && i === chosen[next]) {
      topic += 1;
      next += 1;
    }
    topics[i] = topic;
  }
  return topics;
}
