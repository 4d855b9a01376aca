import { z } from 'zod';
import { contentIds } from './ids.js';
import { defineTool } from '../../src/kernel/tool.js';
import { idPattern } from '../../src/kernel/ids.js';
import { readPack } from './engine.js';
import { packReadOutputSchema } from './schema.js';
import { packSummary } from './summary.js';

export default defineTool({
  name: 'content_get',
  title: 'Get a content pack',
  description: 'Returns a content pack at its latest version, or at `version` N; `versions` says how many there are.',
  route: { method: 'GET', path: '/content/:packId' },
  scope: 'content:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    pack_id: z.string().regex(idPattern(contentIds.pack), 'must be a pack id such as "cnt_01…"'),
    version: z.coerce.number().int().min(1).optional().describe('Default: the latest.'),
  }),
  output: packReadOutputSchema.extend({ versions: z.number().int() }),
  async run({ pack_id, version }, ctx) {
    return { ...(await readPack(ctx, pack_id, version)), next_actions: [] };
  },
  summarize: packSummary,
});
