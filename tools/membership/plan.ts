import { refTo, type StripeOperation } from '../../src/payments/operations.js';
import { parseMoney, toDecimal, toSafeNumber } from '../../src/payments/money.js';
import { OutcomeError } from '../../src/kernel/errors.js';
import { isFree, type Tier } from './course.js';

/** A tier with its price in minor units: what the plan, the join route and the pages read. */
export interface PricedTier extends Tier {
  tier_id: string;
  amount: number;
  price_text: string;
}

/** Tier ids are positions ("tier-2"), as lesson ids are: readable in the join URL. */
export const tierId = (index: number) => `tier-${index + 1}`;

/** Prices in minor units; a priced tier needs a currency, named in the error. */
export function priceTiers(tiers: readonly Tier[], currency: string | undefined, path = 'tiers'): PricedTier[] {
  if (tiers.some((tier) => !isFree(tier)) && !currency) {
    throw new OutcomeError('invalid_input', 'currency: required when a tier has a price; send an ISO 4217 code such as "EUR" or "USD".');
  }
  return tiers.map((tier, index) => {
    const minor = currency ? parseMoney(tier.price, currency, `${path}[${index}].price`) : 0n;
    return { ...tier, tier_id: tierId(index), amount: toSafeNumber(minor, `${path}[${index}].price`), price_text: currency ? toDecimal(minor, currency) : '0' };
  });
}

/** Metadata every Stripe object of a membership carries: how webhooks find it again. */
const tagged = (membershipId: string, tier: PricedTier) => ({ membership_id: membershipId, tier: tier.tier_id });

/**
 * The Stripe plan of a membership's paid tiers: per tier a product, its price (recurring by month
 * or year, one-time for lifetime) and a payment link (subscriptions carry the trial). Keys derive
 * from the membership, the version that last changed the tiers, and the step: a retry resends the
 * same keys, a new set of tiers gets new ones.
 */
export function stripePlan(membershipId: string, planVersion: number, courseTitle: string, currency: string | null, tiers: readonly PricedTier[], siteUrl: string): StripeOperation[] {
  if (!currency) return [];
  const key = (ref: string) => `${membershipId}-v${planVersion}-${ref}`;
  return tiers.flatMap((tier, index): StripeOperation[] => {
    if (tier.amount === 0) return [];
    const n = index + 1;
    const metadata = tagged(membershipId, tier);
    const recurring = tier.interval !== 'lifetime';
    return [
      { op: 'products.create', ref: `product_${n}`, params: { name: `${courseTitle} — ${tier.name}`.slice(0, 250), metadata }, idempotency_key: key(`product_${n}`) },
      {
        op: 'prices.create',
        ref: `price_${n}`,
        params: {
          product: refTo(`product_${n}`),
          currency: currency.toLowerCase(),
          unit_amount: tier.amount,
          ...(recurring ? { recurring: { interval: tier.interval as 'month' | 'year' } } : {}),
          metadata,
        },
        idempotency_key: key(`price_${n}`),
      },
      {
        op: 'payment_links.create',
        ref: `link_${n}`,
        params: {
          line_items: [{ price: refTo(`price_${n}`), quantity: 1 }],
          metadata,
          after_completion: { type: 'redirect', redirect: { url: siteUrl } },
          ...(recurring ? { subscription_data: { metadata, ...(tier.trial_days ? { trial_period_days: tier.trial_days } : {}) } } : {}),
        },
        idempotency_key: key(`link_${n}`),
      },
    ];
  });
}

/** The Checkout Session a visitor's join starts for one tier (POST /m/:id/join?tier=…). */
export function checkoutParams(membershipId: string, tier: PricedTier, currency: string, courseTitle: string, siteUrl: string, email: string | undefined): Record<string, unknown> {
  const metadata = tagged(membershipId, tier);
  const recurring = tier.interval !== 'lifetime';
  const price_data = {
    currency: currency.toLowerCase(),
    unit_amount: tier.amount,
    product_data: { name: `${courseTitle} — ${tier.name}`.slice(0, 250) },
    ...(recurring ? { recurring: { interval: tier.interval } } : {}),
  };
  return {
    mode: recurring ? 'subscription' : 'payment',
    line_items: [{ price_data, quantity: 1 }],
    success_url: `${siteUrl}?joined=1`,
    cancel_url: siteUrl,
    client_reference_id: membershipId,
    metadata,
    ...(email ? { customer_email: email } : {}),
    ...(recurring ? { subscription_data: { metadata, ...(tier.trial_days ? { trial_period_days: tier.trial_days } : {}) } } : {}),
  };
}
