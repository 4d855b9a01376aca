import { z } from 'zod';
import { OutcomeError } from '../../src/kernel/errors.js';
import { quote } from '../../src/kernel/quote.js';
import { timestamp } from '../../src/render/captions.js';

/**
 * Transcripts in, timed cues out: SRT and WebVTT through a subtitle library (media-captions),
 * YouTube auto-captions (rolling cues de-duplicated, inline word timings kept), Whisper-style
 * JSON segments, and plain text with or without timestamps. Every refusal says where (cue
 * number, line) and what is wrong.
 */

export const transcriptFormats = ['srt', 'vtt', 'youtube', 'json', 'text'] as const;
export type TranscriptFormat = (typeof transcriptFormats)[number];

/** Seconds. */
export interface Word {
  start: number;
  end: number;
  text: string;
}

export interface Cue {
  start: number;
  end: number;
  text: string;
  /** Real word timings (JSON words, YouTube tags); absent when only the cue is timed. */
  words?: Word[];
  speaker?: string;
}

export interface Transcript {
  format: TranscriptFormat;
  cues: Cue[];
  /** True when no timestamps were given and timings come from the speech rate. */
  estimated: boolean;
  warnings: string[];
}

/** What the times rest on: the transcript's own, the recording's length shared out by word count, or the speech rate alone. */
export type TimingBasis = 'timestamps' | 'duration' | 'speech_rate';
export const timingOf = (transcript: Transcript, durationSeconds: number | undefined): TimingBasis =>
  !transcript.estimated ? 'timestamps' : durationSeconds === undefined ? 'speech_rate' : 'duration';

/** Words a second of ordinary speech (about 150 a minute), for text without timestamps. */
export const speechRate = 2.5;

function fail(where: string, problem: string): never {
  throw new OutcomeError('invalid_input', `transcript: ${where}: ${problem}`, { details: { where, problem } });
}

// ---------------------------------------------------------------------------------------------
// Detection

/**
 * Detection reads the start only: a header, a cue number and the first timing line come within a
 * few lines. A bounded head also keeps it linear: a pattern anchored at every line start of the
 * whole text rescans a run of blank lines from each of them (tens of seconds for 400 kB of line ends).
 */
const DETECT_CHARS = 4096;

export function detectFormat(text: string): TranscriptFormat {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, DETECT_CHARS);
  // Not a bare "[": plain text often starts with a "[00:00:05]" timestamp.
  if (/^(?:\{|\[\s*[{\]])/.test(head)) return 'json';
  // Inline word times followed by <c> are YouTube's; "Kind: captions" alone is ordinary WebVTT metadata.
  // Over the whole text, but linear: each try starts at a "<", and a run of spaces follows one tag only.
  if (/^WEBVTT(?:[ \t]|$)/m.test(head.slice(0, 20))) return /<\d{2}:\d{2}:\d{2}\.\d{3}>\s*<c>/.test(text) ? 'youtube' : 'vtt';
  // A timing line, even a malformed one (so that it is refused with its line, not read as text);
  // without a header, its decimal separator tells SRT (",") from WebVTT (".").
  for (const line of head.split(/\r\n?|\n/)) {
    const timing = subtitleTiming.exec(line);
    if (timing) return (timing[1] ?? timing[2]) === '.' ? 'vtt' : 'srt';
  }
  return 'text';
}

/** `00:00:01,000 --> 00:00:02,000` and its misspellings (`->`, `=>`, `—>`, ` - ` after milliseconds); a bare "00:01:23 - 00:01:30" range stays text. One line at a time. */
const subtitleTiming = /^\s*(?:\d+:)?\d{1,2}:\d{2}(?:([,.])\d{1,3}\s*(?:-{1,2}>|—>|=>|-)|(?:[,.]\d{1,3})?\s*(?:-{1,2}>|—>|=>))\s*(?:\d+:)?\d{1,2}:\d{2}([,.])?/;

// ---------------------------------------------------------------------------------------------
// SRT and WebVTT (media-captions), with the checks it does not make

interface LibraryCue {
  id: string;
  startTime: number;
  endTime: number;
  text: string;
}
interface LibraryError {
  line: number;
  message: string;
}
/** What parseTextStream reads of its stream: a reader's read() and cancel(), line by line. */
interface LineSource {
  getReader(): { read(): { value: string; done: false } | { value: undefined; done: true }; cancel(): void };
}
interface MediaCaptions {
  parseTextStream(lines: LineSource, options: { type: 'srt' | 'vtt'; strict?: boolean; errors?: boolean }): Promise<{ cues: LibraryCue[]; errors: LibraryError[] }>;
}
// media-captions' declaration files use extension-less relative imports that NodeNext resolution cannot follow.
const library = () => import('media-captions') as unknown as Promise<MediaCaptions>;

/**
 * Lines handed to the library as a stream it can read. Its parseText queues every line through a
 * WHATWG ReadableStream, whose promise per line cost more than the parsing of a long file.
 */
const lineSource = (lines: readonly string[]): LineSource => ({
  getReader() {
    let next = 0;
    return {
      read: () => (next < lines.length ? { value: lines[next++] as string, done: false } : { value: undefined, done: true }),
      cancel: () => {
        next = lines.length;
      },
    };
  },
});

const timingLine = /^\s*(\S+)\s+-->\s+(\S+)(.*)$/;
const looksLikeTiming = /^\s*(?:\d+:)?\d{1,2}:\d{2}(?:[,.]\d+)?\s*(?:-+>|—>|=>|->|-)/;

/**
 * A line of only spaces looks blank but does not end a cue for the library, which then swallows
 * the next cue. Made blank in SRT, and in WebVTT outside cues or where a cue follows (YouTube puts
 * " " lines inside cues). Blank, they also let long files be cut into pieces there.
 */
function blankSeparators(lines: readonly string[], format: 'srt' | 'vtt'): string[] {
  const out: string[] = [];
  let inCue = false;
  for (const [index, line] of lines.entries()) {
    const spaces = line !== '' && !line.trim();
    const blank = spaces && (format === 'srt' || !inCue || lines.slice(index + 1, index + 3).some((next) => next.includes('-->')));
    out.push(blank ? '' : line);
    if (blank || !line) inCue = false;
    else if (line.includes('-->')) inCue = true;
  }
  return out;
}

/**
 * The problems the library lets through silently: malformed arrows and times, end ≤ start,
 * missing blank lines. Returns the line numbers of the timing lines, which number the cues.
 */
/** More text lines than this in one cue is a malformed file. */
const MAX_CUE_LINES = 50;
/**
 * Nor does a header, NOTE or STYLE block, or untimed text, run this long without a blank line; and
 * the library, which gets the file in pieces cut at blank lines, would take time in the square of it.
 */
const MAX_BLOCK_LINES = 1000;

function checkLines(lines: readonly string[], format: 'srt' | 'vtt'): number[] {
  const time = format === 'srt' ? /^(?:\d{1,2}:)?\d{2}:\d{2},\d{3}$/ : /^(?:\d{1,2}:)?\d{2}:\d{2}\.\d{3}$/;
  const example = format === 'srt' ? '00:01:02,345 --> 00:01:04,000' : '00:01:02.345 --> 00:01:04.000';
  const starts: number[] = [];
  // The block being read: '' between blocks, else what a timing line here would be swallowed by.
  let block = format === 'vtt' && lines[0]?.startsWith('WEBVTT') ? 'WEBVTT header' : '';
  let cueLines = 0;
  let run = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const number = index + 1;
    if (!line) {
      block = '';
      run = 0;
      continue;
    }
    if ((run += 1) > MAX_BLOCK_LINES && block !== 'cue') {
      fail(
        `line ${number}`,
        block
          ? `the ${block} runs past ${MAX_BLOCK_LINES} lines; is a blank line missing after it?`
          : `more than ${MAX_BLOCK_LINES} lines in a row without a timing line or a blank line; expected cues separated by blank lines`,
      );
    }
    // Captions hold a line or three; a "cue" of hundreds is a file missing its blank lines (and would cost
    // the library time in proportion to its square).
    if (block === 'cue' && (cueLines += 1) > MAX_CUE_LINES)
      fail(`cue ${starts.length} (line ${number})`, `the cue has more than ${MAX_CUE_LINES} lines of text; is a blank line missing between cues?`);
    const match = line.includes('-->') ? timingLine.exec(line) : null;
    if (!match) {
      // Only where a timing line belongs: cue text may well start with "10:30 - ".
      if (block || !looksLikeTiming.test(line)) {
        if (!block && format === 'vtt' && /^(?:NOTE|STYLE|REGION)\b/.test(line)) block = `${line.split(/\s/)[0]} block`;
        continue;
      }
      fail(`cue ${starts.length + 1} (line ${number})`, `${quote(line.trim())} is not a timing line; write it as ${example}`);
    }
    starts.push(number);
    const where = `cue ${starts.length} (line ${number})`;
    if (block) fail(where, `a blank line is missing before this timing line (without it, it is read as part of the ${block} above)`);
    const [, from, to] = match as unknown as [string, string, string];
    if (!time.test(from) || !time.test(to)) fail(where, `${quote(line.trim())} has a malformed time; write it as ${example}`);
    for (const stamp of [from, to]) {
      // The last two parts (minutes, then whole seconds) are two digits each, checked by `time` above.
      if (Number(stamp.slice(-9, -7)) > 59 || Number(stamp.slice(-6, -4)) > 59) fail(where, `the time ${stamp} is out of range: minutes and seconds go up to 59`);
    }
    if (seconds(to) <= seconds(from)) fail(where, `the end ${to} is not after the start ${from}`);
    block = 'cue';
    cueLines = 0;
  }
  return starts;
}

/** The cue a line belongs to: the number of timing lines up to it. */
function cueNumbers(starts: readonly number[]): (line: number) => number {
  return (line) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((starts[mid] as number) <= line) low = mid + 1;
      else high = mid;
    }
    return Math.max(1, low);
  };
}

/** Seconds of "h:mm:ss,mmm", "mm:ss.mmm" or "ss.m"; read without splitting, as it runs for every cue and timed word. */
const seconds = (stamp: string) => {
  const lastColon = stamp.lastIndexOf(':');
  const secs = Number(stamp.slice(lastColon + 1).replace(',', '.'));
  if (lastColon < 0) return secs;
  const firstColon = stamp.lastIndexOf(':', lastColon - 1);
  const minutes = Number(stamp.slice(firstColon + 1, lastColon));
  return (firstColon < 0 ? 0 : Number(stamp.slice(0, firstColon)) * 3600) + minutes * 60 + secs;
};

/** Lines per library call: media-captions' time grows with the square of its input, so long files go in pieces. */
const CHUNK_LINES = 2000;

/**
 * The blocks the library has to read, as line indexes: the first (a WebVTT header, read as one
 * only on line 1) and those with a "-->" (cues, and stray arrows it refuses). Blank runs, NOTE,
 * STYLE and REGION blocks change no cue nor any error kept, and the library reads a line at a time
 * through a stream: three million blank lines would take seconds.
 */
function arrowBlocks(lines: readonly string[]): number[][] {
  const blocks: number[][] = [];
  let block: number[] = [];
  let arrow = false;
  for (let index = 0; index <= lines.length; index += 1) {
    const line = lines[index];
    if (line) {
      block.push(index);
      arrow ||= line.includes('-->');
      continue;
    }
    if (arrow || block[0] === 0) blocks.push(block);
    block = [];
    arrow = false;
  }
  return blocks;
}

/**
 * Parses those blocks in pieces of about CHUNK_LINES lines, each piece a file of its own (a WebVTT
 * one with its own WEBVTT line); error line numbers are mapped back to the transcript's.
 */
async function parseInChunks(lines: readonly string[], type: 'srt' | 'vtt'): Promise<{ cues: LibraryCue[]; errors: LibraryError[] }> {
  const captions = await library();
  const cues: LibraryCue[] = [];
  const errors: LibraryError[] = [];
  const blocks = arrowBlocks(lines);
  let next = 0;
  while (next < blocks.length) {
    const header = type === 'vtt' && blocks[next]?.[0] !== 0 ? ['WEBVTT', ''] : [];
    const piece = [...header];
    // The transcript's line index of each line of the piece (the header stands for line 1).
    const origin = header.map(() => 0);
    while (next < blocks.length && piece.length < CHUNK_LINES) {
      const block = blocks[next] as number[];
      for (const index of block) {
        piece.push(lines[index] as string);
        origin.push(index);
      }
      piece.push('');
      origin.push((block.at(-1) as number) + 1);
      next += 1;
    }
    const result = await captions.parseTextStream(lineSource(piece), { type, errors: true, strict: false });
    // Plain copies: the library's cue objects carry every VTT setting, and a long file keeps tens of thousands.
    for (const cue of result.cues) cues.push({ id: cue.id, startTime: cue.startTime, endTime: cue.endTime, text: cue.text });
    for (const error of result.errors) errors.push({ line: (origin[error.line - 1] ?? 0) + 1, message: error.message });
  }
  return { cues, errors };
}

async function parseSubtitles(text: string, format: 'srt' | 'vtt' | 'youtube'): Promise<LibraryCue[]> {
  const type = format === 'srt' ? 'srt' : 'vtt';
  const lines = blankSeparators(
    text
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n')
      .split('\n'),
    type,
  );
  const cueOf = cueNumbers(checkLines(lines, type));
  const { cues, errors } = await parseInChunks(lines, type);
  // Settings only place captions on screen, and a missing WEBVTT line is accepted (detected by "." times).
  const error = errors.find((candidate) => !/(?:unknown|invalid value for) (?:cue|region) setting|missing WEBVTT file header/i.test(candidate.message));
  if (error) fail(`cue ${cueOf(error.line)} (line ${error.line})`, error.message.replace(/ on line \d+/, ''));
  if (!cues.length) fail('line 1', `no cues were found; expected ${format === 'srt' ? 'SRT cues ("1", "00:00:01,000 --> 00:00:03,000", text)' : 'WebVTT cues after the WEBVTT line'}`);
  return cues;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(?:(amp|lt|gt|nbsp|lrm|rlm|quot|apos)|#(\d{1,7})|#x([\da-f]{1,6}));/gi, (match, name?: string, decimal?: string, hex?: string) => {
    if (name) return entities[name.toLowerCase()] ?? match;
    const code = Number.parseInt(decimal ?? (hex as string), decimal ? 10 : 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
/** Cue text without tags (<b>, <i>, <font …>, <c.x>, <v Name>, timestamps) and with entities decoded; a bare "<" as in "5 < 6" stays. */
const plain = (text: string) =>
  // Most cue lines hold no tag, entity, tab or double space: nothing to replace.
  !/[<&\t]| {2}/.test(text)
    ? text.trim()
    : decode(text.replace(/<\/?[a-z][^<>]*>|<\d{1,2}:\d{2}[\d:.]*>/gi, ''))
        .replace(/[ \t]+/g, ' ')
        .trim();
/** The name starts at its first non-space and stops at a "<": each try then ends at the next tag, in linear time. */
const speakerOf = (text: string) => /<v(?:\.[\w.-]+)?\s+([^\s<>][^<>]*)>/.exec(text)?.[1]?.trim();

function fromLibrary(cues: readonly LibraryCue[]): Cue[] {
  const out: Cue[] = [];
  // "Ana: …" opening a cue's text names its speaker as <v Ana> would, when the label opens two cues or more.
  const labels = turnLabels(cues.map((cue) => plain(cue.text)));
  for (const cue of cues) {
    const flat = plain(cue.text);
    // Lines joined by splitting, not by /\s*\n\s*/: that rescans a run of no-break spaces from each of them.
    const text = flat.includes('\n')
      ? flat
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ')
      : flat;
    if (!text) continue;
    const turn = speakerTurn.exec(text);
    const labelled = turn && labels.has(turn[1] as string) ? { speaker: turn[1] as string, text: text.slice(turn[0].length).trim() } : null;
    const speaker = speakerOf(cue.text) ?? labelled?.speaker;
    const said = labelled?.text || text;
    out.push({ start: cue.startTime, end: cue.endTime, text: said, ...(speaker ? { speaker } : {}) });
  }
  return out;
}

/**
 * YouTube auto-captions roll: each cue repeats the previous line and adds one with inline word
 * times (`word<00:00:01.520><c> next</c>`), with 10 ms cues in between. Only new lines are kept,
 * their words timed by the tags; a cue's new untimed lines stay one cue. A line's first word
 * has no tag (it starts with the cue), so a one-word line is timed by its cue.
 */
function fromYouTube(cues: readonly LibraryCue[]): Cue[] {
  const out: Cue[] = [];
  let last = '';
  for (const cue of cues) {
    // The 10 ms transition cues only repeat what was just shown.
    if (cue.endTime - cue.startTime <= 0.05) continue;
    let untimed: string[] = [];
    const flush = () => {
      const text = untimed.join(' ');
      if (text) out.push({ start: cue.startTime, end: cue.endTime, text, ...(/\s/.test(text) ? {} : { words: [{ start: cue.startTime, end: cue.endTime, text }] }) });
      untimed = [];
    };
    for (const line of cue.text.split('\n')) {
      const text = plain(line);
      if (!text || text === last) continue;
      last = text;
      if (!/<\d{2}:\d{2}:\d{2}\.\d{3}>/.test(line)) {
        untimed.push(text);
        continue;
      }
      flush();
      const words: Word[] = [];
      const parts = line.split(/<(\d{2}:\d{2}:\d{2}\.\d{3})>/);
      for (let index = 0; index < parts.length; index += 2) {
        const at = index > 0 ? seconds(parts[index - 1] as string) : cue.startTime;
        for (const word of plain(parts[index] as string)
          .split(/\s+/)
          .filter(Boolean))
          words.push({ start: at, end: at, text: word });
      }
      words.forEach((word, index) => (word.end = Math.max(word.start, words[index + 1]?.start ?? cue.endTime)));
      out.push({ start: cue.startTime, end: cue.endTime, text, words });
    }
    flush();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON segments

const jsonWord = z.object({ start: z.number().min(0), end: z.number().min(0), word: z.string().optional(), text: z.string().optional() });
const jsonSegment = z
  .object({ start: z.number().min(0), end: z.number().min(0), text: z.string(), words: z.array(jsonWord).optional(), speaker: z.string().max(80).optional() })
  .refine((segment) => segment.end > segment.start, { message: 'end must be after start', path: ['end'] });
export type JsonSegment = z.input<typeof jsonSegment>;
const jsonFormat = 'expected [{start, end, text, words?: [{start, end, word}]}] in seconds';

function fromJson(value: unknown): Cue[] {
  // The two shapes are told apart first, so that an error keeps its path (a union would lose it).
  const wrapped = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (wrapped && !('segments' in value)) fail('JSON', `there is no "segments" list; ${jsonFormat}, or {"segments": [...]} as Whisper writes`);
  if (!wrapped && !Array.isArray(value)) fail('JSON', `it is a ${value === null ? 'null' : typeof value}, not a list of segments; ${jsonFormat}`);
  const parsed = z.array(jsonSegment).safeParse(wrapped ? (value as { segments: unknown }).segments : value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = [...(wrapped ? ['segments'] : []), ...issue.path].map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    const segment = issue.path.find((key) => typeof key === 'number');
    fail(segment === undefined ? `JSON (transcript${path})` : `segment ${Number(segment) + 1} (transcript${path})`, `${issue.message}; ${jsonFormat}`);
  }
  if (!parsed.data.length) fail('JSON', 'there are no segments');
  const cues = parsed.data
    .map((segment) => {
      const words = segment.words?.map((word) => ({ start: word.start, end: Math.max(word.start, word.end), text: (word.word ?? word.text ?? '').trim() })).filter((word) => word.text);
      return { start: segment.start, end: segment.end, text: segment.text.trim(), ...(words?.length ? { words } : {}), ...(segment.speaker ? { speaker: segment.speaker } : {}) };
    })
    .filter((cue) => cue.text);
  if (!cues.length) fail('JSON', 'every segment has empty text');
  return cues;
}

// ---------------------------------------------------------------------------------------------
// Plain text

/** `\s` beyond ASCII, as char codes. */
const wideSpaces = new Set([0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);

/** Words as `split(/\s+/)` finds them, counted without building the list: a transcript can hold millions. */
export function countWords(value: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const space = code === 32 || (code >= 9 && code <= 13) || (code >= 0xa0 && wideSpaces.has(code));
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

/**
 * `[00:01:23]`, `[1:23]`, `(1:23)`, `00:01:23`, `1:23.5` at a line start, then an optional
 * `Speaker:` of up to four capitalised words or numbers ("Ada Lovelace", "Speaker 2", "SPEAKER_01"),
 * so that a sentence such as "So here's the thing: …" is not taken for a name.
 */
/** A speaker's name, then a stamp, alone on a line ("Ana Lopez  0:42", "Speaker 1 00:01:05"), as Otter and Descript export. */
const speakerStamp = /^\s*(\p{Lu}[\p{L}\p{M}\d_.'’-]*(?: (?:\p{Lu}[\p{L}\p{M}\d_.'’-]*|\d{1,3})){0,3})\s+[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)[\])]?\s*$/u;

const textStamp =
  /^\s*[[(]?((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)[\])]?\s*(?:[-–—|]\s*)?(?:(\p{Lu}[\p{L}\p{M}\d_.'’-]*(?: (?:\p{Lu}[\p{L}\p{M}\d_.'’-]*|\d{1,3})){0,3})(?:\s*\([^()\n]{1,40}\))?:\s+)?/u;

/**
 * `Name: text` at the start of an untimed line: a speaker's turn, as podcast transcripts are
 * published ("Brady: …", "MS. JEAN-PIERRE: …", "Q: …", "Gary Jordan (Host): …"), or the label alone
 * on its line with the turn below it. Up to four capitalised words, so that "So here's the thing: …"
 * is no name; a role in brackets is not part of the name.
 */
const speakerTurn = /^\s*(\p{Lu}[\p{L}\p{M}\d_.'’-]*(?: (?:\p{Lu}[\p{L}\p{M}\d_.'’-]*|\d{1,3})){0,3})(?:\s*\([^()\n]{1,40}\))?:(?:\s+|$)/u;

/** Labels that open at least two lines: one "Note:" or "Update:" is text, a speaker speaks more than once. */
function turnLabels(lines: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const label = speakerTurn.exec(line)?.[1];
    if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= 2).map(([label]) => label));
}

/** Untimed lines, each a cue, timed by their share of the words: of duration_seconds, else at the speech rate. */
function estimatedCues(lines: readonly string[], durationSeconds: number | undefined): Cue[] {
  const labels = turnLabels(lines);
  const segments: Array<{ text: string; speaker?: string }> = [];
  let speaker: string | undefined;
  for (const line of lines) {
    if (!line.trim()) continue;
    const turn = speakerTurn.exec(line);
    if (turn && labels.has(turn[1] as string)) {
      speaker = turn[1];
      const text = line.slice(turn[0].length).trim();
      if (text) segments.push({ text, speaker });
      continue;
    }
    // A paragraph without a label continues the turn above it.
    segments.push({ text: line.trim(), ...(speaker ? { speaker } : {}) });
  }
  const words = segments.map((segment) => countWords(segment.text));
  const total = words.reduce((sum, count) => sum + count, 0) || 1;
  const secondsPerWord = durationSeconds === undefined ? 1 / speechRate : durationSeconds / total;
  let at = 0;
  const cues: Cue[] = [];
  segments.forEach((segment, index) => {
    const end = at + (words[index] as number) * secondsPerWord;
    if (end > at) cues.push({ start: at, end, text: segment.text, ...(segment.speaker ? { speaker: segment.speaker } : {}) });
    at = end;
  });
  if (!cues.length) fail('line 1', 'the transcript has no words');
  return cues;
}

function fromText(text: string, durationSeconds: number | undefined): { cues: Cue[]; timing: TimingBasis } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const segments: Array<{ start: number | null; text: string; speaker?: string; within?: boolean }> = [];
  const labels = turnLabels(lines);
  let previous = -1;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const trimmed = line.trim();
    if (!trimmed) continue;
    // Otter and Descript put the speaker, then the time, on a line of its own ("Ana Lopez  0:42"): the turn follows.
    const heading = speakerStamp.exec(line);
    const match = heading ? null : textStamp.exec(line);
    if (heading) {
      const stamp = heading[2] as string;
      const start = checkedStamp(stamp, index, previous);
      previous = start;
      segments.push({ start, text: '', speaker: (heading[1] as string).trim() });
      continue;
    }
    if (match) {
      const stamp = match[1] as string;
      const start = checkedStamp(stamp, index, previous);
      previous = start;
      const speaker = match[2]?.trim();
      segments.push({ start, text: line.slice(match[0].length).trim(), ...(speaker ? { speaker } : {}) });
      continue;
    }
    // An untimed line continues the timestamped line above it, or starts another speaker's turn within its time
    // ("Ben: …" under a stamped line); without timestamps, each line is its own cue.
    const last = segments.at(-1);
    const turn = speakerTurn.exec(line);
    if (last && previous >= 0 && turn && labels.has(turn[1] as string)) {
      segments.push({ start: null, text: line.slice(turn[0].length).trim(), speaker: turn[1], within: true });
    } else if (last && (last.start !== null || last.within)) last.text = last.text ? `${last.text} ${trimmed}` : trimmed;
    else segments.push({ start: null, text: trimmed });
  }
  const timed = segments.some((segment) => segment.start !== null);
  if (!timed) return { cues: estimatedCues(lines, durationSeconds), timing: durationSeconds === undefined ? 'speech_rate' : 'duration' };
  // Text before the first timestamp is one cue from 0.
  const leading = segments.filter((segment) => segment.start === null && !segment.within);
  const timedSegments = segments.filter((segment) => segment.start !== null || segment.within);
  if (leading.length) timedSegments.unshift({ start: 0, text: leading.map((segment) => segment.text).join(' ') });
  const cues: Cue[] = [];
  // Each stamped line and the turns under it share its time, until the next stamp, by their words.
  for (let first = 0; first < timedSegments.length;) {
    let after = first + 1;
    while (after < timedSegments.length && timedSegments[after]?.start === null) after += 1;
    const group = timedSegments.slice(first, after);
    const start = timedSegments[first]?.start as number;
    const words = group.map((segment) => countWords(segment.text));
    const total = words.reduce((sum, count) => sum + count, 0);
    const next = timedSegments[after]?.start;
    const end = next !== undefined && next !== null && next > start ? next : start + Math.max(1, total / speechRate);
    let at = start;
    group.forEach((segment, index) => {
      const until = index === group.length - 1 ? end : at + ((end - start) * (words[index] as number)) / (total || 1);
      if (segment.text && until > at) cues.push({ start: at, end: until, text: segment.text, ...(segment.speaker ? { speaker: segment.speaker } : {}) });
      at = until;
    });
    first = after;
  }
  if (!cues.length) fail('line 1', 'the timestamps carry no text');
  return { cues, timing: 'timestamps' };
}

/** A stamp's seconds, refused with its line when out of range or earlier than the one before. */
function checkedStamp(stamp: string, index: number, previous: number): number {
  if (
    stamp
      .split(':')
      .slice(-2)
      .some((part) => Number.parseInt(part, 10) > 59)
  )
    fail(`line ${index + 1}`, `the timestamp ${stamp} is out of range: minutes and seconds go up to 59`);
  const start = seconds(stamp);
  if (start < previous) fail(`line ${index + 1}`, `the timestamp ${stamp} is earlier than the one before it; timestamps must not go back`);
  return start;
}

// ---------------------------------------------------------------------------------------------

/** Cues in time order; out-of-order cues are sorted and reported. */
function ordered(cues: Cue[], warnings: string[]): Cue[] {
  let outOfOrder = 0;
  for (let index = 1; index < cues.length; index += 1) if ((cues[index] as Cue).start < (cues[index - 1] as Cue).start) outOfOrder += 1;
  if (!outOfOrder) return cues;
  warnings.push(`${outOfOrder} cue(s) were out of time order and were sorted.`);
  return [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
}

export async function parseTranscript(transcript: string | JsonSegment[] | { segments: JsonSegment[] }, options: { format?: TranscriptFormat; durationSeconds?: number }): Promise<Transcript> {
  const warnings: string[] = [];
  if (typeof transcript === 'string' && !transcript.replace(/^\uFEFF/, '').trim()) fail('line 1', 'the transcript is empty');
  const format = typeof transcript !== 'string' ? 'json' : (options.format ?? detectFormat(transcript));
  let cues: Cue[];
  let timing: TimingBasis = 'timestamps';
  if (typeof transcript !== 'string') cues = fromJson(transcript);
  else if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(transcript.replace(/^\uFEFF/, ''));
    } catch (error) {
      fail('JSON', `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    cues = fromJson(value);
  } else if (format === 'text') ({ cues, timing } = fromText(transcript, options.durationSeconds));
  else {
    const parsed = await parseSubtitles(transcript, format);
    cues = format === 'youtube' ? fromYouTube(parsed) : fromLibrary(parsed);
    if (!cues.length) fail('line 1', 'every cue is empty');
  }
  const sorted = ordered(cues, warnings);
  const overlapping = sorted.filter((cue, index) => index > 0 && cue.start < (sorted[index - 1] as Cue).end - 0.5).length;
  if (overlapping && format !== 'youtube') warnings.push(`${overlapping} cue(s) overlap the one before; their words are kept in start order.`);
  return { format, cues: sorted, estimated: timing !== 'timestamps', warnings };
}

/** The speech length without parsing: the last timestamp, JSON end or word count. For choosing job or inline. */
export function quickDuration(transcript: string | JsonSegment[] | { segments: JsonSegment[] }, durationSeconds?: number): number {
  if (typeof transcript !== 'string') {
    const segments = Array.isArray(transcript) ? transcript : transcript.segments;
    return segments.reduce((max, segment) => Math.max(max, Number(segment.end) || 0), 0);
  }
  const tail = transcript.slice(-4000);
  const stamps = [...tail.matchAll(/(?:\b|")((?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\b|"end"\s*:\s*(\d+(?:\.\d+)?)/g)];
  const last = stamps.reduce((max, match) => Math.max(max, match[1] ? seconds(match[1]) : Number(match[2])), 0);
  return last || durationSeconds || countWords(transcript) / speechRate;
}

export const timecode = (start: number, end: number) => `${timestamp(start * 1000)}–${timestamp(end * 1000)}`;
