import { capitalize, fit } from '../../src/compose/text.js';
import { lineBreaks, vttEscape, writeSrt, writeVtt, type CaptionCue } from '../../src/render/captions.js';
import { writeAss, writeHighlightAss } from './ass.js';
import type { TextWidth } from './caption-font.js';
import { captionBlocks, MAX_LINE, type CaptionBlock } from './cues.js';
import { platformRules, type Platform } from './platforms.js';
import { boldWords, fillerWords, isEmotional, setupOpeners, stem, tagQuestion } from './lexicon.js';
import { hashtagOf, phrasesOf } from './phrases.js';
import type { Clip } from './schema.js';
import type { Scored } from './score.js';
import type { Sentence } from './sentences.js';
import type { Word } from './transcript.js';

/** What a clip ships with: captions, hooks, post captions and a thumbnail brief (the cut is in layout.ts). */

interface ClipWords {
  words: Word[];
  timed: boolean;
  /** The clip's length in milliseconds: no word (and no cue) runs past it. */
  total: number;
}

/** The clip's words, timed relative to its start, in milliseconds. */
function clipWords(sentences: readonly Sentence[], clip: Scored): ClipWords {
  const chosen = sentences.slice(clip.first, clip.last + 1);
  const words = chosen.flatMap((sentence) => sentence.words).map((word) => ({ start: Math.round((word.start - clip.start) * 1000), end: Math.round((word.end - clip.start) * 1000), text: word.text }));
  const total = Math.round((clip.end - clip.start) * 1000);
  for (const word of words) {
    word.start = Math.min(Math.max(0, word.start), total);
    word.end = Math.min(Math.max(word.start, word.end), total);
  }
  return { words, timed: chosen.every((sentence) => sentence.timedWords), total };
}

/** The captions of a clip; its highlight files are word by word (the spoken word marked). */
export type CaptionPack = Clip['captions'];

/** A loop, not Math.max(...lines): a dense clip has more caption lines than the stack holds arguments. */
function longestLine(blocks: readonly CaptionBlock[]): number {
  let longest = 0;
  for (const block of blocks) for (const line of block.lines) longest = Math.max(longest, line.length);
  return longest;
}

/** The word-by-word WebVTT: one cue per word, the whole caption shown with the spoken word in <c.highlight>. */
function highlightVtt(blocks: readonly CaptionBlock[]): string {
  const cues: CaptionCue[] = [];
  for (const block of blocks) {
    const texts = block.words.map((word) => word.text);
    const lines = lineBreaks(texts, MAX_LINE);
    block.words.forEach((word, wordIndex) => {
      const text = texts
        .map((other, otherIndex) => (otherIndex === wordIndex ? `<c.highlight>${vttEscape(other)}</c>` : vttEscape(other)))
        .map((token, otherIndex) => (otherIndex > 0 && lines.includes(otherIndex) ? `\n${token}` : otherIndex > 0 ? ` ${token}` : token))
        .join('');
      const start = wordIndex === 0 ? block.start : Math.min(word.start, block.end);
      const end = Math.min(block.words[wordIndex + 1]?.start ?? block.end, block.end);
      cues.push({ start, end: Math.max(end, start + 1), text });
    });
  }
  return writeVtt(cues, '::cue(.highlight) { color: #ffd400; font-weight: bold; }');
}

/**
 * SRT, WebVTT and ASS (the burn-in file) of the same cues (see cues.ts for the rules), and, when
 * the transcript times its words, the word-by-word WebVTT and ASS. `width` measures a line in the
 * burn-in font (captionFont()).
 */
export function captionPack(sentences: readonly Sentence[], clip: Scored, width: TextWidth): CaptionPack {
  const { words, timed, total } = clipWords(sentences, clip);
  const blocks = captionBlocks(words, total);
  const cues: CaptionCue[] = blocks.map((block) => ({ start: block.start, end: block.end, text: block.lines.join('\n') }));
  return {
    srt: writeSrt(cues),
    vtt: writeVtt(cues.map((cue) => ({ ...cue, text: vttEscape(cue.text) }))),
    ass: writeAss(blocks, width),
    highlight_vtt: timed ? highlightVtt(blocks) : null,
    highlight_ass: timed ? writeHighlightAss(blocks, width) : null,
    cues: cues.length,
    max_line_chars: longestLine(blocks),
  };
}

/** Words of the clip given to the tagger at most: its most telling sentences, so that tagging stays a few milliseconds a clip. */
const TAG_WORDS = 45;

/**
 * The clip's key phrases, best first: noun phrases and proper nouns (phrases.ts) of its most telling
 * sentences, weighed by how often their words come in the clip and how rare they are in the rest
 * of the talk (tf-idf over sentences), plus how much the transcript talks of them (its key terms).
 */
export function keywordsOf(tokens: readonly string[][], sentences: readonly Sentence[], clip: Scored, spread: Map<string, number>): string[] {
  const idf = (token: string) => Math.log((sentences.length + 1) / (spread.get(token) ?? 1));
  const counts = new Map<string, number>();
  for (let i = clip.first; i <= clip.last; i += 1) for (const token of tokens[i] ?? []) counts.set(token, (counts.get(token) ?? 0) + 1);
  const weightOf = (token: string) => (counts.get(token) ?? 0) * idf(token) + 0.5 * Math.log(1 + (spread.get(token) ?? 0));
  const ranked = sentences
    .slice(clip.first, clip.last + 1)
    .map((sentence) => ({ sentence, weight: (tokens[sentence.index] ?? []).reduce((sum, token) => sum + weightOf(token), 0) }))
    .sort((a, b) => b.weight - a.weight || a.sentence.index - b.sentence.index);
  const chosen: Sentence[] = [];
  let words = 0;
  for (const { sentence } of ranked) {
    if (words >= TAG_WORDS) break;
    chosen.push(sentence);
    words += sentence.words.length;
  }
  const text = chosen
    .sort((a, b) => a.index - b.index)
    .map((sentence) => cleanSentence(sentence.text))
    .join(' ');
  return (
    phrasesOf(text)
      .filter((phrase) => phrase.words.length <= 3 && phrase.words.join('').length >= 3 && phrase.words.some((word) => /\p{L}/u.test(word)))
      .map((phrase) => ({ phrase, weight: phrase.words.reduce((sum, word) => sum + weightOf(stem(word)), 0) * (phrase.proper ? 1.5 : 1) * (phrase.words.length > 1 ? 1.2 : 1) }))
      .sort((a, b) => b.weight - a.weight)
      .map(({ phrase }) => phrase.words.join(' '))
      // "soil" says nothing "garden soil" has not.
      .filter((phrase, index, all) => !all.slice(0, index).some((better) => ` ${better.toLowerCase()} `.includes(` ${phrase.toLowerCase()} `)))
      .slice(0, 6)
  );
}

export interface Hooks {
  title: string;
  hook: string;
  alternatives: string[];
}

/** Fillers and reply words that open a spoken sentence and are dropped from the words shown. */
const leadingFiller = /^(?:(?:yeah|yep|yes|no(?! one\b| matter\b| doubt\b| wonder\b)|oh|um|uh|so|well|okay|ok|right|look|anyway|and|but|like|you know|i mean|all right|alright)\b[,.!]?\s+)+/i;

/**
 * A sentence as it is shown: no stage directions ("(Laughter.)", "[music]"), speaker labels
 * ("Brady:", ">>") or opening fillers ("Yeah, so…"), repeated words of a restart ("the — the")
 * folded.
 */
export function cleanSentence(text: string): string {
  const plain = text
    // An editor's bracketed correction after "the", "of"… stands for the word ("the [importance] of"); other brackets are directions.
    .replace(/\b(the|a|an|of|to|in|on|for|and|our|their|his|her)\s+\[([^\]]{1,30})\]/gi, '$1 $2')
    .replace(/\[[^\]]*\]|\([^)]*\)|\*[^*]+\*|[♪♫]+/g, ' ')
    // False starts: "Vene- — on where" → "on where".
    .replace(/[\p{L}]+-\s+[—–]\s+/gu, '')
    // Restarts: "on where on where", "the — the" → once.
    .replace(/\b((?:\p{L}+ ){0,2}\p{L}+)(?:\s+[—–-]+)?\s+\1\b/giu, '$1')
    .replace(/(?:^|\s)>{2,}\s*/g, ' ')
    .replace(/(?:^|(?<=[.!?]\s))\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,2}:\s+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s—–-]+/, '')
    .replace(leadingFiller, '')
    // Short sentences that lead into the line ("Ken, too. So, can you…") are not its words.
    .replace(/^(?:[^.!?]{1,12}[.!?]\s+)+(?=\p{Lu})/u, '')
    .replace(leadingFiller, '')
    .trim();
  return capitalize(plain);
}

/** Function words a shortened line must not end on ("What nobody tells you about the…"). */
const danglingEnd =
  /\s+(?:the|a|an|this|that|these|those|my|your|our|their|his|her|its|some|any|every|no|of|to|in|on|at|for|with|by|from|about|and|or|but|so|as|than|is|are|was|were|be|been|if|when|which|who)$/i;

/** A line cut to `max` characters at a clause or word boundary, never ending on a function word or a dash. */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean.replace(/\s*[—–-]+$/, '').trim();
  const head = clean.slice(0, max - 1);
  // A clause boundary past the middle reads as a whole.
  const clause = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(' — '), head.lastIndexOf(': '));
  let cut = clause > max * 0.5 ? head.slice(0, clause) : head.slice(0, Math.max(head.lastIndexOf(' '), 1));
  for (let previous = ''; previous !== cut;) {
    previous = cut;
    cut = cut.replace(danglingEnd, '').replace(/[\s,;:—–-]+$/, '');
  }
  return `${cut}…`;
}

/** How much a sentence says: emotion, questions, bold words, the clip's key phrases, a length that reads in one go. */
function strength(text: string, keywords: readonly string[]): number {
  const words = text.split(/\s+/);
  let weight = (text.match(/[!?]/g) ?? []).length;
  for (const word of words) {
    if (isEmotional(word)) weight += 2;
    if (boldWords.has(word.toLowerCase().replace(/[^\p{L}]/gu, ''))) weight += 1;
  }
  const lower = text.toLowerCase();
  keywords.forEach((keyword, rank) => {
    if (lower.includes(keyword.toLowerCase())) weight += 3 - rank * 0.4;
  });
  if (words.length >= 6 && text.length <= 60) weight += 2;
  return weight;
}

/** Sentences fit to show: whole (not cut off), some words beyond fillers. */
function showable(sentences: readonly Sentence[]): string[] {
  const out: string[] = [];
  for (const sentence of sentences) {
    // Cut off, or the rest of a sentence begun before.
    if (/[—–-]["')\]”’]*$|^[—–-]|^\p{Ll}/u.test(sentence.text.trim())) continue;
    // A question that only asks for assent ("You know what I'm saying?") says nothing on screen.
    if (tagQuestion.test(sentence.text.trim())) continue;
    const text = cleanSentence(sentence.text);
    const words = text.split(/\s+/).filter((word) => /\p{L}/u.test(word));
    if (words.length < 4 || words.every((word) => fillerWords.has(word.toLowerCase().replace(/[^\p{L}-]/gu, '')))) continue;
    out.push(text);
  }
  return out;
}

/**
 * A clip with no line worth showing (short replies, cut-off sentences): its key phrase, else its longest sentence
 * once fillers are gone; never a bare "Yeah."
 */
function fallbackLine(inside: readonly Sentence[], keywords: readonly string[]): string {
  if (keywords[0]) return capitalize(keywords[0]);
  const cleaned = inside.map((sentence) => cleanSentence(sentence.text)).filter((text) => text.split(/\s+/).some((word) => !fillerWords.has(word.toLowerCase().replace(/[^\p{L}-]/gu, ''))));
  return cleaned.sort((a, b) => b.length - a.length)[0] ?? '';
}

/** A key phrase after "about": names and plurals bare ("about Venezuela elections"), a common noun with "the". */
function objectOf(keyword: string): string {
  const words = keyword.split(' ');
  const proper = words.every((word) => /^\p{Lu}/u.test(word));
  // A plural by its ending ("elections", not "press" or "status"): tagging a second time costs milliseconds.
  return proper || /[^su]s$/i.test(words.at(-1) as string) ? keyword : `the ${keyword}`;
}

/** The on-screen opening line, a title and alternatives, from the clip's own sentences and key phrases. */
export function hooksOf(sentences: readonly Sentence[], clip: Scored, keywords: readonly string[]): Hooks {
  const inside = sentences.slice(clip.first, clip.last + 1);
  const lines = showable(inside);
  const ranked = [...lines].sort((a, b) => strength(b, keywords) - strength(a, keywords));
  const opening = showable(inside.slice(0, 2))[0];
  // A clip that opens on a question or a setup opens on screen with it; else with its strongest line.
  const hook = shorten(opening && (opening.endsWith('?') || setupOpeners.test(opening)) ? opening : (ranked[0] ?? fallbackLine(inside, keywords)), 60);
  const question = lines.find((line) => line.endsWith('?') && line.length <= 70);
  const titleLine = question ?? ranked.find((line) => shorten(line, 60) !== hook) ?? ranked[0] ?? hook;
  const title = shorten(titleLine, 70);
  const topic = keywords[0];
  const seconds = Math.round(clip.end - clip.start);
  const candidates = [
    ...(ranked[0] ? [shorten(ranked[0], 60)] : []),
    ...(question ? [shorten(question, 60)] : []),
    ...(topic ? [`What nobody tells you about ${objectOf(topic)}`, `${capitalize(objectOf(topic))} in ${seconds} seconds`] : []),
  ];
  const alternatives = [...new Set(candidates)].filter((candidate) => candidate !== hook && candidate.length <= 60).slice(0, 3);
  return { title, hook, alternatives };
}

function emotionalWeight(sentence: Sentence): number {
  let weight = (sentence.text.match(/[!?]/g) ?? []).length;
  for (const word of sentence.words) if (isEmotional(word.text)) weight += 2;
  return weight;
}

/** Hashtags from key phrases: CamelCased words, no punctuation, at most 30 characters. */
const hashtag = (phrase: string) => hashtagOf(phrase.split(/\s+/));

export function postCaptions(clip: { hook: string; title: string; excerpt: string; keywords: readonly string[]; speakers: readonly string[]; sourceTitle?: string }, fitting: readonly Platform[]) {
  const tags = [...new Set(clip.keywords.map(hashtag).filter((tag) => tag.length >= 4 && tag.length <= 31))].slice(0, 4);
  return fitting.map((platform) => {
    const rules = platformRules[platform];
    const platformTags = platform === 'youtube_shorts' ? [...tags, '#Shorts'] : platform === 'tiktok' ? [...tags, '#fyp'] : tags;
    const tagLine = platformTags.join(' ');
    const head = [platform === 'youtube_shorts' ? clip.title : clip.hook];
    const credits = [...(clip.speakers.length ? [`With ${clip.speakers.join(' & ')}`] : []), ...(clip.sourceTitle ? [`From: ${clip.sourceTitle}`] : [])];
    const tail = credits.length ? [credits.join(' · ')] : [];
    // Only the excerpt is cut to the limit, and on its own: fit() collapses whitespace, which on the
    // whole body would run the paragraphs (hook, excerpt, "From:") into one line.
    const room = rules.captionLimit - tagLine.length - 2 - [...head, ...tail].reduce((sum, paragraph) => sum + paragraph.length + 2, 0);
    const middle = platform === 'youtube_shorts' ? [] : [fit(clip.excerpt, room)];
    const text = [...head, ...middle, ...tail, tagLine].join('\n\n');
    return { platform, text, hashtags: platformTags, length: [...text].length };
  });
}

/** The overlay's words: letters and digits (an inner hyphen kept), upper case. */
const overlayWords = (text: string) =>
  text
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => word.toUpperCase());

/**
 * Thumbnail overlay: the clip's key phrase, else the core of its hook (its first words, not ending on a
 * function word), at most five words; a question mark only after a question hook.
 */
export function overlayOf(hook: string, keywords: readonly string[]): string {
  const question = hook.replace(/…$/, '').endsWith('?');
  const phrase = keywords.find((keyword) => keyword.split(' ').length <= 4);
  let words = phrase ? overlayWords(phrase) : overlayWords(shorten(cleanSentence(hook), 32).replace(/…$/, ''));
  // The question mark belongs to the question's own words: after a key phrase ("ARIZONA STATE UNIVERSITY?") it is stray.
  const asks = question && !phrase;
  words = words.slice(0, asks ? 4 : 5);
  while (words.length > 1 && danglingEnd.test(` ${(words.at(-1) as string).toLowerCase()}`)) words = words.slice(0, -1);
  const text = words.join(' ');
  return asks && text ? `${text}?` : text;
}

export function thumbnailBrief(sentences: readonly Sentence[], clip: Scored, hook: string, keywords: readonly string[]) {
  const inside = sentences.slice(clip.first, clip.last + 1);
  const peak = [...inside].sort((a, b) => emotionalWeight(b) - emotionalWeight(a) || a.index - b.index)[0] as Sentence;
  const question = hook.endsWith('?');
  const emotional = emotionalWeight(peak) >= 3;
  const overlay = overlayOf(hook, keywords);
  // The best frame: mid-way through the most expressive sentence, when the speaker is most animated.
  const frame = (peak.start + peak.end) / 2;
  return {
    overlay_text: overlay,
    expression: question ? 'curious, eyebrows raised, looking into the lens' : emotional ? 'animated: surprise or excitement, mouth open mid-word' : 'confident and direct, slight smile, eye contact',
    composition: 'vertical 9:16; face in the upper third, filling about 40% of the frame; overlay text in the lower third on a solid band, clear of the platform buttons on the right',
    colors: question ? ['#ffd400 text', '#111111 band'] : emotional ? ['#ffffff text', '#e11d48 band'] : ['#111111 text', '#ffffff band'],
    frame_seconds: Math.round(frame * 1000) / 1000,
  };
}
