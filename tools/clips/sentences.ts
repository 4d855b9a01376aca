import { fillerWords } from './lexicon.js';
import { countWords, type Cue, type Word } from './transcript.js';

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}'-]/gu, '');

/**
 * Sentence units with timings. Words keep their real times when the transcript has them, else
 * a cue's time is shared among its words by length. Sentences end at terminal punctuation,
 * and, for captions without punctuation (auto-captions), at pauses and at a length limit.
 */

export interface Sentence {
  index: number;
  start: number;
  end: number;
  text: string;
  words: Word[];
  /** Whether its words carry real timings. */
  timedWords: boolean;
  speaker?: string;
}

/** A pause this long (seconds) ends an unpunctuated sentence. */
const PAUSE = 0.7;
const MAX_WORDS = 40;
/** Seconds: the shortest sentence unit. */
const MIN_UNIT = 1;
/** Titles and abbreviations, and dotted initials ("U.S.", "a.m."), whose full stop ends no sentence. */
const abbreviation = /^["'([]?(?:mr|mrs|ms|dr|prof|st|vs|etc|e\.g|i\.e|inc|ltd|jr|sr|no|vol|approx|(?:\p{L}\.){2,}\p{L}?)\.?$/iu;

/** The words of a cue with their times: real ones, or its span shared by length. */
function wordsOf(cue: Cue): { words: Word[]; timed: boolean } {
  if (cue.words?.length) return { words: cue.words, timed: true };
  const texts = cue.text.split(/\s+/).filter(Boolean);
  const weight = texts.reduce((sum, text) => sum + text.length + 1, 0) || 1;
  const span = cue.end - cue.start;
  let at = cue.start;
  return {
    words: texts.map((text) => {
      const length = ((text.length + 1) / weight) * span;
      const word = { start: at, end: at + length, text };
      at += length;
      return word;
    }),
    timed: false,
  };
}

/** The words sentencesOf will find in the cues, counted without building them. */
export const wordCount = (cues: readonly Cue[]) => cues.reduce((sum, cue) => sum + (cue.words?.length || countWords(cue.text)), 0);

export function sentencesOf(cues: readonly Cue[]): Sentence[] {
  const sentences: Sentence[] = [];
  let current: Word[] = [];
  let timed = true;
  let speaker: string | undefined;
  let lastEnd = -Infinity;
  // A unit lasts at least MIN_UNIT: "Yes." or a burst of one-word captions joins what follows, which
  // also bounds the number of clip candidates by the talk's length rather than its line count.
  const long = () => current.length > 0 && (current.at(-1) as Word).end - (current[0] as Word).start >= MIN_UNIT;
  const close = () => {
    if (!current.length) return;
    const first = current[0] as Word;
    const last = current.at(-1) as Word;
    sentences.push({
      index: sentences.length,
      start: first.start,
      end: Math.max(last.end, first.start + 0.2),
      text: current.map((word) => word.text).join(' '),
      words: current,
      timedWords: timed,
      ...(speaker ? { speaker } : {}),
    });
    current = [];
    timed = true;
  };
  for (const cue of cues) {
    if (cue.speaker !== speaker && current.length) close();
    speaker = cue.speaker;
    const { words, timed: real } = wordsOf(cue);
    for (const word of words) {
      // Overlapping cues: time never runs backwards inside the unit list (a word starts no earlier than the one before ends).
      const start = Math.max(word.start, lastEnd);
      const timedWord = { start, end: Math.max(start, word.end), text: word.text };
      if (current.length && ((timedWord.start - lastEnd >= PAUSE && long()) || current.length >= MAX_WORDS)) close();
      current.push(timedWord);
      timed &&= real;
      lastEnd = timedWord.end;
      // A reply of fillers alone ("Mm-hmm.", "Yeah, yeah.") stays its own unit: joined to what follows, it would open it.
      if (/[.!?…]["')\]]*$/.test(word.text) && !abbreviation.test(word.text) && (long() || current.every((each) => fillerWords.has(bare(each.text))))) close();
    }
  }
  close();
  return sentences;
}
