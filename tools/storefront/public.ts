import { randomUUID } from 'node:crypto';
import { OutcomeError } from '../../src/kernel/errors.js';
import { idPattern } from '../../src/kernel/ids.js';
import type { PublicContext } from '../../src/kernel/context.js';
import type { PublicRoute, PublicResponse } from '../../src/kernel/public-route.js';
import { renderNotice } from '../../src/render/page.js';
import { resolveTheme } from '../../src/render/theme.js';
import { themeOf } from '../../src/render/brand.js';
import { toStripeAmount } from '../../src/payments/currencies.js';
import { findOffer } from './catalog.js';
import { pageInputOf, publicVersion } from './engine.js';
import { storefrontIds } from './ids.js';
import { renderStorefront } from './page.js';
import { offerRefs } from './plan.js';
import { englishWords, storeWordsFor } from './words.js';

const storefrontId = idPattern(storefrontIds.storefront);
const versionOf = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined);
const notFound = () => new OutcomeError('not_found', 'This shop does not exist (any more).');

async function found(context: PublicContext, id: string, version?: number) {
  const version_ = storefrontId.test(id) ? await publicVersion(context.store, id, version) : null;
  if (!version_) throw notFound();
  return version_;
}

/** `GET /s/:storefrontId[?v=N]`: the hosted shop page, its stock as it is now, under the page's strict CSP. */
export const storefrontPage: PublicRoute = {
  method: 'GET',
  path: '/s/:storefrontId',
  async handle(request, context) {
    const { row, catalog, steps, stock } = await found(context, request.params.storefrontId ?? '', versionOf(request.query.v));
    const page = renderStorefront(pageInputOf(row, catalog, steps, stock, context.baseUrl));
    return { status: 200, type: 'html', body: page.html, csp: page.csp };
  },
};

function notice(lang: string, brand: Parameters<typeof themeOf>[0], status: number, text: { title: string; message: string }, back: string | undefined): PublicResponse {
  const page = renderNotice({ title: text.title, message: text.message, lang, theme: resolveTheme(themeOf(brand)).theme, back: back ?? null });
  return { status, type: 'html', body: page.html, csp: page.csp };
}

/**
 * `POST /c/:storefrontId` with `offer`: a buyer's click on a buy button. It goes to the offer's
 * live payment link when the storefront was executed, else to a Checkout Session made now
 * (payments configured), else to a page that says checkout is not available (503). A product
 * whose stock is gone is refused with a page that says so (409), before any checkout starts.
 */
export const storefrontCheckout: PublicRoute = {
  method: 'POST',
  path: '/c/:storefrontId',
  rateLimit: { max: 30, windowMs: 10 * 60_000 },
  async handle(request, context) {
    const id = request.params.storefrontId ?? '';
    const { row, catalog, steps, stock } = await found(context, id);
    const { document } = row;
    const words = storeWordsFor(document.lang) ?? englishWords;
    const brand = document.spec.brand ?? {};
    const asked = typeof request.body.offer === 'string' ? request.body.offer : catalog.length === 1 && catalog[0]?.offers.length === 1 ? catalog[0].offers[0]?.offer_id : undefined;
    const chosen = asked ? findOffer(catalog, asked) : null;
    if (!chosen) {
      throw new OutcomeError('invalid_input', `offer: choose one of ${catalog.flatMap((product) => product.offers.map((offer) => offer.offer_id)).join(', ')}.`);
    }
    const left = stock[chosen.product.product_id];
    if (left !== undefined && left <= 0) return notice(document.lang, brand, 409, words.sold_out_page, request.referer);
    const live = steps.find((step) => step.ref === offerRefs(chosen.offer.offer_id).link)?.url;
    if (live) return { status: 303, type: 'redirect', location: live };
    if (!context.payments) {
      context.log.warn({ storefront_id: id }, 'checkout asked for, but no payment processor is configured');
      return notice(document.lang, brand, 503, words.checkout_unavailable, request.referer);
    }
    const session = await context.payments.runOperation('checkout.sessions.create', checkoutSession(context, row.id, row.version, document.spec, chosen), `storefront-checkout-${randomUUID()}`);
    if (!session.url) throw new OutcomeError('upstream_error', 'Stripe made a checkout session without a URL.');
    return { status: 303, type: 'redirect', location: session.url };
  },
};

/** The Checkout Session of one offer, priced inline: what a storefront that was not executed sells through. */
function checkoutSession(
  context: PublicContext,
  id: string,
  version: number,
  spec: Parameters<typeof pageInputOf>[0]['document']['spec'],
  { product, offer }: NonNullable<ReturnType<typeof findOffer>>,
): Record<string, unknown> {
  const metadata = { storefront_id: id, version: String(version), product_id: product.product_id, offer_id: offer.offer_id };
  const subscription = spec.mode === 'subscription';
  return {
    mode: subscription ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: product.currency.toLowerCase(),
          unit_amount: toStripeAmount(product.currency, offer.amount),
          product_data: { name: offer.name === product.name ? product.name : `${product.name} — ${offer.name}`, ...(product.images?.length ? { images: product.images } : {}) },
          ...(subscription ? { recurring: { interval: spec.interval } } : {}),
          ...(product.tax_behavior ? { tax_behavior: product.tax_behavior } : {}),
        },
      },
    ],
    success_url: spec.success_url ?? `${context.baseUrl}/s/${id}`,
    cancel_url: spec.cancel_url ?? `${context.baseUrl}/s/${id}`,
    metadata,
    ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    ...(product.shipping ? { shipping_address_collection: { allowed_countries: product.shipping.countries } } : {}),
  };
}

export const storefrontRoutes: PublicRoute[] = [storefrontPage, storefrontCheckout];
