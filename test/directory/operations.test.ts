import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { directoryDb } from '../../tools/directory/tables.js';
import { cafesJson } from './fixtures.js';

/**
 * The monetization plan's Stripe operations run with execute: true against the local fake Stripe:
 * the exact form fields the SDK sends, refs resolved in order, a run cut off midway resumed
 * without duplicates, the placement checkout selling the executed price, and a clear refusal
 * when no payment processor is configured.
 */
describe('directory Stripe operations', () => {
  let app: StartedApp;
  let bare: StartedApp;
  let stripe: FakeStripe;
  const post = (on: StartedApp, route: string, body: unknown) => on.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const directory = (extra: Record<string, unknown> = {}) => ({
    prompt: 'Vegan places in Lisbon',
    listings: cafesJson,
    monetization: { currency: 'EUR', featured_price: '29', premium_price: 79, period_days: 30 },
    ...extra,
  });
  const feature = (siteUrl: string, listingId: string, tier: string) =>
    fetch(`${siteUrl}/listings/${listingId}/feature`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `tier=${tier}` });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startPlannedApp(stripeEnv(stripe));
    bare = await startPlannedApp();
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    await stripe.close();
  });

  it('creates a product and a price per priced tier, in order, with the exact form fields and keys', async () => {
    stripe.reset();
    const built = await json(await post(app, '/directory/build', directory({ execute: true })));
    const id = built.directory_id as string;
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/products', 'POST /v1/prices', 'POST /v1/products', 'POST /v1/prices']);
    const [featured, featuredPrice, premium, premiumPrice] = stripe.requests;
    const [productF, productP] = stripe.products;
    expect(featured?.form).toEqual({
      name: 'Vegan places in Lisbon — featured',
      'metadata[directory_id]': id,
      'metadata[version]': '1',
      'metadata[tier]': 'featured',
    });
    expect(featured?.idempotencyKey).toBe(`directory-${id}-v1-product_featured`);
    // The price names the product the step before made: "$ref:product_featured" resolved to its id.
    expect(featuredPrice?.form).toEqual({
      product: productF?.id,
      currency: 'eur',
      unit_amount: '2900',
      'metadata[directory_id]': id,
      'metadata[version]': '1',
      'metadata[tier]': 'featured',
    });
    expect(featuredPrice?.idempotencyKey).toBe(`directory-${id}-v1-price_featured`);
    expect(premium?.form.name).toBe('Vegan places in Lisbon — premium');
    expect(premiumPrice?.form).toMatchObject({ product: productP?.id, unit_amount: '7900', currency: 'eur' });
    expect(stripe.prices.map((price) => [price.product, price.unit_amount])).toEqual([
      [productF?.id, 2900],
      [productP?.id, 7900],
    ]);
    expect(built.monetization.executed).toBe(true);
    expect(built.monetization.ids).toEqual({ product_featured: productF?.id, price_featured: stripe.prices[0]?.id, product_premium: productP?.id, price_premium: stripe.prices[1]?.id });

    // A revision that leaves the title and monetization alone sells through the same products and prices: still
    // executed, and executing again creates nothing; a new price makes the next version's own.
    const relisted = await json(await post(app, '/directory/revise', { directory_id: id, changes: { description: 'Plant-based food in Lisbon.' }, execute: true }));
    expect(relisted.version).toBe(2);
    expect(relisted.monetization).toMatchObject({ executed: true, ids: built.monetization.ids });
    expect(stripe.requests).toHaveLength(4);
    const repriced = await json(await post(app, '/directory/revise', { directory_id: id, changes: { monetization: { currency: 'EUR', featured_price: 35, premium_price: 79 } } }));
    expect(repriced.monetization.executed).toBe(false);
    expect(repriced.monetization.operations[0].idempotency_key).toBe(`directory-${id}-v3-product_featured`);
  });

  it('sells the executed price in the placement checkout, and the paid session places the listing', async () => {
    const built = await json(await post(app, '/directory/build', directory({ execute: true })));
    const listing = built.listings.items.find((item: any) => item.name === 'Tofu House');
    const before = stripe.requests.length;
    const answered = await feature(built.site.preview_url, listing.listing_id, 'premium');
    expect(answered.status).toBe(303);
    const request = stripe.requests.slice(before).find((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.form).toMatchObject({ mode: 'payment', 'line_items[0][price]': built.monetization.ids.price_premium, 'line_items[0][quantity]': '1', 'metadata[tier]': 'premium' });
    expect(Object.keys(request?.form ?? {}).some((name) => name.includes('price_data'))).toBe(false);
    const session = stripe.sessions.at(-1);
    expect(answered.headers.get('location')).toBe(session?.url);
    expect(session).toMatchObject({ amount_total: 7900, currency: 'eur', metadata: { directory_id: built.directory_id, listing_id: listing.listing_id, tier: 'premium', period_days: '30' } });
    const delivered = await sendStripeEvent(app.url, stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' }));
    expect(delivered.status).toBe(200);
    const read = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(read.listings.items[0]).toMatchObject({ listing_id: listing.listing_id, placement: 'premium' });

    // A directory whose operations did not run: the checkout prices inline.
    const plain = await json(await post(app, '/directory/build', directory()));
    expect(plain.monetization).toMatchObject({ executed: false, ids: {} });
    const mark = stripe.requests.length;
    expect((await feature(plain.site.preview_url, plain.listings.items[0].listing_id, 'featured')).status).toBe(303);
    expect(stripe.requests.slice(mark).at(-1)?.form).toMatchObject({ 'line_items[0][price_data][unit_amount]': '2900', 'line_items[0][price_data][currency]': 'eur' });
  });

  it('sells the executed claim price in the claim checkout, and the paid session claims the listing', async () => {
    const built = await json(await post(app, '/directory/build', directory({ execute: true, monetization: { currency: 'EUR', featured_price: 29, claim_fee: 49 } })));
    const listing = built.listings.items.find((item: any) => item.name === 'Green Bean');
    const before = stripe.requests.length;
    const answered = await fetch(`${built.site.preview_url}/l/${listing.listing_id}/claim`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=owner%40greenbean.example',
    });
    expect(answered.status).toBe(303);
    const request = stripe.requests.slice(before).find((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.form).toMatchObject({
      'line_items[0][price]': built.monetization.ids.price_claim,
      'line_items[0][quantity]': '1',
      'metadata[kind]': 'claim',
      customer_email: 'owner@greenbean.example',
    });
    const session = stripe.sessions.at(-1);
    expect(session).toMatchObject({ amount_total: 4900, currency: 'eur' });
    expect((await sendStripeEvent(app.url, stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' }))).status).toBe(200);
    expect(await (await fetch(`${built.site.preview_url}/l/${listing.listing_id}`)).text()).toContain('<p class="badge claimed">Claimed</p>');
  });

  it('has the hosted index load the search index of its own version, which the route serves', async () => {
    const built = await json(await post(app, '/directory/build', directory()));
    const revised = await json(await post(app, '/directory/revise', { directory_id: built.directory_id, changes: { remove_listings: [built.listings.items[0].listing_id] } }));
    expect(revised.version).toBe(2);
    const dataIndex = (html: string) => /data-index="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    expect(dataIndex(await (await fetch(built.site.preview_url)).text())).toBe(`${built.site.preview_url}/index.json?v=2`);
    expect(dataIndex(await (await fetch(`${built.site.preview_url}?v=1`)).text())).toBe(`${built.site.preview_url}/index.json?v=1`);
    const documents = async (query: string) => (await json(await fetch(`${built.site.preview_url}/index.json${query}`))).index.documentCount;
    expect([await documents('?v=1'), await documents('?v=2'), await documents('')]).toEqual([3, 2, 2]);
  });

  it('resumes a run that failed midway without making anything twice, then has nothing left to run', async () => {
    const built = await json(await post(app, '/directory/build', directory()));
    stripe.reset();
    stripe.failAfter(2, 400, { type: 'invalid_request_error', message: 'Simulated refusal.' });
    const broken = await post(app, '/directory/revise', { directory_id: built.directory_id, changes: {}, execute: true });
    expect(broken.status).toBe(502);
    const error = (await json(broken)).error;
    expect(error.hint).toContain('"execute": true');
    expect([...error.details.done].sort()).toEqual(['price_featured', 'product_featured']);
    const resumed = await json(await post(app, '/directory/revise', { directory_id: built.directory_id, changes: {}, execute: true }));
    expect(resumed).toMatchObject({ changed: true, version: 1, monetization: { executed: true } });
    expect(resumed.applied).toEqual(['ran the Stripe operations of version 1']);
    expect(stripe.products.map((product) => product.name)).toEqual(['Vegan places in Lisbon — featured', 'Vegan places in Lisbon — premium']);
    expect(stripe.prices).toHaveLength(2);
    // The resumed run started at the failed step: the premium product, sent once more under its own key.
    expect(stripe.requests.map((request) => request.idempotencyKey?.replace(`directory-${built.directory_id}-v1-`, ''))).toEqual([
      'product_featured',
      'price_featured',
      'product_premium',
      'product_premium',
      'price_premium',
    ]);
    const requests = stripe.requests.length;
    const again = await json(await post(app, '/directory/revise', { directory_id: built.directory_id, changes: {}, execute: true }));
    expect(again).toMatchObject({ changed: false, version: 1, unapplied: ['nothing to change'] });
    expect(stripe.requests).toHaveLength(requests);

    // A new version has its own operations (its own keys): executing it makes them once.
    const revised = await json(await post(app, '/directory/revise', { directory_id: built.directory_id, changes: { monetization: { currency: 'EUR', featured_price: 35 } }, execute: true }));
    expect(revised).toMatchObject({ version: 2, monetization: { executed: true } });
    expect(stripe.requests.slice(requests).map((request) => request.idempotencyKey?.replace(`directory-${built.directory_id}-`, ''))).toEqual(['v2-product_featured', 'v2-price_featured']);
  });

  it('refuses execute without a payment processor (422, nothing stored), and the checkout says payments are unavailable (503)', async () => {
    const refused = await post(bare, '/directory/build', directory({ execute: true }));
    expect(refused.status).toBe(422);
    const error = (await json(refused)).error;
    expect(error.code).toBe('payment_processor_not_configured');
    expect(error.message).toContain('STRIPE_SECRET_KEY');
    const count = await directoryDb(bare.store)
      .selectFrom('directories')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
    const built = await json(await post(bare, '/directory/build', directory()));
    const revise = await post(bare, '/directory/revise', { directory_id: built.directory_id, changes: { title: 'Renamed' }, execute: true });
    expect(revise.status).toBe(422);
    expect((await json(await bare.api(`/api/agents/directory/${built.directory_id}`))).version).toBe(1);
    expect((await feature(built.site.preview_url, built.listings.items[0].listing_id, 'featured')).status).toBe(503);
  });
});
