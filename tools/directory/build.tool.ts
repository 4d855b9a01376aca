import { defineTool } from '../../src/kernel/tool.js';
import { buildDirectory } from './engine.js';
import { buildInputSchema, directoryOutputSchema } from './schema.js';
import { directorySummary } from './summary.js';

export default defineTool({
  name: 'directory_build',
  title: 'Build a searchable directory',
  description:
    'Builds a directory site from your listings (JSON or CSV; failing rows reported): search and filters (also without JavaScript), a page per listing, ' +
    'paid placements first, a submission form with its JSON Schema, a placement plan from your prices. Hosted at preview_url, and a zip. No listings: it ships empty with "Submit yours"; nothing is made up.',
  route: { method: 'POST', path: '/directory/build' },
  scope: 'directory:write',
  cost: 1,
  effect: 'write',
  view: 'page',
  input: buildInputSchema,
  output: directoryOutputSchema,
  async run(input, ctx) {
    const directory = await buildDirectory(ctx, input);
    return {
      ...directory,
      next_actions: [
        ctx.nextAction('directory_submissions', { directory_id: directory.directory_id }, 'Review listings sent through the public form.'),
        ctx.nextAction('directory_revise', { directory_id: directory.directory_id, changes: {} }, 'Add or replace listings, fields, categories or prices.'),
        ...(directory.monetization.operations.length && !directory.monetization.executed
          ? [ctx.nextAction('directory_revise', { directory_id: directory.directory_id, changes: {}, execute: true }, 'Create the Stripe products and prices of the paid tiers.')]
          : []),
      ],
    };
  },
  summarize: directorySummary,
});
