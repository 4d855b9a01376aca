import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { json, startApp, type StartedApp } from '../helpers.js';
import { asPlainText, asSrt, asVtt, syntheticTalk, type SyntheticCue } from './synthetic.js';
import { buildPlan } from '../../tools/clips/plan.js';
import { runsAsJob } from '../../tools/clips/sizing.js';
import { platformRules, platforms as allPlatforms } from '../../tools/clips/platforms.js';
import { tokensOf, weights } from '../../tools/clips/score.js';
import { parseTranscript } from '../../tools/clips/transcript.js';
import { sentencesOf } from '../../tools/clips/sentences.js';
import { topicsOf } from '../../tools/clips/topics.js';
import { factoryInputSchema, clipPlanSchema, type FactoryInput, type ClipPlan } from '../../tools/clips/schema.js';
import { timestamp } from '../../src/render/captions.js';
import { parseCaptions, type ParsedCue } from '../support/captions.js';
import { layouts } from '../../tools/clips/layout.js';
import { parseAss } from './parse-ass.js';

// ---------------------------------------------------------------------------------------------
// Transcript shapes

const shapes = ['srt', 'vtt', 'youtube', 'json_words', 'json_text', 'text_stamped', 'text_bracketed', 'text_estimated'] as const;
type Shape = (typeof shapes)[number];
/** The shapes whose transcripts time each word: only they get a word-by-word highlight. */
const timesWords = (shape: Shape) => shape === 'json_words' || shape === 'youtube';

/**
 * YouTube auto-captions as YouTube writes them: a header with Kind, each cue repeating the
 * previous line and adding one with inline word times, then a 10 ms cue holding the line alone.
 */
function asYouTube(cues: readonly SyntheticCue[]): string {
  const stamp = (seconds: number) => timestamp(seconds * 1000);
  const blocks: string[] = [];
  cues.forEach((cue, index) => {
    const previous = cues[index - 1]?.text ?? ' ';
    const tagged = cue.words.map((word, i) => (i === 0 ? word.word : `<${stamp(word.start)}><c> ${word.word}</c>`)).join('');
    const end = Math.max(cue.end, (cues[index + 1]?.start ?? cue.end) - 0.01);
    blocks.push(`${stamp(cue.start)} --> ${stamp(end)} align:start position:0%\n${previous}\n${tagged}\n`);
    blocks.push(`${stamp(end)} --> ${stamp(end + 0.01)} align:start position:0%\n${cue.text}\n \n`);
  });
  return `WEBVTT\nKind: captions\nLanguage: en\n\n${blocks.join('\n')}`;
}

/** Words that caption files must escape, wrap or keep: markup characters, "-->", a line-long URL, non-ASCII. */
const trickyWords = ['R&D', '<b>bold</b>', 'a-->b', 'https://example.com/a/very/long/path/that/keeps/going/on', 'naïve', '🎉', 'C++', '"quoted"', '50%', '&amp;'];

/** Every so often a word becomes a tricky one (for JSON transcripts, which can carry any text). */
function spiced(cues: SyntheticCue[], seed: number): SyntheticCue[] {
  let index = 0;
  return cues.map((cue) => {
    const words = cue.words.map((word) => (((index += 1) * 7 + seed) % 19 === 0 ? { ...word, word: trickyWords[index % trickyWords.length] as string } : word));
    return { ...cue, words, text: words.map((word) => word.word).join(' ') };
  });
}

function transcriptOf(cues: SyntheticCue[], shape: Shape): Pick<FactoryInput, 'transcript' | 'duration_seconds' | 'format'> {
  switch (shape) {
    case 'srt':
      return { transcript: asSrt(cues) };
    case 'vtt':
      return { transcript: asVtt(cues) };
    case 'youtube':
      // The talk's last cue may hold one word: a line without an inline time (see the YouTube test below).
      return { transcript: asYouTube(cues) };
    case 'json_words':
      return { transcript: cues.map((cue) => ({ start: cue.start, end: cue.end, text: cue.text, words: cue.words })) };
    case 'json_text':
      // As text, so that detection has to find it.
      return { transcript: JSON.stringify({ segments: cues.map(({ start, end, text }) => ({ start, end, text })) }) };
    case 'text_stamped':
      // "00:01:23 Words…", detected as text.
      return { transcript: asPlainText(cues).replace(/^\[([\d:]+)\]/gm, '$1') };
    case 'text_bracketed':
      // "[00:01:23] Words…": a leading "[" that is not JSON.
      return { transcript: asPlainText(cues) };
    case 'text_estimated':
      return { transcript: cues.map((cue) => cue.text).join('\n'), duration_seconds: (cues.at(-1) as SyntheticCue).end };
  }
}

// ---------------------------------------------------------------------------------------------
// The invariants every plan keeps

const MAX_LINE = 42;
const timecodePattern = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3})–(\d{2}):(\d{2}):(\d{2})\.(\d{3})$/;
const ms = (h: string, m: string, s: string, f: string) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);
const decode = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const untagged = (text: string) => decode(text.replace(/<[^>]*>/g, ''));
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
/** The text the writers put into a cue: "-->" cannot appear inside one. */
const asCueText = (text: string) => text.replace(/-->/g, '→');

/** A caption file parses back without errors, its cues lie within the clip, in order, ≤ 2 lines of ≤ 42 characters. */
async function checkCaptionFile(text: string, type: 'srt' | 'vtt', clipMs: number, label: string): Promise<ParsedCue[]> {
  const { cues, errors } = await parseCaptions(text, type);
  expect(errors, `${label} parses without errors`).toEqual([]);
  let previousStart = -1;
  for (const cue of cues) {
    expect(cue.startTime, `${label} cue start`).toBeGreaterThanOrEqual(0);
    expect(cue.endTime, `${label} cue end after start`).toBeGreaterThan(cue.startTime);
    expect(Math.round(cue.endTime * 1000), `${label} cue end within the clip`).toBeLessThanOrEqual(clipMs);
    expect(cue.startTime, `${label} cues in order`).toBeGreaterThanOrEqual(previousStart);
    previousStart = cue.startTime;
    const lines = cue.text.split('\n');
    expect(lines.length, `${label} lines a cue`).toBeLessThanOrEqual(2);
    // A single word longer than a line gets a line of its own rather than being cut.
    for (const line of type === 'vtt' ? lines.map(untagged) : lines) if (wordsOf(line).length > 1) expect(line.length, `${label} "${line}"`).toBeLessThanOrEqual(MAX_LINE);
  }
  return cues;
}

async function checkPlan(plan: Omit<ClipPlan, 'plan_id' | 'created_at'>, input: FactoryInput, shape: Shape): Promise<void> {
  expect(clipPlanSchema.safeParse({ plan_id: 'clp_x', created_at: new Date().toISOString(), ...plan }).success).toBe(true);
  const wanted = input.platforms ? allPlatforms.filter((platform) => input.platforms?.includes(platform)) : [...allPlatforms];
  const ceiling = Math.min(input.max_seconds, Math.max(...wanted.map((platform) => platformRules[platform].maxSeconds)));
  const { clips } = plan;
  expect(clips.length).toBeLessThanOrEqual(input.max_clips);
  if (clips.length < input.max_clips) expect(plan.warnings.some((warning) => warning.startsWith(`Only ${clips.length} non-overlapping clip(s)`))).toBe(true);
  expect(plan.source.estimated_timing).toBe(shape === 'text_estimated');

  // Sorted by score, ranked in that order.
  clips.forEach((clip, index) => {
    expect(clip.rank).toBe(index + 1);
    expect(clip.id).toBe(`clip_${String(index + 1).padStart(2, '0')}`);
    if (index > 0) expect(clip.score.total).toBeLessThanOrEqual((clips[index - 1] as ClipPlan['clips'][number]).score.total);
  });
  // Never overlapping.
  const byStart = [...clips].sort((a, b) => a.start_seconds - b.start_seconds);
  byStart.forEach((clip, index) => {
    if (index > 0) expect(clip.start_seconds).toBeGreaterThanOrEqual((byStart[index - 1] as ClipPlan['clips'][number]).end_seconds);
  });

  for (const clip of clips) {
    const label = `${shape} ${clip.id} ${clip.timecode}`;
    // Within the transcript, within the length bounds.
    expect(clip.start_seconds).toBeGreaterThanOrEqual(0);
    expect(clip.end_seconds).toBeLessThanOrEqual(plan.source.duration_seconds);
    expect(clip.duration_seconds).toBeCloseTo(clip.end_seconds - clip.start_seconds, 2);
    expect(clip.duration_seconds, label).toBeGreaterThanOrEqual(input.min_seconds - 0.001);
    expect(clip.duration_seconds, label).toBeLessThanOrEqual(ceiling + 0.001);

    // The score explains itself: its total is the weighted sum of its components.
    expect(clip.score.weights).toEqual(weights);
    const sum = (Object.keys(weights) as Array<keyof typeof weights>).reduce((total, key) => total + weights[key] * clip.score.components[key], 0);
    expect(clip.score.total).toBeCloseTo(sum, 2);

    // HH:MM:SS.mmm–HH:MM:SS.mmm, the clip's own start and end.
    const match = timecodePattern.exec(clip.timecode);
    expect(match, clip.timecode).not.toBeNull();
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = match as unknown as string[];
    expect(Math.abs(ms(h1!, m1!, s1!, f1!) - clip.start_seconds * 1000)).toBeLessThanOrEqual(1);
    expect(Math.abs(ms(h2!, m2!, s2!, f2!) - clip.end_seconds * 1000)).toBeLessThanOrEqual(1);

    // Platform fit: YouTube Shorts and Reels ≤ 180 s, TikTok ≤ 600 s, for the platforms asked for.
    expect(clip.platform_fit.map((entry) => entry.platform)).toEqual(wanted);
    for (const entry of clip.platform_fit) expect(entry.fits).toBe(clip.duration_seconds <= { youtube_shorts: 180, instagram_reels: 180, tiktok: 600 }[entry.platform] + 0.001);
    expect(clip.platforms).toEqual(clip.platform_fit.filter((entry) => entry.fits).map((entry) => entry.platform));

    // Captions: SRT and VTT parse back with the same cues, within the clip; their words are the clip's words.
    const clipMs = Math.round(clip.duration_seconds * 1000) + 1;
    const srt = await checkCaptionFile(clip.captions.srt, 'srt', clipMs, `${label} srt`);
    const vtt = await checkCaptionFile(clip.captions.vtt, 'vtt', clipMs, `${label} vtt`);
    expect(srt.length).toBe(clip.captions.cues);
    // VTT can escape "-->" (as "--&gt;"); SRT cannot, and writes "→".
    expect(vtt.map((cue) => [cue.startTime, cue.endTime, asCueText(untagged(cue.text))])).toEqual(srt.map((cue) => [cue.startTime, cue.endTime, cue.text]));
    expect(clip.captions.max_line_chars).toBeLessThanOrEqual(Math.max(MAX_LINE, ...wordsOf(asCueText(clip.excerpt)).map((word) => word.length)));
    expect(clip.captions.max_line_chars).toBe(Math.max(...vtt.flatMap((cue) => cue.text.split('\n').map((line) => untagged(line).length))));
    expect(wordsOf(srt.map((cue) => cue.text).join(' '))).toEqual(wordsOf(asCueText(clip.excerpt)));

    // Word by word when the transcript times its words: one cue per word, that word marked.
    if (timesWords(shape)) {
      expect(clip.captions.highlight_vtt, label).not.toBeNull();
      const highlight = await checkCaptionFile(clip.captions.highlight_vtt as string, 'vtt', clipMs, `${label} highlight`);
      const words = wordsOf(srt.map((cue) => cue.text).join(' '));
      expect(highlight.length).toBe(words.length);
      highlight.forEach((cue, index) => {
        const marked = [...cue.text.matchAll(/<c\.highlight>(.*?)<\/c>/g)];
        expect(marked.length).toBe(1);
        expect(asCueText(decode(marked[0]![1]!))).toBe(words[index]);
      });
    } else expect(clip.captions.highlight_vtt, label).toBeNull();

    // The burn-in ASS reads back as the SRT's cues and lines (to the centisecond; cues shorter than one are left out); word by word when the VTT is.
    // A new plan always has its ASS (only plans stored by older releases have none).
    expect(clip.captions.ass, label).not.toBeNull();
    const ass = await parseAss(clip.captions.ass!);
    expect(ass.errors, `${label} ass`).toEqual([]);
    const centiseconds = (seconds: number) => Math.round(Math.round(seconds * 1000) / 10);
    const seen = srt.filter((cue) => centiseconds(cue.endTime) > centiseconds(cue.startTime));
    // The library splits an ASS event at its commas and joins the text back with ", ".
    const commas = (text: string) => text.replace(/[ \t]*,[ \t]*/g, ',');
    expect(ass.cues.map((cue) => commas(asCueText(cue.text)))).toEqual(seen.map((cue) => commas(cue.text)));
    ass.cues.forEach((cue, index) => {
      expect(Math.abs(cue.startTime - seen[index]!.startTime)).toBeLessThanOrEqual(0.0051);
      expect(Math.abs(cue.endTime - seen[index]!.endTime)).toBeLessThanOrEqual(0.0051);
    });
    expect(clip.captions.highlight_ass === null).toBe(clip.captions.highlight_vtt === null);
    if (clip.captions.highlight_ass) expect((await parseAss(clip.captions.highlight_ass)).errors).toEqual([]);

    // Post captions: one per fitting platform, within its 2,200 characters.
    expect(clip.post_captions.map((post) => post.platform)).toEqual(clip.platforms);
    for (const post of clip.post_captions) {
      // Paragraphs: the title (Shorts) or the hook then the excerpt; the source; the hashtags.
      const paragraphs = post.text.split('\n\n');
      expect(paragraphs[0]).toBe(post.platform === 'youtube_shorts' ? clip.title : clip.hook);
      if (post.platform !== 'youtube_shorts') expect(clip.excerpt.replace(/\s+/g, ' ').startsWith((paragraphs[1] as string).replace(/…$/, ''))).toBe(true);
      if (input.title) expect(paragraphs.at(-2)).toBe(`From: ${input.title}`);
      expect(paragraphs.at(-1)).toBe(post.hashtags.join(' '));
      expect(paragraphs).toHaveLength(1 + (post.platform === 'youtube_shorts' ? 0 : 1) + (input.title ? 1 : 0) + 1);
      expect(post.length).toBe([...post.text].length);
      expect(post.length).toBeLessThanOrEqual(platformRules[post.platform].captionLimit);
      expect(post.length).toBeLessThanOrEqual(2200);
    }

    // Thumbnail: a short overlay and a frame inside the clip.
    expect(wordsOf(clip.thumbnail.overlay_text).length).toBeGreaterThanOrEqual(1);
    expect(wordsOf(clip.thumbnail.overlay_text).length).toBeLessThanOrEqual(5);
    expect(clip.thumbnail.frame_seconds).toBeGreaterThanOrEqual(clip.start_seconds);
    expect(clip.thumbnail.frame_seconds).toBeLessThanOrEqual(clip.end_seconds);
    expect(clip.thumbnail.frame_timecode).toBe(timestamp(clip.thumbnail.frame_seconds * 1000));

    // The cut matches the clip, in the layout asked for, else the one for the recording's number of speakers, burning its ASS file.
    expect(clip.layout).toBe(input.layout ?? (plan.source.speakers.length >= 2 ? 'fit_blur' : 'center_crop'));
    expect(clip.ffmpeg).toContain(`subtitles=clip-${clip.rank}.ass,`);
    expect(clip.ffmpeg).toContain(`-ss ${clip.start_seconds.toFixed(3)} -t ${clip.duration_seconds.toFixed(3)} `);
    expect(clip.hook.length).toBeGreaterThan(0);
    expect(clip.hook.length).toBeLessThanOrEqual(60);
  }
}

// ---------------------------------------------------------------------------------------------

const inputArbitrary = fc
  .record({
    minutes: fc.integer({ min: 2, max: 30 }),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    shape: fc.constantFrom(...shapes),
    // Mostly short-form lengths; sometimes past Shorts' and Reels' 180 s, up to TikTok's 600 s.
    bounds: fc
      .oneof({ arbitrary: fc.tuple(fc.integer({ min: 5, max: 90 }), fc.integer({ min: 5, max: 90 })), weight: 3 }, fc.tuple(fc.integer({ min: 5, max: 600 }), fc.integer({ min: 5, max: 600 })))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
    max_clips: fc.integer({ min: 1, max: 12 }),
    platforms: fc.option(fc.subarray([...allPlatforms], { minLength: 1 }), { nil: undefined }),
    title: fc.option(fc.constantFrom('Episode 12: Bread & Business', 'The long run'), { nil: undefined }),
    spice: fc.boolean(),
    layout: fc.option(fc.constantFrom(...layouts), { nil: undefined }),
  })
  .map(({ minutes, seed, shape, bounds, max_clips, platforms, title, spice, layout }) => ({
    shape,
    input: factoryInputSchema.parse({
      ...transcriptOf(spice && shape.startsWith('json') ? spiced(syntheticTalk(minutes, seed), seed) : syntheticTalk(minutes, seed), shape),
      min_seconds: bounds[0],
      max_seconds: bounds[1],
      max_clips,
      ...(platforms ? { platforms } : {}),
      ...(title ? { title } : {}),
      ...(layout ? { layout } : {}),
    }),
  }));

describe('clips_factory plans (properties)', () => {
  it('keeps every invariant for any transcript shape, length and bounds', async () => {
    await fc.assert(
      fc.asyncProperty(inputArbitrary, async ({ shape, input }) => {
        const built = await buildPlan(input).then(
          (plan) => ({ plan }),
          (error: unknown) => ({ error }),
        );
        if ('error' in built) {
          // Refused only when the speech is shorter than min_seconds.
          expect(built.error).toMatchObject({ code: 'unprocessable' });
          const { cues } = await parseTranscript(input.transcript, { format: input.format, durationSeconds: input.duration_seconds });
          expect(Math.max(...cues.map((cue) => cue.end))).toBeLessThan(input.min_seconds);
          return;
        }
        await checkPlan(built.plan, input, shape);
      }),
      { numRuns: 100 },
    );
    // A hundred plans take about 15 s alone; the parallel pass shares the cores with other files.
  }, 120_000);

  it('covers every transcript shape with default bounds', async () => {
    for (const shape of shapes) {
      const input = factoryInputSchema.parse(transcriptOf(syntheticTalk(8, 11), shape));
      const plan = await buildPlan(input);
      expect(plan.clips.length, shape).toBe(5);
      await checkPlan(plan, input, shape);
    }
  });

  it('gives the same plan for the same input', async () => {
    await fc.assert(
      fc.asyncProperty(inputArbitrary, async ({ input }) => {
        // A refusal (speech shorter than min_seconds) is the same refusal.
        const outcome = (plan: Promise<unknown>) =>
          plan.then(
            (value) => ({ value }),
            (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
          );
        const [first, second] = [await outcome(buildPlan(input)), await outcome(buildPlan(structuredClone(input)))];
        expect(second).toEqual(first);
      }),
      { numRuns: 8 },
    );
  });

  it('reports progress in order, from parsing to caption packs', async () => {
    const seen: number[] = [];
    await buildPlan(factoryInputSchema.parse({ transcript: asSrt(syntheticTalk(5, 2)) }), async (fraction) => void seen.push(fraction));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.every((fraction) => fraction > 0 && fraction < 1)).toBe(true);
  });

  it('detects plain text whose lines start with [HH:MM:SS] stamps', async () => {
    // The format the schema documents ("plain text with timestamps such as [00:01:23]"): a leading "["
    // must not make it JSON.
    const plan = await buildPlan(factoryInputSchema.parse({ transcript: asPlainText(syntheticTalk(3, 4)) }));
    expect(plan.source).toMatchObject({ format: 'text', estimated_timing: false });
  });

  it('times a one-word YouTube line by its cue, so that its clip keeps the word-by-word highlight', async () => {
    // YouTube writes the first word of a line without an inline time: a line of one word has none at all.
    const talk = syntheticTalk(2, 5);
    const last = talk.at(-1) as SyntheticCue;
    const tail: SyntheticCue = { start: last.end + 0.1, end: last.end + 0.6, text: 'Done.', words: [{ start: last.end + 0.1, end: last.end + 0.6, word: 'Done.' }] };
    const input = factoryInputSchema.parse({ transcript: asYouTube([...talk, tail]), min_seconds: 5, max_seconds: 600, max_clips: 1 });
    const { cues } = await parseTranscript(input.transcript, {});
    expect(cues.at(-1)).toMatchObject({ text: 'Done.', words: [{ text: 'Done.' }] });
    const plan = await buildPlan(input);
    await checkPlan(plan, input, 'youtube');
  });

  it("names who speaks (the transcript's labels, else the hint) and says when scoring is English-only", async () => {
    const cues = syntheticTalk(4, 3);
    const labelled = cues.map((cue) => ({ start: cue.start, end: cue.end, text: cue.text, speaker: 'Ada' }));
    const fromLabels = await buildPlan(factoryInputSchema.parse({ transcript: labelled, speakers: ['Grace'] }));
    expect(fromLabels.clips[0]!.speakers).toEqual(['Ada']);
    expect(fromLabels.clips[0]!.post_captions[0]!.text).toContain('With Ada');
    const fromHint = await buildPlan(factoryInputSchema.parse({ transcript: asSrt(cues), speakers: ['Grace', 'Alan'], title: 'Episode 4', language: 'de' }));
    expect(fromHint.clips[0]!.speakers).toEqual(['Grace', 'Alan']);
    expect(fromHint.clips[0]!.post_captions[0]!.text).toContain('With Grace & Alan · From: Episode 4');
    expect(fromHint.warnings.join(' ')).toMatch(/scored with English word lists, so for "de"/);
  });

  it('bounds the work of dense transcripts and runs very large ones as jobs', async () => {
    // 9,000 one-word lines in 700 s with wide bounds: units last at least a second, and each start scores at most 32 ends.
    const lines = Array.from({ length: 9000 }, (_, i) => (i % 9 === 8 ? 'done.' : ['why', 'we', 'never', 'stop', 'you', 'see', 'this', 'works'][i % 8]));
    const dense = await buildPlan(factoryInputSchema.parse({ transcript: lines.join('\n'), duration_seconds: 700, min_seconds: 5, max_seconds: 600, max_clips: 3 }));
    expect(dense.clips.length).toBeGreaterThan(0);
    expect(dense.source.sentences).toBeLessThanOrEqual(700);
    const small = syntheticTalk(5);
    expect(runsAsJob(factoryInputSchema.parse({ transcript: asSrt(small) }))).toBe(false);
    // Over 400,000 characters runs as a job even when its timestamps stay small (out-of-order cues are allowed).
    const padded = `${asSrt(small)}\n${'9999\n00:00:01,000 --> 00:00:02,000\nfiller words here\n\n'.repeat(8000)}`;
    expect(runsAsJob(factoryInputSchema.parse({ transcript: padded }))).toBe(true);
  });

  it('refuses a cue of more than 50 lines (a file missing its blank lines)', async () => {
    const text = `WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n${Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n')}\n`;
    await expect(parseTranscript(text, {})).rejects.toThrow('transcript: cue 1 (line 54): the cue has more than 50 lines of text; is a blank line missing between cues?');
  });

  it('finds the topic changes of a talk by lexical cohesion (TextTiling)', async () => {
    // syntheticTalk changes its vocabulary every 6 minutes: 29 real changes in 3 hours.
    const transcript = await parseTranscript(asSrt(syntheticTalk(180)), {});
    const sentences = sentencesOf(transcript.cues);
    const topics = topicsOf(sentences, tokensOf(sentences));
    const changes = sentences.filter((_sentence, index) => index > 0 && topics[index] !== topics[index - 1]).map((sentence) => sentence.start);
    const found = Array.from({ length: 29 }, (_, k) => (k + 1) * 360).filter((real) => changes.some((change) => Math.abs(change - real) < 30));
    expect(found.length).toBeGreaterThanOrEqual(26);
  });

  it('refuses a transcript shorter than min_seconds', async () => {
    await expect(buildPlan(factoryInputSchema.parse({ transcript: asSrt(syntheticTalk(0.5, 1)), min_seconds: 60 }))).rejects.toMatchObject({ code: 'unprocessable' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('clips_factory and clips_get over REST and MCP', () => {
  let app: StartedApp;
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.api('/api/agents/clips/factory', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const status = async (jobId: string) => json(await app.api(`/api/agents/status/${jobId}`));
  const usage = async () => {
    const report = await json(await app.api('/api/agents/usage'));
    return { used: report.used as number, inFlight: report.in_flight as number, factory: report.per_tool?.find((entry: { tool: string }) => entry.tool === 'clips_factory') ?? { calls: 0, units: 0 } };
  };
  /** Polls job_status to its end, keeping every distinct progress seen on the way. */
  const follow = async (jobId: string) => {
    const progress: Array<{ fraction: number; message: string | null; status: string }> = [];
    for (let i = 0; i < 3000; i++) {
      const current = await status(jobId);
      const last = progress.at(-1);
      if (!last || last.fraction !== current.progress.fraction || last.status !== current.status) progress.push({ ...current.progress, status: current.status });
      if (current.status === 'succeeded' || current.status === 'failed') return { final: current, progress };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`job ${jobId} did not settle`);
  };
  const withoutNextActions = ({ next_actions: _ignored, ...rest }: Record<string, unknown>) => rest;

  beforeAll(async () => {
    app = await startApp({ AUTH_MAX_FAILURES: '100000' });
  });
  afterAll(() => app.close());

  it('answers a short transcript inline with a stored plan; clips_get returns it; other accounts get 404', async () => {
    const body = { transcript: syntheticTalk(4, 21).map(({ start, end, text, words }) => ({ start, end, text, words })), title: 'Short talk' };
    const before = await usage();
    const response = await post(body);
    expect(response.status).toBe(200);
    const plan = await json(response);
    expect((await usage()).factory.units - before.factory.units).toBe(1);
    expect(plan.plan_id).toMatch(/^clp_/);
    expect(plan.next_actions[0]).toMatchObject({ tool: 'clips_get', route: `GET /api/agents/clips/${plan.plan_id}`, arguments: { plan_id: plan.plan_id } });
    const input = factoryInputSchema.parse(body);
    await checkPlan(plan, input, 'json_words');
    // The same input gives the same plan, whatever the path.
    expect(plan.clips).toEqual((await buildPlan(input)).clips);

    // Run as a job on request, the same clips again, in a plan of its own.
    const queued = await post(body, { prefer: 'respond-async' });
    expect(queued.status).toBe(202);
    const { final } = await follow((await json(queued)).job_id);
    expect(final.status).toBe('succeeded');
    expect(final.result.plan_id).not.toBe(plan.plan_id);
    const { plan_id: _id, created_at: _at, next_actions: _next, ...content } = plan;
    expect(final.result).toEqual({
      ...content,
      plan_id: final.result.plan_id,
      created_at: final.result.created_at,
      next_actions: [expect.objectContaining({ tool: 'clips_get', arguments: { plan_id: final.result.plan_id } })],
    });

    const again = await app.api(`/api/agents/clips/${plan.plan_id}`);
    expect(again.status).toBe(200);
    expect(withoutNextActions(await json(again))).toEqual(withoutNextActions(plan));

    const other = await app.access.accounts.create({ name: 'Other', plan: 'starter' });
    const otherKey = (await app.access.keys.create({ accountId: other.id, scopes: ['*'] })).secret;
    const foreign = await fetch(`${app.url}/api/agents/clips/${plan.plan_id}`, { headers: { authorization: `Bearer ${otherKey}` } });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).error).toMatchObject({ code: 'not_found' });

    const missing = await app.api('/api/agents/clips/clp_01aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.message).toContain('clp_01aaaaaaaaaaaaaaaaaaaaaaaa');
    expect((await app.api('/api/agents/clips/nope')).status).toBe(400);
  });

  it('runs a three-hour transcript as a job with progress, charges it once, and stores the same plan buildPlan makes', async () => {
    const body = { transcript: asSrt(syntheticTalk(180, 180)), max_clips: 8, title: 'Three hours' };
    const before = await usage();
    const response = await post(body);
    expect(response.status).toBe(202);
    const handle = await json(response);
    expect(handle).toMatchObject({ tool: 'clips_factory', status: expect.stringMatching(/queued|running/) });
    expect(response.headers.get('location')).toBe(handle.status_url);
    expect(handle.next_actions[0]).toMatchObject({ tool: 'job_status', arguments: { job_id: handle.job_id } });

    const { final, progress } = await follow(handle.job_id);
    expect(final.status, JSON.stringify(final.error)).toBe('succeeded');
    const fractions = progress.map((entry) => entry.fraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    const intermediate = progress.filter((entry) => entry.status === 'running' && entry.fraction > 0 && entry.fraction < 1);
    expect(intermediate.length, JSON.stringify(progress)).toBeGreaterThanOrEqual(1);
    expect(intermediate.every((entry) => typeof entry.message === 'string' && entry.message.length > 0)).toBe(true);
    expect(final.progress.fraction).toBe(1);

    const plan = final.result;
    expect(plan.source).toMatchObject({ format: 'srt', title: 'Three hours' });
    expect(plan.source.duration_seconds).toBeGreaterThan(179 * 60);
    expect(plan.clips).toHaveLength(8);
    const stored = await json(await app.api(`/api/agents/clips/${plan.plan_id}`));
    expect(withoutNextActions(stored)).toEqual(withoutNextActions(plan));
    // Job or inline, the same clips.
    const input = factoryInputSchema.parse(body);
    const inline = await buildPlan(input);
    expect(plan.clips).toEqual(inline.clips);
    expect(plan.warnings).toEqual(inline.warnings);

    const after = await usage();
    expect(after.used - before.used).toBe(1);
    expect(after.factory.units - before.factory.units).toBe(1);
    expect(after.inFlight).toBe(0);
  });

  it('charges nothing for a job that fails, and says why', async () => {
    const before = await usage();
    // Over 20 minutes by its last segment, so it runs as a job; its second segment ends before it starts.
    const response = await post({
      transcript: [
        { start: 0, end: 30, text: 'Hello there.' },
        { start: 1500, end: 1400, text: 'Backwards.' },
      ],
    });
    expect(response.status).toBe(202);
    const { final } = await follow((await json(response)).job_id);
    expect(final.status).toBe('failed');
    expect(final.error).toMatchObject({ code: 'invalid_input' });
    expect(final.error.message).toContain('segment 2');
    const after = await usage();
    expect(after.used).toBe(before.used);
    expect(after.factory.units).toBe(before.factory.units);
    expect(after.inFlight).toBe(0);
  });

  it('validates its input with messages that say what to change', async () => {
    const talk = syntheticTalk(3, 5);

    const bounds = await post({ transcript: asSrt(talk), min_seconds: 90, max_seconds: 30 });
    expect(bounds.status).toBe(400);
    const boundsError = (await json(bounds)).error;
    expect(boundsError.code).toBe('invalid_input');
    expect(boundsError.message).toContain('min_seconds');
    expect(boundsError.details.issues.map((issue: { path: string }) => issue.path)).toContain('min_seconds');

    // Untimed text without duration_seconds is timed at 150 words a minute, and the plan says so.
    const untimed = await post({ transcript: talk.map((cue) => cue.text).join('\n') });
    expect(untimed.status).toBe(200);
    const untimedPlan = await json(untimed);
    expect(untimedPlan.source).toMatchObject({ estimated_timing: true, timing: 'speech_rate' });
    expect(untimedPlan.warnings.some((warning: string) => warning.includes('150 words a minute') && warning.includes('duration_seconds'))).toBe(true);

    const estimated = await post({ transcript: talk.map((cue) => cue.text).join('\n'), duration_seconds: 180 });
    expect(estimated.status).toBe(200);
    const estimatedPlan = await json(estimated);
    expect(estimatedPlan.source).toMatchObject({ estimated_timing: true, timing: 'duration' });
    expect(estimatedPlan.warnings.some((warning: string) => warning.includes('estimated'))).toBe(true);

    const short = await post({ transcript: asSrt(syntheticTalk(0.5, 5)), min_seconds: 60 });
    expect(short.status).toBe(422);
    const shortError = (await json(short)).error;
    expect(shortError.code).toBe('unprocessable');
    expect(shortError.message).toContain('min_seconds');

    const broken = await post({ transcript: '1\n00:00:01,000 --> 00:00:00,500\nBackwards\n' });
    expect(broken.status).toBe(400);
    expect((await json(broken)).error.message).toContain('cue 1');
  });

  it('runs a long transcript over MCP Streamable HTTP, relaying progress, with the same clips', async () => {
    const client = new Client({ name: 'clips-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    try {
      const segments = syntheticTalk(45, 45).map(({ start, end, text, words }) => ({ start, end, text, words }));
      const progress: number[] = [];
      const result = (await client.callTool({ name: 'clips_factory', arguments: { transcript: segments, max_clips: 3 } }, undefined, {
        onprogress: (event) => progress.push(event.progress),
        timeout: 60_000,
      })) as { isError?: boolean; structuredContent?: any; content: Array<{ text?: string }> };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      let plan = result.structuredContent;
      if (!plan.plan_id) {
        // The call outlived its wait and answered with a job handle.
        const { final } = await follow(plan.job_id);
        plan = final.result;
      }
      expect(progress.length, JSON.stringify(progress)).toBeGreaterThanOrEqual(2);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(plan.clips).toEqual((await buildPlan(factoryInputSchema.parse({ transcript: segments, max_clips: 3 }))).clips);
      expect(plan.clips.every((clip: { captions: { highlight_vtt: string | null } }) => clip.captions.highlight_vtt !== null)).toBe(true);
      const stored = (await client.callTool({ name: 'clips_get', arguments: { plan_id: plan.plan_id } })) as { structuredContent?: any };
      expect(withoutNextActions(stored.structuredContent)).toEqual(withoutNextActions(plan));
    } finally {
      await client.close();
    }
  });
});
