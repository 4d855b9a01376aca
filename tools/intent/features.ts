/**
 * What the router's classifier sees of a command: words, pairs of words and the character n-grams of
 * each word (so that "invoices", "invoicing" and "Rechnung" share what they can), with the things that
 * vary from one command to the next (ids, amounts, emails, dates, quotes, numbers) replaced by their
 * kind. "wgt_01jdz…" becomes one token that says "a widget id": the kind is the signal, not the id.
 */

import { conceptsOf } from './concepts.js';
import { glossary } from './glossary.js';

/** The English word of the examples that a German, French, Spanish, Italian, Portuguese or Dutch word means (glossary.ts). */
const english = new Map<string, string>();
for (const [word, forms] of Object.entries(glossary)) for (const form of forms.split(' ')) english.set(form, word);

/** An opaque id as every outcome hands them out: a 2–4 letter prefix and a ULID. */
export const opaqueId = /\b([a-z]{2,4})_([0-9a-hjkmnp-tv-z]{26})\b/giu;

const replacements: ReadonlyArray<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  [opaqueId, ' idof$1 '],
  // Bounded, and tried only where a run starts: a 4,000-letter word is not tried from each of its letters.
  [/(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/gu, ' anemail '],
  // A link's path says what it is for ("…/outreach/build"): its words stay, its host and ids do not.
  [/\bhttps?:\/\/[^/\s]+(\/\S*)?|\bwww\.[^/\s]+(\/\S*)?/gu, (_url: string, path = '', bare = '') => ` aurl ${`${path}${bare}`.replace(/[^a-z]+/gu, ' ')} `],
  [/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b/gu, ' ahexcolour '],
  [/\b\d{4}-\d{2}-\d{2}(?:t[\d:.]+z?)?\b/gu, ' adate '],
  [/"[^"]{1,400}"|“[^”]{1,400}”|(?<![\p{L}])'[^']{2,400}'(?![\p{L}])/gu, ' aquote '],
  // Bounded runs: a wall of digits is read in one pass, not tried from every digit.
  [/[$€£¥]\s?\d[\d,.]{0,24}|(?<![\d,.])\d[\d,.]{0,24}\s?(?:[$€£¥]|usd|eur|gbp|jpy|chf|cad|aud)\b/gu, ' amoney '],
  [/\d+(?:[.,]\d+)*/gu, ' anumber '],
];

/** Lower case, without accents, entities replaced by their kind. */
export function normalise(command: string): string {
  let text = command
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  for (const [pattern, token] of replacements) text = typeof token === 'string' ? text.replace(pattern, token) : text.replace(pattern, token);
  return text;
}

export function tokens(normalised: string): string[] {
  return normalised.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

const placeholder = /^(?:idof[a-z]{2,4}|anemail|aurl|ahexcolour|adate|aquote|amoney|anumber)$/u;

/** A word without its inflection ("invoices", "invoiced", "invoicing" → "invoic"): few examples show every form. */
function stemOf(word: string): string {
  if (word.length < 5 || placeholder.test(word)) return word;
  return word.replace(/(?:ing|ings|ed|es|s|er|ers|ly|ment|ments|ion|ions)$/u, '');
}

/** A piece of a word weighs less than a word: it catches a typo or an inflection, it should not outvote the words. */
const gramWeight = 0.2;
const gramSize = 4;

/** The features of a command, each once, with its weight: a word counts more than a piece of one. */
export function featuresOf(command: string): Map<string, number> {
  const original = tokens(normalise(command));
  const features = new Map<string, number>([['bias', 1]]);
  const add = (feature: string, weight = 1) => features.set(feature, weight);
  // Most examples are English: a foreign word is read as the English word it means (its pairs and concepts too), and as itself.
  const words = original.map((word) => english.get(word) ?? word);
  let previous = '^';
  for (const [i, word] of words.entries()) {
    const stem = stemOf(word);
    add(`w:${stem}`);
    add(`b:${previous} ${stem}`);
    previous = stem;
    const own = original[i] as string;
    if (own !== word) add(`w:${stemOf(own)}`);
    // Its letters are the word's own: they catch its typos and inflections.
    if (placeholder.test(own) || own.length < 3) continue;
    const bounded = `<${own}>`;
    for (let start = 0; start + gramSize <= bounded.length; start += 1) add(`c:${bounded.slice(start, start + gramSize)}`, gramWeight);
  }
  // How a command opens says most of what it asks ("Show…", "Change…", "Is…").
  for (const concept of conceptsOf(words.slice(0, 2))) add(`f:${concept}`);
  // What the command asks, as concepts, alone and in pairs (with the kinds of ids it names).
  const kinds = [...conceptsOf(words), ...words.filter((word) => word.startsWith('idof'))].sort();
  for (const [i, kind] of kinds.entries()) {
    add(`k:${kind}`);
    for (const other of kinds.slice(i + 1)) add(`k:${kind}|${other}`);
  }
  return features;
}
