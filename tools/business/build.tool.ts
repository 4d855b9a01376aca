import { defineTool } from '../../src/kernel/tool.js';
import { buildBusiness } from './engine.js';
import { kindQuestion, kindsSaid } from './kinds.js';
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
  // A prompt that says no kind (or several) is asked back at once, before a job is queued.
  input: buildInputSchema.superRefine((input, ctx) => {
    if (input.kind) return;
    const said = kindsSaid(input.prompt);
    if (said.length !== 1) ctx.addIssue({ code: 'custom', path: ['kind'], message: kindQuestion(said) });
  }),
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
