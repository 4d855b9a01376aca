import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { confirmDraft, createDraft } from './engine.js';
import { invoiceInputSchema } from './schema.js';
import { invoiceViewSchema } from './lifecycle-schema.js';
import { readInvoiceView } from './lifecycle.js';
import { invoiceSummary } from './summary.js';

export default defineTool({
  name: 'invoice_create',
  title: 'Create an invoice in one call',
  description:
    'Drafts and confirms an invoice in one call: numbered, with totals, PDF and the payment link and e-invoice asked for. ' +
    'Pass idempotency_key so that a retry cannot bill twice. Use invoice_draft + invoice_confirm to let the user check first.',
  route: { method: 'POST', path: '/invoice/create' },
  scope: 'invoices:write',
  cost: 1,
  effect: 'external',
  input: invoiceInputSchema.extend({
    idempotency_key: z.string().min(1).max(255).optional().describe('A retry with the same key returns the same invoice.'),
  }),
  output: invoiceViewSchema,
  async run({ idempotency_key, ...input }, ctx) {
    const draft = await createDraft(ctx, input, idempotency_key);
    const invoice = await readInvoiceView(ctx, await confirmDraft(ctx, draft.draft_id));
    return { ...invoice, next_actions: [ctx.nextAction('invoice_get', { invoice_id: invoice.invoice_id }, 'Read the invoice again later, with a fresh share link.')] };
  },
  summarize: invoiceSummary,
});
