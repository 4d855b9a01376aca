import { danglingOpeners, fillerWords, handover, introLine, replyOpeners, setupOpeners, showStarts, signOff, sponsorEnd, sponsorStart, tagQuestion } from './lexicon.js';
import type { Sentence } from './sentences.js';

/**
 * What each sentence does in the talk, for where a clip may start and end: whether it opens a
 * thought (a sentence start that is not a reply fragment nor "so", "and", "yeah"), closes one (a
 * finished sentence, not cut off), sets something up (a question, a claim, a story start), and
 * whether it is housekeeping (a sponsor read, an intro, a sign-off), which no clip may hold.
 */
export interface Roles {
  /** A clip may start here: the start of a sentence that opens a thought. */
  opens: boolean[];
  /** The start of a sentence (after a finished one, or a new speaker's turn), whatever its first word. */
  startsSentence: boolean[];
  /** A clip may end here: a finished sentence, not cut off, not housekeeping. */
  closes: boolean[];
  /** The end of a sentence: terminal punctuation (or an unpunctuated transcript). */
  endsSentence: boolean[];
  question: boolean[];
  setup: boolean[];
  housekeeping: boolean[];
  /** Words that are only fillers ("yeah", "right", "mm"), per sentence. */
  fillers: number[];
  /** Cut off mid-way ("and what I'm saying —"): crosstalk, when a window holds many. */
  cutOff: boolean[];
}

const terminal = /[.!?]["')\]”’]*$/;
/** Cut off or trailing away: "and —", "so…". */
const unfinished = /(?:[-–—]|…|\.\.\.)["')\]”’]*$/;
export const fillerPattern = new RegExp(`^[^\\p{L}]*(?:${[...fillerWords].join('|')})[^\\p{L}]*$`, 'iu');
/** A false start: a word or two, a comma, then a restart ("It's, but the…", "The, and the laptop…", "We, you know, we're…"). */
const falseStart = /^[^\p{L}]*(?:[\p{L}'’]+\s+){0,1}[\p{L}'’]+,\s+(?:but|and|so|or|you know|i mean|like|uh|um|the|it|it's|we|we're|i|i'm)\b/iu;
/** A short thanks or acknowledgement ("Thanks, Karine.", "Very good.") or a tag question ("You know what I'm saying?"): the tail of what came before. */
const acknowledgement = /^(?:thanks?|thank you|very good|great|good|got it|fair enough|cool|wow|interesting|perfect|all right|alright)\b[^.?!]{0,20}[.!?]["')\]”’]*$/iu;
/** A unit that begins with a brief acknowledgement run together with what follows ("Very good. And so, …"). */
const acknowledgementFirst =
  /^(?:thanks?|thank you|very good|great|good|got it|fair enough|cool|wow|interesting|perfect|all right|alright|that['’]s (?:right|true|correct|great|fair))\b[^.?!]{0,12}[.!?]["')\]”’]*\s/iu;
/** Stage directions before the first word ("[Laughter] Well, …"): the first word is the one after them. */
const leadingDirections = /^(?:\s*(?:\[[^\]]{0,60}\]|\([^)]{0,60}\)))+\s*/u;
/** "No one…", "No matter…": a thought that opens with "no", not a reply. */
const noThought = /^no (?:one|matter|doubt|wonder)\b/i;
const bare = (word: string | undefined) => (word ?? '').toLowerCase().replace(/[^\p{L}'-]/gu, '');

/** Seconds a sponsor read runs at most from its "brought to you by"; without a closing offer, this long. */
const SPONSOR_REACH = 120;
const SPONSOR_DEFAULT = 45;
/** Intros are read as such this far into the talk, sign-offs this close to its end (or a twentieth of it). */
const EDGE = 120;

export function rolesOf(sentences: readonly Sentence[]): Roles {
  const n = sentences.length;
  // Curly apostrophes read as straight ones: the patterns write "let's", transcripts often "let’s".
  const texts = sentences.map((sentence) => sentence.text.trim().replace(/[‘’]/g, "'"));
  const punctuated = texts.some((text) => terminal.test(text));
  const endsSentence = texts.map((text) => !punctuated || (terminal.test(text) && !unfinished.test(text)));
  const startsSentence = sentences.map((sentence, index) => {
    if (index === 0) return true;
    const text = texts[index] as string;
    if (/^[-–—…]|^\.\.\./.test(text)) return false;
    const newTurn = sentence.speaker !== undefined && sentence.speaker !== (sentences[index - 1] as Sentence).speaker;
    if (!punctuated) return true;
    return (newTurn || terminal.test(texts[index - 1] as string)) && !/^\p{Ll}/u.test(text);
  });
  // A pattern, not a lower-cased copy of each word: a long talk has hundreds of thousands of words.
  const fillers = sentences.map((sentence) => {
    let count = 0;
    for (const word of sentence.words) if (word.text.length <= 12 && fillerPattern.test(word.text)) count += 1;
    return count;
  });
  const fillerOnly = sentences.map((sentence, index) => (fillers[index] as number) >= sentence.words.length);
  const question = texts.map((text) => /\?["')\]”’]*$/.test(text));
  const setup = texts.map((text, index) => (question[index] as boolean) || setupOpeners.test(text.replace(/^[^\p{L}]+/u, '')));
  const housekeeping = markHousekeeping(sentences, texts);
  const cutOff = texts.map((text) => unfinished.test(text));
  const opens = sentences.map((_sentence, index) => {
    const spoken = (texts[index] as string).replace(leadingDirections, '');
    const first = bare(spoken.split(/\s/, 1)[0]);
    return (
      (startsSentence[index] as boolean) &&
      !cutOff[index] &&
      !fillerPattern.test(spoken.split(/\s/, 1)[0] ?? '') &&
      !danglingOpeners.has(first) &&
      !(replyOpeners.has(first) && !noThought.test(spoken)) &&
      !falseStart.test(texts[index] as string) &&
      !acknowledgement.test(texts[index] as string) &&
      !acknowledgementFirst.test(spoken) &&
      !tagQuestion.test(texts[index] as string) &&
      !fillerOnly[index] &&
      !housekeeping[index]
    );
  });
  const closes = sentences.map((sentence, index) => {
    const last = bare(sentence.words.at(-1)?.text);
    return (endsSentence[index] as boolean) && !fillerOnly[index] && !housekeeping[index] && !(danglingOpeners.has(last) && last !== 'that' && last !== 'it' && last !== 'them');
  });
  return { opens, startsSentence, closes, endsSentence, question, setup, housekeeping, fillers, cutOff };

  function markHousekeeping(list: readonly Sentence[], lines: readonly string[]): boolean[] {
    const marked = new Array<boolean>(n).fill(false);
    const end = list.at(-1)?.end ?? 0;
    const tail = Math.max(end - EDGE, end * 0.95);
    for (let index = 0; index < n; index += 1) {
      const sentence = list[index] as Sentence;
      const text = lines[index] as string;
      if (sponsorStart.test(text)) {
        // The read runs to its last offer ("use code …", "….com/…") within reach.
        // The read runs to its last offer ("use code …", "….com/…") within reach, else (no offer) its
        // reader's turn for SPONSOR_DEFAULT seconds.
        let last = index;
        let offer = -1;
        let sameTurn = true;
        for (let next = index; next < n && (list[next] as Sentence).start - sentence.start <= SPONSOR_REACH; next += 1) {
          if (/\b(?:back to (?:the|our) (?:show|episode|conversation|interview)|and now,? back)\b/i.test(lines[next] as string) && next > index) break;
          if (sponsorEnd.test(lines[next] as string)) offer = next;
          sameTurn &&= (list[next] as Sentence).speaker === sentence.speaker;
          if (sameTurn && (list[next] as Sentence).start - sentence.start <= SPONSOR_DEFAULT) last = next;
        }
        for (let k = index; k <= (offer >= 0 ? offer : last); k += 1) marked[k] = true;
        continue;
      }
      if (/\b(?:promo code|discount code|coupon code|use (?:the )?code \w+|\d+ ?% off|percent off)\b/i.test(text)) {
        // An offer without its trigger: it, and the two sentences that lead to it.
        for (let k = Math.max(0, index - 2); k <= index; k += 1) marked[k] = true;
        continue;
      }
      if ((sentence.start <= EDGE && introLine.test(text)) || handover.test(text)) marked[index] = true;
      if (sentence.start <= EDGE && showStarts.test(text)) {
        // "Let's get into it" after an intro: the announcements between them are intro too.
        const intro = marked.indexOf(true);
        for (let k = intro >= 0 && intro < index ? intro : index; k <= index; k += 1) marked[k] = true;
      }
      if (signOff.test(text)) {
        marked[index] = true;
        // A sign-off near the end ends the talk: what follows is goodbyes.
        if (sentence.start >= tail) {
          for (let k = index; k < n; k += 1) marked[k] = true;
          break;
        }
      }
    }
    return marked;
  }
}
