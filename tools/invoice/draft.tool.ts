import { defineTool } from '../../src/kernel/tool.js';
import { createDraft } from './engine.js';
import { draftOutputSchema, invoiceInputSchema } from './schema.js';

export default defineTool({
  name: 'invoice_draft',
  title: 'Draft an invoice',
  description:
    'Computes an invoice without numbering or sending anything: line amounts, discounts, tax per rate and totals in exact ' +
    'integer minor units with formatted strings, due date, and warnings (e.g. no seller profile, no payment processor). ' +
    'Show the draft to the user, then call invoice_confirm with its draft_id to issue the numbered invoice with its PDF ' +
    '(and payment link when payment_link is true). Use invoice_create to do both in one call.',
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
