import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { asSignature } from '../../src/kernel/json-schema.js';
import { idPattern } from '../../src/kernel/ids.js';
import { storefrontIds } from './ids.js';
import { listOrders, ordersCsv } from './orders.js';
import { storefrontIdSchema } from './schema.js';

export default defineTool({
  name: 'storefront_orders',
  title: 'List a storefront’s orders',
  description: 'Lists the orders a storefront’s checkout recorded (Stripe webhook), newest first, a page at a time; format: "csv" adds the page as CSV.',
  route: { method: 'GET', path: '/storefront/:storefrontId/orders' },
  scope: 'storefront:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    storefront_id: storefrontIdSchema,
    cursor: z.string().regex(idPattern(storefrontIds.order), 'must be the next_cursor of a previous page').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    format: z.enum(['json', 'csv']).default('json'),
  }),
  output: z.object({
    orders: asSignature(
      z.array(
        z.object({
          order_id: z.string(),
          storefront_id: z.string(),
          version: z.number().int(),
          offer_id: z.string(),
          product: z.string(),
          variant: z.string().nullable(),
          quantity: z.number().int(),
          amount_total: z.number().int(),
          currency: z.string(),
          customer_email: z.string().nullable(),
          stripe: z.object({ session: z.string(), payment_intent: z.string().nullable(), subscription: z.string().nullable() }),
          created_at: z.string(),
        }),
      ),
    ),
    next_cursor: z.string().nullable(),
    csv: z.string().nullable().describe('With format "csv".'),
  }),
  async run(input, ctx) {
    const page = await listOrders(ctx, input);
    return {
      ...page,
      csv: input.format === 'csv' ? await ordersCsv(page.orders) : null,
      next_actions: page.next_cursor ? [ctx.nextAction('storefront_orders', { ...input, cursor: page.next_cursor }, 'The next page.')] : [],
    };
  },
  summarize: (page) => `${page.orders.length} orders${page.next_cursor ? ' (more: pass next_cursor)' : ''}.`,
});
