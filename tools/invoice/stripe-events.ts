import { OutcomeError } from '../../src/kernel/errors.js';
import type { StripeEvent, StripeEventHandler, WebhookContext } from '../../src/kernel/webhook.js';
import { settlePaid } from './lifecycle.js';
import { invoiceDb } from './tables.js';

/**
 * A Checkout Session of an invoice's payment link that is paid marks the invoice paid (method
 * stripe, the session's id as reference). Cards report paid at `completed`; bank debits and
 * other delayed methods complete unpaid and report `async_payment_succeeded` later.
 */
async function sessionPaid(event: StripeEvent, ctx: WebhookContext): Promise<void> {
  const session = event.data.object as { id?: string; payment_link?: string | null; payment_status?: string };
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return;
  if (!session.payment_link || !session.id) return;
  const invoice = await invoiceDb(ctx.store).selectFrom('invoices').select(['id', 'account_id', 'number']).where('payment_link_id', '=', session.payment_link).executeTakeFirst();
  // A payment link another outcome made (a storefront, a plan): not an invoice's.
  if (!invoice) return;
  try {
    const { changed } = await settlePaid(
      ctx.store,
      { invoiceId: invoice.id, accountId: invoice.account_id },
      { at: new Date(event.created * 1000).toISOString(), method: 'stripe', reference: session.id },
    );
    ctx.log.info({ invoice_id: invoice.id, session: session.id, changed }, changed ? 'invoice paid through its payment link' : 'invoice payment already recorded');
  } catch (error) {
    // Money arrived for an invoice that is void or was marked paid otherwise: nothing to change here, someone must look.
    if (!(error instanceof OutcomeError) || error.code !== 'conflict') throw error;
    ctx.log.warn({ invoice_id: invoice.id, number: invoice.number, session: session.id, reason: error.message }, 'payment received for an invoice that is not open; refund or reconcile it in Stripe');
  }
}

export const invoiceStripeEvents: Readonly<Record<string, StripeEventHandler>> = {
  'checkout.session.completed': sessionPaid,
  'checkout.session.async_payment_succeeded': sessionPaid,
};
