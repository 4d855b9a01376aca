import twitterText from 'twitter-text';
import { segments } from './segments.js';

/**
 * X threads: tweets numbered "n/N", each within 280 weighted characters as X counts them
 * (twitter-text: 1 for most characters, 2 for CJK and emoji, 23 for any URL), split between
 * words, and a word too long for one tweet split between its characters, so nothing is cut off.
 *
 * twitter-text's URL matcher takes time quadratic in the length of an unbroken run (10k
 * characters of "a." took seconds, 100k never ended), so it only ever sees short strings: each
 * word once, a word longer than `wordMax` one grapheme at a time, and each finished tweet once,
 * to verify it. A tweet weighs what its words weigh plus one per space between them; only a
 * long word's slices are estimates (a slice may hold short URLs, which weigh 23 each), and a
 * tweet that turns out too heavy is cut again, tighter.
 */

export const maxWeight = 280;
/** Longer words are never weighed whole; a URL up to this length still counts 23. */
const wordMax = 280;
/** Longer graphemes (a letter under a pile of combining marks) are cut between code points. */
const graphemeMax = 64;
/** A tweet still over 280 after this many tighter cuts is left to the thread's check to report. */
const maxRepacks = 4;

const tweetWeight = (text: string) => twitterText.parseTweet(text).weightedLength;

/** A tweet's text and weight: the sum of its words' until `weighed` whole (a long word's slices are estimates). */
interface Piece {
  text: string;
  weight: number;
  weighed?: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A word's graphemes, or code points for a grapheme too long to weigh (never half a surrogate pair). */
function* partsOf(word: string): Generator<string> {
  for (const grapheme of segments(graphemes, word)) {
    if (grapheme.length <= graphemeMax) yield grapheme;
    else yield* grapheme;
  }
}

/**
 * A word too heavy for one tweet, cut between graphemes into slices estimated within `limit`.
 * Where twitter-text weighs the word (`weight`, or else its first `wordMax` code units) at more
 * than its graphemes add up to (short URLs inside weigh 23 each), the estimates are scaled up.
 */
function slicesOf(word: string, limit: number, weight?: number): Piece[] {
  const known = new Map<string, number>();
  const parts = Array.from(partsOf(word), (text) => {
    let estimate = known.get(text);
    if (estimate === undefined) known.set(text, (estimate = tweetWeight(text)));
    return { text, estimate };
  });
  const ratio = weight === undefined ? sampleScale(parts) : weight / sum(parts);
  const scale = ratio > 1 ? ratio : 1;
  const slices: Piece[] = [];
  let slice: Piece = { text: '', weight: 0 };
  for (const { text, estimate } of parts) {
    if (slice.text && slice.weight + estimate * scale > limit) {
      slices.push(slice);
      slice = { text: '', weight: 0 };
    }
    slice.text += text;
    slice.weight += estimate * scale;
  }
  if (slice.text) slices.push(slice);
  return slices;
}

type Part = { text: string; estimate: number };
const sum = (parts: readonly Part[]) => parts.reduce((total, part) => total + part.estimate, 0);

/** What twitter-text makes of the word's first `wordMax` code units, against their estimate. */
function sampleScale(parts: readonly Part[]): number {
  const sample: Part[] = [];
  for (let length = 0, i = 0; i < parts.length && length < wordMax; i++) {
    sample.push(parts[i] as Part);
    length += (parts[i] as Part).text.length;
  }
  return tweetWeight(sample.map((part) => part.text).join('')) / sum(sample);
}

/** Words of `text` (single-spaced) packed into pieces within `limit`; a long word's slices each start a piece. */
function pack(text: string, limit: number): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | undefined;
  for (const word of text.split(' ')) {
    if (!word) continue;
    const weight = word.length <= wordMax ? tweetWeight(word) : undefined;
    if (current && weight !== undefined && current.weight + 1 + weight <= limit) {
      current = { text: `${current.text} ${word}`, weight: current.weight + 1 + weight };
      continue;
    }
    if (current) pieces.push(current);
    const slices = weight !== undefined && weight <= limit ? [{ text: word, weight }] : slicesOf(word, limit, weight);
    current = slices.pop();
    pieces.push(...slices);
  }
  if (current) pieces.push(current);
  return pieces;
}

const prefix = (index: number, count: number) => `${index + 1}/${count} `;
const widthOf = (count: number) => prefix(count - 1, count).length;

/** Numbered tweets ("1/5 …"), each verified within 280 weighted characters; long ones are split, never cut off. */
export function fitThread(tweets: readonly string[]): { tweets: string[]; longest: number } {
  const texts = tweets.map((tweet) => tweet.replace(/\s+/g, ' ').trim());
  // Room for "n/N " in front: 8 holds "999/999 "; a longer thread is packed again with more.
  for (let room = 8; ;) {
    const pieces = texts.flatMap((text) => pack(text, maxWeight - room));
    const thread = widthOf(pieces.length) <= room ? numbered(pieces, maxWeight - room) : undefined;
    const width = widthOf(thread?.tweets.length ?? pieces.length);
    if (thread && width <= room) return thread;
    room = width;
  }
}

/**
 * The pieces numbered, each tweet weighed once, whole, as it will be posted. A tweet over 280
 * (a slice holding short URLs) is cut again, scaled to what it weighs; the number in front is
 * ASCII and weighs its length, so renumbering needs no second weighing.
 */
function numbered(pieces: Piece[], limit: number): { tweets: string[]; longest: number } {
  for (let repacks = 0; ; repacks++) {
    const count = pieces.length;
    for (const [i, piece] of pieces.entries()) {
      if (piece.weighed) continue;
      piece.weight = tweetWeight(prefix(i, count) + piece.text) - prefix(i, count).length;
      piece.weighed = true;
    }
    const weights = pieces.map((piece, i) => prefix(i, count).length + piece.weight);
    if (weights.every((weight) => weight <= maxWeight) || repacks === maxRepacks) {
      return { tweets: pieces.map((piece, i) => prefix(i, count) + piece.text), longest: weights.reduce((a, b) => Math.max(a, b), 0) };
    }
    pieces = pieces.flatMap((piece, i) => {
      if ((weights[i] as number) <= maxWeight) return [piece];
      return piece.text.includes(' ') ? pack(piece.text, limit) : slicesOf(piece.text, limit, piece.weight);
    });
  }
}
