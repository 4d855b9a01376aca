import { defineTool } from '../../src/kernel/tool.js';
import { factory } from './engine.js';
import { runsAsJob } from './sizing.js';
import { factoryInputSchema, clipPlanSchema } from './schema.js';
import { planSummary } from './summary.js';

export default defineTool({
  name: 'clips_factory',
  title: 'Plan short-video clips from a transcript',
  description:
    'Finds the best moments of a podcast, webinar or livestream transcript for Shorts, Reels and TikTok, each ready to cut: sentence-snapped ' +
    'timestamps, hooks, an explained score, SRT, WebVTT and ASS captions (≤ 2 lines of 42 characters; word highlight when words are timed), post ' +
    'captions with hashtags, a thumbnail brief and an ffmpeg command (vertical, captions burned in). Over about 20 minutes of speech it runs ' +
    'as a job: poll job_status. Read the plan again with clips_get.',
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
