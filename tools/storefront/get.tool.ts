import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { readStorefront } from './engine.js';
import { storefrontIdSchema, storefrontOutputSchema } from './schema.js';
import { storefrontSummary } from './summary.js';

export default defineTool({
  name: 'storefront_get',
  title: 'Get a storefront',
  description: 'Returns a storefront at its latest version, or at `version` N, with its page, Stripe operations and what they made, and its versions.',
  route: { method: 'GET', path: '/storefront/:storefrontId' },
  scope: 'storefront:read',
  cost: 0,
  effect: 'read',
  view: 'page',
  input: z.object({ storefront_id: storefrontIdSchema, version: z.coerce.number().int().min(1).optional() }),
  output: storefrontOutputSchema.extend({ versions: z.array(z.object({ version: z.number().int(), created_at: z.string() })) }),
  async run(input, ctx) {
    const storefront = await readStorefront(ctx, input.storefront_id, input.version);
    return { ...storefront, next_actions: [ctx.nextAction('storefront_orders', { storefront_id: storefront.storefront_id }, 'Its orders.')] };
  },
  summarize: storefrontSummary,
});
