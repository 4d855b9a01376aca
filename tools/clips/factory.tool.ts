import { defineTool } from '../../src/kernel/tool.js';
import { factory } from './engine.js';
import { runsAsJob } from './plan.js';
import { factoryInputSchema, clipPlanSchema } from './schema.js';
import { planSummary } from './summary.js';

export default defineTool({
  name: 'clips_factory',
  title: 'Plan short-video clips from a transcript',
  description:
    'Finds the best moments of a podcast, webinar or livestream transcript for YouTube Shorts, Instagram Reels and TikTok, each ready to cut: ' +
    'timestamps snapped to sentences, a hook and alternatives, an explainable score (hook, self-containedness, density, pace, emotion, key terms), ' +
    'captions as SRT and WebVTT timed from the clip start (≤ 42 characters a line, ≤ 2 lines; word-by-word highlight when word timings exist), ' +
    'post captions with hashtags per platform, a thumbnail brief and an ffmpeg command that cuts it vertically with burned-in captions. ' +
    'Accepts SRT, WebVTT, YouTube auto-captions, Whisper-style JSON segments, or plain text with timestamps (without them, give duration_seconds). ' +
    'Transcripts over about 20 minutes of speech run as a job: poll job_status. The plan is stored: read it again with clips_get.',
  route: { method: 'POST', path: '/clips/factory' },
  scope: 'clips:write',
  cost: 1,
  runsAsJob,
  effect: 'write',
  input: factoryInputSchema,
  output: clipPlanSchema,
  async run(input, ctx) {
    const plan = await factory(ctx, input);
    return { ...plan, next_actions: [ctx.nextAction('clips_get', { plan_id: plan.plan_id }, 'Read this plan again later.')] };
  },
  summarize: planSummary,
});
