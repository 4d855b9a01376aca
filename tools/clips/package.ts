import { capitalize, fit, titleCase } from '../../src/compose/text.js';
import { lineBreaks, vttEscape, writeSrt, writeVtt, type CaptionCue } from '../../src/render/captions.js';
import { isEmotional, stem } from './lexicon.js';
import type { Clip } from './schema.js';
import type { Scored } from './score.js';
import type { Sentence } from './sentences.js';
import type { Word } from './transcript.js';

/** What a clip ships with: captions, hooks, post captions, a thumbnail brief and the ffmpeg cut. */

export const platforms = ['youtube_shorts', 'instagram_reels', 'tiktok'] as const;
export type Platform = (typeof platforms)[number];

/** Each platform's limits for vertical (9:16) video, and the length its audience prefers. */
export const platformRules: Record<Platform, { label: string; maxSeconds: number; preferredMaxSeconds: number; captionLimit: number }> = {
  youtube_shorts: { label: 'YouTube Shorts', maxSeconds: 180, preferredMaxSeconds: 60, captionLimit: 2200 },
  instagram_reels: { label: 'Instagram Reels', maxSeconds: 180, preferredMaxSeconds: 90, captionLimit: 2200 },
  tiktok: { label: 'TikTok', maxSeconds: 600, preferredMaxSeconds: 180, captionLimit: 2200 },
};

const MAX_LINE = 42;
const MAX_CUE_SECONDS = 6;

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

/** Caption cues: ≤ 2 lines of ≤ 42 characters, ≤ 6 s, ending at sentence ends; each cue's words kept. */
function captionGroups(words: readonly Word[]): Word[][] {
  const groups: Word[][] = [];
  let group: Word[] = [];
  const fits = (candidate: Word[]) =>
    lineBreaks(
      candidate.map((word) => word.text),
      MAX_LINE,
    ).length <= 2;
  for (const word of words) {
    const next = [...group, word];
    const tooLong = group.length > 0 && word.end - (group[0] as Word).start > MAX_CUE_SECONDS * 1000;
    if (group.length && (!fits(next) || tooLong)) {
      groups.push(group);
      group = [word];
    } else group = next;
    if (/[.!?…]["')\]]*$/.test(word.text)) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length) groups.push(group);
  return groups;
}

const linesOf = (words: readonly string[]) => {
  const starts = lineBreaks(words, MAX_LINE);
  return starts.map((start, index) => words.slice(start, starts[index + 1] ?? words.length).join(' '));
};

/** The captions of a clip; its highlight_vtt is word by word (one cue per word, the spoken word marked). */
export type CaptionPack = Clip['captions'];

/** A loop, not Math.max(...lines): a dense clip has more caption lines than the stack holds arguments. */
function longestLine(cues: readonly CaptionCue[]): number {
  let longest = 0;
  for (const cue of cues) for (const line of cue.text.split('\n')) longest = Math.max(longest, line.length);
  return longest;
}

export function captionPack(sentences: readonly Sentence[], clip: Scored): CaptionPack {
  const { words, timed, total } = clipWords(sentences, clip);
  const groups = captionGroups(words);
  // A cue shows at least 0.5 s, but never past the start of the next one nor past the clip's end (the
  // cut stops there: a last short cue stretched to 0.5 s would outlast the video).
  const cues: CaptionCue[] = groups.map((group) => ({
    start: (group[0] as Word).start,
    end: Math.min(total, Math.max((group.at(-1) as Word).end, (group[0] as Word).start + 500)),
    text: linesOf(group.map((word) => word.text)).join('\n'),
  }));
  for (const [index, cue] of cues.entries()) {
    const next = cues[index + 1];
    if (next && cue.end > next.start) cue.end = next.start;
    if (cue.end <= cue.start) cue.end = cue.start + 1;
  }
  let highlight: string | null = null;
  if (timed) {
    const highlightCues: CaptionCue[] = [];
    groups.forEach((group, groupIndex) => {
      const lines = lineBreaks(
        group.map((word) => word.text),
        MAX_LINE,
      );
      group.forEach((word, wordIndex) => {
        const text = group
          .map((other, otherIndex) => (otherIndex === wordIndex ? `<c.highlight>${vttEscape(other.text)}</c>` : vttEscape(other.text)))
          .map((token, otherIndex) => (otherIndex > 0 && lines.includes(otherIndex) ? `\n${token}` : otherIndex > 0 ? ` ${token}` : token))
          .join('');
        const end = group[wordIndex + 1]?.start ?? (cues[groupIndex] as CaptionCue).end;
        highlightCues.push({ start: word.start, end: Math.max(end, word.start + 1), text });
      });
    });
    highlight = writeVtt(highlightCues, '::cue(.highlight) { color: #ffd400; font-weight: bold; }');
  }
  return {
    srt: writeSrt(cues),
    vtt: writeVtt(cues.map((cue) => ({ ...cue, text: vttEscape(cue.text) }))),
    highlight_vtt: highlight,
    cues: cues.length,
    max_line_chars: longestLine(cues),
  };
}

/** The clip's most telling words (by the transcript's salience), for titles, hashtags and overlays. */
export function keywordsOf(tokens: readonly string[][], sentences: readonly Sentence[], clip: Scored, spread: Map<string, number>): string[] {
  const counts = new Map<string, number>();
  for (let i = clip.first; i <= clip.last; i += 1) for (const token of tokens[i] ?? []) counts.set(token, (counts.get(token) ?? 0) + 1);
  // Show each stem as it is spoken.
  const spoken = new Map<string, string>();
  for (let i = clip.first; i <= clip.last; i += 1) {
    for (const word of (sentences[i] as Sentence).words) {
      const clean = word.text.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '');
      const token = stem(clean);
      if (!spoken.has(token) && clean.length >= 3) spoken.set(token, clean);
    }
  }
  return (
    [...counts.entries()]
      // Repeated in the clip, rare in the rest of the talk (tf-idf over sentences).
      .map(([token, count]) => ({ token, weight: count * Math.log((sentences.length + 1) / (spread.get(token) ?? 1)) }))
      .sort((a, b) => b.weight - a.weight || a.token.localeCompare(b.token))
      .slice(0, 6)
      .map(({ token }) => spoken.get(token) ?? token)
  );
}

export interface Hooks {
  title: string;
  hook: string;
  alternatives: string[];
}

const sentenceText = (sentence: Sentence) => sentence.text.replace(/\s+/g, ' ').trim();

/** The on-screen opening line and alternatives, from the clip's own words (nothing invented beyond framing). */
export function hooksOf(sentences: readonly Sentence[], clip: Scored, keywords: readonly string[]): Hooks {
  const inside = sentences.slice(clip.first, clip.last + 1);
  const first = inside[0] as Sentence;
  const question = inside.find((sentence) => sentence.text.trim().endsWith('?'));
  const strongest = [...inside].sort((a, b) => emotionalWeight(b) - emotionalWeight(a) || a.index - b.index)[0] as Sentence;
  const topic = keywords[0] ?? 'this';
  const hook = fit(capitalize(sentenceText(question && question.index - first.index <= 1 ? question : first)), 60);
  const candidates = [
    fit(capitalize(sentenceText(strongest)), 60),
    question ? fit(capitalize(sentenceText(question)), 60) : `What nobody tells you about ${fit(topic, 30)}`,
    `${capitalize(fit(topic, 30))} in ${Math.round(clip.end - clip.start)} seconds`,
  ];
  const alternatives = [...new Set(candidates)].filter((candidate) => candidate !== hook).slice(0, 3);
  const title = fit(question ? capitalize(sentenceText(question)) : `${titleCase(keywords.slice(0, 2).join(' and ') || topic)}: ${sentenceText(first)}`, 70);
  return { title, hook, alternatives };
}

function emotionalWeight(sentence: Sentence): number {
  let weight = (sentence.text.match(/[!?]/g) ?? []).length;
  for (const word of sentence.words) if (isEmotional(word.text)) weight += 2;
  return weight;
}

const hashtag = (word: string) => `#${word.replace(/[^\p{L}\p{N}]+(\p{L})?/gu, (_m, letter: string | undefined) => (letter ? letter.toUpperCase() : '')).replace(/^\p{Ll}/u, (c) => c.toUpperCase())}`;

export function postCaptions(clip: { hook: string; title: string; excerpt: string; keywords: readonly string[]; speakers: readonly string[]; sourceTitle?: string }, fitting: readonly Platform[]) {
  const tags = [...new Set(clip.keywords.filter((word) => word.length >= 3 && word.length <= 30).map(hashtag))].slice(0, 4);
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

export function thumbnailBrief(sentences: readonly Sentence[], clip: Scored, hook: string, keywords: readonly string[]) {
  const inside = sentences.slice(clip.first, clip.last + 1);
  const peak = [...inside].sort((a, b) => emotionalWeight(b) - emotionalWeight(a) || a.index - b.index)[0] as Sentence;
  const question = hook.endsWith('?');
  const emotional = emotionalWeight(peak) >= 3;
  const words = (keywords.length ? keywords.slice(0, 3) : hook.split(/\s+/).slice(0, 4)).map((word) => word.toUpperCase());
  const overlay = (question ? [...words.slice(0, 3), '?'] : words).join(' ').replace(' ?', '?').split(/\s+/).slice(0, 5).join(' ');
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

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Cuts the clip, crops the centre to 9:16 at 1080×1920, and burns in its SRT captions. */
export function ffmpegCommand(clip: { start: number; end: number }, files: { input: string; captions: string; output: string }): string {
  // Rounded as the plan's start_seconds and duration_seconds are: toFixed alone rounds the binary value
  // (322.6665 → "322.666"), a millisecond away from the timecode the plan shows.
  const seconds = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);
  const duration = seconds(clip.end - clip.start);
  const style = 'FontName=DejaVu Sans,FontSize=16,Bold=1,PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=3,Alignment=2,MarginV=120';
  const filter = `crop='min(iw,ih*9/16)':'min(ih,iw*16/9)',scale=1080:1920,setsar=1,subtitles=${files.captions}:force_style='${style}'`;
  return [
    'ffmpeg',
    '-ss',
    seconds(clip.start),
    '-t',
    duration,
    '-i',
    shellQuote(files.input),
    '-vf',
    shellQuote(filter),
    '-c:v libx264 -preset medium -crf 20 -c:a aac -b:a 160k -movflags +faststart',
    shellQuote(files.output),
  ].join(' ');
}
