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

// Many spans (a prompt of a thousand prices) are checked through a mask of the characters they hold, kept per list
// and brought up to date when the list has grown, so that checking every candidate against every span does not
// grow with the square of the prompt.
const masks = new WeakMap<readonly Taken[], { mask: Uint8Array; count: number }>();
const MASK_FROM = 16;

function maskOf(taken: readonly Taken[]): Uint8Array {
  let entry = masks.get(taken);
  if (!entry || entry.count > taken.length) entry = { mask: new Uint8Array(0), count: 0 };
  for (let i = entry.count; i < taken.length; i += 1) {
    const t = taken[i];
    if (!t || t.end <= t.start) continue;
    if (t.end > entry.mask.length) {
      const grown = new Uint8Array(Math.max(t.end, 2 * entry.mask.length));
      grown.set(entry.mask);
      entry.mask = grown;
    }
    entry.mask.fill(1, Math.max(0, t.start), t.end);
  }
  entry.count = taken.length;
  masks.set(taken, entry);
  return entry.mask;
}

export function overlapsAny(start: number, end: number, taken: readonly Taken[]): boolean {
  if (taken.length < MASK_FROM) return taken.some((t) => start < t.end && t.start < end);
  const mask = maskOf(taken);
  for (let i = Math.max(0, start), last = Math.min(end, mask.length); i < last; i += 1) if (mask[i]) return true;
  return false;
}

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
