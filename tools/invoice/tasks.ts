import { defineTask } from '../../src/kernel/task.js';
import type { InvoiceDocument } from './document.js';

/** The invoice's PDF: layout, font subsetting and the QR code are the costly part of confirming. */
export const invoicePdfTask = defineTask({
  name: 'invoice.pdf',
  // pdf-lib and the fonts load in the thread that renders, on its first invoice.
  run: async (document: InvoiceDocument) => (await import('./pdf.js')).renderInvoicePdf(document),
  describe: (document) => `the invoice's ${document.lines.length} line items and ${(document.notes ?? '').length} characters of notes`,
});

/** The characters of `texts` the PDF's fonts cannot draw: checked at draft time, before a number is taken. */
export const unrenderableTask = defineTask({
  name: 'invoice.unrenderable',
  // The fonts load in the thread that checks, not in the one that serves requests.
  run: async (texts: string[]) => (await import('./pdf.js')).unrenderableCharacters(texts),
  describe: (texts) => `the invoice's text (${texts.reduce((sum, text) => sum + text.length, 0).toLocaleString('en-US')} characters)`,
});
