import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readDirectory } from './engine.js';
import { directoryIdSchema, getOutputSchema } from './schema.js';
import { directorySummary } from './summary.js';

export default defineTool({
  name: 'directory_get',
  title: 'Get a directory',
  description: 'Returns a directory at its latest version, or at `version` N: fields, listings with their placements now, page, search index, submission schema, monetization plan, and its versions.',
  route: { method: 'GET', path: '/directory/:directoryId' },
  scope: 'directory:read',
  cost: 0,
  effect: 'read',
  view: 'page',
  input: z.object({ directory_id: directoryIdSchema, version: z.coerce.number().int().min(1).optional() }),
  output: getOutputSchema,
  async run(input, ctx) {
    const directory = await readDirectory(ctx, input.directory_id, input.version);
    return { ...directory, next_actions: [ctx.nextAction('directory_submissions', { directory_id: directory.directory_id }, 'Listings waiting for review.')] };
  },
  summarize: directorySummary,
});
