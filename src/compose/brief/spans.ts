/** Where in the text a thing was found, and the bounded regular-expression matching that finds it. */

export interface Span {
  start: number;
  end: number;
}

/** Pasted noise can hold thousands of matches; a brief needs the first few. */
const MAX_MATCHES = 100;

export function* firstMatches(text: string, re: RegExp): Generator<RegExpExecArray> {
  let count = 0;
  for (const match of text.matchAll(re)) {
    yield match;
    count += 1;
    if (count >= MAX_MATCHES) return;
  }
}

export const overlaps = (a: Span, spans: readonly Span[]): boolean => spans.some((b) => a.start < b.end && b.start < a.end);
