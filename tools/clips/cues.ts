import { lineBreaks } from '../../src/render/captions.js';
import type { Word } from './transcript.js';

/**
 * The caption cues of a clip, as a caption editor would write them: stage directions ("[laughs]",
 * "(music)"), speaker labels ("Brady:", ">>") and cues that are only filler ("Yeah.", "Mm-hmm.")
 * left out; at most 2 lines of 42 characters and 6 s a cue; each cue on screen at least 0.8 s,
 * held into the silence after it or else merged with a neighbour. Times are milliseconds from the
 * clip's start.
 */

export const MAX_LINE = 42;
export const MAX_LINES = 2;
export const MAX_CUE_MS = 6000;
export const MIN_CUE_MS = 800;

/** One caption on screen: its words (kept for the word-by-word files) and its lines. */
export interface CaptionBlock {
  start: number;
  end: number;
  words: Word[];
  lines: string[];
}

interface CaptionWord extends Word {
  /** The spoken word ended a sentence (kept when its punctuation was in a dropped stage direction). */
  ends: boolean;
}

const sentenceEnd = /[.!?…]["')\]]*$/;

/** Fillers that make a cue on their own and say nothing: a cue of only these is dropped. */
const fillers = new Set('um umm uh uhh uh-huh mm mmm mhm mm-hmm hmm hm er erm ah oh yeah yep yup right okay ok so well like huh'.split(' '));
const isFiller = (text: string) => fillers.has(text.toLowerCase().replace(/[^\p{L}-]/gu, ''));

/** A stage direction whose bracket does not close within this many words is taken as text. */
const MAX_DIRECTION_WORDS = 20;
const opening = new Set(['[', '(']);
const closing: Record<string, string> = { '[': ']', '(': ')' };

/** The text of each word from `from` on, outside brackets, or null when the bracket opened there does not close in time. */
function outsideBrackets(words: readonly Word[], from: number): { kept: string[]; last: number } | null {
  const kept: string[] = [];
  const stack: string[] = [];
  for (let index = from; index < Math.min(words.length, from + MAX_DIRECTION_WORDS); index += 1) {
    let outside = '';
    for (const char of (words[index] as Word).text) {
      if (opening.has(char)) stack.push(closing[char] as string);
      else if (stack.length && char === stack.at(-1)) stack.pop();
      else if (!stack.length) outside += char;
    }
    kept.push(outside);
    if (!stack.length) return { kept, last: index };
  }
  return null;
}

/** ">>", a dialogue dash, "*laughs*", music notes: marks, not words. */
const markOnly = /^(?:>{2,}|[-–—]{1,2}|\*[^*]+\*[.,!?…]*|[♪♫]+)$/u;
const labelName = /^\p{Lu}[\p{L}\p{M}\d_.'’-]*$/u;
const labelEnd = /^\p{Lu}[\p{L}\p{M}\d_.'’-]*:$/u;
const numberedLabel = /^(?:speaker|guest|host|interviewer|interviewee|voice|person|caller|participant)$/i;

/** How many words a speaker label ("Brady:", "Ada Lovelace:", "SPEAKER_01:", "Speaker 2:") at `at` takes, or 0. */
function labelLength(words: readonly CaptionWord[], at: number): number {
  for (let length = 1; length <= 3 && at + length <= words.length; length += 1) {
    const last = (words[at + length - 1] as CaptionWord).text;
    const names = words.slice(at, at + length - 1).map((word) => word.text);
    if (!names.every((name) => labelName.test(name))) return 0;
    if (labelEnd.test(last)) return length;
    if (length === 2 && /^\d{1,3}:$/.test(last) && numberedLabel.test(names[0] as string)) return length;
  }
  return 0;
}

/** The words without stage directions, marks and speaker labels; a dropped word's sentence end passes to the word before. */
function spokenWords(words: readonly Word[]): CaptionWord[] {
  const out: CaptionWord[] = [];
  const drop = (text: string) => {
    const previous = out.at(-1);
    if (!previous || !sentenceEnd.test(text)) return;
    previous.ends = true;
    // "loud [music]." reads "loud."
    if (!sentenceEnd.test(previous.text)) previous.text += /[.!?…]+/.exec(text)?.[0] ?? '';
  };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as Word;
    if (/[[(]/.test(word.text)) {
      const stripped = outsideBrackets(words, index);
      if (stripped) {
        stripped.kept.forEach((text, offset) => {
          const original = words[index + offset] as Word;
          if (/[\p{L}\p{N}]/u.test(text)) out.push({ start: original.start, end: original.end, text: text.trim(), ends: sentenceEnd.test(original.text) });
          else drop(original.text);
        });
        index = stripped.last;
        continue;
      }
    }
    if (markOnly.test(word.text)) {
      drop(word.text);
      continue;
    }
    out.push({ ...word, ends: sentenceEnd.test(word.text) });
  }
  // Labels open a turn: at the start, or after a sentence end.
  const kept: CaptionWord[] = [];
  for (let index = 0; index < out.length; index += 1) {
    const turn = index === 0 || (out[index - 1] as CaptionWord).ends;
    const label = turn ? labelLength(out, index) : 0;
    if (label) index += label - 1;
    else kept.push(out[index] as CaptionWord);
  }
  return kept;
}

/** Sentences made only of fillers ("Yeah.", "Mm-hmm, right.") are not captioned. */
function withoutFillerSentences(words: readonly CaptionWord[]): CaptionWord[] {
  const out: CaptionWord[] = [];
  let sentence: CaptionWord[] = [];
  const flush = () => {
    if (!sentence.every((word) => isFiller(word.text))) out.push(...sentence);
    sentence = [];
  };
  for (const word of words) {
    sentence.push(word);
    if (word.ends) flush();
  }
  flush();
  return out;
}

const fitsLines = (words: readonly Word[]) =>
  lineBreaks(
    words.map((word) => word.text),
    MAX_LINE,
  ).length <= MAX_LINES;

/** Groups of ≤ 2 lines and ≤ 6 s, ending at sentence ends. Lines are filled as lineBreaks fills them, a word at a time. */
function groupsOf(words: readonly CaptionWord[]): CaptionWord[][] {
  const groups: CaptionWord[][] = [];
  let group: CaptionWord[] = [];
  let lines = 0;
  let length = 0;
  const close = () => {
    if (group.length) groups.push(group);
    group = [];
    lines = 0;
    length = 0;
  };
  for (const word of words) {
    const sameLine = lines > 0 && length + 1 + word.text.length <= MAX_LINE;
    const tooLong = group.length > 0 && word.end - (group[0] as Word).start > MAX_CUE_MS;
    if (tooLong || (!sameLine && lines === MAX_LINES)) close();
    if (lines > 0 && length + 1 + word.text.length <= MAX_LINE) length += 1 + word.text.length;
    else {
      lines += 1;
      length = word.text.length;
    }
    group.push(word);
    if (word.ends) close();
  }
  close();
  return groups;
}

const mergeable = (a: readonly Word[], b: readonly Word[]) => (b.at(-1) as Word).end - (a[0] as Word).start <= MAX_CUE_MS && fitsLines([...a, ...b]);

/**
 * A group with less than 0.8 s before the next one (or the clip's end) joins its neighbour: the
 * next one if both fit in one cue, else the previous one. When neither fits (speech too dense for
 * two lines in 0.8 s), the lines win: the cue borrows its time from its neighbours (captionBlocks).
 */
function mergeShort(groups: readonly CaptionWord[][], total: number): CaptionWord[][] {
  const out: CaptionWord[][] = [];
  const room = (group: readonly Word[], nextStart: number) => Math.min(total, nextStart) - (group[0] as Word).start;
  let current = groups[0];
  for (let index = 1; current && index <= groups.length; index += 1) {
    const next = groups[index];
    if (room(current, next ? (next[0] as Word).start : total) < MIN_CUE_MS) {
      if (next && mergeable(current, next)) {
        current = [...current, ...next];
        continue;
      }
      const previous = out.at(-1);
      if (previous && mergeable(previous, current)) {
        out[out.length - 1] = [...previous, ...current];
        current = next;
        continue;
      }
    }
    out.push(current);
    current = next;
  }
  return out;
}

const linesOf = (texts: readonly string[]) => {
  const starts = lineBreaks(texts, MAX_LINE);
  return starts.map((start, index) => texts.slice(start, starts[index + 1] ?? texts.length).join(' '));
};

/** The caption blocks of a clip's words (timed from the clip's start, within its `total` milliseconds). */
export function captionBlocks(words: readonly Word[], total: number): CaptionBlock[] {
  const groups = mergeShort(groupsOf(withoutFillerSentences(spokenWords(words))), total);
  const blocks = groups.map((group) => ({
    start: (group[0] as Word).start,
    end: 0,
    words: group.map(({ start, end, text }) => ({ start, end, text })),
    lines: linesOf(group.map((word) => word.text)),
  }));
  // On screen from its first word to at least 0.8 s later (its last word if later), never past the
  // next cue, the clip's end (the cut stops there) or 6 s.
  blocks.forEach((block, index) => {
    const next = blocks[index + 1]?.start ?? total;
    const last = (block.words.at(-1) as Word).end;
    block.end = Math.min(Math.max(last, block.start + MIN_CUE_MS), next, total, block.start + MAX_CUE_MS);
    if (block.end <= block.start) block.end = block.start + 1;
  });
  // Still short (dense speech that neither neighbour could take in two lines): the cue borrows time from its
  // neighbours, each keeping its own 0.8 s, and shows a little before its first word or after its last.
  blocks.forEach((block, index) => {
    if (block.end - block.start >= MIN_CUE_MS) return;
    const previous = blocks[index - 1];
    const start = Math.max(previous ? previous.start + MIN_CUE_MS : 0, block.end - MIN_CUE_MS);
    if (start < block.start) {
      if (previous) previous.end = Math.min(previous.end, start);
      block.start = start;
    }
    const next = blocks[index + 1];
    const end = Math.min(next ? next.end - MIN_CUE_MS : total, block.start + MIN_CUE_MS);
    if (end > block.end) {
      if (next) next.start = Math.max(next.start, end);
      block.end = end;
    }
  });
  return blocks;
}
