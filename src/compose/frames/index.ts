import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { pt } from './pt.js';
import type { PageFrames } from './types.js';

export type { PageFrames } from './types.js';

const byLang: Record<string, PageFrames> = { en, es, pt, de, fr };

/** The languages the template writes. */
export const frameLanguages = Object.keys(byLang);

/** The frames of a BCP 47 tag's language ("pt-BR" → pt), or null when the template does not write it. */
export function framesFor(tag: string): PageFrames | null {
  const primary = tag.toLowerCase().split('-')[0] ?? '';
  return byLang[primary] ?? null;
}

/** "a, b and c" in the frames' language. */
const listFormats = new Map<string, Intl.ListFormat>();

export function listOf(frames: PageFrames, items: readonly string[]): string {
  // Intl formatters are slow to build: one per language.
  let format = listFormats.get(frames.lang);
  if (!format) {
    format = new Intl.ListFormat(frames.lang, { type: 'conjunction', style: 'long' });
    listFormats.set(frames.lang, format);
  }
  return format.format(items);
}
