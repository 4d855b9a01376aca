import { defineTask } from '../../src/kernel/task.js';
import type { InvoiceDocument } from './document.js';

/** The invoice's PDF: layout, font subsetting and the QR code are the costly part of confirming. */
export const invoicePdfTask = defineTask({
  name: 'invoice.pdf',
  // pdf-lib and the fonts load in the thread that renders, on its first invoice.
  run: async (document: InvoiceDocument) => (await import('./pdf.js')).renderInvoicePdf(document),
  describe: (document) => `the invoice's ${document.lines.length} line items and ${(document.notes ?? '').length} characters of notes`,
});
