import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { invoiceViewSchema } from './lifecycle-schema.js';
import { readInvoiceView } from './lifecycle.js';
import { invoiceIdField } from './schema.js';
import { invoiceSummary } from './summary.js';

export default defineTool({
  name: 'invoice_get',
  title: 'Get an invoice',
  description: 'Returns a confirmed invoice with its numbers, PDF link, a fresh share link for the customer, and its payment link.',
  route: { method: 'GET', path: '/invoices/:invoiceId' },
  scope: 'invoices:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    invoice_id: invoiceIdField.describe('From invoice_confirm or invoice_create.'),
  }),
  output: invoiceViewSchema,
  async run({ invoice_id }, ctx) {
    return { ...(await readInvoiceView(ctx, invoice_id)), next_actions: [] };
  },
  summarize: invoiceSummary,
});
