import type { z } from 'zod';
import { invoiceIds } from './ids.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { newId } from '../../src/kernel/ids.js';
import type { PaymentLink, ToolContext } from '../../src/kernel/context.js';
import { computeInvoice, withEInvoiceFields, type ComputedInvoice, type Seller } from './compute.js';
import { draftEInvoiceViolations, einvoiceModelOf, einvoiceWarning, refuseNonConformant } from './einvoice/of-invoice.js';
import type { draftOutputSchema, InvoiceInput, invoiceOutputSchema } from './schema.js';
import { documentOf, printedTexts, type Logo } from './document.js';
import { unrenderableError } from './unrenderable.js';
import { checkLogo } from './logo.js';

export { documentOf };
import { einvoiceTask, invoicePdfTask, unrenderableTask } from './tasks.js';
import { sellerProfile } from './seller.js';
import { invoiceDb } from './tables.js';
import { invoiceSeries, issueNumbered } from './numbering.js';

/** How long a draft can be confirmed. */
export const draftTtlMs = 7 * 24 * 60 * 60_000;
/** A confirmation that stopped (crash) releases its claim on the draft after this. */
const confirmLockMs = 60_000;
/** How long a concurrent confirmation waits for the one that is running. */
const concurrentConfirmWaitMs = 30_000;

export type Draft = z.output<typeof draftOutputSchema>;
export type Invoice = z.output<typeof invoiceOutputSchema>;

/** What an invoice cannot be issued without: who bills, and where they are. */
const sellerNeeds = ['name', 'address'] as const;

/**
 * The seller an invoice names: the call's `seller` over the account's seller profile. Whatever
 * of `sellerNeeds` is still missing is listed: a draft warns, an issue refuses.
 */
interface ProfileDefaults {
  language: InvoiceInput['language'] | null;
  paymentDays: number | null;
  einvoice: InvoiceInput['einvoice'] | null;
}

/** The call's input with what it leaves out taken from the seller profile: the language, the days to pay, the e-invoice. */
const withProfileDefaults = (input: InvoiceInput, defaults: ProfileDefaults): InvoiceInput => ({
  ...input,
  language: input.language ?? defaults.language ?? undefined,
  einvoice: input.einvoice ?? defaults.einvoice ?? undefined,
  net_days: input.net_days ?? (input.due_date ? undefined : (defaults.paymentDays ?? undefined)),
});

async function sellerOf(ctx: ToolContext, override: InvoiceInput['seller']): Promise<{ seller: Seller; missing: string[]; logo: Logo | null; defaults: ProfileDefaults }> {
  const account = await sellerProfile(ctx.store, ctx.caller.accountId);
  // The profile; computeInvoice lays the call's own `seller` over it.
  const seller: Seller = {
    name: account.seller_name ?? '',
    email: account.seller_email,
    address: account.seller_address,
    country: account.seller_country,
    tax_id: account.seller_tax_id,
    vat_id: account.seller_vat_id,
    phone: account.seller_phone,
    iban: account.seller_iban,
    bic: account.seller_bic,
  };
  const printed = { name: override?.name ?? seller.name, address: override?.address ?? seller.address };
  const logo = account.seller_logo ? checkLogo(account.seller_logo) : null;
  const defaults: ProfileDefaults = {
    language: account.seller_language as ProfileDefaults['language'],
    paymentDays: account.seller_payment_days,
    einvoice: account.seller_einvoice as ProfileDefaults['einvoice'],
  };
  return { seller, missing: sellerNeeds.filter((field) => !printed[field]), logo, defaults };
}

const missingSellerText = (missing: readonly string[]) =>
  `An invoice needs the seller's ${missing.join(' and ')}. Set them once with seller_profile_update (name, address, tax or VAT id…), or pass seller: {${missing.map((field) => `${field}: …`).join(', ')}} in this call.`;

function refuseWithoutSeller(missing: readonly string[]): never {
  throw new OutcomeError('unprocessable', `${missingSellerText(missing)} Nothing was issued.`, {
    details: { missing: missing.map((field) => `seller.${field}`), tool: 'seller_profile_update' },
    hint: 'Call seller_profile_update with the business name and postal address, then confirm again.',
  });
}

/** Every text the PDF will draw must be drawable: refuse early, naming the characters and where they are. */
async function checkRenderable(ctx: ToolContext, computed: ComputedInvoice): Promise<void> {
  // The document as it will print: amounts and dates in the locale too (ar-EG, fa-IR, bn-BD write them in scripts of their own).
  const texts = printedTexts(documentOf(computed, { invoiceId: '', number: '', link: null, createdAt: ctx.now().toISOString() }));
  const missing = await ctx.compute(
    unrenderableTask,
    texts.map(([, text]) => text),
  );
  if (missing.length) {
    const fields = texts.filter(([, text]) => missing.some((char) => text.includes(char))).map(([path]) => path);
    throw unrenderableError(missing, fields);
  }
}

export async function createDraft(ctx: ToolContext, input: InvoiceInput, idempotencyKey?: string): Promise<Draft> {
  const db = invoiceDb(ctx.store);
  if (idempotencyKey) {
    const existing = await db.selectFrom('invoice_drafts').select(['id', 'input']).where('account_id', '=', ctx.caller.accountId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (existing) return replayDraft(ctx, existing, input, idempotencyKey);
  }
  const now = ctx.now();
  const { seller, missing, defaults } = await sellerOf(ctx, input.seller);
  const computed = computeInvoice(withProfileDefaults(input, defaults), seller, now.toISOString().slice(0, 10));
  await checkRenderable(ctx, computed);
  if (missing.length) computed.warnings.push(`${missingSellerText(missing)} Confirming is refused until then.`);
  const id = newId(invoiceIds.draft);
  // A seller still missing is reported once, above; the e-invoice's other gaps here.
  const gaps = draftEInvoiceViolations(computed, id, input.payment_link).filter((violation) => !missing.some((field) => violation.field === `seller.${field}`));
  if (computed.einvoice && gaps.length) computed.warnings.push(einvoiceWarning(computed.einvoice, gaps));
  if (input.payment_link && !ctx.payments) {
    computed.warnings.push(
      'A payment link was asked for but no payment processor is configured (STRIPE_SECRET_KEY): confirming will fail with payment_processor_not_configured. Draft again with payment_link: false, or configure Stripe.',
    );
  }
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
    ...withEInvoiceFields(JSON.parse(row.computed) as ComputedInvoice),
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
/** Resolves with the invoice's id; read it with readInvoiceView (lifecycle.ts). */
export async function confirmDraft(ctx: ToolContext, draftId: string): Promise<string> {
  const db = invoiceDb(ctx.store);
  const deadline = Date.now() + concurrentConfirmWaitMs;
  for (;;) {
    const row = await draftRow(ctx, draftId);
    if (row.status === 'confirmed' && row.invoice_id) return row.invoice_id;
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
    if (row.status === 'draft') {
      await completeSeller(ctx, row);
      refuseNonConformingEInvoice(row);
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

/**
 * A draft made before the seller profile was complete takes the profile as it is now; one
 * still without the seller's name or address is refused (422) before anything is numbered.
 */
async function completeSeller(ctx: ToolContext, row: DraftRow): Promise<void> {
  const computed = JSON.parse(row.computed) as ComputedInvoice;
  if (sellerNeeds.every((field) => computed.seller[field])) return;
  const input = JSON.parse(row.input) as InvoiceInput;
  const { seller, missing } = await sellerOf(ctx, input.seller);
  if (missing.length) refuseWithoutSeller(missing);
  // Computed again on the draft's own issue date: the same amounts and dates, the seller filled in.
  // The draft's own language and due date: what its reader saw stays what is issued.
  const recomputed = computeInvoice({ ...input, language: computed.language, due_date: computed.due_date, net_days: undefined }, seller, computed.issue_date);
  const completed = { ...recomputed, warnings: computed.warnings.filter((warning) => !warning.startsWith("An invoice needs the seller's")) };
  await checkRenderable(ctx, completed);
  await invoiceDb(ctx.store)
    .updateTable('invoice_drafts')
    .set({ computed: JSON.stringify(completed) })
    .where('id', '=', row.id)
    .where('status', '=', 'draft')
    .execute();
  row.computed = JSON.stringify(completed);
}

/** A draft that asks for an e-invoice it could not be made as is refused before a number is taken. */
function refuseNonConformingEInvoice(row: DraftRow): void {
  const computed = withEInvoiceFields(JSON.parse(row.computed) as ComputedInvoice);
  if (computed.einvoice) refuseNonConformant(computed.einvoice, draftEInvoiceViolations(computed, row.id, row.payment_link === 1));
}

async function finishConfirmation(ctx: ToolContext, draft: DraftRow): Promise<string> {
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
      if (stored) return stored.id;
    }
    // Give the draft back so that a retry can confirm it (the payment link's key makes that safe).
    await db.updateTable('invoice_drafts').set({ status: 'draft', locked_until: null }).where('id', '=', draft.id).where('status', '=', 'confirming').execute();
    throw error;
  }
  return invoiceId;
}

/** Numbers the invoice (its own gap-free series) and stores it with its PDF and the draft's new state, in one transaction. */
async function numberAndStore(ctx: ToolContext, draft: DraftRow, computed: ComputedInvoice, link: PaymentLink | null): Promise<void> {
  const invoiceId = draft.invoice_id as string;
  const createdAt = ctx.now().toISOString();
  const year = Number(computed.issue_date.slice(0, 4));
  const { logo } = await sellerOf(ctx, undefined);
  const { einvoice } = withEInvoiceFields(computed);
  await issueNumbered(
    ctx,
    invoiceSeries,
    year,
    async (number) => {
      const pdf = await ctx.compute(invoicePdfTask, documentOf(computed, { invoiceId, number, link, createdAt, logo }));
      // The e-invoice the invoice asked for, from the same computed invoice and (Factur-X) the same PDF.
      const made = einvoice ? await ctx.compute(einvoiceTask, { format: einvoice, model: einvoiceModelOf(computed, number, link?.url ?? null), pdf }) : null;
      return { pdf, einvoice: made };
    },
    async (trx, { number, sequence, rendered: { pdf, einvoice: made } }) => {
      const fileId = await ctx.files.save({ accountId: ctx.caller.accountId, name: `${number}.pdf`, contentType: 'application/pdf', scope: 'invoices:read', bytes: pdf }, trx);
      const einvoiceFileId = made
        ? await ctx.files.save({ accountId: ctx.caller.accountId, name: made.filename, contentType: made.content_type, scope: 'invoices:read', bytes: made.bytes }, trx)
        : null;
      const stored = { ...computed, invoice_id: invoiceId, draft_id: draft.id, number, status: 'open' as const, payment_link: link, created_at: createdAt };
      await trx
        .insertInto('invoices')
        .values({
          id: invoiceId,
          account_id: ctx.caller.accountId,
          draft_id: draft.id,
          number,
          year,
          sequence,
          status: 'open',
          document: JSON.stringify(stored),
          pdf_file_id: fileId,
          einvoice_file_id: einvoiceFileId,
          payment_link_id: link?.id ?? null,
          payment_link_url: link?.url ?? null,
          created_at: createdAt,
          paid_at: null,
          paid_method: null,
          paid_reference: null,
          voided_at: null,
          void_reason: null,
          customer_name: computed.customer.name,
          issue_date: computed.issue_date,
          due_date: computed.due_date,
          currency: computed.currency,
          total: computed.totals.total,
          credited: 0,
        })
        .execute();
      await trx.updateTable('invoice_drafts').set({ status: 'confirmed', locked_until: null }).where('id', '=', draft.id).execute();
    },
  );
}

const noInvoice = (invoiceId: string) => new OutcomeError('not_found', `No invoice ${invoiceId} exists for this account.`);

/** An invoice's PDF as it was stored at confirmation, for the caller's account only. */
export async function invoicePdf(ctx: Pick<ToolContext, 'store' | 'files' | 'caller'>, invoiceId: string) {
  const row = await invoiceDb(ctx.store).selectFrom('invoices').select('pdf_file_id').where('id', '=', invoiceId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw noInvoice(invoiceId);
  return ctx.files.forCaller(row.pdf_file_id, ctx.caller);
}

/** The e-invoice made at confirmation (when the invoice asked for one), for the caller's account only; null without one. */
export async function invoiceEInvoiceFile(ctx: Pick<ToolContext, 'store' | 'files' | 'caller'>, invoiceId: string) {
  const row = await invoiceDb(ctx.store).selectFrom('invoices').select('einvoice_file_id').where('id', '=', invoiceId).where('account_id', '=', ctx.caller.accountId).executeTakeFirst();
  if (!row) throw noInvoice(invoiceId);
  return row.einvoice_file_id ? ctx.files.forCaller(row.einvoice_file_id, ctx.caller) : null;
}
