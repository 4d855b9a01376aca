import { z } from 'zod';
import { defineTool } from '../../src/kernel/tool.js';
import { idPattern } from '../../src/kernel/ids.js';
import { textField } from '../../src/kernel/fields.js';
import { asSignature } from '../../src/kernel/json-schema.js';
import { invoiceIds } from './ids.js';
import { invoiceState, invoiceStateSchema, invoiceStateSummary, invoiceStatuses, paymentMethods } from './lifecycle-schema.js';
import { issueCreditNote, listInvoices, markPaid, voidInvoice } from './lifecycle.js';
import { sendInvoice } from './send.js';
import { makeEInvoice } from './einvoice.js';
import { countryCode, einvoiceFormats } from './einvoice/model.js';
import { decimal, invoiceIdField } from './schema.js';

export const invoiceList = defineTool({
  name: 'invoice_list',
  title: 'List invoices',
  description: 'Lists issued invoices, newest first, with status (open, overdue, paid, void) and balance due; filter by status, customer name or issue-date range, a page at a time.',
  route: { method: 'GET', path: '/invoices' },
  scope: 'invoices:read',
  cost: 0,
  effect: 'read',
  input: z.object({
    status: z.enum(invoiceStatuses).optional(),
    customer: z.string().min(1).max(200).optional().describe('Part of the customer name.'),
    from: z.iso.date().optional().describe('Issued on or after.'),
    to: z.iso.date().optional().describe('Issued on or before.'),
    cursor: z.string().regex(idPattern(invoiceIds.invoice), 'must be the next_cursor of a previous page').optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: z.object({
    invoices: asSignature(
      z.array(
        z.object({
          invoice_id: z.string(),
          number: z.string(),
          status: z.enum(invoiceStatuses),
          customer: z.string(),
          issue_date: z.string(),
          due_date: z.string(),
          currency: z.string(),
          total: z.number().int(),
          balance_due: z.number().int(),
          formatted: z.object({ total: z.string(), balance_due: z.string() }),
        }),
      ),
    ),
    next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.'),
  }),
  async run(input, ctx) {
    const page = await listInvoices(ctx, input);
    return { ...page, next_actions: page.next_cursor ? [ctx.nextAction('invoice_list', { ...input, cursor: page.next_cursor }, 'The next page.')] : [] };
  },
});

export const invoiceVoid = defineTool({
  name: 'invoice_void',
  title: 'Void an invoice',
  description: 'Cancels an unpaid invoice: it keeps its number, its PDF is stamped VOID and its payment link stops taking payments. A paid invoice is refunded with invoice_credit_note instead.',
  route: { method: 'POST', path: '/invoice/void' },
  scope: 'invoices:write',
  cost: 0,
  effect: 'external',
  idempotent: true,
  input: z.object({ invoice_id: invoiceIdField, reason: textField(500) }),
  output: invoiceStateSchema,
  async run({ invoice_id, reason }, ctx) {
    return { ...invoiceState(await voidInvoice(ctx, invoice_id, reason)), next_actions: [] };
  },
  summarize: invoiceStateSummary,
});

export const invoiceMarkPaid = defineTool({
  name: 'invoice_mark_paid',
  title: 'Mark an invoice paid',
  description: 'Records a payment received outside Stripe (bank transfer, cash…): the invoice becomes paid. Payments through its Stripe payment link mark it paid by themselves.',
  route: { method: 'POST', path: '/invoice/mark-paid' },
  scope: 'invoices:write',
  cost: 0,
  effect: 'write',
  idempotent: true,
  input: z.object({
    invoice_id: invoiceIdField,
    method: z.enum(paymentMethods),
    paid_at: z.iso.datetime({ offset: true }).optional().describe('Default now.'),
    reference: z.string().min(1).max(200).optional().describe('Bank reference, receipt number…'),
  }),
  output: invoiceStateSchema,
  async run({ invoice_id, ...payment }, ctx) {
    return { ...invoiceState(await markPaid(ctx, invoice_id, payment)), next_actions: [] };
  },
  summarize: invoiceStateSummary,
});

export const invoiceCreditNote = defineTool({
  name: 'invoice_credit_note',
  title: 'Credit an invoice',
  description:
    'Issues a credit note (its own series, CN-2026-0001, with a PDF naming the invoice) for part or all of an invoice: an amount (tax included) or lines; never more than is left to credit. The invoice balance shows it.',
  route: { method: 'POST', path: '/invoice/credit-note' },
  scope: 'invoices:write',
  cost: 1,
  effect: 'write',
  input: z.object({
    invoice_id: invoiceIdField,
    amount: decimal.optional().describe('Tax included, in major units ("50.00").'),
    lines: asSignature(
      z
        .array(z.object({ line: z.number().int().min(1), quantity: decimal.optional() }))
        .min(1)
        .max(500)
        .optional(),
    ).describe('1-based line numbers; quantity defaults to the whole line.'),
    reason: textField(500),
    idempotency_key: z.string().min(1).max(255).optional(),
  }),
  output: z.object({
    credit_note_id: z.string(),
    number: z.string(),
    invoice_id: z.string(),
    amount: z.number().int(),
    formatted: z.string(),
    reason: z.string(),
    pdf_url: z.string(),
    einvoice_url: z.string().nullable().describe("In its invoice's e-invoice format; null if none."),
    share_url: z.string(),
    created_at: z.iso.datetime(),
    invoice: invoiceStateSchema,
  }),
  async run(input, ctx) {
    const note = await issueCreditNote(ctx, input);
    return { ...note, invoice: invoiceState(note.invoice), next_actions: [] };
  },
  summarize: (note) =>
    `Credit note ${note.number} for invoice ${note.invoice.number}: ${note.formatted} (${note.reason}). PDF: ${note.share_url}. Balance due now ${note.invoice.balance.formatted.due}.`,
});

export const invoiceSend = defineTool({
  name: 'invoice_send',
  title: 'Email an invoice',
  description:
    "Emails an issued invoice through the server's SMTP: the PDF attached, the customer's link and, while unpaid, the payment link, in the invoice's language. To the customer's email unless `to` is given.",
  route: { method: 'POST', path: '/invoice/send' },
  scope: 'invoices:write',
  cost: 1,
  effect: 'external',
  input: z.object({
    invoice_id: invoiceIdField,
    to: z.array(z.email().max(254)).min(1).max(10).optional(),
    cc: z.array(z.email().max(254)).min(1).max(10).optional(),
    message: z.string().trim().min(1).max(2000).optional().describe('Your words above the invoice details.'),
    idempotency_key: z.string().min(1).max(255).optional().describe('A retry keeps the same Message-ID.'),
  }),
  output: z.object({
    invoice_id: z.string(),
    number: z.string(),
    message_id: z.string(),
    accepted: z.array(z.string()),
    rejected: z.array(z.string()).describe('Refused by the mail server; the others were sent.'),
    sent_at: z.iso.datetime(),
  }),
  async run(input, ctx) {
    return { ...(await sendInvoice(ctx, input)), next_actions: [] };
  },
  summarize: (sent) => `Invoice ${sent.number} sent to ${sent.accepted.join(', ') || 'nobody'}${sent.rejected.length ? `; refused: ${sent.rejected.join(', ')}` : ''}.`,
});

export const invoiceEInvoice = defineTool({
  name: 'invoice_einvoice',
  title: 'E-invoice of an invoice',
  description:
    "Makes the EN 16931 e-invoice of an issued invoice: facturx (its PDF as PDF/A-3 with the XML inside), xrechnung_ubl or xrechnung_cii (XML), checked against the business rules (422 names a broken one). Format, countries and references default to the invoice's. Returns a download link.",
  route: { method: 'POST', path: '/invoice/einvoice' },
  scope: 'invoices:write',
  cost: 0,
  effect: 'write',
  idempotent: true,
  input: z.object({
    invoice_id: invoiceIdField,
    format: z.enum(einvoiceFormats).optional(),
    seller_country: countryCode.optional(),
    customer_country: countryCode.optional(),
    buyer_reference: z.string().min(1).max(200).optional().describe('Leitweg-ID for German public buyers.'),
    order_reference: z.string().min(1).max(200).optional(),
  }),
  output: z.object({
    invoice_id: z.string(),
    number: z.string(),
    format: z.enum(einvoiceFormats),
    filename: z.string(),
    content_type: z.string(),
    bytes: z.number().int(),
    url: z.string().describe('Download with the agent key.'),
    share_url: z.string().describe('For the customer: no key, expiring.'),
  }),
  async run(input, ctx) {
    return { ...(await makeEInvoice(ctx, input)), next_actions: [] };
  },
  summarize: (made) => `${made.format} e-invoice of ${made.number}: ${made.filename} (${made.bytes} bytes), ${made.share_url}`,
});
