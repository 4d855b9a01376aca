import type { InvoiceView } from './lifecycle-schema.js';

/** The MCP text of every tool that returns an invoice. */
export const invoiceSummary = (invoice: InvoiceView) =>
  `Invoice ${invoice.number} for ${invoice.customer.name}: ${invoice.totals.formatted.total}, ${invoice.status}` +
  (invoice.status === 'paid' || invoice.status === 'void' ? '' : `, ${invoice.balance.formatted.due} due ${invoice.due_date}`) +
  `. PDF: ${invoice.share_url} (customer link, no key; expires ${invoice.share_expires_at.slice(0, 10)}).` +
  (invoice.payment_link && invoice.status !== 'void' && invoice.status !== 'paid' ? ` Payment link: ${invoice.payment_link.url}.` : '');
