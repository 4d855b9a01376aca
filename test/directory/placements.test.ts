import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, settleJobs, startApp, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { cafesJson } from './fixtures.js';

/**
 * Paid placements end to end on a clock the test moves: the checkout made on demand, the signed
 * webhook that places the listing (once, however often it comes), a renewal that extends it, and
 * the scheduled job that drops it back when its period ends, and not before.
 */

const DAY_MS = 86_400_000;
const day0 = Date.parse('2026-11-02T10:00:00.000Z');

describe('featured listings', () => {
  let clock = day0;
  let app: StartedApp;
  let stripe: FakeStripe;
  let built: any;
  let events = 0;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const webhook = (object: Record<string, unknown>, id = `evt_dir${(events += 1)}`) =>
    sendStripeEvent(app.url, stripeEvent('checkout.session.completed', object, { id, created: Math.floor(clock / 1000) }));
  /** Waits until no job is due or running on the test's clock. */
  const settle = () => settleJobs(app, clock);
  const order = async (query = '') =>
    [...(await (await fetch(`${built.site.preview_url}${query}`)).text()).matchAll(/<li class="card listing( placed)?"><h3><a href="[^"]*">([^<]*)<\/a><\/h3>(<p class="badge">([^<]*)<\/p>)?/g)].map(
      (match) => `${match[2] ?? ''}${match[4] ? ` (${match[4]})` : ''}`,
    );
  const idOf = (name: string) => built.listings.items.find((item: any) => item.name === name).listing_id as string;
  const session = (listingId: string, tier: string, sessionId: string) => ({
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    amount_total: tier === 'premium' ? 7900 : 2900,
    currency: 'eur',
    metadata: { directory_id: built.directory_id, listing_id: listingId, tier, period_days: '30' },
  });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startApp({ AUTH_MAX_FAILURES: '100000', ...stripeEnv(stripe) }, { now: () => new Date(clock) });
    await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
    built = await json(
      await post('/directory/build', { prompt: 'Vegan places in Lisbon', listings: cafesJson, monetization: { currency: 'EUR', featured_price: 29, premium_price: 79, period_days: 30 } }),
    );
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('starts a Checkout Session for a listing on demand, priced from the plan', async () => {
    const tofu = idOf('Tofu House');
    const response = await fetch(`${built.site.preview_url}/listings/${tofu}/feature`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'tier=featured',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(stripe.sessions[0]?.url);
    const request = stripe.requests.find((entry) => entry.path === '/v1/checkout/sessions');
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '2900',
      'line_items[0][price_data][currency]': 'eur',
      'metadata[listing_id]': tofu,
      'metadata[tier]': 'featured',
      'metadata[period_days]': '30',
    });
    const unknownTier = await fetch(`${built.site.preview_url}/listings/${tofu}/feature`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'tier=gold',
    });
    expect(unknownTier.status).toBe(400);
  });

  it('features a listing from a signed webhook, once, first in both search paths, until its period ends', async () => {
    expect(await order()).toEqual(['Green Bean', 'Leaf &amp; Loaf', 'Tofu House']);
    const tofu = idOf('Tofu House');
    expect((await webhook(session(tofu, 'featured', 'cs_dir_1'))).status).toBe(200);
    // Stripe delivers again (a new event id for the same session): nothing changes.
    expect((await webhook(session(tofu, 'featured', 'cs_dir_1'))).status).toBe(200);
    expect(await order()).toEqual(['Tofu House (Featured)', 'Green Bean', 'Leaf &amp; Loaf']);
    expect(await order('?location=Alfama')).toEqual(['Tofu House (Featured)', 'Green Bean']);
    const payload = await json(await fetch(`${built.site.preview_url}/index.json`));
    expect(payload.placements).toEqual({ [tofu]: 'featured' });
    const got = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(got.listings.items[0]).toMatchObject({ listing_id: tofu, placement: 'featured', placed_until: new Date(day0 + 30 * DAY_MS).toISOString() });
    const payments = await app.store.db
      .selectFrom('directory_payments' as any)
      .selectAll()
      .execute();
    expect(payments).toHaveLength(1);
    // Another outcome's checkout is none of the directory's business.
    expect((await webhook({ id: 'cs_other', payment_status: 'paid', metadata: { storefront_id: 'sf_x' } })).status).toBe(200);

    // Day 20: renewed for another 30 days, counted from the end of the running period.
    clock = day0 + 20 * DAY_MS;
    expect((await webhook(session(tofu, 'featured', 'cs_dir_2'))).status).toBe(200);
    const renewed = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(renewed.listings.items[0].placed_until).toBe(new Date(day0 + 60 * DAY_MS).toISOString());

    // Day 31: the first period's job runs, sees the renewal, and keeps it featured.
    clock = day0 + 31 * DAY_MS;
    await settle();
    expect(await order()).toEqual(['Tofu House (Featured)', 'Green Bean', 'Leaf &amp; Loaf']);

    // Day 61: the renewal's job drops it back among the free listings.
    clock = day0 + 61 * DAY_MS;
    await settle();
    expect(await order()).toEqual(['Green Bean', 'Leaf &amp; Loaf', 'Tofu House']);
    expect((await json(await fetch(`${built.site.preview_url}/index.json`))).placements).toEqual({});
    const jobs = await app.store.db.selectFrom('jobs').select(['tool', 'status', 'result']).where('tool', '=', 'directory_placement_end').orderBy('created_at').execute();
    expect(jobs.map((job) => [job.status, JSON.parse(job.result ?? '{}')])).toEqual([
      ['succeeded', { ended: false, reason: `extended until ${new Date(day0 + 60 * DAY_MS).toISOString()}` }],
      ['succeeded', { ended: true, until: new Date(day0 + 60 * DAY_MS).toISOString() }],
    ]);
  }, 30_000);

  it('puts premium before featured', async () => {
    clock = day0 + 70 * DAY_MS;
    await webhook(session(idOf('Leaf & Loaf'), 'featured', 'cs_dir_3'));
    await webhook(session(idOf('Tofu House'), 'premium', 'cs_dir_4'));
    expect(await order()).toEqual(['Tofu House (Premium)', 'Leaf &amp; Loaf (Featured)', 'Green Bean']);
    // Leaf & Loaf upgrades on day 75: premium from now for its 30 days; its featured days still to come wait behind it.
    clock = day0 + 75 * DAY_MS;
    await webhook(session(idOf('Leaf & Loaf'), 'premium', 'cs_dir_5'));
    expect(await order()).toEqual(['Leaf &amp; Loaf (Premium)', 'Tofu House (Premium)', 'Green Bean']);
    const got = await json(await app.api(`/api/agents/directory/${built.directory_id}`));
    expect(got.listings.items.find((item: any) => item.name === 'Leaf & Loaf').placed_until).toBe(new Date(day0 + 105 * DAY_MS).toISOString());
  });

  it('never shows premium longer than paid: featured bought while premium runs starts when premium ends', async () => {
    const placement = async (name: string) => {
      const item = (await json(await app.api(`/api/agents/directory/${built.directory_id}`))).listings.items.find((entry: any) => entry.name === name);
      return [item.placement, item.placed_until];
    };
    const at = (days: number) => new Date(day0 + days * DAY_MS).toISOString();
    // Day 80: Tofu House (premium until day 100) buys featured: premium keeps its own end, featured follows it.
    clock = day0 + 80 * DAY_MS;
    expect((await webhook(session(idOf('Tofu House'), 'featured', 'cs_dir_6'))).status).toBe(200);
    expect(await placement('Tofu House')).toEqual(['premium', at(100)]);
    const queued = await app.store.db
      .selectFrom('directory_payments' as any)
      .select(['starts_at', 'ends_at'])
      .where('session_id', '=', 'cs_dir_6')
      .executeTakeFirstOrThrow();
    expect(queued).toEqual({ starts_at: at(100), ends_at: at(130) });

    // Day 101: Tofu House's premium is over, its featured period runs; Leaf & Loaf is premium until day 105.
    clock = day0 + 101 * DAY_MS;
    await settle();
    expect(await order()).toEqual(['Leaf &amp; Loaf (Premium)', 'Tofu House (Featured)', 'Green Bean']);
    expect(await placement('Tofu House')).toEqual(['featured', at(130)]);

    // Day 106: Leaf & Loaf's premium is over; the featured days its upgrade pushed back run until day 130.
    clock = day0 + 106 * DAY_MS;
    await settle();
    expect(await order()).toEqual(['Leaf &amp; Loaf (Featured)', 'Tofu House (Featured)', 'Green Bean']);
    expect(await placement('Leaf & Loaf')).toEqual(['featured', at(130)]);

    // Day 131: nothing paid is left.
    clock = day0 + 131 * DAY_MS;
    await settle();
    expect(await order()).toEqual(['Green Bean', 'Leaf &amp; Loaf', 'Tofu House']);
  }, 30_000);
});
