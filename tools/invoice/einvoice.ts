import type { ToolContext } from '../../src/kernel/context.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { invoicePdf } from './engine.js';
import type { EInvoiceFormat } from './einvoice/model.js';
import { einvoiceModelOf, type EInvoiceOverrides } from './einvoice/of-invoice.js';
import { readInvoiceView } from './lifecycle.js';
import { einvoiceTask } from './tasks.js';

export interface EInvoiceRequest extends EInvoiceOverrides {
  invoice_id: string;
  format?: EInvoiceFormat;
}

/**
 * invoice_einvoice: the issued invoice as an EN 16931 e-invoice, from the same model as its PDF:
 * Factur-X (its PDF as PDF/A-3 with the CII XML embedded) or XRechnung (UBL or CII). The format,
 * countries and references default to the invoice's own. The business rules are checked first;
 * a broken one is a 422 naming the rule and the field. Stored as a file of the account,
 * downloadable with the key like the PDF.
 */
export async function makeEInvoice(ctx: ToolContext, request: EInvoiceRequest) {
  const invoice = await readInvoiceView(ctx, request.invoice_id);
  if (invoice.status === 'void') throw new OutcomeError('conflict', `Invoice ${invoice.number} is void; it has no e-invoice.`);
  const format = request.format ?? invoice.einvoice;
  if (!format) {
    throw new OutcomeError('invalid_input', `format: invoice ${invoice.number} was issued without an e-invoice format; give format (facturx, xrechnung_ubl or xrechnung_cii).`);
  }
  const model = einvoiceModelOf(invoice, invoice.number, invoice.payment_link?.url ?? null, request);
  const pdf = format === 'facturx' ? (await invoicePdf(ctx, invoice.invoice_id)).bytes : new Uint8Array();
  const file = await ctx.compute(einvoiceTask, { format, model, pdf });
  const fileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: file.filename, contentType: file.content_type, scope: 'invoices:read', bytes: file.bytes });
  const share = await ctx.files.shareUrl(fileId);
  return {
    invoice_id: invoice.invoice_id,
    number: invoice.number,
    format,
    filename: file.filename,
    content_type: file.content_type,
    bytes: file.bytes.length,
    url: ctx.files.url(fileId),
    share_url: share.url,
  };
}
