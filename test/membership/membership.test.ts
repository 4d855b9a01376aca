import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { potteryCourse, potteryTiers } from './fixtures.js';
import { membershipDb } from '../../tools/membership/tables.js';

const event = (type: string, object: Record<string, unknown>) => stripeEvent(type, object);

describe('membership over REST', () => {
  let app: StartedApp;
  let stripe: FakeStripe;
  const post = (route: string, body: unknown) => app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const webhook = (payload: Record<string, unknown>) => sendStripeEvent(app.url, payload);
  const members = async (membershipId: string) => (await json(await post('/membership/members', { membership_id: membershipId, action: 'list' }))).members;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startPlannedApp({ ...stripeEnv(stripe) });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  it('builds the site, its zip, its Stripe plan and its onboarding from the course as given', async () => {
    const response = await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'eur', drip: { mode: 'every_n_days', days: 7 }, brand: { name: 'Clay & Co' } });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    const built = await json(response);
    expect(built.membership_id).toMatch(/^mem_/);
    expect(built.site.pages.map((page: { page: string }) => page.page)).toEqual(['index', 'm1-l1', 'm1-l2', 'm1-l3', 'm2-l1']);
    expect(built.subscriptions.tiers.map((tier: { amount: number }) => tier.amount)).toEqual([1999, 19900, 49900]);
    expect(built.subscriptions.executed).toBe(false);
    expect(built.subscriptions.operations.map((step: { ref: string }) => step.ref)).toEqual(['product_1', 'price_1', 'link_1', 'product_2', 'price_2', 'link_2', 'product_3', 'price_3', 'link_3']);
    expect(built.onboarding.emails[0].id).toBe('welcome');
    expect(built.subscriptions.portal).toEqual({
      op: 'billing_portal.sessions.create',
      params: { customer: '$member:stripe_customer_id', return_url: `${app.url}/m/${built.membership_id}` },
      runs: expect.stringContaining(`/m/${built.membership_id}/billing`),
    });
    expect(built.onboarding.schedule.find((entry: { lesson_id: string }) => entry.lesson_id === 'm1-l3').unlock_day).toBe(7);
    const zip = await app.api(new URL(built.site.zip_url).pathname);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['index.html', 'm1-l1.html', 'm1-l2.html', 'm1-l3.html', 'm2-l1.html']);
    const lesson = strFromU8(files['m1-l2.html'] as Uint8Array);
    expect(lesson).toContain('Exercises');
    expect(lesson).toContain('Wedge 1 kg of clay');
    expect(strFromU8(files['m1-l3.html'] as Uint8Array)).toContain('This lesson has no text yet.');
    expect(strFromU8(files['index.html'] as Uint8Array)).toContain('downloaded copy');
  });

  it('refuses a priced tier without a currency, and a prompt that names no lessons, naming the field', async () => {
    const noCurrency = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers }));
    expect(noCurrency.error.message).toMatch(/^currency: required/);
    const vague = await post('/membership/build', { prompt: 'an online course about pottery for beginners' });
    expect(vague.status).toBe(400);
    expect((await json(vague)).error.message).toMatch(/^course: the prompt names no lessons/);
    // A decimal string is a price, checked against its currency's decimals.
    const exact = await json(await post('/membership/build', { course: potteryCourse, tiers: [{ name: 'Monthly', interval: 'month', price: '14.99' }], currency: 'EUR' }));
    expect(exact.subscriptions.operations.find((step: { op: string }) => step.op === 'prices.create').params.unit_amount).toBe(1499);
    const tooFine = await json(await post('/membership/build', { course: potteryCourse, tiers: [{ name: 'Monthly', interval: 'month', price: '14.999' }], currency: 'EUR' }));
    expect(tooFine.error.message).toContain('tiers[0].price');
  });

  it('refuses execute with no paid tier before storing anything: no membership is left behind', async () => {
    const count = async () =>
      Number(
        (
          await membershipDb(app.store)
            .selectFrom('memberships')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const response = await post('/membership/build', { course: potteryCourse, execute: true });
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toMatch(/^execute: this membership has no paid tier/);
    expect(await count()).toBe(before);
  });

  it('builds an outline only from the lessons a prompt names, and invents no text', async () => {
    const built = await json(await post('/membership/build', { prompt: 'A course called Sourdough at home with lessons: Starter, Mixing and Baking' }));
    expect(built.course.title).toBe('Sourdough at home');
    expect(built.course.modules.flatMap((module: { lessons: Array<{ title: string; has_text: boolean }> }) => module.lessons.map((lesson) => [lesson.title, lesson.has_text]))).toEqual([
      ['Starter', false],
      ['Mixing', false],
      ['Baking', false],
    ]);
    expect(built.meta.facts.map((fact: { fact: string }) => fact.fact)).toEqual(['Sourdough at home', 'Starter', 'Mixing', 'Baking']);
    expect(built.meta.missing.join(' ')).toMatch(/lesson text/);
    // Who offers it signs the site; in German too.
    const german = await json(await post('/membership/build', { prompt: 'Online-Kurs „Aquarell für Anfänger“ von Atelier Lina, Lektionen: Farben mischen, Nass in Nass und Lasieren.', lang: 'de' }));
    expect(german.course.title).toBe('Aquarell für Anfänger');
    expect(german.course.modules[0].lessons.map((lesson: { title: string }) => lesson.title)).toEqual(['Farben mischen', 'Nass in Nass', 'Lasieren']);
    expect(german.meta.facts).toContainEqual({ fact: 'Atelier Lina', placed_in: 'brand.name' });
    expect(german.onboarding.emails[0].text).toContain('Atelier Lina');
  });

  it('runs the Stripe plan with the exact form fields, in order, and resumes after a failure without duplicates', async () => {
    stripe.reset();
    const built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR' }));
    stripe.failNext(500, { type: 'api_error', message: 'boom' }, 10);
    const failed = await post('/membership/revise', { membership_id: built.membership_id, execute: true });
    expect(failed.status).toBe(502);
    expect((await json(failed)).error.message).toMatch(/membership_revise .*execute/);
    stripe.reset();
    // Two steps go through, then Stripe fails: the rerun starts at the third.
    const done = await json(await post('/membership/revise', { membership_id: built.membership_id, execute: true }));
    expect(done.subscriptions.executed).toBe(true);
    expect(done.changed).toBe(true);
    expect(stripe.products).toHaveLength(3);
    expect(stripe.prices).toHaveLength(3);
    expect(stripe.links).toHaveLength(3);
    const [product, price, link] = stripe.requests.filter((request) => request.status === 200);
    expect(product?.form).toMatchObject({ name: 'Pottery basics — Monthly', 'metadata[membership_id]': built.membership_id, 'metadata[tier]': 'tier-1' });
    expect(price?.form).toMatchObject({ product: stripe.products[0]?.id, currency: 'eur', unit_amount: '1999', 'recurring[interval]': 'month' });
    expect(link?.form).toMatchObject({ 'line_items[0][price]': stripe.prices[0]?.id, 'line_items[0][quantity]': '1', 'subscription_data[trial_period_days]': '7' });
    expect(stripe.requests.find((request) => request.path === '/v1/prices' && request.form.unit_amount === '19900')?.form).toMatchObject({ 'recurring[interval]': 'year' });
    expect(stripe.requests.find((request) => request.path === '/v1/prices' && request.form.unit_amount === '49900')?.form).not.toHaveProperty('recurring[interval]');
    // Running again sends nothing and is not a change.
    const count = stripe.requests.length;
    const again = await json(await post('/membership/revise', { membership_id: built.membership_id, execute: true }));
    expect(again.changed).toBe(false);
    expect(stripe.requests.length).toBe(count);
    expect(again.subscriptions.tiers[0].checkout_url).toBe(stripe.links[0]?.url);
  });

  it('resumes mid-plan: recorded steps are skipped, a step cut off is resent under its key and Stripe replays it', async () => {
    stripe.reset();
    const built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers.slice(0, 1), currency: 'EUR', execute: true }));
    expect(built.subscriptions.executed).toBe(true);
    // A crash after Stripe made the link but before it was recorded: the link's row is missing.
    await membershipDb(app.store).deleteFrom('membership_operations').where('membership_id', '=', built.membership_id).where('ref', '=', 'link_1').execute();
    const before = stripe.requests.length;
    const resumed = await json(await post('/membership/revise', { membership_id: built.membership_id, execute: true }));
    expect(resumed.subscriptions.executed).toBe(true);
    const resent = stripe.requests.slice(before);
    expect(resent.map((request) => [request.path, request.replayed])).toEqual([['/v1/payment_links', true]]);
    expect(stripe.links).toHaveLength(1);
    // New tiers make a new plan version, run in full under new keys.
    const revised = await json(await post('/membership/revise', { membership_id: built.membership_id, changes: [{ op: 'set_tiers', tiers: potteryTiers.slice(0, 2) }] }));
    expect(revised).toMatchObject({ version: 2, subscriptions: { executed: false } });
    expect(revised.subscriptions.operations[0].idempotency_key).toBe(`${built.membership_id}-v2-product_1`);
  });

  it('revises honestly: a no-op makes no version and costs nothing', async () => {
    const built = await json(await post('/membership/build', { course: potteryCourse }));
    const same = await json(await post('/membership/revise', { membership_id: built.membership_id, changes: [{ op: 'set_course_title', title: 'Pottery basics' }] }));
    expect(same).toMatchObject({ changed: false, version: 1, applied: [] });
    expect(same.unapplied[0]).toMatch(/already so/);
    const changed = await json(
      await post('/membership/revise', {
        membership_id: built.membership_id,
        changes: [
          { op: 'update_lesson', lesson_id: 'm1-l3', set: { body: 'Press down, then in.' } },
          { op: 'remove_lesson', lesson_id: 'm9-l1' },
        ],
      }),
    );
    expect(changed).toMatchObject({ changed: true, version: 2, applied: ['updated body of lesson m1-l3'] });
    expect(changed.unapplied).toEqual(['changes[1] (remove_lesson): there is no lesson m9-l1']);
    const read = await json(await app.api(`/api/agents/membership/${built.membership_id}`));
    expect(read.versions.map((version: { version: number }) => version.version)).toEqual([1, 2]);
  });

  it('grants, signs in with a one-time link, and revokes', async () => {
    const built = await json(await post('/membership/build', { course: potteryCourse, drip: { mode: 'every_n_days', days: 7 } }));
    const granted = await json(await post('/membership/members', { membership_id: built.membership_id, action: 'grant', email: 'Ana@Example.com' }));
    expect(granted.members[0]).toMatchObject({ email: 'ana@example.com', status: 'granted' });
    const link = granted.sign_in_link.url as string;
    expect(link).toMatch(new RegExp(`^${app.url}/m/${built.membership_id}/login\\?token=`));
    const visitor = await (await fetch(`${app.url}/m/${built.membership_id}/lessons/m1-l2`)).text();
    expect(visitor).toContain('This lesson is for members');
    // Opening the link (as a mail scanner would, twice) spends nothing: it shows a page whose form signs in.
    for (let i = 0; i < 2; i++) {
      const opened = await fetch(link, { redirect: 'manual' });
      expect(opened.status).toBe(200);
      expect(opened.headers.get('set-cookie')).toBeNull();
      expect(await opened.text()).toContain(`<form method="post" action="${app.url}/m/${built.membership_id}/login/confirm">`);
    }
    const token = new URL(link).searchParams.get('token') as string;
    const confirm = () =>
      fetch(`${app.url}/m/${built.membership_id}/login/confirm`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${token}` });
    const signIn = await confirm();
    expect(signIn.status).toBe(303);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ao_member=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/m\/mem_[0-9a-z]+; HttpOnly; SameSite=Lax$/);
    // Single use: the link and its form no longer work.
    expect((await confirm()).status).toBe(400);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(400);
    const session = cookie.split(';')[0] as string;
    const open = await (await fetch(`${app.url}/m/${built.membership_id}/lessons/m1-l2`, { headers: { cookie: session } })).text();
    expect(open).toContain('Wedge before you throw');
    const locked = await (await fetch(`${app.url}/m/${built.membership_id}/lessons/m1-l3`, { headers: { cookie: session } })).text();
    expect(locked).toMatch(/Opens on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await post('/membership/members', { membership_id: built.membership_id, action: 'revoke', email: 'ana@example.com' });
    const after = await (await fetch(`${app.url}/m/${built.membership_id}/lessons/m1-l2`, { headers: { cookie: session } })).text();
    expect(after).toContain('This lesson is for members');
  });

  it('sets the session cookie Secure behind an https proxy (TRUST_PROXY), and the link is spent by the button only', async () => {
    const proxied = await startPlannedApp({ TRUST_PROXY: 'true' });
    try {
      const post = (route: string, body: unknown) => proxied.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const built = await json(await post('/membership/build', { course: potteryCourse }));
      const granted = await json(await post('/membership/members', { membership_id: built.membership_id, action: 'grant', email: 'eve@example.com' }));
      const token = new URL(granted.sign_in_link.url as string).searchParams.get('token') as string;
      const signIn = await fetch(`${proxied.url}/m/${built.membership_id}/login/confirm`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        body: `token=${token}`,
      });
      expect(signIn.status).toBe(303);
      expect(signIn.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);
    } finally {
      await proxied.close();
    }
  });

  it('grants, extends and revokes access from signed Stripe events, idempotently', async () => {
    stripe.reset();
    const built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR', execute: true }));
    const id = built.membership_id;
    const linkId = stripe.links[0]?.id;
    const completed = event('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_link: linkId,
      payment_status: 'no_payment_required',
      customer: 'cus_1',
      subscription: 'sub_1',
      customer_details: { email: 'bo@example.com' },
    });
    expect((await webhook(completed)).status).toBe(200);
    expect((await webhook({ ...completed, id: 'evt_again' })).status).toBe(200);
    expect(await members(id)).toMatchObject([{ email: 'bo@example.com', status: 'active', tier: 'tier-1', stripe_customer_id: 'cus_1' }]);
    // A session of another outcome is left alone.
    await webhook(event('checkout.session.completed', { id: 'cs_other', payment_link: 'plink_other', payment_status: 'paid', customer_details: { email: 'x@example.com' } }));
    expect(await members(id)).toHaveLength(1);
    await webhook(event('invoice.payment_failed', { id: 'in_1', parent: { subscription_details: { subscription: 'sub_1' } } }));
    const pastDue = (await members(id))[0];
    expect(pastDue.status).toBe('past_due');
    expect(Date.parse(pastDue.grace_until) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    // Renewed: extended, grace cleared.
    await webhook(event('customer.subscription.updated', { id: 'sub_1', status: 'active' }));
    expect((await members(id))[0]).toMatchObject({ status: 'active', grace_until: null });
    await webhook(event('customer.subscription.deleted', { id: 'sub_1', status: 'canceled' }));
    expect((await members(id))[0].status).toBe('canceled');
    // A retry's failure delivered late does not reopen a canceled subscription's access.
    await webhook(event('invoice.payment_failed', { id: 'in_late', parent: { subscription_details: { subscription: 'sub_1' } } }));
    expect((await members(id))[0]).toMatchObject({ status: 'canceled', grace_until: null });
    // Joined through the site's own checkout: found by metadata.
    await webhook(event('checkout.session.completed', { id: 'cs_2', payment_status: 'paid', metadata: { membership_id: id, tier: 'tier-3' }, customer_email: 'cy@example.com', customer: 'cus_2' }));
    expect((await members(id)).map((member: { email: string }) => member.email)).toContain('cy@example.com');
    // Paid by a delayed method: completed unpaid (no access yet), then the payment succeeds.
    const delayed = { id: 'cs_3', metadata: { membership_id: id, tier: 'tier-1' }, customer_email: 'di@example.com', customer: 'cus_3', subscription: 'sub_3' };
    await webhook(event('checkout.session.completed', { ...delayed, payment_status: 'unpaid' }));
    expect((await members(id)).map((member: { email: string }) => member.email)).not.toContain('di@example.com');
    await webhook(event('checkout.session.async_payment_succeeded', { ...delayed, payment_status: 'paid' }));
    expect((await members(id)).find((member: { email: string }) => member.email === 'di@example.com')).toMatchObject({ status: 'active' });
    // The owner's grant outranks a later cancellation from Stripe.
    await post('/membership/members', { membership_id: id, action: 'grant', email: 'di@example.com' });
    await webhook(event('customer.subscription.deleted', { id: 'sub_3', status: 'canceled' }));
    expect((await members(id)).find((member: { email: string }) => member.email === 'di@example.com')).toMatchObject({ status: 'granted' });
  });

  it('starts a Checkout Session on join with the membership in its metadata', async () => {
    stripe.reset();
    const built = await json(await post('/membership/build', { course: potteryCourse, tiers: potteryTiers, currency: 'EUR' }));
    const joined = await fetch(`${app.url}/m/${built.membership_id}/join?tier=tier-1`, { method: 'POST', redirect: 'manual' });
    expect(joined.status).toBe(303);
    const session = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: built.membership_id,
      'metadata[membership_id]': built.membership_id,
      'subscription_data[trial_period_days]': '7',
      'line_items[0][price_data][unit_amount]': '1999',
    });
    expect(joined.headers.get('location')).toBe(stripe.sessions[0]?.url);
  });
});
