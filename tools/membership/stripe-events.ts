import type { StripeEvent, StripeEventHandler, WebhookContext } from '../../src/kernel/webhook.js';
import { graceMs, upsertMember } from './access.js';
import { latestMembership, onboardingOf } from './engine.js';
import { membershipDb, type MemberStatus } from './tables.js';
import { onPaymentFailed, scheduleDrip } from './delivery.js';

/**
 * Membership access from Stripe: a completed checkout of one of a membership's tiers makes (or
 * brings back) a member; subscription updates keep them, extend them or end their access; a
 * failed renewal keeps access for a grace period while Stripe retries. Every handler sets a
 * state rather than counting, so a redelivered event changes nothing.
 */

type Session = {
  id?: string;
  payment_link?: string | null;
  payment_status?: string;
  metadata?: Record<string, string> | null;
  customer?: string | null;
  subscription?: string | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null } | null;
};

/** The membership and tier a session belongs to: ours by metadata, or by one of our executed payment links. */
async function ownerOf(session: Session, ctx: WebhookContext): Promise<{ membershipId: string; accountId: string; tier: string | null } | null> {
  const byMetadata = session.metadata?.membership_id;
  if (byMetadata) {
    const found = await latestMembership(ctx.store, byMetadata);
    return found ? { membershipId: byMetadata, accountId: found.accountId, tier: session.metadata?.tier ?? null } : null;
  }
  if (!session.payment_link) return null;
  const link = await membershipDb(ctx.store)
    .selectFrom('membership_operations')
    .select(['membership_id', 'account_id', 'ref'])
    .where('stripe_id', '=', session.payment_link)
    .where('op', '=', 'payment_links.create')
    .executeTakeFirst();
  if (!link) return null;
  const n = /^link_(\d+)$/.exec(link.ref)?.[1];
  return { membershipId: link.membership_id, accountId: link.account_id, tier: n ? `tier-${n}` : null };
}

async function checkoutCompleted(event: StripeEvent, ctx: WebhookContext): Promise<void> {
  const session = event.data.object as Session;
  // Cards and trials complete paid or with nothing to pay; a delayed method completes unpaid and is not access yet.
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
  const owner = await ownerOf(session, ctx);
  // Another outcome's checkout (an invoice, a storefront): not a membership's.
  if (!owner) return;
  const email = session.customer_details?.email ?? session.customer_email;
  if (!email) {
    ctx.log.warn({ membership_id: owner.membershipId, session: session.id }, 'a membership checkout completed without an email; the member cannot sign in');
    return;
  }
  const { member, joined } = await upsertMember(ctx.store, { id: owner.membershipId, accountId: owner.accountId }, email, 'active', new Date(event.created * 1000), {
    customer: session.customer,
    subscription: session.subscription,
    tier: owner.tier,
  });
  ctx.log.info({ membership_id: owner.membershipId, member_id: member.id, session: session.id, joined }, joined ? 'member joined through Stripe checkout' : 'member checkout recorded again');
  const found = joined && ctx.mail ? await latestMembership(ctx.store, owner.membershipId) : undefined;
  // Scheduled under keys that name the member and their start: a redelivered event schedules nothing new.
  if (found) await scheduleDrip(ctx.jobs, { membershipId: owner.membershipId, accountId: owner.accountId, member }, onboardingOf(ctx.baseUrl, owner.membershipId, found.document), ctx.now(), true);
}

type Subscription = { id?: string; status?: string };

const statusOf: Record<string, MemberStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

async function setBySubscription(subscriptionId: string | undefined, status: MemberStatus, event: StripeEvent, ctx: WebhookContext): Promise<void> {
  if (!subscriptionId) return;
  const db = membershipDb(ctx.store);
  const members = await db
    .selectFrom('membership_members')
    .select(['id', 'membership_id', 'account_id', 'start_date', 'status', 'grace_until'])
    .where('stripe_subscription_id', '=', subscriptionId)
    .execute();
  const at = new Date(event.created * 1000);
  for (const member of members) {
    // The owner's word outranks Stripe: a member the owner removed stays removed, one the owner granted keeps access.
    if (member.status === 'revoked' || member.status === 'granted') continue;
    // A canceled subscription never comes back (Stripe makes a new one): a late retry's failure must not reopen access.
    if (member.status === 'canceled') continue;
    // A grace period starts at the first failure; later failures do not extend it.
    const grace_until = status === 'past_due' ? (member.grace_until ?? new Date(at.getTime() + graceMs).toISOString()) : null;
    await db.updateTable('membership_members').set({ status, grace_until, updated_at: ctx.now().toISOString() }).where('id', '=', member.id).execute();
    ctx.log.info({ member_id: member.id, status, event: event.type }, 'membership access updated from Stripe');
    const found = grace_until && ctx.mail ? await latestMembership(ctx.store, member.membership_id) : undefined;
    if (found && grace_until) {
      await onPaymentFailed(ctx.jobs, ctx.baseUrl, { membershipId: member.membership_id, accountId: member.account_id, member }, found.document, grace_until, ctx.now());
    }
  }
}

const subscriptionUpdated: StripeEventHandler = async (event, ctx) => {
  const subscription = event.data.object as Subscription;
  const status = statusOf[subscription.status ?? ''];
  if (status) await setBySubscription(subscription.id, status, event, ctx);
};

const subscriptionDeleted: StripeEventHandler = async (event, ctx) => setBySubscription((event.data.object as Subscription).id, 'canceled', event, ctx);

/** Stripe names an invoice's subscription at the top (older API versions) or under parent.subscription_details. */
type Invoice = { subscription?: string | null; parent?: { subscription_details?: { subscription?: string | null } | null } | null };

const paymentFailed: StripeEventHandler = async (event, ctx) => {
  const invoice = event.data.object as Invoice;
  await setBySubscription(invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? undefined, 'past_due', event, ctx);
};

export const membershipStripeEvents: Readonly<Record<string, StripeEventHandler>> = {
  'checkout.session.completed': checkoutCompleted,
  // A delayed method (SEPA, bank transfer) completes unpaid, then reports the payment here.
  'checkout.session.async_payment_succeeded': checkoutCompleted,
  'customer.subscription.updated': subscriptionUpdated,
  'customer.subscription.deleted': subscriptionDeleted,
  'invoice.payment_failed': paymentFailed,
};
