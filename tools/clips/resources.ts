import { defineResource, type ResourceContext } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { clipIds } from './ids.js';
import { readPlan } from './engine.js';
import type { Clip } from './schema.js';
import factory from './factory.tool.js';
import get from './get.tool.js';

const planIdPattern = idPattern(clipIds.plan);

/** A clip of one of the caller's stored plans. */
async function clipOf(ctx: ResourceContext, planId: string, clipId: string): Promise<Clip> {
  if (!planIdPattern.test(planId)) throw new OutcomeError('not_found', `No clip plan ${quote(planId)} exists for this account.`);
  const plan = await readPlan(ctx, planId);
  const clip = plan.clips.find((candidate) => candidate.id === clipId);
  if (!clip) throw new OutcomeError('not_found', `Clip plan ${planId} has no clip ${quote(clipId)}; its clips are ${plan.clips.map((c) => c.id).join(', ') || 'none'}.`);
  return clip;
}

/**
 * One link per clip of a plan a tool returned. The label is the file name the clip's ffmpeg
 * command reads its captions from (`clip-N.srt`), so a saved file works as is.
 */
const captionLinks = (extension: 'srt' | 'vtt') => (output: Record<string, unknown>) =>
  typeof output.plan_id === 'string' && Array.isArray(output.clips)
    ? (output.clips as Clip[]).map((clip) => ({ plan_id: output.plan_id as string, clip: clip.id, label: `clip-${clip.rank}.${extension}` }))
    : [];

const srtLinks = captionLinks('srt');
const vttLinks = captionLinks('vtt');

export const clipSrtResource = defineResource<'plan_id' | 'clip'>({
  name: 'clip_captions_srt',
  title: 'Clip captions (SRT)',
  description: "One clip's captions as SubRip, timed from the clip's start (≤ 42 characters a line, ≤ 2 lines): what its ffmpeg command burns in.",
  uriTemplate: 'agent-outcomes://clips/{plan_id}/clips/{clip}/captions.srt',
  mimeType: 'application/x-subrip',
  scope: 'clips:read',
  async read({ plan_id, clip }, ctx) {
    return { mimeType: 'application/x-subrip', text: (await clipOf(ctx, plan_id, clip)).captions.srt };
  },
  linkedFrom: { [factory.name]: srtLinks, [get.name]: srtLinks },
});

export const clipVttResource = defineResource<'plan_id' | 'clip'>({
  name: 'clip_captions_vtt',
  title: 'Clip captions (WebVTT)',
  description: "One clip's captions as WebVTT, timed from the clip's start (≤ 42 characters a line, ≤ 2 lines).",
  uriTemplate: 'agent-outcomes://clips/{plan_id}/clips/{clip}/captions.vtt',
  mimeType: 'text/vtt',
  scope: 'clips:read',
  async read({ plan_id, clip }, ctx) {
    return { mimeType: 'text/vtt', text: (await clipOf(ctx, plan_id, clip)).captions.vtt };
  },
  linkedFrom: { [factory.name]: vttLinks, [get.name]: vttLinks },
});

export const clipResources = [clipSrtResource, clipVttResource];
