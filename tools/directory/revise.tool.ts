import { defineTool } from '../../src/kernel/tool.js';
import { reviseDirectory } from './engine.js';
import { reviseInputSchema, reviseOutputSchema } from './schema.js';
import { directorySummary } from './summary.js';

export default defineTool({
  name: 'directory_revise',
  title: 'Revise a directory',
  description:
    'Changes a directory as a new version: replace, add or remove listings (rejects reported), replace fields, categories, title, brand or prices. ' +
    'Nothing changed makes no version and costs nothing. Paid placements and claims stay. execute: true runs the Stripe operations, resuming without repeating a step.',
  route: { method: 'POST', path: '/directory/revise' },
  scope: 'directory:write',
  cost: 1,
  effect: 'write',
  view: 'page',
  input: reviseInputSchema,
  output: reviseOutputSchema,
  async run(input, ctx) {
    const directory = await reviseDirectory(ctx, input);
    return { ...directory, next_actions: [ctx.nextAction('directory_get', { directory_id: directory.directory_id }, 'Read it, with its versions.')] };
  },
  summarize: (directory) =>
    `${directorySummary(directory)} ${directory.changed ? `Applied: ${directory.applied.join('; ')}.` : 'Nothing changed: no new version, not charged.'}${directory.unapplied.length ? ` Not applied: ${directory.unapplied.join('; ')}.` : ''}`,
});
