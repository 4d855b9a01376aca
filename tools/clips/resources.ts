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
 * The caption formats each clip has, as its plan stores them, linked once per clip. The label is
 * a file name (`clip-N.ass` is the one the clip's ffmpeg command burns in), so a saved file works as is.
 */
const captionFormats = {
  srt: { name: 'SRT', mimeType: 'application/x-subrip', about: "SubRip, timed from the clip's start (≤ 42 characters a line, ≤ 2 lines)." },
  vtt: { name: 'WebVTT', mimeType: 'text/vtt', about: "WebVTT, timed from the clip's start (≤ 42 characters a line, ≤ 2 lines)." },
  ass: { name: 'ASS', mimeType: 'text/x-ssa', about: "ASS for a 1080×1920 frame, timed from the clip's start, with the same lines: what its ffmpeg command burns in." },
} as const;

/** One clip's captions in one format, linked once per clip from the plans the tools return. */
function captionResource(extension: keyof typeof captionFormats) {
  const { name, mimeType, about } = captionFormats[extension];
  const links = (output: Record<string, unknown>) =>
    typeof output.plan_id === 'string' && Array.isArray(output.clips)
      ? (output.clips as Clip[]).map((clip) => ({ plan_id: output.plan_id as string, clip: clip.id, label: `clip-${clip.rank}.${extension}` }))
      : [];
  return defineResource<'plan_id' | 'clip'>({
    name: `clip_captions_${extension}`,
    title: `Clip captions (${name})`,
    description: `One clip's captions as ${about}`,
    uriTemplate: `agent-outcomes://clips/{plan_id}/clips/{clip}/captions.${extension}`,
    mimeType,
    scope: 'clips:read',
    async read({ plan_id, clip }, ctx) {
      const text = (await clipOf(ctx, plan_id, clip)).captions[extension];
      if (text === null) throw new OutcomeError('not_found', `Clip ${clip} of ${plan_id} was planned before ${name} captions existed; its ffmpeg command burns in the SRT.`);
      return { mimeType, text };
    },
    linkedFrom: { [factory.name]: links, [get.name]: links },
  });
}

export const clipResources = [captionResource('srt'), captionResource('vtt'), captionResource('ass')];
