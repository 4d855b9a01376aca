/**
 * Properties every piece of generated copy has, whatever wrote it (template or model), for the widget and content
 * tests to assert over the labelled prompts: it does not parrot the prompt, repeat a word, leave a slot empty, or
 * start or end a sentence badly.
 *
 * Decisions:
 * - Parroting: a prose sentence must not contain the whole prompt (compared word by word, ignoring case and
 *   punctuation) when the prompt has at least PROMPT_MIN_WORDS words (a shorter prompt is a name or a phrase that
 *   copy may repeat), nor any run of RUN_WORDS consecutive prompt words, unless that run lies inside one of the
 *   facts' own texts (a long news item or offering description may be quoted as the caller wrote it).
 * - Doubled words are letters only ("10 10" is not one); the allowlist holds the doubles a language writes on
 *   purpose ("nous nous engageons", "die die Praxis leitet").
 * - Labels (headings, buttons, navigation) get only the empty-slot and doubled-word checks.
 * - A sentence starts with a capital, a digit, a currency sign, a quote mark or an emoji, after an optional "¿"/"¡"
 *   and opening quote or bracket; it ends with . ! ? … or :, optionally followed by closing quotes or brackets and
 *   emoji ("Book today! 🎉").
 */
import { sentencesOf } from '../../src/compose/invention.js';

export interface CopyPiece {
  text: string;
  /** Prose is made of sentences and gets every check; a label (heading, button, nav entry) only the slot and doubled-word ones. */
  kind: 'prose' | 'label';
}

export interface CopyProblem {
  text: string;
  problem: string;
}

export interface CopyOptions {
  /** The facts' own texts (`factTexts(sheet)`): a prompt run inside one of them is not parroting. */
  facts?: readonly string[];
}

export const PROMPT_MIN_WORDS = 6;
export const RUN_WORDS = 12;

const DOUBLES_ALLOWED: Record<string, readonly string[]> = { fr: ['nous', 'vous'], de: ['die', 'der', 'das'] };

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The pieces of a text as copy: Markdown headings are labels; every other line is prose, split into sentences,
 * without its list marker ("- ", "* ", "1. ", "> ").
 */
export function sentencesOfCopy(text: string): CopyPiece[] {
  const pieces: CopyPiece[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '') continue;
    const heading = /^#{1,6}\s+(.*)$/u.exec(line);
    if (heading) {
      pieces.push({ text: heading[1] ?? '', kind: 'label' });
      continue;
    }
    const body = line.replace(/^(?:[-*+•]|\d{1,3}[.)]|>)\s+/u, '');
    for (const s of sentencesOf(body)) pieces.push({ text: body.slice(s.start, s.end), kind: 'prose' });
  }
  return pieces;
}

/** Everything wrong with the given copy; a bare string is prose. */
export function copyProblems(pieces: ReadonlyArray<string | CopyPiece>, prompt: string, lang: string, options: CopyOptions = {}): CopyProblem[] {
  const parrot = parrotCheck(prompt, options.facts ?? []);
  const problems: CopyProblem[] = [];
  for (const piece of pieces) {
    const { text, kind } = typeof piece === 'string' ? { text: piece, kind: 'prose' as const } : piece;
    const found = [...slotProblems(text, lang), ...doubledWords(text, lang)];
    if (kind === 'prose') found.push(...parrot(text), ...shapeProblems(text));
    problems.push(...found.map((problem) => ({ text, problem })));
  }
  return problems;
}

function slotProblems(text: string, lang: string): string[] {
  const problems: string[] = [];
  if (text.trim() === '') return ['empty'];
  if (/[{}]/u.test(text)) problems.push('a template brace');
  const words = /(?<![\p{L}\p{N}])(undefined|null|NaN)(?![\p{L}\p{N}])/gu;
  // German writes "null" for zero.
  for (const m of text.matchAll(words)) if (!(m[1] === 'null' && lang === 'de')) problems.push(`"${m[1]}"`);
  if (text.includes('  ')) problems.push('a double space');
  if (/\s[,.]/u.test(text)) problems.push('a space before "," or "."');
  if (/\(\s*\)|\[\s*\]/u.test(text)) problems.push('empty brackets');
  if (text !== text.trim()) problems.push('leading or trailing space');
  return problems;
}

function doubledWords(text: string, lang: string): string[] {
  const allowed = DOUBLES_ALLOWED[lang] ?? [];
  const problems: string[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(\p{L}+)\s+\1(?![\p{L}\p{N}])/giu)) {
    if (!allowed.includes((m[1] ?? '').toLowerCase())) problems.push(`doubled word "${m[0]}"`);
  }
  return problems;
}

const OPENERS = /^[¿¡]?["'“‘„«‹([]*/u;
const STARTS = /^(?:[\p{Lu}\p{Lt}\p{N}\p{Sc}"'“‘„«‹]|\p{Extended_Pictographic})/u;
const ENDS = /(?:[.!?…:])["'”’»›)\]]*(?:\s*\p{Extended_Pictographic}\uFE0F?)*$/u;

function shapeProblems(text: string): string[] {
  const problems: string[] = [];
  const rest = text.trim().slice(OPENERS.exec(text.trim())?.[0].length ?? 0);
  if (!STARTS.test(rest)) problems.push('does not start with a capital');
  if (!ENDS.test(text.trim())) problems.push('does not end with . ! ? … or :');
  return problems;
}

/** A check that a sentence does not repeat the prompt, built once per prompt. */
function parrotCheck(prompt: string, facts: readonly string[]): (sentence: string) => string[] {
  const promptWords = wordsOf(prompt);
  const whole = promptWords.join(' ');
  const runs = new Set<string>();
  for (let i = 0; i + RUN_WORDS <= promptWords.length; i += 1) runs.add(promptWords.slice(i, i + RUN_WORDS).join(' '));
  const factWords = facts.map((fact) => ` ${wordsOf(fact).join(' ')} `);
  const inFact = (run: string) => factWords.some((fact) => fact.includes(` ${run} `));
  return (sentence) => {
    const words = wordsOf(sentence);
    const joined = ` ${words.join(' ')} `;
    if (promptWords.length >= PROMPT_MIN_WORDS && joined.includes(` ${whole} `) && !inFact(whole)) return ['contains the prompt verbatim'];
    for (let i = 0; i + RUN_WORDS <= words.length; i += 1) {
      const run = words.slice(i, i + RUN_WORDS).join(' ');
      if (runs.has(run) && !inFact(run)) return [`repeats ${RUN_WORDS} words of the prompt: "${run}"`];
    }
    return [];
  };
}
