import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startApp, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { cafesJson } from './fixtures.js';

/**
 * Claims end to end: the form on a listing's page, the Checkout Session it starts for the claim
 * fee, the signed webhook that records the claim (once, however often it comes), the "Claimed"
 * mark on the listing and in both search paths, the refusal of a second claim, and a directory
 * that takes no claims.
 */

const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
  redirect: 'manual' as const,
});

describe('listing claims', () => {
  let app: StartedApp;
  let stripe: FakeStripe;
  let built: any;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const idOf = (directory: any, name: string) => directory.listings.items.find((item: any) => item.name === name).listing_id as string;
  const claimUrl = (directory: any, listingId: string) => `${directory.site.preview_url}/l/${listingId}/claim`;
  const paidClaim = (listingId: string, sessionId: string, email = 'owner@tofu.example') => ({
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    amount_total: 4900,
    currency: 'eur',
    payment_intent: `pi_${sessionId}`,
    customer_email: email,
    metadata: { directory_id: built.directory_id, listing_id: listingId, kind: 'claim', email },
  });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startApp({ AUTH_MAX_FAILURES: '100000', ...stripeEnv(stripe) });
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
    built = await json(await post('/directory/build', { prompt: 'Vegan places in Lisbon', listings: cafesJson, monetization: { currency: 'EUR', featured_price: 29, claim_fee: 49 } }));
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('shows a claim form on a listing of a directory with a claim fee', async () => {
    const page = await (await fetch(`${built.site.preview_url}/l/${idOf(built, 'Tofu House')}`)).text();
    expect(page).toContain('Claim this listing');
    expect(page).toContain('€49.00');
    expect(page).toContain(`action="${claimUrl(built, idOf(built, 'Tofu House'))}"`);
    expect(page).toMatch(/<input id="claim-field-email" name="email" type="email"[^>]* required/);
    expect(page).toContain('name="_hp"');
  });

  it('starts a Checkout Session for the claim fee, with the claimant and the listing in its metadata', async () => {
    const tofu = idOf(built, 'Tofu House');
    const response = await fetch(claimUrl(built, tofu), form({ email: ' Owner@Tofu.example ', _hp: '' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(stripe.sessions.at(-1)?.url);
    const request = stripe.requests.filter((entry) => entry.path === '/v1/checkout/sessions').at(-1);
    expect(request?.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][product_data][name]': 'Claim listing: Tofu House',
      success_url: `${built.site.preview_url}/l/${tofu}?claimed=1`,
      cancel_url: `${built.site.preview_url}/l/${tofu}`,
      client_reference_id: built.directory_id,
      customer_email: 'owner@tofu.example',
      'metadata[directory_id]': built.directory_id,
      'metadata[listing_id]': tofu,
      'metadata[kind]': 'claim',
      'metadata[email]': 'owner@tofu.example',
      'payment_intent_data[metadata][directory_id]': built.directory_id,
      'payment_intent_data[metadata][listing_id]': tofu,
      'payment_intent_data[metadata][kind]': 'claim',
      'payment_intent_data[metadata][email]': 'owner@tofu.example',
    });
  });

  it('refuses a bad address and a filled honeypot without any checkout', async () => {
    const tofu = idOf(built, 'Tofu House');
    const before = stripe.sessions.length;
    const bad = await fetch(claimUrl(built, tofu), { ...form({ email: 'not-an-address' }), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('email');
    const bot = await fetch(claimUrl(built, tofu), form({ email: 'bot@spam.example', _hp: 'http://spam.example' }));
    expect(bot.status).toBe(200);
    expect(stripe.sessions.length).toBe(before);
  });

  it('records a paid claim once per listing from the signed webhook, and marks the listing "Claimed"', async () => {
    const tofu = idOf(built, 'Tofu House');
    const event = stripeEvent('checkout.session.completed', paidClaim(tofu, 'cs_claim_1'));
    expect((await sendStripeEvent(app.url, event)).status).toBe(200);
    // The same event again, and the same session in a new event: still one claim.
    expect((await sendStripeEvent(app.url, event)).status).toBe(200);
    expect((await sendStripeEvent(app.url, stripeEvent('checkout.session.completed', paidClaim(tofu, 'cs_claim_1')))).status).toBe(200);
    const claims = await app.store.db
      .selectFrom('directory_claims' as any)
      .selectAll()
      .execute();
    expect(claims).toEqual([
      expect.objectContaining({
        directory_id: built.directory_id,
        listing_id: tofu,
        email: 'owner@tofu.example',
        session_id: 'cs_claim_1',
        payment_intent_id: 'pi_cs_claim_1',
        event_id: event.id,
        amount_total: 4900,
        currency: 'EUR',
      }),
    ]);
    // No placement was made of it.
    expect(
      await app.store.db
        .selectFrom('directory_payments' as any)
        .selectAll()
        .execute(),
    ).toEqual([]);

    const page = await (await fetch(`${built.site.preview_url}/l/${tofu}`)).text();
    expect(page).toContain('<p class="badge claimed">Claimed</p>');
    expect(page).not.toContain('Claim this listing');
    const index = await (await fetch(built.site.preview_url)).text();
    expect([...index.matchAll(/<a href="[^"]*">([^<]*)<\/a><\/h3>(<p class="badge claimed">Claimed<\/p>)?/g)].map((match) => [match[1], Boolean(match[2])])).toEqual([
      ['Green Bean', false],
      ['Leaf &amp; Loaf', false],
      ['Tofu House', true],
    ]);
    // The browser's search reads the same claims from the index.
    expect((await json(await fetch(`${built.site.preview_url}/index.json`))).claimed).toEqual([tofu]);
  });

  it('lists claims to the owner in directory_get', async () => {
    const got = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(got.listings.claims).toEqual([{ listing_id: idOf(built, 'Tofu House'), email: 'owner@tofu.example', claimed_at: expect.any(String) }]);
  });

  it('refuses a second claim of a claimed listing before any checkout', async () => {
    const tofu = idOf(built, 'Tofu House');
    const before = stripe.sessions.length;
    const again = await fetch(claimUrl(built, tofu), form({ email: 'someone@else.example' }));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('claimed by its owner already');
    expect(stripe.sessions.length).toBe(before);
    // A second paid claim (two checkouts raced) does not replace the first.
    await sendStripeEvent(app.url, stripeEvent('checkout.session.completed', paidClaim(tofu, 'cs_claim_2', 'someone@else.example')));
    const claims = await app.store.db
      .selectFrom('directory_claims' as any)
      .select(['email', 'session_id'])
      .execute();
    expect(claims).toEqual([{ email: 'owner@tofu.example', session_id: 'cs_claim_1' }]);
  });

  it('has no claim form nor claim route in a directory without a claim fee', async () => {
    const plain = await json(await post('/directory/build', { prompt: 'Bakeries in Porto', listings: cafesJson, monetization: { currency: 'EUR', featured_price: 29 } }));
    const leaf = idOf(plain, 'Leaf & Loaf');
    const page = await (await fetch(`${plain.site.preview_url}/l/${leaf}`)).text();
    expect(page).not.toContain('Claim this listing');
    expect(page).toContain('Feature this listing');
    const before = stripe.sessions.length;
    const response = await fetch(claimUrl(plain, leaf), form({ email: 'owner@leaf.example' }));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('does not take claims');
    expect(stripe.sessions.length).toBe(before);
  });
});

describe('listing claims without payments', () => {
  it('answers the claim form with the same 503 page as placements', async () => {
    const app = await startApp({ AUTH_MAX_FAILURES: '100000' });
    try {
      await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
      const post = (body: unknown) => app.api('/api/agents/directory/build', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const built = await json(await post({ prompt: 'Vegan places in Lisbon', listings: cafesJson, monetization: { currency: 'EUR', featured_price: 29, claim_fee: 49 } }));
      const tofu = built.listings.items.find((item: any) => item.name === 'Tofu House').listing_id;
      const claim = await fetch(`${built.site.preview_url}/l/${tofu}/claim`, form({ email: 'owner@tofu.example' }));
      expect(claim.status).toBe(503);
      expect(await claim.text()).toContain('Paying for a claim is not available right now');
      const feature = await fetch(`${built.site.preview_url}/listings/${tofu}/feature`, form({ tier: 'featured' }));
      expect(feature.status).toBe(503);
      expect(await feature.text()).toContain('Paying for a placement is not available right now');
    } finally {
      await app.close();
    }
  });
});
