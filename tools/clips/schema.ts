import { z } from 'zod';
import { clipIds } from './ids.js';
import { languageTag, textField } from '../../src/kernel/fields.js';
import { asSignature, sharedAs } from '../../src/kernel/json-schema.js';
import { idPattern } from '../../src/kernel/ids.js';
import { weights } from './score.js';
import { platforms } from './platforms.js';
import { layouts } from './layout.js';
import { transcriptFormats } from './transcript.js';

const segment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  words: z.array(z.object({ start: z.number(), end: z.number(), word: z.string().optional(), text: z.string().optional() })).optional(),
  speaker: z.string().optional(),
});

export const factoryInputSchema = z
  .object({
    transcript: asSignature(
      z
        .union([z.string().min(1).max(3_000_000), z.array(segment).min(1).max(100_000), z.object({ segments: z.array(segment).min(1).max(100_000) })])
        .describe(
          'SRT, WebVTT, YouTube auto-captions, Whisper-style JSON segments (as text or JSON), or plain text: with timestamps such as [00:01:23], or speaker turns ("Name: text" paragraphs) without them. Times in seconds.',
        ),
    ),
    format: z.enum(transcriptFormats).optional().describe('Detected when absent.'),
    duration_seconds: z.number().positive().max(86_400).optional().describe("Untimed text: the recording's length, to share times over (else 150 words a minute)."),
    platforms: z.array(z.enum(platforms)).min(1).optional().describe('Default: all.'),
    max_clips: z.number().int().min(1).max(30).default(5),
    min_seconds: z.number().min(5).max(600).default(20),
    max_seconds: z.number().min(5).max(600).default(60),
    language: languageTag.optional(),
    speakers: z.array(textField(80)).max(20).optional().describe('Who speaks (captions, layout).'),
    title: textField(200).optional().describe('Of the episode or webinar.'),
    layout: z
      .enum(layouts)
      .optional()
      .describe('Vertical framing: center_crop, fit_blur (whole frame over a blur) or split (left half above right). Default: fit_blur if the recording has 2+ speakers, else center_crop.'),
  })
  .refine((input) => input.min_seconds <= input.max_seconds, { message: 'must not exceed max_seconds', path: ['min_seconds'] });
export type FactoryInput = z.output<typeof factoryInputSchema>;

const components = sharedAs('score_parts', z.object(Object.fromEntries(Object.keys(weights).map((key) => [key, z.number().min(0).max(1)])) as Record<keyof typeof weights, z.ZodNumber>));

const platformSchema = sharedAs('platform', z.enum(platforms));

export const clipSchema = z.object({
  id: z.string(),
  rank: z.number().int().min(1),
  start_seconds: z.number(),
  end_seconds: z.number(),
  duration_seconds: z.number(),
  timecode: z.string().describe('HH:MM:SS.mmm–HH:MM:SS.mmm in the source.'),
  title: z.string(),
  hook: z.string().describe('The on-screen opening line.'),
  alternative_hooks: z.array(z.string()),
  score: z.object({ total: z.number(), components, weights: components, reasons: z.array(z.string()) }),
  excerpt: z.string(),
  speakers: z.array(z.string()).describe('Speaker labels, else the speakers hint.'),
  platforms: z.array(platformSchema).describe('Platforms whose length limit the clip fits.'),
  platform_fit: z.array(z.object({ platform: platformSchema, fits: z.boolean(), note: z.string() })),
  captions: z.object({
    srt: z.string(),
    vtt: z.string(),
    ass: z.string().nullable().describe('Burn-in file ffmpeg reads as clip-N.ass (1080×1920); null in older plans.'),
    highlight_vtt: z.string().nullable().describe('Word-by-word highlight; only when words are timed.'),
    highlight_ass: z.string().nullable().describe('Word-by-word ASS; only when words are timed.'),
    cues: z.number().int(),
    max_line_chars: z.number().int(),
  }),
  post_captions: z.array(z.object({ platform: platformSchema, text: z.string(), hashtags: z.array(z.string()), length: z.number().int() })),
  thumbnail: z.object({
    overlay_text: z.string(),
    expression: z.string(),
    composition: z.string(),
    colors: z.array(z.string()),
    frame_seconds: z.number(),
    frame_timecode: z.string(),
  }),
  layout: z.enum(layouts),
  ffmpeg: z.string().describe('Cuts input.mp4 to 1080×1920 with captions burnt in (captions.ass saved as clip-N.ass).'),
});
export type Clip = z.output<typeof clipSchema>;

export const clipPlanSchema = z.object({
  plan_id: z.string(),
  source: z.object({
    title: z.string().nullable(),
    format: z.enum(transcriptFormats),
    duration_seconds: z.number(),
    cues: z.number().int(),
    sentences: z.number().int(),
    topics: z.number().int(),
    words: z.number().int(),
    speakers: z.array(z.string()).describe('Who is in the frame: the labels, else the hint.'),
    estimated_timing: z.boolean().describe('No timestamps: timings come from the speech rate.'),
    timing: z.enum(['timestamps', 'duration', 'speech_rate']).describe('Timestamps, duration_seconds shared by word count, or 150 words a minute.'),
  }),
  clips: z.array(clipSchema),
  warnings: z.array(z.string()),
  created_at: z.iso.datetime(),
});
export type ClipPlan = z.output<typeof clipPlanSchema>;

export const clipPlanIdSchema = z.string().regex(idPattern(clipIds.plan), 'must be a plan id such as "clp_01…" from clips_factory');
