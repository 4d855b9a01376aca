import type { StorefrontOutput } from './schema.js';

export function storefrontSummary(storefront: Omit<StorefrontOutput, 'next_actions'>): string {
  const products = storefront.products.map((product) => `${product.name} (${product.offers.map((offer) => offer.formatted).join(', ')})`).join('; ');
  const checkout = storefront.checkout.executed
    ? `live on Stripe, buy: ${storefront.checkout.checkout_url ?? ''}`
    : `${storefront.checkout.operations.length} Stripe operations planned, not executed (the buy button starts a checkout here)`;
  const notes = [...storefront.meta.gaps, ...storefront.meta.warnings];
  return `Storefront ${storefront.storefront_id} v${storefront.version}: ${products}; ${checkout}. Page: ${storefront.preview_url}${notes.length ? ` Notes: ${notes.join(' ')}` : ''}`;
}
