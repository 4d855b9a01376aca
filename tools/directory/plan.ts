/**
 * The featured-listing monetization plan: its tiers (free, featured, premium, claim fee) with the
 * prices the caller gave (none is made up: a tier without one is listed unpriced and reported
 * missing), what each placement means on the site, the renewal period, and the Stripe calls that
 * sell them, as data like the storefront's. A listing owner pays through a Checkout Session made
 * on demand (`POST /d/:id/listings/:listingId/feature`, or `POST /d/:id/l/:listingId/claim` for the
 * claim fee), which carries what it bought in metadata.
 */
import { z } from 'zod';
import { OutcomeError } from '../../src/kernel/errors.js';
import { refTo, type StripeOperation } from '../../src/payments/operations.js';
import { parseMoney, toDecimal, toSafeNumber, formatMoney } from '../../src/payments/money.js';
import { toStripeAmount } from '../../src/payments/currencies.js';

const price = z.union([z.string().max(30), z.number().nonnegative()]);

export const monetizationSchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code such as "EUR"')
    .transform((code) => code.toUpperCase())
    .optional(),
  featured_price: price.optional().describe('Price of one featured period, in major units ("29" or 29).'),
  premium_price: price.optional().describe('Price of one premium period.'),
  claim_fee: price.optional().describe('One-time fee for an owner to claim a listing.'),
  period_days: z.number().int().min(1).max(366).optional().describe('How long a paid placement lasts before it must be renewed (default 30).'),
});
export type MonetizationInput = z.input<typeof monetizationSchema>;
export type Monetization = z.output<typeof monetizationSchema>;

export const tierNames = ['free', 'featured', 'premium', 'claim'] as const;
export type TierName = (typeof tierNames)[number];
/** Tiers a listing can be placed in by paying. */
export const paidPlacements = ['featured', 'premium'] as const;
export type PaidPlacement = (typeof paidPlacements)[number];

export const defaultPeriodDays = 30;

export interface PlanTier {
  tier: TierName;
  /** Minor units; null when no price was given (the tier cannot be bought until one is). */
  amount: number | null;
  price: string | null;
  formatted: string | null;
  placement: string;
  renewal: string;
}

export interface MonetizationPlan {
  currency: string | null;
  period_days: number;
  tiers: PlanTier[];
  operations: StripeOperation[];
  missing: string[];
}

const placements: Record<TierName, string> = {
  free: 'Listed in search results and filters, ordered by relevance (by name when browsing).',
  featured: 'Shown before free listings in every search and browse, with a "Featured" mark, for the period paid.',
  premium: 'Shown before featured and free listings in every search and browse, with a "Premium" mark, for the period paid.',
  claim: 'A one-time fee an owner pays to claim an existing listing: it is then marked "Claimed", and the directory owner sees who claimed it to take their changes.',
};

const priceKeys: Partial<Record<TierName, 'featured_price' | 'premium_price' | 'claim_fee'>> = { featured: 'featured_price', premium: 'premium_price', claim: 'claim_fee' };

/** The plan of a directory's monetization hints; prices are checked against the currency (decimals, sign). */
export function monetizationPlan(directoryId: string, version: number, title: string, hints: Monetization | undefined): MonetizationPlan {
  const given = hints ?? {};
  const currency = given.currency ?? null;
  const period = given.period_days ?? defaultPeriodDays;
  const missing: string[] = [];
  const priced = Object.values(priceKeys).some((key) => given[key] !== undefined);
  if (priced && !currency) throw new OutcomeError('invalid_input', 'monetization.currency: required when a price is given; send an ISO 4217 code such as "EUR" or "USD".');
  const tiers = tierNames.map((tier): PlanTier => {
    const key = priceKeys[tier];
    const renewal = tier === 'claim' ? 'One-time.' : tier === 'free' ? 'Always.' : `Every ${period} days; a payment while placed extends the placement by ${period} days.`;
    if (!key) return { tier, amount: 0, price: '0', formatted: null, placement: placements[tier], renewal };
    const value = given[key];
    if (value === undefined || !currency) {
      missing.push(`monetization.${key}: no price given, so the ${tier} tier is listed without one and cannot be bought; none was made up.`);
      return { tier, amount: null, price: null, formatted: null, placement: placements[tier], renewal };
    }
    const minor = parseMoney(value, currency, `monetization.${key}`);
    return { tier, amount: toSafeNumber(minor, `monetization.${key}`), price: toDecimal(minor, currency), formatted: formatMoney(minor, currency, 'en'), placement: placements[tier], renewal };
  });
  if (hints?.period_days === undefined && priced) missing.push(`monetization.period_days: not given; paid placements last ${defaultPeriodDays} days.`);
  return { currency, period_days: period, tiers, operations: stripeOperations(directoryId, version, title, currency, tiers), missing };
}

/** The ref of a tier's price among the operations: the checkout sells it once it was made. */
export const priceRef = (tier: TierName) => `price_${tier}`;

/** Per priced tier a product and its one-time price; keys name the directory, version and step, so a retried run makes nothing twice. */
function stripeOperations(directoryId: string, version: number, title: string, currency: string | null, tiers: readonly PlanTier[]): StripeOperation[] {
  if (!currency) return [];
  const key = (ref: string) => `directory-${directoryId}-v${version}-${ref}`;
  return tiers.flatMap((tier): StripeOperation[] => {
    if (tier.tier === 'free' || tier.amount === null) return [];
    const metadata = { directory_id: directoryId, version: String(version), tier: tier.tier };
    return [
      { op: 'products.create', ref: `product_${tier.tier}`, idempotency_key: key(`product_${tier.tier}`), params: { name: `${title} — ${tier.tier}`.slice(0, 250), metadata } },
      {
        op: 'prices.create',
        ref: priceRef(tier.tier),
        idempotency_key: key(priceRef(tier.tier)),
        params: { product: refTo(`product_${tier.tier}`), currency: currency.toLowerCase(), unit_amount: toStripeAmount(currency, tier.amount), metadata },
      },
    ];
  });
}

/** One checkout line: the tier's executed Stripe price when there is one, else priced inline. */
function lineItem(currency: string, amount: number, name: string, priceId: string | undefined): Record<string, unknown> {
  if (priceId) return { quantity: 1, price: priceId };
  return { quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: toStripeAmount(currency, amount), product_data: { name: name.slice(0, 250) } } };
}

interface CheckoutDirectory {
  id: string;
  title: string;
  siteUrl: string;
}
interface CheckoutListing {
  listing_id: string;
  name: string;
}

/** A one-item payment back to the listing's page, its metadata (what the webhook needs) on the session and its payment. */
function listingCheckout(directory: CheckoutDirectory, listing: CheckoutListing, item: Record<string, unknown>, metadata: Record<string, string>, done: string): Record<string, unknown> {
  return {
    mode: 'payment',
    line_items: [item],
    success_url: `${directory.siteUrl}/l/${listing.listing_id}?${done}=1`,
    cancel_url: `${directory.siteUrl}/l/${listing.listing_id}`,
    client_reference_id: directory.id,
    metadata,
    payment_intent_data: { metadata },
  };
}

/** The Checkout Session that places one listing for one period (`priceId`: the tier's executed Stripe price). */
export function placementCheckout(directory: CheckoutDirectory, listing: CheckoutListing, plan: MonetizationPlan, tier: PlanTier & { amount: number }, priceId?: string): Record<string, unknown> {
  const metadata = { directory_id: directory.id, listing_id: listing.listing_id, tier: tier.tier, period_days: String(plan.period_days) };
  const name = `${tier.tier === 'premium' ? 'Premium' : 'Featured'} listing: ${listing.name} (${plan.period_days} days)`;
  return listingCheckout(directory, listing, lineItem(plan.currency as string, tier.amount, name, priceId), metadata, 'placed');
}

/** The Checkout Session that sells the claim fee for one listing to `email` (kept in metadata: the webhook records it with the claim). */
export function claimCheckout(
  directory: CheckoutDirectory,
  listing: CheckoutListing,
  plan: MonetizationPlan,
  tier: PlanTier & { amount: number },
  email: string,
  priceId?: string,
): Record<string, unknown> {
  const metadata = { directory_id: directory.id, listing_id: listing.listing_id, kind: 'claim', email };
  const item = lineItem(plan.currency as string, tier.amount, `Claim listing: ${listing.name}`, priceId);
  return { ...listingCheckout(directory, listing, item, metadata, 'claimed'), customer_email: email };
}
