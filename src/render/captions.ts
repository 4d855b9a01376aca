/**
 * Caption files: SRT and WebVTT writers with timings in integer milliseconds, and the line
 * breaking short-form video needs (≤ 42 characters a line, ≤ 2 lines a cue). Writing is a few
 * lines per format; reading is left to a subtitle library (media-captions), which the tests
 * use to parse every file written here back.
 */

export interface CaptionCue {
  /** Milliseconds. */
  start: number;
  end: number;
  /** One or two lines joined by "\n"; for VTT it may carry cue tags (e.g. <c.highlight>). */
  text: string;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `HH:MM:SS,mmm` (SRT) or `HH:MM:SS.mmm` (VTT, and the API's timecodes); hours grow past 99 if need be. */
export function timestamp(ms: number, separator: ',' | '.' = '.'): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(total % 1000, 3)}`;
}

/** Cue text can hold neither a blank line nor "-->": either would end the cue early for every reader. */
function cueText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/-->/g, '→').trim())
    .filter(Boolean)
    .join('\n');
}

export function writeSrt(cues: readonly CaptionCue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cueText(cue.text)}\n`).join('\n');
}

/** `styles` become a STYLE block (e.g. `::cue(.highlight) { color: yellow }`). */
export function writeVtt(cues: readonly CaptionCue[], styles?: string): string {
  const head = styles ? `WEBVTT\n\nSTYLE\n${styles}\n` : 'WEBVTT\n';
  return `${head}\n${cues.map((cue) => `${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cueText(cue.text)}\n`).join('\n')}`;
}

/** Escapes text for a VTT cue payload (the three characters VTT reserves). */
export const vttEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Splits words into caption lines of at most `maxChars` (a single longer word gets a line of
 * its own rather than being cut), returning the index of the first word of each line.
 */
export function lineBreaks(words: readonly string[], maxChars: number): number[] {
  const starts: number[] = [];
  let length = 0;
  words.forEach((word, index) => {
    if (index === 0 || length + 1 + word.length > maxChars) {
      starts.push(index);
      length = word.length;
    } else length += 1 + word.length;
  });
  return starts;
}
