import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readMembership } from './engine.js';
import { membershipIdSchema, membershipReadOutputSchema } from './schema.js';
import { membershipSummary } from './summary.js';

export default defineTool({
  name: 'membership_get',
  title: 'Get a membership site',
  description: 'Returns a membership at its latest version, or at `version` N: course, pages, zip, Stripe plan and its results, onboarding, and the list of versions.',
  route: { method: 'GET', path: '/membership/:membershipId' },
  scope: 'membership:read',
  cost: 0,
  effect: 'read',
  input: z.object({ membership_id: membershipIdSchema, version: z.coerce.number().int().min(1).optional().describe('Default: the latest.') }),
  output: membershipReadOutputSchema.extend({
    versions: z.array(z.object({ version: z.number().int(), created_at: z.iso.datetime(), applied: z.array(z.string()), unapplied: z.array(z.string()) })),
  }),
  async run({ membership_id, version }, ctx) {
    return { ...(await readMembership(ctx, membership_id, version)), next_actions: [] };
  },
  summarize: (membership) => `${membershipSummary(membership)} Versions: ${membership.versions.length}.`,
});
