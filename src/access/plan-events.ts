import type { StripeEvent, StripeEventHandler } from '../kernel/webhook.js';
import type { Accounts } from './accounts.js';
import { isPlanName, planGraceMs } from './plans.js';

/**
 * The agents plan from Stripe's events, on the platform's webhook router: a completed checkout
 * of a plan (the dashboard's, marked `metadata.agents_plan`) activates it, a deleted subscription
 * ends it, a failed renewal makes it past due with a grace period, a paid invoice clears that.
 * Each handler sets a state rather than counting, so an event delivered twice changes nothing
 * twice (the router also skips event ids it has handled). The meter reads the account on every
 * call, so usage_get and the 402/429 bodies show the change at once.
 */

type Session = { id?: string; client_reference_id?: string | null; metadata?: Record<string, string> | null; customer?: string | null; subscription?: string | null; payment_status?: string };
/** Stripe names an invoice's subscription at the top (older API versions) or under parent.subscription_details. */
type Invoice = { subscription?: string | null; parent?: { subscription_details?: { subscription?: string | null } | null } | null };

const subscriptionOf = (invoice: Invoice) => invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? undefined;

export function planStripeEvents(accounts: Accounts): Record<string, StripeEventHandler> {
  const checkoutCompleted: StripeEventHandler = async (event, ctx) => {
    const session = event.data.object as Session;
    const plan = session.metadata?.agents_plan;
    // Another checkout (an invoice, a membership, a storefront): not a plan's.
    if (!plan) return;
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
    const accountId = session.metadata?.account_id ?? session.client_reference_id;
    if (!isPlanName(plan) || !accountId || !(await accounts.get(accountId))) {
      ctx.log.warn({ session: session.id, plan }, 'a plan checkout completed for an unknown plan or account; nothing activated');
      return;
    }
    await accounts.activatePaidPlan(accountId, plan, { customer: session.customer ?? null, subscription: session.subscription ?? null });
    ctx.log.info({ account_id: accountId, plan, session: session.id }, 'plan activated through Stripe checkout');
  };

  /** The account a subscription event is about, if the subscription pays for a plan here. */
  const accountOf = async (subscriptionId: string | undefined) => (subscriptionId ? accounts.bySubscription(subscriptionId) : undefined);

  const subscriptionDeleted: StripeEventHandler = async (event, ctx) => {
    const account = await accountOf((event.data.object as { id?: string }).id);
    if (!account) return;
    await accounts.endSubscription(account.id);
    ctx.log.info({ account_id: account.id }, 'plan ended: its Stripe subscription was deleted');
  };

  const paymentFailed: StripeEventHandler = async (event, ctx) => {
    const account = await accountOf(subscriptionOf(event.data.object));
    if (!account) return;
    // The grace period counts from the failure Stripe reports, not from when the event reached us.
    await accounts.markPastDue(account.id, new Date(eventTime(event) + planGraceMs));
    ctx.log.info({ account_id: account.id }, 'plan past due: a renewal payment failed');
  };

  const invoicePaid: StripeEventHandler = async (event) => {
    const account = await accountOf(subscriptionOf(event.data.object));
    if (account?.plan_past_due_at) await accounts.clearPastDue(account.id);
  };

  return {
    'checkout.session.completed': checkoutCompleted,
    'customer.subscription.deleted': subscriptionDeleted,
    'invoice.payment_failed': paymentFailed,
    'invoice.paid': invoicePaid,
  };
}

const eventTime = (event: StripeEvent) => event.created * 1000;
