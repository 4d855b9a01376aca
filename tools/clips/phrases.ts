import nlp from 'compromise';
import { fillerWords, spokenStopwords } from './lexicon.js';

/**
 * Noun phrases and proper nouns of a clip's words, by compromise's part-of-speech tagger, cut
 * down to their core: no determiner or pronoun, no leading common adjective ("huge Star Wars" →
 * "Star Wars"), nothing after a preposition ("President Lula of Brazil" → "President Lula"), a
 * possessive split off ("Stephen King's book" → "Stephen King", "book"). What hashtags, overlays
 * and hook templates are made of, so that none ends on "the" nor says "about dumbest".
 */

export interface Phrase {
  /** The core words as spoken, punctuation off ("U.S." stays, "Brazil." loses its stop). */
  words: string[];
  /** Every word a proper noun ("Star Wars", "Secret Service"). */
  proper: boolean;
  /** Its head noun is plural ("elections"). */
  plural: boolean;
}

interface Term {
  text: string;
  tags: string[];
}

/**
 * Nouns that name nothing in particular: no hashtag, no overlay. Units among them: a phrase cut from
 * "eleven percent protein" or "nineteen degrees" would otherwise be "percent protein", "#Degrees".
 */
const vague = new Set(
  'anything something everything nothing anyone someone everyone nobody somebody everybody one ones year years day days kind sort bit lot fact case point question percent degree degrees minute minutes hour hours second seconds times'.split(
    ' ',
  ),
);

/** Tags that never start (or end) a core. */
const edge = new Set(['Determiner', 'Pronoun', 'Preposition', 'Conjunction', 'Adverb', 'QuestionWord', 'Value', 'Cardinal', 'Ordinal', 'Gerund', 'Verb']);
const has = (term: Term, tag: string) => term.tags.includes(tag);
const isProper = (term: Term) => has(term, 'ProperNoun') || (has(term, 'Noun') && /^\p{Lu}/u.test(term.text) && !has(term, 'Pronoun'));
/** Letters, digits, inner apostrophes, hyphens and dots kept; the rest off. */
const clean = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.]+$/gu, '').replace(/\.$/, (dot) => (/^(?:\p{L}\.)+$/u.test(text.replace(/[^\p{L}.]/gu, '')) ? dot : ''));

/** Splits a noun phrase's terms into cores. */
function cores(terms: readonly Term[]): Term[][] {
  const out: Term[][] = [];
  let current: Term[] = [];
  const flush = () => {
    // Trim the edges: determiners, pronouns, prepositions at either end; common adjectives at the start.
    let start = 0;
    let end = current.length;
    while (start < end && (edge.has(current[start]?.tags.find((tag) => edge.has(tag)) ?? '') || (has(current[start] as Term, 'Adjective') && !isProper(current[start] as Term)))) start += 1;
    while (end > start && (current[end - 1] as Term).tags.some((tag) => edge.has(tag) || tag === 'Adjective' || tag === 'Activity')) end -= 1;
    const core = current.slice(start, end);
    if (core.length) out.push(core);
    current = [];
  };
  for (const term of terms) {
    if (has(term, 'Preposition') || has(term, 'Conjunction') || /[,;:!?]$/.test(term.text.trim())) {
      if (!has(term, 'Preposition') && !has(term, 'Conjunction')) current.push(term);
      flush();
      continue;
    }
    if (has(term, 'Possessive') && !has(term, 'Pronoun')) {
      // "King's" closes the phrase it ends ("Stephen King"); what follows is another ("book").
      current.push({ text: term.text.replace(/['’]s$/i, ''), tags: term.tags });
      flush();
      continue;
    }
    current.push(term);
  }
  flush();
  return out;
}

/** Tags a noun phrase is made of; a run of terms carrying one of them is a phrase to trim. */
const phraseTags = new Set(['Noun', 'Adjective', 'ProperNoun', 'Determiner', 'Possessive']);

interface TaggedTerm {
  text: string;
  tags: Set<string>;
}

/** Closed-class words the tagger sometimes takes for nouns ("its" as a possessive noun, "best" as an actor). */
const determinerWords = new Set('the a an this that these those my your our their his her its some any every no another each'.split(' '));
const superlativeWords = new Set('best worst most least'.split(' '));

/**
 * The tagger's tags with its mistakes on closed-class words put right, a plural "noun" that
 * sits between a noun and a determiner read as the verb it is ("the manager stops no one"), and a
 * bare "verb" closing "the <singular noun> …" read as the noun it is ("the secret garden.": a
 * singular subject takes no bare verb, so "garden" names the thing and "secret" describes it).
 */
function correctedTags(term: TaggedTerm, next: TaggedTerm | undefined, previous: Term | undefined, beforePrevious: Term | undefined): string[] {
  const word = term.text.toLowerCase();
  if (determinerWords.has(word)) return ['Determiner'];
  if (superlativeWords.has(word)) return ['Adjective', 'Superlative'];
  const tags = [...term.tags];
  const nextIsDeterminer = next !== undefined && (determinerWords.has(next.text.toLowerCase()) || next.tags.has('Pronoun'));
  if (nextIsDeterminer && tags.includes('Plural') && !tags.includes('ProperNoun') && previous !== undefined && previous.tags.includes('Noun')) return ['Verb'];
  const closesClause = next === undefined || /[,;:.!?]$/.test(term.text + ((term as unknown as { post?: string }).post ?? '').trim());
  const afterSingularNoun =
    previous !== undefined && previous.tags.includes('Singular') && !previous.tags.includes('ProperNoun') && !previous.tags.includes('Pronoun') && beforePrevious?.tags.includes('Determiner') === true;
  if (closesClause && afterSingularNoun && tags.includes('Infinitive') && !tags.includes('Modal')) return ['Noun', 'Singular'];
  return tags;
}

/**
 * The noun phrases of a text, in order of first mention, each once (by its lower-cased words).
 * The tagger's terms are read directly and chunked here: compromise's own noun-phrase pass costs
 * several times its tagging.
 */
export function phrasesOf(text: string): Phrase[] {
  const seen = new Set<string>();
  const out: Phrase[] = [];
  const document = (nlp(text) as unknown as { document: TaggedTerm[][] }).document;
  const runs: Term[][] = [];
  for (const sentence of document) {
    let run: Term[] = [];
    for (const [index, term] of sentence.entries()) {
      const tags = correctedTags(term, sentence[index + 1], run.at(-1), run.at(-2));
      const inPhrase = tags.some((tag) => phraseTags.has(tag)) && !tags.includes('Pronoun') && !tags.includes('Verb');
      if (inPhrase) run.push({ text: term.text, tags });
      // A comma or a full stop ends the phrase too.
      if (!inPhrase || /[,;:.!?]$/.test(term.text + ((term as unknown as { post?: string }).post ?? '').trim())) {
        if (run.length) runs.push(run);
        run = [];
      }
    }
    if (run.length) runs.push(run);
  }
  for (const run of runs) {
    for (const core of cores(run)) {
      const words = core.map((term) => clean(term.text)).filter(Boolean);
      // Contractions and pronouns are no topic; fillers, function words and vague nouns neither.
      if (!words.length || words.some((word) => /['’]/.test(word) || spokenStopwords.has(word.toLowerCase()) || fillerWords.has(word.toLowerCase()) || vague.has(word.toLowerCase()))) continue;
      if (!core.some((term) => has(term, 'Noun'))) continue;
      const key = words.join(' ').toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ words, proper: core.every(isProper), plural: has(core.at(-1) as Term, 'Plural') });
    }
  }
  return out;
}

/** A phrase as a hashtag: each word capitalised, its punctuation off, joined ("#StarWars", "#SecretServiceDirector", "#US"). */
export const hashtagOf = (words: readonly string[]) =>
  `#${words
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;

/** A phrase after "about": a common singular noun takes "the" ("about the running mate"), names and plurals go bare. */
export const objectOf = (phrase: Phrase) => `${phrase.proper || phrase.plural ? '' : 'the '}${phrase.words.join(' ')}`;
