import type { z } from 'zod';
import type { invoiceOutputSchema } from './schema.js';

/** The MCP text of every tool that returns an invoice. */
export const invoiceSummary = (invoice: z.output<typeof invoiceOutputSchema>) =>
  `Invoice ${invoice.number} for ${invoice.customer.name}: ${invoice.totals.formatted.total}, due ${invoice.due_date}. ` +
  `PDF: ${invoice.share_url} (customer link, no key; expires ${invoice.share_expires_at.slice(0, 10)}).` +
  (invoice.payment_link ? ` Payment link: ${invoice.payment_link.url}.` : '');
