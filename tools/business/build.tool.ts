import { defineTool } from '../../src/kernel/tool.js';
import { buildBusiness } from './engine.js';
import { buildInputSchema, businessOutputSchema } from './schema.js';
import { businessSummary } from './summary.js';

export default defineTool({
  name: 'business_box_build',
  title: 'Build a whole business system',
  description:
    'Sets up a coaching, agency, digital_shop, newsletter or local_service business as a job: positioning and offer ladder from your facts, a landing page, ' +
    'by kind a membership, storefront, booking and quote forms or outreach (each made by its own tool), ' +
    'a 30-day content plan with the first week of packs, checklists, KPIs, launch plan. Gaps: meta.missing.',
  route: { method: 'POST', path: '/business-box/build' },
  scope: 'business:write',
  cost: 1,
  mode: 'job',
  effect: 'write',
  view: 'page',
  input: buildInputSchema,
  output: businessOutputSchema,
  async run(input, ctx) {
    const box = await buildBusiness(ctx, input);
    return {
      ...box,
      next_actions: [
        ctx.nextAction(
          'business_box_revise',
          { business_id: box.business_id, focus_areas: ['marketing'], instructions: 'make the headline shorter' },
          'Change the parts of one focus area, each through its own tool.',
        ),
        ctx.nextAction('business_box_get', { business_id: box.business_id }, 'Read it back, any version.'),
      ],
    };
  },
  summarize: businessSummary,
});
