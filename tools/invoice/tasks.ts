import { defineTask, sized } from '../../src/kernel/task.js';
import type { InvoiceDocument } from './document.js';
import type { EInvoiceFormat } from './einvoice/model.js';
import type { EInvoiceModel } from './einvoice/model.js';

// pdf-lib, fontkit and the fonts load in the compute threads (at their start), never in the one that serves requests.

/** The invoice's PDF: layout, font subsetting and the QR code are the costly part of confirming. */
export const invoicePdfTask = defineTask({
  name: 'invoice.pdf',
  load: () => import('./pdf.js'),
  run: async (document: InvoiceDocument) => (await import('./pdf.js')).renderInvoicePdf(document),
  describe: (document) => `the invoice's ${document.lines.length} line items and ${(document.notes ?? '').length} characters of notes`,
});

/** The characters of `texts` the PDF's fonts cannot draw: checked at draft time, before a number is taken. */
export const unrenderableTask = defineTask({
  name: 'invoice.unrenderable',
  // Reading the fonts' coverage once loads them.
  load: async () => (await import('./pdf.js')).unrenderableCharacters(['Invoice']),
  run: async (texts: string[]) => (await import('./pdf.js')).unrenderableCharacters(texts),
  describe: (texts) =>
    sized(
      "the invoice's text",
      texts.reduce((sum, text) => sum + text.length, 0),
    ),
});

/** An e-invoice from the invoice's model: Factur-X (its PDF with the CII XML embedded, PDF/A-3) or XRechnung XML. */
export const einvoiceTask = defineTask({
  name: 'invoice.einvoice',
  load: () => import('./einvoice/formats.js'),
  run: async ({ format, model, pdf }: { format: EInvoiceFormat; model: EInvoiceModel; pdf: Uint8Array }) =>
    (await import('./einvoice/formats.js')).einvoiceFile(format, model, () => Promise.resolve(pdf)),
  describe: ({ format, model }) => `the ${format} e-invoice of ${model.lines.length} lines`,
});
