import { defineTool } from '../../src/kernel/tool.js';
import { createDraft } from './engine.js';
import { draftOutputSchema, invoiceInputSchema } from './schema.js';

export default defineTool({
  name: 'invoice_draft',
  title: 'Draft an invoice',
  description:
    'Computes an invoice without numbering it: amounts, discounts, tax per rate and totals (minor units and formatted), due date ' +
    'and warnings (e.g. no seller profile). Show it to the user; invoice_confirm with its draft_id then issues the numbered ' +
    'invoice, its PDF, payment link and e-invoice. invoice_create does both at once.',
  route: { method: 'POST', path: '/invoice/draft' },
  scope: 'invoices:write',
  cost: 1,
  effect: 'write',
  input: invoiceInputSchema,
  output: draftOutputSchema,
  async run(input, ctx) {
    const draft = await createDraft(ctx, input);
    return {
      ...draft,
      next_actions: [ctx.nextAction('invoice_confirm', { draft_id: draft.draft_id }, 'Issue the numbered invoice with its PDF (and payment link) once the draft looks right.')],
    };
  },
  summarize: (draft) =>
    `Draft ${draft.draft_id} for ${draft.customer.name}: total ${draft.totals.formatted.total} (tax ${draft.totals.formatted.tax}), due ${draft.due_date}.` +
    `${draft.warnings.length ? ` Warnings: ${draft.warnings.join(' ')}` : ''} Call invoice_confirm with this draft_id to issue it.`,
});
