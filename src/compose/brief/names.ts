/** Names: quoted phrases, lower-case names after "called", capitalised runs, ranked best first. */
import { dedupe } from './lists.js';
import { CURRENCY_CODES } from './prices.js';
import { firstMatches, type Span } from './spans.js';
import { normaliseWhitespace } from './text.js';
import { isCapitalised, isCommonWord, isFunctionWord, joined, termText, type Term } from './terms.js';
import { ACRONYMS, CALENDAR_WORDS, GENERIC, NATIONALITIES, PHRASE_STOP, PROMPT_STOPWORDS, VERBISH } from './vocabulary.js';

const MAX_NAME_CHARS = 60;
const MAX_NAME_WORDS = 6;

const QUOTED = [
  /(?<![\p{L}\p{N}])"([^"\n]{1,80})"(?![\p{L}\p{N}])/gu,
  /“([^”\n]{1,80})”/gu,
  /«([^»\n]{1,80})»/gu,
  /„([^“”\n]{1,80})[“”]/gu,
  /(?<![\p{L}\p{N}])‘([^’\n]{1,80})’(?![\p{L}\p{N}])/gu,
  /(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])/gu,
];

function cleanName(raw: string): string | null {
  const name = normaliseWhitespace(raw)
    .replace(/^[\s,;:.!?'"“”‘’«»-]+|[\s,;:!?'"“”‘’«»-]+$/gu, '')
    .replace(/['’]s$/u, ''); // Acme's online store
  if (!name || name.length > MAX_NAME_CHARS || !/\p{L}/u.test(name)) return null;
  if (name.split(' ').length > MAX_NAME_WORDS) return null;
  if (/[@/]|\.[a-z]{2,}$/iu.test(name)) return null; // an email or a URL, not a name
  return name;
}

export function extractQuotedNames(text: string): Array<{ name: string; start: number }> {
  const found: Array<{ name: string; start: number }> = [];
  for (const re of QUOTED) {
    for (const m of firstMatches(text, re)) {
      const name = cleanName(m[1] ?? '');
      if (name) found.push({ name, start: m.index });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const NAME_CONNECTORS = new Set(['&', '+', 'of', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'del', "'n'", "n'", '’n’']);

export interface NameFound extends Span {
  name: string;
  words: number;
}

export function capitalisedNames(terms: readonly Term[], text: string): NameFound[] {
  const found: NameFound[] = [];
  let i = 0;
  while (i < terms.length) {
    const start = terms[i] as Term;
    if (!isCapitalised(start)) {
      i += 1;
      continue;
    }
    const run: Term[] = [start];
    let j = i;
    while (j + 1 < terms.length) {
      const current = terms[j] as Term;
      const next = terms[j + 1];
      if (!next || !joined(current, next) || next.initial) break;
      if (isCapitalised(next) || /^\p{N}+\p{Lu}+$/u.test(next.text)) {
        run.push(next);
        j += 1;
      } else if (NAME_CONNECTORS.has(next.text.toLowerCase()) && joined(next, terms[j + 2]) && isCapitalised(terms[j + 2] as Term) && !(terms[j + 2] as Term).initial) {
        run.push(next, terms[j + 2] as Term);
        j += 2;
      } else {
        break;
      }
    }
    i = j + 1;

    // "Create Acme Cloud…": a sentence-initial verb or function word is not part of the name.
    while (run.length > 0) {
      const first = run[0] as Term;
      const drop =
        NAME_CONNECTORS.has(first.lower) ||
        first.lower === 'the' ||
        ACRONYMS.has(first.lower) ||
        (first.initial && (isFunctionWord(first) || VERBISH.has(first.lower) || PROMPT_STOPWORDS.has(first.lower) || GENERIC.has(first.lower) || (first.tags.has('Verb') && !first.tags.has('Noun'))));
      if (!drop) break;
      run.shift();
    }
    while (run.length > 0) {
      const last = run.at(-1) as Term;
      if (!NAME_CONNECTORS.has(last.lower) && !ACRONYMS.has(last.lower) && !CALENDAR_WORDS.has(last.lower)) break;
      run.pop();
    }
    if (run.length === 0 || run.length > MAX_NAME_WORDS) continue;
    const first = run[0] as Term;
    if (run.every((t) => t.tags.has('Place')) && !run.some((t) => t.tags.has('Organization'))) continue;
    if (run.every((t) => isCommonWord(t.lower) || NAME_CONNECTORS.has(t.lower))) continue;
    if (run.length === 1) {
      if (first.lower.length < 2 || isCommonWord(first.lower) || NATIONALITIES.has(first.lower) || first.tags.has('Value') || CURRENCY_CODES.has(first.text)) continue;
      // A lone sentence-initial word is only a name when something says so: "Nimbus is a…", an organisation tag.
      const at = terms.indexOf(first);
      const next = terms[at + 1];
      const afterNext = terms[at + 2];
      const introduced = (next?.lower === 'is' || next?.lower === 'are') && ['a', 'an', 'the', 'our', 'my'].includes(afterNext?.lower ?? '');
      if (first.initial && !first.tags.has('Organization') && !introduced) continue;
    }
    const name = cleanName(termText(text, run));
    if (name) found.push({ name, start: first.start, end: (run.at(-1) as Term).end, words: run.length });
  }
  return found;
}

/** "a bakery called sweet crumbs": lower-case names after "called"/"named". */
export function calledNames(terms: readonly Term[], text: string): NameFound[] {
  const found: NameFound[] = [];
  terms.forEach((term, i) => {
    if (!['called', 'named', 'titled', 'dubbed'].includes(term.lower) || /[,.;:!?]/u.test(term.post)) return;
    const run: Term[] = [];
    for (let k = i + 1; k < terms.length && run.length < 4; k += 1) {
      const next = terms[k] as Term;
      if (/^["'“‘«]/u.test(next.pre)) return; // quoted: the quote pass has it
      if (run.length === 0 && next.lower === 'the') continue;
      if (PHRASE_STOP.has(next.lower) || ['for', 'and', 'or', 'with', 'a', 'an'].includes(next.lower) || !/\p{L}/u.test(next.text)) break;
      run.push(next);
      if (!/^\s*$/u.test(next.post)) break;
    }
    if (run.length === 0 || run.every((t) => isCommonWord(t.lower))) return;
    const name = cleanName(termText(text, run));
    if (name) found.push({ name, start: (run[0] as Term).start, end: (run.at(-1) as Term).end, words: run.length });
  });
  return found;
}

/** Best first, without repeats, and without a name that an earlier one already contains ("Acme" after "Acme Cloud"). */
export function rankNames(candidates: readonly string[]): string[] {
  const unique = dedupe(candidates, (name) => name.toLowerCase());
  const words = (name: string): string =>
    ` ${name
      .toLowerCase()
      .split(/[^\p{L}\p{N}&]+/u)
      .filter(Boolean)
      .join(' ')} `;
  return unique.filter((name, i) => !unique.slice(0, i).some((earlier) => words(earlier).includes(words(name))));
}
