import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { reviseBusiness } from './engine.js';
import { businessReadSchema, changelogSchema, reviseInputSchema } from './schema.js';
import { businessSummary } from './summary.js';

export default defineTool({
  name: 'business_box_revise',
  title: 'Revise a business box by focus area',
  description:
    'Changes only the parts of the focus areas, each through its own revise tool, as a new version with a changelog per part. ' +
    'What it could not change is in unapplied; nothing to change makes no version and costs nothing.',
  route: { method: 'POST', path: '/business-box/revise' },
  scope: 'business:write',
  cost: 1,
  effect: 'write',
  view: 'page',
  input: reviseInputSchema,
  output: businessReadSchema.extend({ changed: z.boolean(), changelog: changelogSchema, unapplied: z.array(z.string()) }),
  async run(input, ctx) {
    const box = await reviseBusiness(ctx, input);
    return { ...box, next_actions: [ctx.nextAction('business_box_get', { business_id: box.business_id }, 'Read any version and its changelog.')] };
  },
  summarize: (box) =>
    `${businessSummary(box)} ${box.changed ? `Changed: ${box.changelog.map((entry) => entry.component).join(', ')}.` : 'Nothing changed.'}${box.unapplied.length ? ` Unapplied: ${box.unapplied.join('; ')}` : ''}`,
});
