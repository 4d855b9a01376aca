import { canvas } from './ass.js';

/**
 * How a clip fills the vertical 1080×1920 frame, each as one ffmpeg filter graph:
 * - `center_crop`: the middle 9:16 of the frame (one speaker, framed in the centre);
 * - `fit_blur`: the whole frame scaled to the width, over a blurred, darkened fill of itself
 *   (two or more speakers side by side stay in the picture);
 * - `split`: the left half over the right half, each cropped to 9:8 around its centre (two
 *   speakers, one on each side).
 */
export const layouts = ['center_crop', 'fit_blur', 'split'] as const;
export type Layout = (typeof layouts)[number];

/**
 * The layout a clip gets when the caller names none: fit_blur when two or more people speak in
 * it, else center_crop. Who speaks comes from the transcript's speaker labels in the clip, else
 * from the caller's `speakers` hint (a transcript without labels says nothing about the frame).
 */
export const defaultLayout = (speakers: number): Layout => (speakers >= 2 ? 'fit_blur' : 'center_crop');

const { width: W, height: H } = canvas;

/** The filter graph from input 0's video to [v], captions burned in last, on the final frame. */
function filterGraph(layout: Layout, captions: string): string {
  const burn = `subtitles=${captions},format=yuv420p[v]`;
  switch (layout) {
    case 'center_crop':
      return `[0:v]crop='min(iw,ih*9/16)':'min(ih,iw*16/9)',scale=${W}:${H},setsar=1,${burn}`;
    case 'fit_blur':
      // The fill is blurred at a quarter of the size: the same look, a sixteenth of the work.
      return [
        `[0:v]split=2[fill][front]`,
        `[fill]scale=${W / 4}:${H / 4}:force_original_aspect_ratio=increase,crop=${W / 4}:${H / 4},boxblur=12:2,scale=${W}:${H},eq=brightness=-0.12[back]`,
        `[front]scale=${W}:${H}:force_original_aspect_ratio=decrease:force_divisible_by=2[fit]`,
        `[back][fit]overlay=(W-w)/2:(H-h)/2,setsar=1,${burn}`,
      ].join(';');
    case 'split': {
      const half = (x: string) => `crop=iw/2:ih:${x}:0,crop='min(iw,ih*9/8)':'min(ih,iw*8/9)',scale=${W}:${H / 2},setsar=1`;
      return [`[0:v]split=2[left][right]`, `[left]${half('0')}[top]`, `[right]${half('iw/2')}[bottom]`, `[top][bottom]vstack,${burn}`].join(';');
    }
  }
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Cuts the clip from the input, lays it out at 1080×1920 and burns in its ASS captions (no style forced: the file carries it). */
export function ffmpegCommand(clip: { start: number; end: number }, layout: Layout, files: { input: string; captions: string; output: string }): string {
  // Rounded as the plan's start_seconds and duration_seconds are: toFixed alone rounds the binary value
  // (322.6665 → "322.666"), a millisecond away from the timecode the plan shows.
  const seconds = (value: number) => (Math.round(value * 1000) / 1000).toFixed(3);
  return [
    'ffmpeg',
    '-ss',
    seconds(clip.start),
    '-t',
    seconds(clip.end - clip.start),
    '-i',
    shellQuote(files.input),
    '-filter_complex',
    shellQuote(filterGraph(layout, files.captions)),
    "-map '[v]' -map '0:a?'",
    '-c:v libx264 -preset medium -crf 20 -c:a aac -b:a 160k -movflags +faststart',
    shellQuote(files.output),
  ].join(' ');
}
