import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readBusiness } from './engine.js';
import { businessIdSchema, businessReadSchema, changelogSchema, focusAreas } from './schema.js';
import { businessSummary } from './summary.js';

export default defineTool({
  name: 'business_box_get',
  title: 'Get a business box',
  description: 'A business box at its latest version or at `version` N: every part with its id (read by its own *_get), the plans, the focus areas and changelog of each version.',
  route: { method: 'GET', path: '/business-box/:businessId' },
  scope: 'business:read',
  cost: 0,
  effect: 'read',
  view: 'page',
  input: z.object({ business_id: businessIdSchema, version: z.coerce.number().int().min(1).optional().describe('Default: the latest.') }),
  output: businessReadSchema.extend({
    versions: z.array(z.object({ version: z.number().int(), created_at: z.iso.datetime(), focus_areas: z.array(z.enum(focusAreas)), changelog: changelogSchema })),
  }),
  async run({ business_id, version }, ctx) {
    return { ...(await readBusiness(ctx, business_id, version)), next_actions: [] };
  },
  summarize: (box) => `${businessSummary(box)} Versions: ${box.versions.length}.`,
});
