/** The prompt's own words between two offsets, as a Stated fact (text always equals prompt.slice(span)). */
import type { Stated } from '../facts.js';

export function stated(prompt: string, start: number, end: number): Stated {
  // Trim the span, not just the text, so that text and span stay one.
  while (start < end && /\s/u.test(prompt[start] ?? '')) start += 1;
  while (end > start && /\s/u.test(prompt[end - 1] ?? '')) end -= 1;
  return { text: prompt.slice(start, end), span: [start, end] };
}

/** Every match of a global regular expression, with its start. */
export function* matches(text: string, re: RegExp): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    if (m[0] === '') re.lastIndex += 1;
  }
}

export interface Taken {
  start: number;
  end: number;
}

export const overlapsAny = (start: number, end: number, taken: readonly Taken[]): boolean => taken.some((t) => start < t.end && t.start < end);

/** Blanks many spans at once (one copy of the view, not one per span). */
export function blankAll(view: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  if (spans.length === 0) return view;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let at = 0;
  for (const { start, end } of sorted) {
    const from = Math.max(start, at);
    if (end <= from) continue;
    parts.push(view.slice(at, from), ' '.repeat(end - from));
    at = end;
  }
  parts.push(view.slice(at));
  return parts.join('');
}
