import { createHash } from 'node:crypto';

/** Helpers the template composers share: deterministic variety and copy that fits its limits. */

/** A seeded chooser: the same seed picks the same variants, so the same request gives the same copy. */
export function chooser(seed: string) {
  const digest = createHash('sha256').update(seed).digest();
  let index = 0;
  return <T>(options: readonly T[]): T => options[(digest[index++ % digest.length] as number) % options.length] as T;
}
export type Chooser = ReturnType<typeof chooser>;

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const titleCase = (text: string) =>
  text.replace(/\p{L}[\p{L}'’]*/gu, (word, offset: number) => (offset > 0 && /^(a|an|and|as|at|but|by|for|in|of|on|or|the|to|vs|with)$/i.test(word) ? word.toLowerCase() : capitalize(word)));

/** Cut at a word boundary so that `text` fits in `max` characters (an ellipsis marks a cut). */
export function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${withoutTrailingPunctuation(space > max * 0.5 ? cut.slice(0, space) : cut)}…`;
}

// A loop, not /[\s,;:.-]+$/: a regex anchored at the end retries from every start of a long run.
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s,;:.-]/.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** A sentence's text without its final punctuation and spaces, as it is placed inside a longer sentence (a loop, for the reason above). */
export function stripEnd(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s.!?;:,]/u.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}
