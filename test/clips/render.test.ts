/**
 * Each layout's ffmpeg command, run as the plan gives it on a generated test video (left half
 * green, right half blue, 320×180 at 10 fps, a sine tone): 1080×1920 out, the clip's duration
 * within 0.1 s, the layout's geometry, and frame grabs showing each caption cue in the lower
 * third with as many text lines as the caption pack gives it (≤ 2).
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema, type Clip } from '../../tools/clips/schema.js';
import type { Layout } from '../../tools/clips/layout.js';
import { parseCaptions } from '../support/captions.js';
import { ffmpegAvailable, ffmpegSkipReason, grabFrame, probe, run } from './ffmpeg.js';

const W = 1080;
const H = 1920;

/** JSON segments with evenly timed words: two speakers, a stage direction, a label and a filler-only reply to leave out. */
function transcript() {
  const segments = [
    { start: 0.5, end: 2.6, speaker: 'Ada', text: '[laughs] The motor is about to start at noon, and then it halts.' },
    { start: 2.7, end: 3.0, speaker: 'Grace', text: 'Yeah.' },
    { start: 3.1, end: 4.2, speaker: 'Grace', text: 'Grace: That is the whole trick.' },
    { start: 4.3, end: 6.4, speaker: 'Ada', text: 'The train leaves the station at the third bell of the old tower.' },
  ];
  return segments.map((segment) => {
    const texts = segment.text.split(' ');
    const step = (segment.end - segment.start) / texts.length;
    return { ...segment, words: texts.map((word, index) => ({ start: segment.start + index * step, end: segment.start + (index + 1) * step, word })) };
  });
}

const planOf = async (layout?: Layout) => {
  const plan = await buildPlan(factoryInputSchema.parse({ transcript: transcript(), min_seconds: 5, max_seconds: 10, max_clips: 1, ...(layout ? { layout } : {}) }));
  expect(plan.clips).toHaveLength(1);
  return plan.clips[0] as Clip;
};

/** The rows holding caption text (≥ 3 pixels brighter than the dark test video), as bands of rows. */
function textBands(frame: Buffer): Array<{ top: number; bottom: number; left: number; right: number }> {
  const bands: Array<{ top: number; bottom: number; left: number; right: number }> = [];
  for (let y = 0; y < H; y += 1) {
    let count = 0;
    let left = W;
    let right = -1;
    for (let x = 0; x < W; x += 1) {
      if ((frame[y * W + x] as number) > 150) {
        count += 1;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    if (count < 3) continue;
    const last = bands.at(-1);
    // Lines of a cue are a few rows apart; the rows of one line touch.
    if (last && y - last.bottom <= 2) Object.assign(last, { bottom: y, left: Math.min(last.left, left), right: Math.max(last.right, right) });
    else bands.push({ top: y, bottom: y, left, right });
  }
  return bands;
}

/** The mean luma of a 20×20 patch centred on (x, y). */
function luma(frame: Buffer, x: number, y: number): number {
  let sum = 0;
  for (let dy = -10; dy < 10; dy += 1) for (let dx = -10; dx < 10; dx += 1) sum += frame[(y + dy) * W + x + dx] as number;
  return sum / 400;
}

/** Where the layout puts the source's green left half and blue right half (luma about 80 and 30). */
const geometry: Record<Layout, (frame: Buffer) => void> = {
  center_crop: (frame) => {
    // The middle of the frame, full height: green on the left, blue on the right, top to bottom.
    expect(luma(frame, 270, 200)).toBeGreaterThan(luma(frame, 810, 200) + 30);
    expect(Math.abs(luma(frame, 270, 200) - luma(frame, 270, 960))).toBeLessThan(6);
  },
  fit_blur: (frame) => {
    // The whole frame across the width in the middle band (1080×608 from y = 656), sharp; above and below, a darker blurred fill.
    expect(luma(frame, 270, 960)).toBeGreaterThan(luma(frame, 810, 960) + 30);
    expect(luma(frame, 270, 200)).toBeLessThan(luma(frame, 270, 960) - 15);
    expect(luma(frame, 270, 1800)).toBeLessThan(luma(frame, 270, 960) - 15);
  },
  split: (frame) => {
    // The left half above (all green), the right half below (all blue).
    expect(Math.abs(luma(frame, 270, 300) - luma(frame, 810, 300))).toBeLessThan(6);
    expect(luma(frame, 540, 300)).toBeGreaterThan(luma(frame, 540, 1100) + 30);
    expect(Math.abs(luma(frame, 270, 1100) - luma(frame, 810, 1800))).toBeLessThan(6);
  },
};

describe.skipIf(!ffmpegAvailable)('the clip cut, rendered with ffmpeg', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'clips-render-'));
    const video = 'color=c=0x008000:s=160x180:r=10:d=7[l];color=c=0x000080:s=160x180:r=10:d=7[r];[l][r]hstack';
    await run(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=7', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', 'source.mp4'],
      dir,
    );
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the clip's command in a folder of its own, with input.mp4 and clip-N.ass saved as the plan says. */
  async function render(clip: Clip, name: string, ass = clip.captions.ass): Promise<string> {
    const folder = join(dir, name);
    mkdirSync(folder);
    symlinkSync(join(dir, 'source.mp4'), join(folder, 'input.mp4'));
    if (ass === null) throw new Error(`clip ${clip.rank} has no ASS file: a new plan always has one`);
    writeFileSync(join(folder, `clip-${clip.rank}.ass`), ass);
    expect(clip.ffmpeg).toContain(`subtitles=clip-${clip.rank}.ass`);
    expect(clip.ffmpeg).not.toContain('force_style');
    await run(clip.ffmpeg, [], folder, true);
    return folder;
  }

  it.each(['center_crop', 'fit_blur', 'split'] as const)('renders %s at 1080×1920, the clip long, its captions in the lower third in the pack’s lines', async (layout) => {
    const clip = await planOf(layout === 'fit_blur' ? undefined : layout);
    // Two people speak in the clip: fit_blur is the default.
    expect(clip.layout).toBe(layout);
    const folder = await render(clip, layout);
    const output = `clip-${clip.rank}.mp4`;
    const probed = await probe(output, folder);
    expect(probed).toMatchObject({ width: W, height: H, audio: true });
    expect(Math.abs(probed.duration - clip.duration_seconds)).toBeLessThanOrEqual(0.1);

    const { cues } = await parseCaptions(clip.captions.srt, 'srt');
    expect(cues.length).toBeGreaterThanOrEqual(2);
    expect(cues.some((cue) => cue.text.includes('\n'))).toBe(true);
    for (const [index, cue] of cues.entries()) {
      const frame = await grabFrame(output, (cue.startTime + cue.endTime) / 2, folder);
      expect(frame.length).toBe(W * H);
      if (index === 0) geometry[layout](frame);
      const bands = textBands(frame);
      const lines = cue.text.split('\n').length;
      expect(bands, `"${cue.text}" at ${cue.startTime}–${cue.endTime} s`).toHaveLength(lines);
      expect(bands.length).toBeLessThanOrEqual(2);
      for (const band of bands) {
        // Lower third, above the bottom fifth (the platforms' own captions and buttons), inside the side margins.
        expect(band.top).toBeGreaterThanOrEqual(Math.round((H * 2) / 3));
        expect(band.bottom).toBeLessThanOrEqual(H - 380);
        expect(band.left).toBeGreaterThanOrEqual(60);
        expect(band.right).toBeLessThanOrEqual(W - 60);
      }
    }
  });

  it('burns the word-by-word file the same way, with the spoken word in yellow', async () => {
    const clip = await planOf('center_crop');
    expect(clip.captions.highlight_ass).not.toBeNull();
    const folder = await render(clip, 'highlight', clip.captions.highlight_ass);
    const output = `clip-${clip.rank}.mp4`;
    const { cues } = await parseCaptions(clip.captions.srt, 'srt');
    const cue = cues.find((candidate) => candidate.text.includes('\n')) as (typeof cues)[number];
    const at = (cue.startTime + cue.endTime) / 2;
    expect(textBands(await grabFrame(output, at, folder))).toHaveLength(2);
    const rgb = await grabFrame(output, at, folder, 'rgb24');
    let yellow = 0;
    for (let pixel = 0; pixel < W * H; pixel += 1) {
      const [r, g, b] = [rgb[pixel * 3] as number, rgb[pixel * 3 + 1] as number, rgb[pixel * 3 + 2] as number];
      if (r > 200 && g > 170 && b < 90) {
        yellow += 1;
        expect(pixel / W).toBeGreaterThanOrEqual((H * 2) / 3);
      }
    }
    expect(yellow).toBeGreaterThan(50);
  });
});

if (!ffmpegAvailable) console.warn(ffmpegSkipReason);
