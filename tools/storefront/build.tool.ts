import { defineTool } from '../../src/kernel/tool.js';
import { buildStorefront } from './engine.js';
import { buildInputSchema, storefrontOutputSchema } from './schema.js';
import { storefrontSummary } from './summary.js';

export default defineTool({
  name: 'storefront_build',
  title: 'Build a storefront that sells',
  description:
    'Builds a product page or shop from products (or a prompt that prices them): HTML with gallery, prices, variants, buy button and JSON-LD, ' +
    'hosted at preview_url, and the Stripe operations that make it sell, run with execute: true. Policies, FAQ and reviews only as given.',
  route: { method: 'POST', path: '/storefront/build' },
  scope: 'storefront:write',
  cost: 1,
  effect: 'external',
  view: 'page',
  input: buildInputSchema,
  output: storefrontOutputSchema,
  async run(input, ctx) {
    const storefront = await buildStorefront(ctx, input);
    return {
      ...storefront,
      next_actions: [
        ...(storefront.checkout.executed
          ? []
          : [ctx.nextAction('storefront_revise', { storefront_id: storefront.storefront_id, changes: {}, execute: true }, 'Create the Stripe objects and make the buy button live.')]),
        ctx.nextAction('storefront_orders', { storefront_id: storefront.storefront_id }, 'The orders its checkout records.'),
      ],
    };
  },
  summarize: storefrontSummary,
});
