/**
 * The caption cues of a clip (stage directions, speaker labels and filler-only cues left out;
 * ≥ 0.8 s on screen, ≤ 6 s, ≤ 2 lines of ≤ 42 characters), the ASS files written from them, and
 * the layout each clip gets.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineBreaks } from '../../src/render/captions.js';
import { invalidInput } from '../../src/kernel/errors.js';
import { captionBlocks, MAX_CUE_MS, MAX_LINE, MIN_CUE_MS, type CaptionBlock } from '../../tools/clips/cues.js';
import { assEscape, assStyle, canvas, writeAss, writeHighlightAss } from '../../tools/clips/ass.js';
import { captionFont } from '../../tools/clips/caption-font.js';
import { ffmpegCommand, layouts } from '../../tools/clips/layout.js';
import { buildPlan } from '../../tools/clips/plan.js';
import { factoryInputSchema } from '../../tools/clips/schema.js';
import type { Word } from '../../tools/clips/transcript.js';
import { parseAss } from './parse-ass.js';
import { asSrt, syntheticTalk } from './synthetic.js';

/** Words 300 ms apart from `start` (ms), each spoken for 250 ms. */
const spoken = (text: string, start = 0, step = 300): Word[] => text.split(' ').map((word, index) => ({ start: start + index * step, end: start + index * step + 250, text: word }));
const shown = (blocks: readonly CaptionBlock[]) => blocks.map((block) => block.lines.join(' / '));

describe('caption cues', () => {
  it('leave out stage directions, music notes and marks, keeping the sentence ends they carried', () => {
    const words = spoken('[Lulu collar shake in the background] So the dog was barking (laughs) all night. ♪ *sighs* It was loud [music].');
    expect(shown(captionBlocks(words, 10_000))).toEqual(['So the dog was barking all night.', 'It was loud.']);
  });

  it('take an unclosed bracket for text', () => {
    const words = spoken('The ratio [was high and it kept on going for a long while after that.');
    expect(shown(captionBlocks(words, 10_000)).join(' ')).toContain('[was high');
  });

  it('leave out speaker labels at the start of a turn, not a colon inside a sentence', () => {
    const words = spoken('Brady: I think so. Speaker 2: Maybe not. >> SPEAKER_01: We will see. Step 1: preheat the oven. The time is 10:30 now.');
    const text = captionBlocks(words, 20_000).flatMap((block) => block.lines);
    expect(text.join(' ')).toBe('I think so. Maybe not. We will see. Step 1: preheat the oven. The time is 10:30 now.');
  });

  it('leave out cues of fillers only ("Yeah.", "Mm-hmm, right.") and keep fillers inside a sentence', () => {
    const words = spoken('Yeah. Mm-hmm, right. Grey: Right? Yeah, that is the whole point. Um.', 0, 400);
    const blocks = captionBlocks(words, 10_000);
    expect(shown(blocks)).toEqual(['Yeah, that is the whole point.']);
    expect(blocks[0]!.start).toBe(words.findIndex((word) => word.text === 'Yeah,') * 400);
  });

  it('keep a cue on screen 0.8 s into the silence after it, else merge it with a neighbour', () => {
    // "Wow." lasts 250 ms with a long pause after it: held to 0.8 s, not merged.
    const held = captionBlocks([...spoken('Wow.'), ...spoken('That was close.', 2000)], 10_000);
    expect(shown(held)).toEqual(['Wow.', 'That was close.']);
    expect(held[0]).toMatchObject({ start: 0, end: MIN_CUE_MS });
    // "No." right before the next sentence: merged into it.
    const merged = captionBlocks([...spoken('No.'), ...spoken('It was never like that.', 300)], 10_000);
    expect(shown(merged)).toEqual(['No. It was never like that.']);
    // The last cue, 0.3 s before the clip ends: merged into the one before.
    const last = captionBlocks(spoken('It was never like that. No.'), 1800);
    expect(shown(last)).toEqual(['It was never like that. No.']);
    expect(last[0]).toMatchObject({ start: 0, end: 1750 });
    // Too dense to merge (each cue two full lines): the 0.4 s cue borrows from its neighbours, which keep 0.8 s each.
    const long = (word: string) => Array.from({ length: 6 }, () => word).join(' ');
    const dense = captionBlocks([...spoken(`${long('abcdefghij')}.`, 0), ...spoken(`${long('klmnopqrst')}.`, 2100, 40), ...spoken(`${long('uvwxyzabcd')}.`, 2550)], 10_000);
    expect(dense).toHaveLength(3);
    expect(dense[1]!.end - dense[1]!.start).toBeGreaterThanOrEqual(MIN_CUE_MS);
    expect(dense[0]!.end).toBeLessThanOrEqual(dense[1]!.start);
    expect(dense[1]!.end).toBeLessThanOrEqual(dense[2]!.start);
    for (const block of [dense[0]!, dense[2]!]) expect(block.end - block.start).toBeGreaterThanOrEqual(MIN_CUE_MS);
  });

  it('keep each cue within 6 s, 2 lines of 42 characters, in order and within the clip (property)', () => {
    const word = fc.record({
      text: fc.stringMatching(/^[a-z]{1,14}$/),
      ends: fc.boolean(),
      length: fc.integer({ min: 30, max: 1200 }),
      gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2500 })),
    });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 120 }), (specs) => {
        let at = 0;
        const words: Word[] = specs.map((spec) => {
          const start = at + spec.gap;
          at = start + spec.length;
          // "x" first: no generated word is a filler ("so", "um"), which would leave out its sentence.
          return { start, end: at, text: `x${spec.text}${spec.ends ? '.' : ''}` };
        });
        const total = at;
        const blocks = captionBlocks(words, total);
        expect(blocks.flatMap((block) => block.words.map((w) => w.text))).toEqual(words.map((w) => w.text));
        const fits = (group: readonly Word[]) =>
          lineBreaks(
            group.map((w) => w.text),
            MAX_LINE,
          ).length <= 2;
        const mergeable = (a: CaptionBlock, b: CaptionBlock) => fits([...a.words, ...b.words]) && b.words.at(-1)!.end - a.words[0]!.start <= MAX_CUE_MS;
        blocks.forEach((block, index) => {
          expect(block.lines.length).toBeLessThanOrEqual(2);
          for (const line of block.lines) expect(line.length).toBeLessThanOrEqual(MAX_LINE);
          expect(block.end).toBeGreaterThan(block.start);
          expect(block.end - block.start).toBeLessThanOrEqual(MAX_CUE_MS);
          expect(block.end).toBeLessThanOrEqual(total);
          const next = blocks[index + 1];
          if (next) expect(block.end).toBeLessThanOrEqual(next.start);
          // Shorter than 0.8 s only when neither neighbour can take it within 2 lines and 6 s, nor spare the time:
          // each neighbour keeps its own 0.8 s (or the clip starts or ends there).
          if (block.end - block.start < MIN_CUE_MS) {
            const previous = blocks[index - 1];
            if (previous) expect(mergeable(previous, block), `${block.lines.join(' / ')} after ${previous.lines.join(' / ')}`).toBe(false);
            if (next) expect(mergeable(block, next), `${block.lines.join(' / ')} before ${next.lines.join(' / ')}`).toBe(false);
            expect(block.start).toBeLessThanOrEqual(previous ? previous.start + MIN_CUE_MS : 0);
            expect(block.end).toBeGreaterThanOrEqual(next ? next.end - MIN_CUE_MS : total);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('the ASS burn-in file', () => {
  it('is drawn on a 1080×1920 canvas without wrapping, in a style for 9:16, and reads back as the SRT cues', async () => {
    const width = await captionFont();
    const blocks = captionBlocks(spoken('The motor is about to start at noon, and then it halts. That is the whole trick, said Ada.'), 20_000);
    const ass = writeAss(blocks, width);
    expect(ass).toMatch(/^\[Script Info\]\n/);
    for (const line of ['PlayResX: 1080', 'PlayResY: 1920', 'WrapStyle: 2', 'ScaledBorderAndShadow: yes']) expect(ass.split('\n')).toContain(line);
    const style = /^Style: Default,DejaVu Sans,(\d+),.*,2,72,72,400,1$/m.exec(ass);
    expect(style).not.toBeNull();
    const size = Number(style![1]);
    expect(size).toBeGreaterThanOrEqual(assStyle.minSize);
    expect(size).toBeLessThanOrEqual(assStyle.maxSize);
    // The widest line fits between the side margins at that size, and one size up it would not (or the size is the largest).
    const widest = Math.max(...blocks.flatMap((block) => block.lines.map(width)));
    expect(widest * size).toBeLessThanOrEqual(canvas.width - 2 * assStyle.side);
    if (size < assStyle.maxSize) expect(widest * (size + 1)).toBeGreaterThan(canvas.width - 2 * assStyle.side - 10);
    const { cues, errors } = await parseAss(ass);
    expect(errors).toEqual([]);
    expect(cues.map((cue) => [cue.startTime, cue.endTime, cue.text])).toEqual(blocks.map((block) => [Math.round(block.start / 10) / 100, Math.round(block.end / 10) / 100, block.lines.join('\n')]));
  });

  it('shows braces and backslashes as text, not as override blocks or line breaks', () => {
    expect(assEscape('a {\\b1} c\\Nd')).toBe('a \\{\\\u200bb1\\} c\\\u200bNd');
  });

  it('narrows a line too wide even at the smallest size (a long URL) rather than wrapping it', async () => {
    const width = await captionFont();
    const url = 'https://example.com/a/very/long/path/that/keeps/going/on/and/on';
    const ass = writeAss(captionBlocks(spoken(`See ${url} now.`), 10_000), width);
    const scale = /\{\\fscx(\d+)\}/.exec(ass);
    expect(scale).not.toBeNull();
    expect(width(url) * assStyle.minSize * (Number(scale![1]) / 100)).toBeLessThanOrEqual(canvas.width - 2 * assStyle.side);
  });

  it('highlights word by word in events that follow each other without overlapping', async () => {
    const width = await captionFont();
    const words = spoken('Here are three mistakes with sourdough that nobody tells you about. Then we fix them.', 0, 250);
    const blocks = captionBlocks(words, 6000);
    const { cues, errors } = await parseAss(writeHighlightAss(blocks, width));
    expect(errors).toEqual([]);
    expect(cues).toHaveLength(words.length);
    cues.forEach((cue, index) => {
      if (index > 0) expect(cue.startTime).toBeGreaterThanOrEqual(cues[index - 1]!.endTime);
    });
    const events = writeHighlightAss(blocks, width)
      .split('\n')
      .filter((line) => line.startsWith('Dialogue:'));
    events.forEach((event, index) => {
      const marked = [...event.matchAll(/\{\\1c&H00D4FF&\}([^{]*)\{\\1c&HFFFFFF&\}/g)];
      expect(marked.map((match) => match[1])).toEqual([words[index]!.text]);
    });
  });
});

describe('layouts', () => {
  const talk = syntheticTalk(3, 9);
  const plan = (extra: Record<string, unknown>, transcript: unknown = asSrt(talk)) => buildPlan(factoryInputSchema.parse({ transcript, max_clips: 2, ...extra }));

  it('default to fit_blur when two or more people are in the recording, else center_crop', async () => {
    const twoVoices = talk.map((cue, index) => ({ start: cue.start, end: cue.end, text: cue.text, speaker: index % 2 ? 'Grey' : 'Brady' }));
    expect((await plan({}, twoVoices)).clips.map((clip) => clip.layout)).toEqual(['fit_blur', 'fit_blur']);
    // One talks all through the clips, the other only at the end: both are in the frame, so no blind centre crop.
    const mostlyOne = talk.map((cue, index) => ({ start: cue.start, end: cue.end, text: cue.text, speaker: index === talk.length - 1 ? 'Grey' : 'Brady' }));
    const framed = await plan({}, mostlyOne);
    expect(framed.source.speakers).toEqual(['Brady', 'Grey']);
    expect(framed.clips.map((clip) => clip.layout)).toEqual(['fit_blur', 'fit_blur']);
    // Labels name one speaker: the labels decide, not the hint.
    const oneVoice = talk.map((cue) => ({ start: cue.start, end: cue.end, text: cue.text, speaker: 'Brady' }));
    expect((await plan({ speakers: ['Brady', 'Grey'] }, oneVoice)).clips.map((clip) => clip.layout)).toEqual(['center_crop', 'center_crop']);
    // No speaker labels: the caller's speakers hint decides.
    expect((await plan({})).clips.map((clip) => clip.layout)).toEqual(['center_crop', 'center_crop']);
    expect((await plan({ speakers: ['Brady', 'Grey'] })).clips.map((clip) => clip.layout)).toEqual(['fit_blur', 'fit_blur']);
  });

  it('follow the layout asked for, each its own filter graph burning the clip’s ASS file', async () => {
    const commands = new Set<string>();
    for (const layout of layouts) {
      const { clips } = await plan({ layout });
      for (const clip of clips) {
        expect(clip.layout).toBe(layout);
        expect(clip.ffmpeg).toBe(
          ffmpegCommand({ start: clip.start_seconds, end: clip.end_seconds }, layout, { input: 'input.mp4', captions: `clip-${clip.rank}.ass`, output: `clip-${clip.rank}.mp4` }),
        );
        expect(clip.ffmpeg).toContain(`subtitles=clip-${clip.rank}.ass,format=yuv420p[v]`);
        expect(clip.ffmpeg).not.toContain('force_style');
      }
      commands.add(clips[0]!.ffmpeg);
    }
    expect(commands.size).toBe(3);
  });

  it('refuses another layout, naming the field and the allowed values', () => {
    const parsed = factoryInputSchema.safeParse({ transcript: asSrt(talk), layout: 'zoom' });
    expect(parsed.success).toBe(false);
    const error = invalidInput(parsed.error!);
    expect(error.message).toBe('Invalid input. layout: Invalid option: expected one of "center_crop"|"fit_blur"|"split".');
    expect(error.details).toMatchObject({ issues: [{ path: 'layout', allowed: ['center_crop', 'fit_blur', 'split'] }] });
  });
});
