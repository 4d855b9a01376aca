import { defineResource } from '../../src/kernel/resource.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import { quote } from '../../src/kernel/quote.js';
import { invoiceIds } from './ids.js';
import { invoicePdf } from './engine.js';
import confirm from './confirm.tool.js';
import create from './create.tool.js';
import get from './get.tool.js';

const invoiceId = idPattern(invoiceIds.invoice);

/** An issued invoice names its PDF; a draft (no number yet) has none. */
const pdfOf = (output: Record<string, unknown>) =>
  typeof output.invoice_id === 'string' && typeof output.number === 'string' ? [{ invoice_id: output.invoice_id, label: `${output.number}.pdf` }] : [];

/** The PDF rendered at confirmation, byte for byte what pdf_url and share_url serve. */
export const invoicePdfResource = defineResource<'invoice_id'>({
  name: 'invoice_pdf',
  title: 'Invoice PDF',
  description: 'The PDF of an issued invoice (numbered, final), as rendered at confirmation.',
  uriTemplate: 'agent-outcomes://invoices/{invoice_id}/pdf',
  mimeType: 'application/pdf',
  scope: 'invoices:read',
  async read({ invoice_id }, ctx) {
    // A malformed id names no invoice; checked here so that no query runs for it.
    if (!invoiceId.test(invoice_id)) throw new OutcomeError('not_found', `No invoice ${quote(invoice_id)} exists for this account.`);
    const file = await invoicePdf(ctx, invoice_id);
    return { mimeType: file.content_type, bytes: file.bytes };
  },
  linkedFrom: { [create.name]: pdfOf, [confirm.name]: pdfOf, [get.name]: pdfOf },
});

export const invoiceResources = [invoicePdfResource];
