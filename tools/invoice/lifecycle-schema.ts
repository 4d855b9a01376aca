import { z } from 'zod';
import { asSignature } from '../../src/kernel/json-schema.js';
import { invoiceOutputSchema } from './schema.js';

export const invoiceStatuses = ['open', 'overdue', 'paid', 'void'] as const;
export const paymentMethods = ['stripe', 'bank_transfer', 'card', 'cash', 'cheque', 'other'] as const;

/** An issued invoice with where it stands: paid, void, credited, what is still due. */
export const invoiceViewSchema = invoiceOutputSchema.extend({
  status: z.enum(invoiceStatuses).describe('overdue: open past its due date with a balance due.'),
  balance: asSignature(
    z.object({
      credited: z.number().int(),
      paid: z.number().int(),
      due: z.number().int(),
      formatted: z.object({ credited: z.string(), paid: z.string(), due: z.string() }),
    }),
  ).describe('Minor units: total − credit notes, less what was paid.'),
  paid: asSignature(z.object({ at: z.iso.datetime(), method: z.enum(paymentMethods), reference: z.string().nullable() }).nullable()),
  voided: asSignature(z.object({ at: z.iso.datetime(), reason: z.string() }).nullable()),
  credit_notes: asSignature(
    z.array(
      z.object({
        credit_note_id: z.string(),
        number: z.string(),
        amount: z.number().int(),
        formatted: z.string(),
        reason: z.string(),
        pdf_url: z.string(),
        einvoice_url: z.string().nullable(),
        created_at: z.iso.datetime(),
      }),
    ),
  ),
});
export type InvoiceView = z.output<typeof invoiceViewSchema>;

/** Where an invoice stands, without its document: what invoice_void, invoice_mark_paid and invoice_credit_note answer (invoice_get has the rest). */
export const invoiceStateSchema = invoiceViewSchema.pick({
  invoice_id: true,
  number: true,
  status: true,
  currency: true,
  due_date: true,
  balance: true,
  paid: true,
  voided: true,
  credit_notes: true,
  pdf_url: true,
  share_url: true,
  share_expires_at: true,
});
export type InvoiceState = z.output<typeof invoiceStateSchema>;

export const invoiceState = (view: InvoiceView): InvoiceState => ({
  invoice_id: view.invoice_id,
  number: view.number,
  status: view.status,
  currency: view.currency,
  due_date: view.due_date,
  balance: view.balance,
  paid: view.paid,
  voided: view.voided,
  credit_notes: view.credit_notes,
  pdf_url: view.pdf_url,
  share_url: view.share_url,
  share_expires_at: view.share_expires_at,
});

/** The MCP text of the tools that change where an invoice stands. */
export const invoiceStateSummary = (state: InvoiceState) =>
  `Invoice ${state.number} is ${state.status}` +
  (state.voided ? ` (${state.voided.reason})` : '') +
  (state.paid ? ` (${state.paid.method}${state.paid.reference ? ` ${state.paid.reference}` : ''}, ${state.paid.at.slice(0, 10)})` : '') +
  `; ${state.balance.formatted.due} due, ${state.balance.formatted.credited} credited. PDF: ${state.share_url}.`;
