/**
 * Intl.Segmenter in bounded windows. V8's segment iterator (Node 20) spends time in proportion
 * to the length of the whole input on every step, so walking 100k characters a sentence or a
 * grapheme at a time takes seconds to minutes; over windows of a few hundred code units each
 * step is cheap.
 *
 * Where a window ends early, its last segment may be cut short, and the boundary before it may
 * have been placed by looking into it ("a.😀b" is one sentence, "a.😀" two), so both
 * are read again at the start of the next window. Every other boundary is followed by a whole
 * segment inside the window, which holds what the segmenter looks ahead for (a sentence ends
 * only after a terminator or a paragraph break), so the segments are those of one pass over
 * the whole text (test/content/thread.test.ts compares the two).
 */

const windowSize = 256;

/** The segments of `text`, in order, as `segmenter.segment(text)` gives them. */
export function* segments(segmenter: Intl.Segmenter, text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const found = segmentsAt(segmenter, text, start);
    yield* found;
    for (const segment of found) start += segment.length;
  }
}

/** The first segments from `start` that are sure to end where the whole text's would. */
function segmentsAt(segmenter: Intl.Segmenter, text: string, start: number): string[] {
  for (let size = windowSize; ; size *= 2) {
    const end = Math.min(text.length, start + size);
    // A window widened past one long segment is read only to its first boundaries, so that a
    // wide window of many short segments is never walked step by step.
    const found = first(segmenter.segment(text.slice(start, end)), size === windowSize ? Infinity : 3);
    if (end === text.length) return found;
    if (found.length >= 3) return found.slice(0, -2);
  }
}

function first(parts: Intl.Segments, count: number): string[] {
  const found: string[] = [];
  for (const part of parts) {
    if (found.push(part.segment) >= count) break;
  }
  return found;
}
