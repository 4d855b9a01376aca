import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { OutcomeError } from '../../src/kernel/errors.js';
import { newId } from '../../src/kernel/ids.js';
import type { StoreHandle, ToolContext } from '../../src/kernel/context.js';
import { isUniqueViolation } from '../../src/store/store.js';
import type { Invoice } from './engine.js';
import { documentOf, type DocumentMeta, type InvoiceDocument } from './document.js';
import { withEInvoiceFields, type ComputedInvoice } from './compute.js';
import { einvoiceModelOf } from './einvoice/of-invoice.js';
import { checkLogo } from './logo.js';
import { sellerProfile } from './seller.js';
import { invoiceIds } from './ids.js';
import type { InvoiceView, invoiceStatuses, paymentMethods } from './lifecycle-schema.js';
import { allocate, divRound, formatMoney, parseMoney } from '../../src/payments/money.js';
import { creditNoteSeries, issueNumbered } from './numbering.js';
import { invoiceDb, type CreditNotesTable, type InvoicesTable, type InvoiceTables } from './tables.js';
import { einvoiceTask, invoicePdfTask } from './tasks.js';

type InvoiceRow = Selectable<InvoicesTable>;
type Stored = Omit<Invoice, 'pdf_url' | 'share_url' | 'share_expires_at' | 'einvoice_url'>;
export type PaymentMethod = (typeof paymentMethods)[number];

const noInvoice = (invoiceId: string) => new OutcomeError('not_found', `No invoice ${invoiceId} exists for this account.`, { hint: 'List invoices with invoice_list.' });

async function invoiceRow(ctx: Pick<ToolContext, 'store' | 'caller'>, invoiceId: string): Promise<InvoiceRow> {
  const row = await invoiceDb(ctx.store).selectFrom('invoices').selectAll().where('id', '=', invoiceId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw noInvoice(invoiceId);
  return row;
}

const today = (ctx: Pick<ToolContext, 'now'>) => ctx.now().toISOString().slice(0, 10);

/** What is still owed: the total less credit notes, nothing once paid (or void). */
function balanceOf(row: InvoiceRow, stored: Stored) {
  const total = row.total ?? stored.totals.total;
  const credited = row.credited ?? 0;
  const paid = row.status === 'paid' ? total - credited : 0;
  const due = row.status === 'open' ? total - credited : 0;
  const format = (minor: number) => formatMoney(BigInt(minor), stored.currency, stored.locale);
  return { credited, paid, due, formatted: { credited: format(credited), paid: format(paid), due: format(due) } };
}

function statusOf(row: InvoiceRow, dueMinor: number, on: string): (typeof invoiceStatuses)[number] {
  if (row.status !== 'open') return row.status;
  return dueMinor > 0 && (row.due_date ?? '9999-12-31') < on ? 'overdue' : 'open';
}

/**
 * A stored invoice with the fields later releases added, for invoices issued before them: no
 * service dates, no discount rates, no VAT id or bank details, and English, as they were
 * printed. Only what the tools return: the stored document (and a re-rendered PDF) stay as issued.
 */
function withLaterFields(stored: Stored): Stored {
  // Every document gets the e-invoice fields; only those issued before localisation the rest.
  const later = withEInvoiceFields(stored);
  if ((later.language as Stored['language'] | undefined) !== undefined) return later;
  const legacy = later as Stored & { totals: Partial<Stored['totals']> & { formatted: Partial<Stored['totals']['formatted']> } };
  const net = legacy.totals.subtotal - legacy.totals.discount;
  return {
    ...later,
    language: 'en',
    service_date: null,
    service_period: null,
    seller: { vat_id: null, phone: null, iban: null, bic: null, ...(later.seller as Partial<Stored['seller']>) } as Stored['seller'],
    customer: { vat_id: null, ...(later.customer as Partial<Stored['customer']>) } as Stored['customer'],
    line_items: later.line_items.map(
      (line) => ({ discount_percent: null, service_date: null, service_period: null, ...(line as Partial<Stored['line_items'][number]>) }) as Stored['line_items'][number],
    ),
    totals: {
      ...legacy.totals,
      discount_percent: legacy.totals.discount_percent ?? null,
      net: legacy.totals.net ?? net,
      formatted: { ...legacy.totals.formatted, net: legacy.totals.formatted.net ?? formatMoney(BigInt(net), later.currency, later.locale) },
    },
  };
}

/** An issued invoice as the tools return it: the document as issued, and where it stands now. */
export async function invoiceView(ctx: ToolContext, row: InvoiceRow): Promise<InvoiceView> {
  const stored = withLaterFields(JSON.parse(row.document) as Stored);
  const notes = await invoiceDb(ctx.store).selectFrom('credit_notes').selectAll().where('invoice_id', '=', row.id).orderBy('sequence').execute();
  const share = await ctx.files.shareUrl(row.pdf_file_id);
  const balance = balanceOf(row, stored);
  return {
    ...stored,
    status: statusOf(row, balance.due, today(ctx)),
    pdf_url: ctx.files.url(row.pdf_file_id),
    // A void invoice's e-invoice no longer stands: like invoice_einvoice, the view offers none.
    einvoice_url: row.einvoice_file_id && row.status !== 'void' ? ctx.files.url(row.einvoice_file_id) : null,
    share_url: share.url,
    share_expires_at: share.expires_at,
    balance,
    paid: row.status === 'paid' && row.paid_at ? { at: row.paid_at, method: (row.paid_method ?? 'other') as PaymentMethod, reference: row.paid_reference } : null,
    voided: row.status === 'void' && row.voided_at ? { at: row.voided_at, reason: row.void_reason ?? '' } : null,
    credit_notes: notes.map((note) => creditNoteEntry(ctx, note, stored)),
  };
}

function creditNoteEntry(ctx: ToolContext, note: Selectable<CreditNotesTable>, stored: Pick<Stored, 'currency' | 'locale'>) {
  return {
    credit_note_id: note.id,
    number: note.number,
    amount: note.amount,
    formatted: formatMoney(BigInt(note.amount), stored.currency, stored.locale),
    reason: note.reason,
    pdf_url: ctx.files.url(note.pdf_file_id),
    einvoice_url: note.einvoice_file_id ? ctx.files.url(note.einvoice_file_id) : null,
    created_at: note.created_at,
  };
}

export async function readInvoiceView(ctx: ToolContext, invoiceId: string): Promise<InvoiceView> {
  return invoiceView(ctx, await invoiceRow(ctx, invoiceId));
}

/** invoice_list: newest first, filtered, a page at a time (the cursor is the last id seen). */
export async function listInvoices(ctx: ToolContext, filters: { status?: (typeof invoiceStatuses)[number]; customer?: string; from?: string; to?: string; cursor?: string; limit: number }) {
  const on = today(ctx);
  let query = invoiceDb(ctx.store).selectFrom('invoices').selectAll().where('account_id', '=', ctx.caller.accountId);
  // As statusOf says: overdue is open, past due, with something still due.
  const owed = (eb: ExpressionBuilder<InvoiceTables, 'invoices'>) => eb('credited', '<', eb.ref('total'));
  if (filters.status === 'overdue') query = query.where('status', '=', 'open').where('due_date', '<', on).where(owed);
  else if (filters.status === 'open') query = query.where('status', '=', 'open').where((eb) => eb.or([eb('due_date', '>=', on), eb.not(owed(eb))]));
  else if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.customer) {
    // Part of the name, whatever its case; % and _ in it are literal (SQLite's LIKE has no escape character unless told).
    const pattern = `%${filters.customer.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(customer_name) like ${pattern} escape '\\'`);
  }
  if (filters.from) query = query.where('issue_date', '>=', filters.from);
  if (filters.to) query = query.where('issue_date', '<=', filters.to);
  if (filters.cursor) query = query.where('id', '<', filters.cursor);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(filters.limit + 1)
    .execute();
  const page = rows.slice(0, filters.limit);
  return {
    invoices: page.map((row) => {
      const stored = JSON.parse(row.document) as Stored;
      const balance = balanceOf(row, stored);
      return {
        invoice_id: row.id,
        number: row.number,
        status: statusOf(row, balance.due, on),
        customer: stored.customer.name,
        issue_date: stored.issue_date,
        due_date: stored.due_date,
        currency: stored.currency,
        total: stored.totals.total,
        balance_due: balance.due,
        formatted: { total: stored.totals.formatted.total, balance_due: balance.formatted.due },
      };
    }),
    next_cursor: rows.length > filters.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** The document of an issued invoice again, as issued, with what `meta` changes (a VOID stamp; a credit note's kind and reference). */
async function reissuedDocument(ctx: ToolContext, stored: Stored, meta: Partial<DocumentMeta> = {}): Promise<InvoiceDocument> {
  const profile = await sellerProfile(ctx.store, ctx.caller.accountId);
  return documentOf(stored, {
    invoiceId: stored.invoice_id,
    number: stored.number,
    link: stored.payment_link,
    createdAt: stored.created_at,
    logo: profile.seller_logo ? checkLogo(profile.seller_logo) : null,
    ...meta,
  });
}

/**
 * invoice_void: the invoice keeps its number (a gap would need explaining to a tax auditor),
 * its PDF is replaced by one stamped VOID, and its payment link stops taking payments. A paid
 * invoice is refunded with a credit note instead; voiding twice returns the void invoice.
 */
export async function voidInvoice(ctx: ToolContext, invoiceId: string, reason: string): Promise<InvoiceView> {
  const row = await invoiceRow(ctx, invoiceId);
  if (row.status === 'void') return invoiceView(ctx, row);
  if (row.status === 'paid') {
    throw new OutcomeError('conflict', `Invoice ${row.number} is paid and cannot be voided.`, { hint: 'Refund it with invoice_credit_note.' });
  }
  if (row.payment_link_id) {
    if (!ctx.payments) {
      throw new OutcomeError('payment_processor_not_configured', `Invoice ${row.number} has a payment link, and without STRIPE_SECRET_KEY it cannot be switched off; nothing was changed.`, {
        hint: 'Ask the operator to configure Stripe, then void it again.',
      });
    }
    await ctx.payments.deactivatePaymentLink(row.payment_link_id);
  }
  const stored = JSON.parse(row.document) as Stored;
  const pdf = await ctx.compute(invoicePdfTask, await reissuedDocument(ctx, stored, { stamp: 'void' }));
  const at = ctx.now().toISOString();
  const voided = await invoiceDb(ctx.store)
    .transaction()
    .execute(async (trx) => {
      const fileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: `${row.number}-void.pdf`, contentType: 'application/pdf', scope: 'invoices:read', bytes: pdf }, trx);
      return trx
        .updateTable('invoices')
        .set({ status: 'void', voided_at: at, void_reason: reason, pdf_file_id: fileId })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
    });
  if (voided) return invoiceView(ctx, voided);
  // Paid or voided meanwhile (a webhook, another call): say what it is now.
  const now = await invoiceRow(ctx, invoiceId);
  if (now.status === 'void') return invoiceView(ctx, now);
  throw new OutcomeError('conflict', `Invoice ${row.number} was paid while it was being voided; it is paid.`, { hint: 'Refund it with invoice_credit_note.' });
}

/**
 * Marks an open invoice paid, once. The same payment again (same method and reference) returns
 * the paid invoice; another is a conflict, and a void invoice cannot be paid. Used by
 * invoice_mark_paid and by Stripe's checkout.session.completed for the invoice's payment link.
 */
export async function settlePaid(
  store: StoreHandle,
  where: { invoiceId: string; accountId: string },
  payment: { at: string; method: PaymentMethod; reference: string | null },
): Promise<{ row: InvoiceRow; changed: boolean }> {
  const db = invoiceDb(store);
  const paid = await db
    .updateTable('invoices')
    .set({ status: 'paid', paid_at: payment.at, paid_method: payment.method, paid_reference: payment.reference })
    .where('id', '=', where.invoiceId)
    .where('account_id', '=', where.accountId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (paid) return { row: paid, changed: true };
  const row = await db.selectFrom('invoices').selectAll().where('id', '=', where.invoiceId).where('account_id', '=', where.accountId).executeTakeFirst();
  if (!row) throw noInvoice(where.invoiceId);
  if (row.status === 'paid' && row.paid_method === payment.method && row.paid_reference === payment.reference) return { row, changed: false };
  if (row.status === 'paid') {
    throw new OutcomeError('conflict', `Invoice ${row.number} is already paid (${row.paid_method}${row.paid_reference ? `, ${row.paid_reference}` : ''}, ${row.paid_at}).`, {
      details: { paid_at: row.paid_at, method: row.paid_method, reference: row.paid_reference },
    });
  }
  throw new OutcomeError('conflict', `Invoice ${row.number} is void and cannot be paid.`, { hint: 'Issue a new invoice if the customer still owes it.' });
}

export async function markPaid(ctx: ToolContext, invoiceId: string, payment: { paid_at?: string; method: PaymentMethod; reference?: string }): Promise<InvoiceView> {
  const at = new Date(payment.paid_at ?? ctx.now()).toISOString();
  if (at > new Date(ctx.now().getTime() + 86_400_000).toISOString()) {
    throw new OutcomeError('invalid_input', `paid_at: ${at} is in the future; give when the payment arrived.`);
  }
  const { row } = await settlePaid(ctx.store, { invoiceId, accountId: ctx.caller.accountId }, { at, method: payment.method, reference: payment.reference ?? null });
  return invoiceView(ctx, row);
}

/** The tax rates of an invoice with what each adds up to, tax included: how a credit is split across rates. */
function grossByRate(stored: Stored): Array<{ rate: string | null; gross: bigint }> {
  const taxed = stored.tax_breakdown.map((entry) => ({ rate: entry.rate, gross: BigInt(entry.taxable + entry.tax) }));
  const untaxed = stored.line_items.filter((line) => line.tax_rate === null).reduce((sum, line) => sum + BigInt(line.taxable), 0n);
  return [...taxed, ...(untaxed > 0n ? [{ rate: null, gross: untaxed }] : [])];
}

/**
 * The net amount and its tax that add up to `gross` at `rate` (percent scaled by 10⁴), the tax
 * rounded from the net as on an invoice (EN 16931 BR-CO-17). Where rounding skips `gross`, the
 * nearest gross below it.
 */
function netAndTax(gross: bigint, rate: bigint): { gross: bigint; net: bigint; tax: bigint } {
  const taxOf = (net: bigint) => divRound(net * rate, 1_000_000n);
  const estimate = (gross * 1_000_000n) / (1_000_000n + rate);
  for (const net of [estimate + 1n, estimate, estimate - 1n]) {
    if (net >= 0n && net + taxOf(net) === gross) return { gross, net, tax: taxOf(net) };
  }
  const net = estimate > 0n ? estimate : 0n;
  return { gross: net + taxOf(net), net, tax: taxOf(net) };
}

/** What lines of the invoice come to with their tax, per tax rate: `quantity` of a line credits that share of it. */
function creditOfLines(stored: Stored, lines: Array<{ line: number; quantity?: string | number }>): Array<{ rate: string | null; gross: bigint }> {
  const byRate = new Map<string | null, bigint>();
  for (const [i, chosen] of lines.entries()) {
    const item = stored.line_items[chosen.line - 1];
    if (!item) throw new OutcomeError('invalid_input', `lines[${i}].line: the invoice has lines 1 to ${stored.line_items.length}, not ${chosen.line}.`);
    const shipped = Number(item.quantity);
    const credited = chosen.quantity === undefined ? shipped : Number(chosen.quantity);
    if (!(credited > 0) || credited > shipped) {
      throw new OutcomeError('invalid_input', `lines[${i}].quantity: between 0 (exclusive) and the line's quantity ${item.quantity}, not ${String(chosen.quantity)}.`);
    }
    // Scaled to 4 decimals, as quantities are, so the share is exact before it is rounded once.
    const share = divRound(BigInt(item.taxable) * BigInt(Math.round(credited * 10_000)), BigInt(Math.round(shipped * 10_000)));
    const rate = item.tax_rate === null ? 0n : BigInt(Math.round(Number(item.tax_rate) * 10_000));
    byRate.set(item.tax_rate, (byRate.get(item.tax_rate) ?? 0n) + share + divRound(share * rate, 1_000_000n));
  }
  return [...byRate].map(([rate, gross]) => ({ rate, gross }));
}

export interface CreditNote {
  credit_note_id: string;
  number: string;
  invoice_id: string;
  amount: number;
  formatted: string;
  reason: string;
  pdf_url: string;
  einvoice_url: string | null;
  share_url: string;
  created_at: string;
  invoice: InvoiceView;
}

/**
 * A credit note as a computed invoice: one line per tax rate credited (the reason, quantity 1,
 * the net amount), taxed as credited, in the invoice's currency, parties, language and
 * references. Its PDF and e-invoice are made from it as an invoice's are from the invoice.
 * The invoice's stored fields are kept as they are (a legacy one renders as it was issued).
 */
function creditNoteOf(stored: Stored, credited: Array<{ rate: string | null; net: bigint; tax: bigint }>, reason: string, issueDate: string): ComputedInvoice {
  const format = (minor: bigint) => formatMoney(minor, stored.currency, stored.locale);
  const net = credited.reduce((sum, line) => sum + line.net, 0n);
  const tax = credited.reduce((sum, line) => sum + line.tax, 0n);
  const { invoice_id: _id, draft_id: _draft, number: _number, status: _status, payment_link: _link, created_at: _created, ...invoice } = stored;
  return {
    ...invoice,
    issue_date: issueDate,
    due_date: issueDate,
    service_date: null,
    service_period: null,
    line_items: credited.map((line) => ({
      description: reason,
      quantity: '1',
      unit_price: Number(line.net),
      tax_rate: line.rate,
      discount: 0,
      discount_percent: null,
      amount: Number(line.net),
      allocated_discount: 0,
      taxable: Number(line.net),
      service_date: null,
      service_period: null,
      formatted: { unit_price: format(line.net), discount: null, amount: format(line.net) },
    })),
    totals: {
      subtotal: Number(net),
      discount: 0,
      discount_percent: null,
      net: Number(net),
      tax: Number(tax),
      total: Number(net + tax),
      formatted: { subtotal: format(net), discount: null, net: format(net), tax: format(tax), total: format(net + tax) },
    },
    tax_breakdown: credited
      .filter((line) => line.rate !== null)
      .map((line) => ({ rate: line.rate as string, taxable: Number(line.net), tax: Number(line.tax), formatted: { taxable: format(line.net), tax: format(line.tax) } })),
    notes: null,
    warnings: [],
  };
}

/**
 * invoice_credit_note: credits part or all of an invoice in the credit notes' own gap-free
 * series (CN-2026-0001), with its own PDF naming the invoice. The amount (tax included) is
 * split across the invoice's tax rates in proportion, and can never exceed what was invoiced
 * less earlier credits, so the balance never goes negative. A void invoice takes none.
 */
export async function issueCreditNote(
  ctx: ToolContext,
  request: { invoice_id: string; amount?: string | number; lines?: Array<{ line: number; quantity?: string | number }>; reason: string; idempotency_key?: string },
): Promise<CreditNote> {
  const db = invoiceDb(ctx.store);
  if (request.idempotency_key) {
    const existing = await db.selectFrom('credit_notes').selectAll().where('account_id', '=', ctx.caller.accountId).where('idempotency_key', '=', request.idempotency_key).executeTakeFirst();
    if (existing) return replayCreditNote(ctx, existing, request);
  }
  const row = await invoiceRow(ctx, request.invoice_id);
  if (row.status === 'void') throw new OutcomeError('conflict', `Invoice ${row.number} is void: there is nothing to credit.`);
  if ((request.amount === undefined) === (request.lines === undefined)) {
    throw new OutcomeError('invalid_input', 'Give amount (tax included) or lines (which lines, and how much of each), not both and not neither.');
  }
  const stored = JSON.parse(row.document) as Stored;
  const remaining = BigInt((row.total ?? stored.totals.total) - (row.credited ?? 0));
  const format = (minor: bigint) => formatMoney(minor, stored.currency, stored.locale);
  // Lines are credited at their own rates; an amount is split across the invoice's rates in proportion.
  const chosen = request.lines ? creditOfLines(stored, request.lines) : null;
  const asked = chosen ? chosen.reduce((sum, group) => sum + group.gross, 0n) : parseMoney(request.amount ?? 0, stored.currency, 'amount');
  // Lines credited in full may round a unit past what remains: they credit what remains.
  const amount = request.lines && asked > remaining && asked - remaining <= BigInt(request.lines.length) ? remaining : asked;
  if (amount <= 0n) throw new OutcomeError('invalid_input', `${request.amount !== undefined ? 'amount' : 'lines'}: a credit note credits more than ${format(0n)}.`);
  if (amount > remaining) {
    throw new OutcomeError('invalid_input', `${request.amount !== undefined ? 'amount' : 'lines'}: ${format(amount)} is more than the ${format(remaining)} left to credit on ${row.number}.`, {
      details: { remaining: Number(remaining) },
    });
  }
  const groups = chosen ?? grossByRate(stored);
  const parts = allocate(
    amount,
    groups.map((group) => group.gross),
  );
  const rateOf = (line: { rate: string | null }) => (line.rate === null ? 0n : BigInt(Math.round(Number(line.rate) * 10_000)));
  const taxLines = groups.map((group, i) => ({ rate: group.rate, ...netAndTax(parts[i] ?? 0n, rateOf(group)) })).filter((line) => line.gross > 0n);
  // A rate's gross that no net amount reaches exactly (its tax rounding skips it) comes a unit short. The units short
  // go to a rate that reaches its gross plus some of them (two rates a unit short each: one takes both, as the gross
  // after a skipped one is always reachable); with none, the credit note credits that much less (amount says so).
  let short = amount - taxLines.reduce((sum, line) => sum + line.gross, 0n);
  while (short > 0n) {
    const step = taxLines
      .flatMap((line) => Array.from({ length: Number(short) }, (_, i) => ({ line, units: BigInt(i + 1) })))
      .find(({ line, units }) => netAndTax(line.gross + units, rateOf(line)).gross === line.gross + units);
    if (!step) break;
    Object.assign(step.line, netAndTax(step.line.gross + step.units, rateOf(step.line)));
    short -= step.units;
  }
  const credit = taxLines.reduce((sum, line) => sum + line.gross, 0n);
  const id = newId(invoiceIds.creditNote);
  const createdAt = ctx.now().toISOString();
  const issueDate = createdAt.slice(0, 10);
  const reference = { number: row.number, issue_date: stored.issue_date };
  const computed = creditNoteOf(stored, taxLines, request.reason, issueDate);
  const profile = await sellerProfile(ctx.store, ctx.caller.accountId);
  const logo = profile.seller_logo ? checkLogo(profile.seller_logo) : null;
  const document = (number: string): InvoiceDocument => documentOf(computed, { invoiceId: id, number, link: null, createdAt, kind: 'credit_note', reference, logo });
  // An invoice issued with an e-invoice is corrected by one too: the same format, type 381, naming the invoice.
  const { einvoice } = withEInvoiceFields(stored);
  try {
    const note = await issueNumbered(
      ctx,
      creditNoteSeries,
      Number(issueDate.slice(0, 4)),
      async (number) => {
        const pdf = await ctx.compute(invoicePdfTask, document(number));
        const model = einvoice ? einvoiceModelOf(computed, number, null, {}, { credit_note_of: reference }) : null;
        return { pdf, einvoice: einvoice && model ? await ctx.compute(einvoiceTask, { format: einvoice, model, pdf }) : null };
      },
      async (trx, { number, sequence, rendered: { pdf, einvoice: made } }) => {
        // The guard that keeps the balance from going negative under concurrent credit notes.
        const credited = await trx
          .updateTable('invoices')
          .set((eb) => ({ credited: eb('credited', '+', Number(credit)) }))
          .where('id', '=', row.id)
          .where('status', '!=', 'void')
          .where((eb) => eb('credited', '<=', eb('total', '-', Number(credit))))
          .executeTakeFirst();
        if (credited.numUpdatedRows === 0n) {
          throw new OutcomeError('conflict', `Another credit note on ${row.number} (or voiding it) came first; ${format(amount)} is no longer left to credit.`, {
            hint: 'Read the invoice with invoice_get and try again.',
          });
        }
        const fileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: `${number}.pdf`, contentType: 'application/pdf', scope: 'invoices:read', bytes: pdf }, trx);
        const einvoiceFileId = made
          ? await ctx.files.save({ accountId: ctx.caller.accountId, name: made.filename, contentType: made.content_type, scope: 'invoices:read', bytes: made.bytes }, trx)
          : null;
        return trx
          .insertInto('credit_notes')
          .values({
            id,
            account_id: ctx.caller.accountId,
            invoice_id: row.id,
            number,
            year: Number(issueDate.slice(0, 4)),
            sequence,
            amount: Number(credit),
            reason: request.reason,
            document: JSON.stringify(document(number)),
            pdf_file_id: fileId,
            einvoice_file_id: einvoiceFileId,
            idempotency_key: request.idempotency_key ?? null,
            created_at: createdAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      },
    );
    return await creditNoteResult(ctx, note, false);
  } catch (error) {
    if (request.idempotency_key && isUniqueViolation(error)) {
      const existing = await db.selectFrom('credit_notes').selectAll().where('account_id', '=', ctx.caller.accountId).where('idempotency_key', '=', request.idempotency_key).executeTakeFirst();
      if (existing) return replayCreditNote(ctx, existing, request);
    }
    throw error;
  }
}

/** The credit note a key already made: the same request replays it (uncharged), another is refused. */
function replayCreditNote(ctx: ToolContext, note: Selectable<CreditNotesTable>, request: { invoice_id: string; reason: string; idempotency_key?: string }): Promise<CreditNote> {
  if (note.invoice_id !== request.invoice_id || note.reason !== request.reason) {
    throw new OutcomeError('idempotency_mismatch', `idempotency_key "${request.idempotency_key ?? ''}" was first used for another credit note (${note.number}); use a new key for a new one.`);
  }
  return creditNoteResult(ctx, note, true);
}

async function creditNoteResult(ctx: ToolContext, note: Selectable<CreditNotesTable>, replay: boolean): Promise<CreditNote> {
  if (replay) ctx.markReplay();
  const invoice = await readInvoiceView(ctx, note.invoice_id);
  const share = await ctx.files.shareUrl(note.pdf_file_id);
  return {
    ...creditNoteEntry(ctx, note, invoice),
    invoice_id: note.invoice_id,
    share_url: share.url,
    invoice,
  };
}
