import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readPlan } from './engine.js';
import { clipPlanIdSchema, clipPlanSchema } from './schema.js';
import { planSummary } from './summary.js';

export default defineTool({
  name: 'clips_get',
  title: 'Get a clip plan',
  description: 'Returns a clip plan that clips_factory made, with every clip, caption file, post caption, thumbnail brief and ffmpeg command.',
  route: { method: 'GET', path: '/clips/:planId' },
  scope: 'clips:read',
  cost: 0,
  effect: 'read',
  input: z.object({ plan_id: clipPlanIdSchema }),
  output: clipPlanSchema,
  async run({ plan_id }, ctx) {
    return { ...(await readPlan(ctx, plan_id)), next_actions: [] };
  },
  summarize: planSummary,
});
