/**
 * A model's answer checked against what the caller gave (issue 14 §3): every text in it loses the sentences
 * that say a number, price, time, name or claim the sources do not, and the result says what went. One rule for
 * every outcome that lets a model write; the template needs no check (its frames invent nothing, and the tests
 * prove it over the labelled prompts).
 */
import { groundingOf, withoutUnsupported, type InventionOptions } from './invention.js';

export interface Grounded<T> {
  value: T;
  /** `path: "sentence"` for each sentence taken out. */
  removed: string[];
}

/**
 * `value` with the unsupported sentences of each of its texts removed; a text left empty is dropped (an array
 * item, an object field), so the caller's schema decides whether what remains still stands.
 */
export function grounded<T>(value: T, sources: readonly string[], options: InventionOptions = {}): Grounded<T> {
  const grounding = groundingOf(sources);
  // A hashtag joins words ("ClínicaSol"): it is grounded by those words written in a row in the sources.
  const squeezed = sources
    .join('\n')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\n]+/gu, '');
  const removed: string[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string' && /(^|\.)hashtags\.\d+$/.test(path)) {
      const tag = node
        .replace(/^#/, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '');
      if (tag && squeezed.includes(tag)) return node;
    }
    if (typeof node === 'string') {
      const checked = withoutUnsupported(node, grounding, options);
      for (const sentence of checked.removed) removed.push(`${path}: "${sentence.trim()}"`);
      return checked.text.trim() ? checked.text.trim() : undefined;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}.${index}`)).filter((item) => item !== undefined);
    if (node && typeof node === 'object') {
      const entries = Object.entries(node).map(([key, field]) => [key, walk(field, path ? `${path}.${key}` : key)] as const);
      return Object.fromEntries(entries.filter(([, field]) => field !== undefined));
    }
    return node;
  };
  return { value: walk(value, '') as T, removed };
}

/** The warning that says what a check took out of a model's answer. */
export const removedWarning = (removed: readonly string[]): string =>
  `Removed from the model's answer because the request does not say it (a number, price, name or claim): ${removed.slice(0, 5).join('; ')}${removed.length > 5 ? `; and ${removed.length - 5} more` : ''}.`;
