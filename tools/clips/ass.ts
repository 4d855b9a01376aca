import { lineBreaks } from '../../src/render/captions.js';
import type { TextWidth } from './caption-font.js';
import { MAX_LINE, type CaptionBlock } from './cues.js';

/**
 * Burn-in captions as ASS (Advanced SubStation Alpha, what libass and so ffmpeg's `subtitles`
 * filter draw): drawn on a 1080×1920 canvas (PlayResX/PlayResY, the size every layout outputs, so
 * one unit is one pixel), with WrapStyle 2 (no wrapping but the caption pack's own line breaks),
 * and a font size chosen per clip so that its widest line fits between the side margins. No
 * maintained npm package writes ASS; the three sections written here are the whole format needed.
 */

export const canvas = { width: 1080, height: 1920 } as const;

/**
 * White DejaVu Sans Bold with a black outline, centred, its bottom 400 px above the frame's: the
 * lowest fifth of a Short, Reel or TikTok carries the platform's caption and buttons. Two lines
 * stay in the lower third (below y = 1280).
 */
export const assStyle = { font: 'DejaVu Sans', side: 72, bottom: 400, maxSize: 64, minSize: 36 } as const;

/** The spoken word of the word-by-word file: #FFD400 (ASS colours are &HBBGGRR&). */
const HIGHLIGHT = '&H00D4FF&';

/** `H:MM:SS.cc`: ASS counts centiseconds. */
function assTime(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/**
 * Text as ASS shows it literally: "{" would open an override block, "\N" is a line break. A
 * backslash is kept apart from what follows by a zero-width space; braces are escaped as libass reads them.
 */
export const assEscape = (text: string) => text.replace(/\\/g, '\\\u200b').replace(/[{}]/g, (brace) => `\\${brace}`);

interface Sizing {
  size: number;
  /** Room for a line, in pixels. */
  room: number;
  width: TextWidth;
}

/** The largest size (within the style's bounds) at which every line of the clip fits the room between the margins. */
function sizing(blocks: readonly CaptionBlock[], width: TextWidth): Sizing {
  // The outline (at most 5 px at the largest size) is drawn outside the glyphs.
  const room = canvas.width - 2 * assStyle.side - 2 * 5;
  let widest = 0;
  for (const block of blocks) for (const line of block.lines) widest = Math.max(widest, width(line));
  const size = widest ? Math.floor(room / widest) : assStyle.maxSize;
  return { size: Math.min(assStyle.maxSize, Math.max(assStyle.minSize, size)), room, width };
}

/** A line too wide even at the smallest size (a long URL) is narrowed rather than wrapped or cut. */
function squeeze(lines: readonly string[], { size, room, width }: Sizing): string {
  let widest = 0;
  for (const line of lines) widest = Math.max(widest, width(line) * size);
  return widest > room ? `{\\fscx${Math.floor((room / widest) * 100)}}` : '';
}

interface AssEvent {
  start: number;
  end: number;
  text: string;
}

function assFile(events: readonly AssEvent[], size: number): string {
  const outline = Math.max(3, Math.round(size * 0.08));
  const head = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${canvas.width}`,
    `PlayResY: ${canvas.height}`,
    'WrapStyle: 2',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${assStyle.font},${size},&H00FFFFFF,&H0000D4FF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,${outline},0,2,${assStyle.side},${assStyle.side},${assStyle.bottom},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
  ];
  const lines: string[] = [];
  for (const event of events) {
    const start = assTime(event.start);
    const end = assTime(event.end);
    // Shorter than a centisecond: nothing to show, and readers refuse an end that is not after the start.
    if (Math.round(event.end / 10) > Math.round(event.start / 10)) lines.push(`Dialogue: 0,${start},${end},Default,,0,0,0,,${event.text}`);
  }
  return `${[...head, ...lines].join('\n')}\n`;
}

/** The clip's burn-in captions: one event per caption cue, its lines as the SRT and VTT break them. */
export function writeAss(blocks: readonly CaptionBlock[], width: TextWidth): string {
  const fit = sizing(blocks, width);
  return assFile(
    blocks.map((block) => ({ start: block.start, end: block.end, text: `${squeeze(block.lines, fit)}${block.lines.map(assEscape).join('\\N')}` })),
    fit.size,
  );
}

/**
 * Word by word: while a word is spoken its cue shows with that word in yellow. The events follow
 * each other without overlapping (libass would stack overlapping ones into four lines).
 */
export function writeHighlightAss(blocks: readonly CaptionBlock[], width: TextWidth): string {
  const fit = sizing(blocks, width);
  const events: AssEvent[] = [];
  for (const block of blocks) {
    const texts = block.words.map((word) => word.text);
    const starts = new Set(lineBreaks(texts, MAX_LINE));
    const squeezed = squeeze(block.lines, fit);
    const clamp = (ms: number) => Math.min(Math.max(ms, block.start), block.end);
    block.words.forEach((word, index) => {
      const start = index === 0 ? block.start : clamp(word.start);
      const next = block.words[index + 1];
      const end = next ? clamp(next.start) : block.end;
      const text = texts
        .map((other, otherIndex) => {
          const shown = otherIndex === index ? `{\\1c${HIGHLIGHT}}${assEscape(other)}{\\1c&HFFFFFF&}` : assEscape(other);
          return otherIndex === 0 ? shown : `${starts.has(otherIndex) ? '\\N' : ' '}${shown}`;
        })
        .join('');
      events.push({ start, end: Math.max(start, end), text: `${squeezed}${text}` });
    });
  }
  return assFile(events, fit.size);
}
