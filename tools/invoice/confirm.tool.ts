import { z } from 'zod';
import { invoiceIds } from './ids.js';
import { defineTool } from '../../src/kernel/tool.js';
import { idPattern } from '../../src/kernel/ids.js';
import { confirmDraft } from './engine.js';
import { invoiceViewSchema } from './lifecycle-schema.js';
import { readInvoiceView } from './lifecycle.js';
import { invoiceSummary } from './summary.js';

export default defineTool({
  name: 'invoice_confirm',
  title: 'Confirm an invoice draft',
  description:
    'Issues a draft: the next gap-free number for the account and year (INV-2026-0001), the PDF (pdf_url needs the agent key; ' +
    'share_url is for the customer: no key, expiring) and, if the draft asked, a Stripe payment link. Safe to retry: the same draft ' +
    'gives the same invoice.',
  route: { method: 'POST', path: '/invoice/confirm' },
  scope: 'invoices:write',
  cost: 0,
  effect: 'external',
  idempotent: true,
  input: z.object({
    draft_id: z.string().regex(idPattern(invoiceIds.draft), 'must be a draft id such as "drf_01…" from invoice_draft').describe('From invoice_draft.'),
  }),
  output: invoiceViewSchema,
  async run({ draft_id }, ctx) {
    const invoice = await readInvoiceView(ctx, await confirmDraft(ctx, draft_id));
    return { ...invoice, next_actions: [ctx.nextAction('invoice_get', { invoice_id: invoice.invoice_id }, 'Read the invoice again later, with a fresh share link.')] };
  },
  summarize: invoiceSummary,
});
