/**
 * The Stripe calls that make a storefront sell, as data: per product `products.create`, per
 * offer `prices.create` (one-time, or recurring in subscription mode) and `payment_links.create`.
 * Idempotency keys name the storefront, its version and the step, so a run that is retried
 * resumes without duplicates while a new version makes its own objects.
 */
import { refTo, type StripeOperation } from '../../src/payments/operations.js';
import { toStripeAmount } from '../../src/payments/currencies.js';
import type { CatalogProduct } from './catalog.js';

/** A variant's attributes on its Stripe price, so that an order shows what was chosen: keys as Stripe takes them (≤ 40 characters, no brackets). */
const optionMetadata = (options: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(options).map(([key, value]) => [`option_${key.toLowerCase().replace(/[^a-z0-9_]+/g, '_')}`.slice(0, 40), value]));

export interface PlanSettings {
  storefrontId: string;
  version: number;
  mode: 'payment' | 'subscription';
  interval: 'month' | 'year';
  successUrl: string | undefined;
}

/** The step refs of an offer: its price and its payment link. */
export const offerRefs = (offerId: string) => ({ price: `price_${offerId}`, link: `link_${offerId}` });

export function checkoutPlan(catalog: readonly CatalogProduct[], settings: PlanSettings): StripeOperation[] {
  const key = (ref: string) => `storefront-${settings.storefrontId}-v${settings.version}-${ref}`;
  const metadata = (extra: Record<string, string>) => ({ storefront_id: settings.storefrontId, version: String(settings.version), ...extra });
  return catalog.flatMap((product): StripeOperation[] => {
    const productRef = `product_${product.product_id}`;
    const create: StripeOperation = {
      op: 'products.create',
      ref: productRef,
      idempotency_key: key(productRef),
      params: {
        name: product.name,
        ...(product.description ? { description: product.description.slice(0, 5000) } : {}),
        ...(product.images?.length ? { images: product.images } : {}),
        ...(product.shipping ? { shippable: true } : {}),
        metadata: metadata({ product_id: product.product_id }),
      },
    };
    const perOffer = product.offers.flatMap((offer): StripeOperation[] => {
      const refs = offerRefs(offer.offer_id);
      return [
        {
          op: 'prices.create',
          ref: refs.price,
          idempotency_key: key(refs.price),
          params: {
            product: refTo(productRef),
            currency: product.currency.toLowerCase(),
            unit_amount: toStripeAmount(product.currency, offer.amount),
            ...(settings.mode === 'subscription' ? { recurring: { interval: settings.interval } } : {}),
            ...(product.tax_behavior ? { tax_behavior: product.tax_behavior } : {}),
            ...(product.offers.length > 1 ? { nickname: offer.name } : {}),
            metadata: metadata({ product_id: product.product_id, offer_id: offer.offer_id, ...optionMetadata(offer.options) }),
          },
        },
        {
          op: 'payment_links.create',
          ref: refs.link,
          idempotency_key: key(refs.link),
          params: {
            line_items: [{ price: refTo(refs.price), quantity: 1 }],
            metadata: metadata({ product_id: product.product_id, offer_id: offer.offer_id }),
            ...(settings.successUrl ? { after_completion: { type: 'redirect', redirect: { url: settings.successUrl } } } : {}),
            ...(product.shipping ? { shipping_address_collection: { allowed_countries: product.shipping.countries } } : {}),
            // A payment's metadata ties charges and payouts back to the storefront; subscriptions carry theirs instead.
            ...(settings.mode === 'payment'
              ? { payment_intent_data: { metadata: metadata({ offer_id: offer.offer_id }) } }
              : { subscription_data: { metadata: metadata({ offer_id: offer.offer_id }) } }),
          },
        },
      ];
    });
    return [create, ...perOffer];
  });
}
