import type { z } from 'zod';
import { invoiceIds } from './ids.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { newId } from '../../src/kernel/ids.js';
import { OneAtATime } from '../../src/kernel/one-at-a-time.js';
import type { PaymentLink, ToolContext } from '../../src/kernel/context.js';
import { computeInvoice, type ComputedInvoice, type Seller } from './compute.js';
import type { draftOutputSchema, InvoiceInput, invoiceOutputSchema } from './schema.js';
import type { InvoiceDocument } from './document.js';
import { invoicePdfTask, unrenderableTask } from './tasks.js';
import { sellerProfile } from './seller.js';
import { invoiceDb } from './tables.js';

/** How long a draft can be confirmed. */
export const draftTtlMs = 7 * 24 * 60 * 60_000;
/** A confirmation that stopped (crash) releases its claim on the draft after this. */
const confirmLockMs = 60_000;
/** How long a concurrent confirmation waits for the one that is running. */
const concurrentConfirmWaitMs = 30_000;

export type Draft = z.output<typeof draftOutputSchema>;
export type Invoice = z.output<typeof invoiceOutputSchema>;

async function sellerOf(ctx: ToolContext, override: InvoiceInput['seller']): Promise<{ seller: Seller; warnings: string[] }> {
  const account = await sellerProfile(ctx.store, ctx.caller.accountId);
  const seller: Seller = {
    name: override?.name ?? account.seller_name ?? account.name,
    email: override?.email ?? account.seller_email ?? null,
    address: override?.address ?? account.seller_address ?? null,
    tax_id: override?.tax_id ?? account.seller_tax_id ?? null,
  };
  const warnings =
    account.seller_name || override?.name
      ? []
      : [
          `No seller profile is set: the invoice shows the account name "${account.name}" as the seller. Set it with: agent-outcomes accounts update --account ${account.id} --seller-name … --seller-address … --seller-tax-id … --seller-email …`,
        ];
  return { seller, warnings };
}

/** Every text the PDF will draw must be drawable: refuse early, naming the characters. */
async function checkRenderable(ctx: ToolContext, computed: ComputedInvoice): Promise<void> {
  // Amounts too: some locales format them in scripts the fonts lack (ar-EG, fa-IR, bn-BD…).
  const texts = [
    ...[computed.customer, computed.seller].flatMap((party) => [party.name, party.email, party.address, party.tax_id]),
    ...computed.line_items.flatMap((line) => [line.description, ...Object.values(line.formatted)]),
    ...Object.values(computed.totals.formatted),
    ...computed.tax_breakdown.flatMap((entry) => Object.values(entry.formatted)),
    computed.notes,
  ].filter((text): text is string => typeof text === 'string');
  const missing = await ctx.compute(unrenderableTask, texts);
  if (missing.length) {
    throw new OutcomeError(
      'unprocessable',
      `The invoice PDF cannot show ${missing.map((c) => `"${c}"`).join(', ')}: its fonts cover Latin, Greek and Cyrillic scripts. Transliterate or remove these characters, or use a locale whose numbers use Latin digits.`,
      { details: { characters: missing } },
    );
  }
}

export async function createDraft(ctx: ToolContext, input: InvoiceInput, idempotencyKey?: string): Promise<Draft> {
  const db = invoiceDb(ctx.store);
  if (idempotencyKey) {
    const existing = await db.selectFrom('invoice_drafts').select(['id', 'input']).where('account_id', '=', ctx.caller.accountId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (existing) return replayDraft(ctx, existing, input, idempotencyKey);
  }
  const now = ctx.now();
  const { seller, warnings } = await sellerOf(ctx, input.seller);
  const computed = computeInvoice(input, seller, now.toISOString().slice(0, 10));
  await checkRenderable(ctx, computed);
  computed.warnings.push(...warnings);
  if (input.payment_link && !ctx.payments) {
    computed.warnings.push(
      'A payment link was asked for but no payment processor is configured (STRIPE_SECRET_KEY): confirming will fail with payment_processor_not_configured. Draft again with payment_link: false, or configure Stripe.',
    );
  }
  const id = newId(invoiceIds.draft);
  await db
    .insertInto('invoice_drafts')
    .values({
      id,
      account_id: ctx.caller.accountId,
      idempotency_key: idempotencyKey ?? null,
      input: JSON.stringify(input),
      computed: JSON.stringify(computed),
      payment_link: input.payment_link ? 1 : 0,
      status: 'draft',
      invoice_id: null,
      locked_until: null,
      expires_at: new Date(now.getTime() + draftTtlMs).toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'idempotency_key']).doNothing())
    .execute();
  if (idempotencyKey) {
    // A concurrent call with the same key may have won the insert: return whichever draft exists.
    const row = await db.selectFrom('invoice_drafts').select(['id', 'input']).where('account_id', '=', ctx.caller.accountId).where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
    if (row.id !== id) return replayDraft(ctx, row, input, idempotencyKey);
  }
  return readDraft(ctx, id);
}

/** The draft an idempotency_key already made: the same request replays it (uncharged), another is refused. */
async function replayDraft(ctx: ToolContext, row: { id: string; input: string }, input: InvoiceInput, key: string): Promise<Draft> {
  if (row.input !== JSON.stringify(input)) {
    throw new OutcomeError('idempotency_mismatch', `idempotency_key "${key}" was first used with a different invoice; use a new key for a new invoice.`);
  }
  ctx.markReplay();
  return readDraft(ctx, row.id);
}

async function draftRow(ctx: ToolContext, draftId: string) {
  const row = await invoiceDb(ctx.store).selectFrom('invoice_drafts').selectAll().where('id', '=', draftId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) {
    throw new OutcomeError('not_found', `No invoice draft ${draftId} exists for this account.`, {
      hint: 'Create one with invoice_draft (or use invoice_create to draft and confirm in one call).',
    });
  }
  return row;
}

export async function readDraft(ctx: ToolContext, draftId: string): Promise<Draft> {
  const row = await draftRow(ctx, draftId);
  return {
    draft_id: row.id,
    status: 'draft',
    ...(JSON.parse(row.computed) as ComputedInvoice),
    payment_link_requested: row.payment_link === 1,
    expires_at: row.expires_at,
  };
}

/**
 * Confirms a draft into a numbered invoice, exactly once however often and concurrently it
 * is called: the first caller claims the draft; the payment link (if asked for) is created
 * before anything is committed, under an idempotency key derived from the draft; then one
 * transaction takes the next number, stores the PDF and the invoice and marks the draft.
 * Other callers wait for that invoice and return it.
 */
export async function confirmDraft(ctx: ToolContext, draftId: string): Promise<Invoice> {
  const db = invoiceDb(ctx.store);
  const deadline = Date.now() + concurrentConfirmWaitMs;
  for (;;) {
    const row = await draftRow(ctx, draftId);
    if (row.status === 'confirmed' && row.invoice_id) return readInvoice(ctx, row.invoice_id);
    const now = ctx.now();
    if (row.expires_at < now.toISOString()) {
      throw new OutcomeError('conflict', `Draft ${draftId} expired at ${row.expires_at} without being confirmed.`, {
        hint: 'Create a new draft with invoice_draft and confirm it within 7 days.',
      });
    }
    if (row.payment_link === 1 && !ctx.payments) {
      throw new OutcomeError('payment_processor_not_configured', 'This draft asks for a payment link but no payment processor is configured (STRIPE_SECRET_KEY). Nothing was stored.', {
        hint: 'Draft again with payment_link: false, or ask the operator to configure Stripe.',
      });
    }
    const claimed = await db
      .updateTable('invoice_drafts')
      .set((eb) => ({
        status: 'confirming',
        locked_until: new Date(now.getTime() + confirmLockMs).toISOString(),
        invoice_id: eb.fn.coalesce('invoice_id', eb.val(newId(invoiceIds.invoice))),
      }))
      .where('id', '=', draftId)
      .where((eb) => eb.or([eb('status', '=', 'draft'), eb.and([eb('status', '=', 'confirming'), eb('locked_until', '<', now.toISOString())])]))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return finishConfirmation(ctx, claimed);
    if (Date.now() > deadline) {
      throw new OutcomeError('conflict', `Draft ${draftId} is being confirmed by another request; call invoice_confirm again in a few seconds.`, {
        headers: { 'Retry-After': '2' },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type DraftRow = Awaited<ReturnType<typeof draftRow>>;

/** Another confirmation took the number a PDF was rendered with: the transaction rolls back and it is rendered again. */
class NumberTaken extends Error {}

const invoiceNumber = (year: number, sequence: number) => `INV-${year}-${String(sequence).padStart(4, '0')}`;

async function nextSequence(ctx: ToolContext, year: number): Promise<number> {
  const counter = await invoiceDb(ctx.store).selectFrom('invoice_counters').select('last_sequence').where('account_id', '=', ctx.caller.accountId).where('year', '=', year).executeTakeFirst();
  return (counter?.last_sequence ?? 0) + 1;
}

async function finishConfirmation(ctx: ToolContext, draft: DraftRow): Promise<Invoice> {
  const db = invoiceDb(ctx.store);
  const invoiceId = draft.invoice_id as string;
  const computed = JSON.parse(draft.computed) as ComputedInvoice;
  try {
    let link: PaymentLink | null = null;
    if (draft.payment_link === 1 && ctx.payments) {
      link = await ctx.payments.createPaymentLink({
        idempotencyKey: `invoice-draft-${draft.id}`,
        // The number is taken only when the invoice is stored, after the link exists: the id ties them.
        metadata: { invoice_id: invoiceId },
        // An invoice is paid once.
        singleUse: true,
        summary: `Invoice for ${computed.customer.name}`,
        currency: computed.currency,
        total: computed.totals.total,
        lines: computed.line_items.map((line) => ({
          name: line.description,
          unitAmount: line.unit_price,
          quantity: Number(line.quantity),
        })),
      });
    }
    await numberAndStore(ctx, draft, computed, link);
  } catch (error) {
    // A confirmation that outlived its claim lock raced another one; the invoice stored first wins.
    if (isUniqueViolation(error)) {
      const stored = await db.selectFrom('invoices').select('id').where('draft_id', '=', draft.id).executeTakeFirst();
      if (stored) return readInvoice(ctx, stored.id);
    }
    // Give the draft back so that a retry can confirm it (the payment link's key makes that safe).
    await db.updateTable('invoice_drafts').set({ status: 'draft', locked_until: null }).where('id', '=', draft.id).where('status', '=', 'confirming').execute();
    throw error;
  }
  return readInvoice(ctx, invoiceId);
}

/**
 * One numbering at a time per account and year in this process: otherwise N concurrent
 * confirmations render N PDFs for the same predicted number and all but one render again,
 * N² renders in all. Between instances (PostgreSQL) the counter row still decides; at most one
 * contender per instance races for each number.
 */
const numbering = new OneAtATime();

/**
 * Takes the next number and stores the invoice with its PDF, in one transaction. The PDF shows
 * the number, but rendering it inside the transaction would hold SQLite's only connection for
 * every other request meanwhile: it is rendered first, on a compute thread, with the number the
 * counter predicts, and again whenever another confirmation took that number. Each render is
 * charged to the call's budget, so even endless contention ends (422 budget_exceeded).
 */
function numberAndStore(ctx: ToolContext, draft: DraftRow, computed: ComputedInvoice, link: PaymentLink | null): Promise<void> {
  const year = Number(computed.issue_date.slice(0, 4));
  return numbering.run(`${ctx.caller.accountId} ${year}`, () => numberAndStoreNow(ctx, draft, computed, link, year));
}

async function numberAndStoreNow(ctx: ToolContext, draft: DraftRow, computed: ComputedInvoice, link: PaymentLink | null, year: number): Promise<void> {
  const invoiceId = draft.invoice_id as string;
  const createdAt = ctx.now().toISOString();
  for (;;) {
    const predicted = await nextSequence(ctx, year);
    const number = invoiceNumber(year, predicted);
    const pdf = await ctx.compute(invoicePdfTask, documentOf(computed, { invoiceId, number, link, createdAt }));
    try {
      await invoiceDb(ctx.store)
        .transaction()
        .execute(async (trx) => {
          const counter = await trx
            .insertInto('invoice_counters')
            .values({ account_id: ctx.caller.accountId, year, last_sequence: 1 })
            .onConflict((conflict) => conflict.columns(['account_id', 'year']).doUpdateSet((eb) => ({ last_sequence: eb('invoice_counters.last_sequence', '+', 1) })))
            .returning('last_sequence')
            .executeTakeFirstOrThrow();
          if (counter.last_sequence !== predicted) throw new NumberTaken();
          const fileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: `${number}.pdf`, contentType: 'application/pdf', scope: 'invoices:read', bytes: pdf }, trx);
          const stored = { ...computed, invoice_id: invoiceId, draft_id: draft.id, number, status: 'open' as const, payment_link: link, created_at: createdAt };
          await trx
            .insertInto('invoices')
            .values({
              id: invoiceId,
              account_id: ctx.caller.accountId,
              draft_id: draft.id,
              number,
              year,
              sequence: predicted,
              status: 'open',
              document: JSON.stringify(stored),
              pdf_file_id: fileId,
              payment_link_id: link?.id ?? null,
              payment_link_url: link?.url ?? null,
              created_at: createdAt,
            })
            .execute();
          await trx.updateTable('invoice_drafts').set({ status: 'confirmed', locked_until: null }).where('id', '=', draft.id).execute();
        });
      return;
    } catch (error) {
      if (!(error instanceof NumberTaken)) throw error;
    }
  }
}

function documentOf(computed: ComputedInvoice, meta: { invoiceId: string; number: string; link: PaymentLink | null; createdAt: string }): InvoiceDocument {
  return {
    invoice_id: meta.invoiceId,
    number: meta.number,
    issue_date: computed.issue_date,
    due_date: computed.due_date,
    currency: computed.currency,
    seller: computed.seller,
    customer: computed.customer,
    lines: computed.line_items.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_price: line.formatted.unit_price,
      tax_rate: line.tax_rate === null ? null : `${line.tax_rate}%`,
      discount: line.formatted.discount,
      amount: line.formatted.amount,
    })),
    tax_breakdown: computed.tax_breakdown.map((entry) => ({ rate: `${entry.rate}%`, taxable: entry.formatted.taxable, tax: entry.formatted.tax })),
    totals: computed.totals.formatted,
    notes: computed.notes,
    payment_link: meta.link?.url ?? null,
    created_at: meta.createdAt,
  };
}

const noInvoice = (invoiceId: string) => new OutcomeError('not_found', `No invoice ${invoiceId} exists for this account.`);

export async function readInvoice(ctx: ToolContext, invoiceId: string): Promise<Invoice> {
  const row = await invoiceDb(ctx.store).selectFrom('invoices').select(['document', 'pdf_file_id']).where('id', '=', invoiceId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw noInvoice(invoiceId);
  const share = await ctx.files.shareUrl(row.pdf_file_id);
  const document = JSON.parse(row.document) as Omit<Invoice, 'pdf_url' | 'share_url' | 'share_expires_at'>;
  return { ...document, pdf_url: ctx.files.url(row.pdf_file_id), share_url: share.url, share_expires_at: share.expires_at };
}

/** An invoice's PDF as it was stored at confirmation, for the caller's account only. */
export async function invoicePdf(ctx: Pick<ToolContext, 'store' | 'files' | 'caller'>, invoiceId: string) {
  const row = await invoiceDb(ctx.store).selectFrom('invoices').select('pdf_file_id').where('id', '=', invoiceId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw noInvoice(invoiceId);
  return ctx.files.forCaller(row.pdf_file_id, ctx.caller);
}
