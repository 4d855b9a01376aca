import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm, type FakeLlmAnswer } from '../fixtures/fake-llm.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { sendStripeEvent, stripeEnv, stripeEvent } from '../fixtures/stripe-events.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';

const post = (target: StartedApp, route: string, body: unknown) => target.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

type Section = { id: string; props: Record<string, unknown> };
const sectionOf = (built: { sections: Section[] }, id: string) => built.sections.find((section) => section.id === id);

/** A coffee roaster's shop: two products (one with variants), both policies given. */
const roaster = () => ({
  products: [
    { name: 'House blend beans', description: 'Medium roast, 250 g.', price: '18.50', currency: 'EUR' },
    {
      name: 'Single origin beans',
      price: '21',
      currency: 'EUR',
      variants: [
        { name: 'Ethiopia Guji', price: '22.00' },
        { name: 'Colombia Huila', price: '21.00' },
      ],
    },
  ],
  brand: { name: 'Bean Club' },
  policies: { shipping: 'Ships every first Monday from Porto.', returns: 'Unopened bags can be returned within 30 days.' },
});

/** What the caller gave that every page must print, whoever wrote the hero. */
function expectCallerFacts(html: string) {
  for (const fact of [
    'House blend beans',
    'Medium roast, 250 g.',
    '€18.50',
    'Single origin beans',
    'from €21.00',
    'Ethiopia Guji — €22.00',
    'Colombia Huila — €21.00',
    'Ships every first Monday from Porto.',
    'Unopened bags can be returned within 30 days.',
  ]) {
    expect(html).toContain(fact);
  }
}

describe('storefront copy written by a model (fake OpenAI-compatible server)', () => {
  let bare: StartedApp;
  beforeAll(async () => {
    bare = await startPlannedApp();
  });
  afterAll(() => bare.close());

  /** An app whose model answers `answers` in order, for one test. */
  async function withModel(answers: FakeLlmAnswer[], test: (app: StartedApp, llm: FakeLlm) => Promise<void>) {
    const llm = await startFakeLlm({ answers });
    const app = await startPlannedApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
    try {
      await test(app, llm);
    } finally {
      await app.close();
      await llm.close();
    }
  }

  it('publishes what the model wrote from the facts, drops what it invented (falling back to the template where nothing is left), and says so', async () => {
    const answer = {
      // An award the caller never claimed: nothing of the headline is left, so the template's (the brand) stands.
      headline: "Portugal's #1 coffee club",
      // The caller's own price stays; an invented rating and customer count go.
      subheadline: 'Fresh roasted beans for €18.50 a month. Rated 4.9 by 2,000 happy customers.',
      title: 'Bean Club: fresh coffee beans by post',
      // Invented policies: not the caller's shipping or returns terms.
      description: 'Free shipping and a money-back guarantee on every bag.',
    };
    await withModel([JSON.stringify(answer)], async (app, llm) => {
      const response = await post(app, '/storefront/build', { ...roaster(), generator: 'llm' });
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
      const built = await json(response);
      expect(built.meta.generator).toBe('llm');
      expect(llm.requests).toHaveLength(1);
      expect(llm.requests[0]?.response_format.json_schema.name).toBe('storefront_copy');
      const user = llm.requests[0]?.messages.find((message) => message.role === 'user')?.content ?? '';
      expect(user).toContain('House blend beans (Medium roast, 250 g.)');

      const hero = sectionOf(built, 'hero');
      expect(hero?.props.headline).toBe('Bean Club');
      expect(hero?.props.subheadline).toBe('Fresh roasted beans for €18.50 a month.');
      expect(built.meta.title).toBe('Bean Club: fresh coffee beans by post');
      expect(built.html).toContain('<title>Bean Club: fresh coffee beans by post</title>');
      expect(built.html).toContain('<meta name="description" content="House blend beans and Single origin beans">');
      for (const invented of ['#1 coffee', 'Portugal', '4.9', '2,000', 'happy customers', 'Free shipping', 'money-back', 'guarantee']) {
        expect(built.html.includes(invented), invented).toBe(false);
        expect(built.embed.includes(invented), invented).toBe(false);
      }
      expect(built.meta.warnings).toHaveLength(1);
      const warning = built.meta.warnings[0] as string;
      expect(warning).toMatch(/^Removed from the model's answer because the request does not say it/);
      expect(warning).toContain('headline: "Portugal\'s #1 coffee club"');
      expect(warning).toContain('subheadline: "Rated 4.9 by 2,000 happy customers."');
      expect(warning).toContain('description: "Free shipping and a money-back guarantee on every bag."');
      // The caller's price is not reported as invented.
      expect(warning).not.toContain('€18.50');
      expectCallerFacts(built.html);

      // The hosted page is the same page.
      const hosted = await (await fetch(built.preview_url)).text();
      expectCallerFacts(hosted);
      expect(hosted).toContain('Fresh roasted beans for €18.50 a month.');
      expect(hosted.includes('happy customers')).toBe(false);
    });
  });

  it('asks the configured model under "auto" (the default) too; with no model, "llm" says so and "auto" quietly uses the template', async () => {
    const answer = { headline: 'Bean Club', subheadline: 'House blend and single origin beans from Porto.', title: 'Bean Club', description: 'Coffee beans from Porto.' };
    await withModel([JSON.stringify(answer), JSON.stringify(answer)], async (app, llm) => {
      const defaulted = await json(await post(app, '/storefront/build', roaster()));
      const auto = await json(await post(app, '/storefront/build', { ...roaster(), generator: 'auto' }));
      expect(llm.requests).toHaveLength(2);
      for (const built of [defaulted, auto]) {
        expect(built.meta.generator).toBe('llm');
        expect(built.meta.warnings).toEqual([]);
        expect(sectionOf(built, 'hero')?.props.subheadline).toBe('House blend and single origin beans from Porto.');
        expectCallerFacts(built.html);
      }
      // "template" never asks the model.
      const template = await json(await post(app, '/storefront/build', { ...roaster(), generator: 'template' }));
      expect(template.meta.generator).toBe('template');
      expect(llm.requests).toHaveLength(2);
    });

    const wanted = await json(await post(bare, '/storefront/build', { ...roaster(), generator: 'llm' }));
    expect(wanted.meta.generator).toBe('template');
    expect(wanted.meta.warnings).toEqual([expect.stringContaining('No model is available')]);
    expect(wanted.meta.warnings[0]).toContain('LLM_BASE_URL');
    expectCallerFacts(wanted.html);
    const quiet = await json(await post(bare, '/storefront/build', { ...roaster(), generator: 'auto' }));
    expect(quiet.meta.generator).toBe('template');
    expect(quiet.meta.warnings).toEqual([]);
  });

  it('gives the template page with an honest warning, never an error, when the model answers garbage twice', async () => {
    await withModel(['Sure! Here is some great copy for your shop.', JSON.stringify({ headline: '', title: 'Bean Club' })], async (app, llm) => {
      const response = await post(app, '/storefront/build', { ...roaster(), generator: 'llm' });
      expect(response.status).toBe(200);
      const built = await json(response);
      expect(llm.requests).toHaveLength(2);
      // The retry quotes the rejected answer back.
      expect(llm.requests[1]?.messages.at(-1)?.content).toContain('Sure! Here is some great copy for your shop.');
      expect(built.meta.generator).toBe('template');
      expect(built.meta.warnings).toEqual([expect.stringMatching(/^Used the deterministic template because the LLM \(model "fake-model" at .*\) failed: Its answer was rejected twice\./)]);
      expect(sectionOf(built, 'hero')?.props).toMatchObject({ headline: 'Bean Club', subheadline: 'House blend beans and Single origin beans' });
      expect(built.html).not.toContain('Sure!');
      expectCallerFacts(built.html);
    });
  });

  it('gives the template page with an honest warning when the model errors or cannot be reached', async () => {
    await withModel([{ status: 500, body: JSON.stringify({ error: { message: 'The model is overloaded.' } }) }], async (app) => {
      const response = await post(app, '/storefront/build', { ...roaster(), generator: 'llm' });
      expect(response.status).toBe(200);
      const built = await json(response);
      expect(built.meta.generator).toBe('template');
      expect(built.meta.warnings).toEqual([expect.stringMatching(/^Used the deterministic template because the LLM .* failed: HTTP 500: The model is overloaded\./)]);
      expectCallerFacts(built.html);
    });
    await withModel([], async (app, llm) => {
      await llm.close();
      const response = await post(app, '/storefront/build', { ...roaster(), generator: 'auto' });
      expect(response.status).toBe(200);
      const built = await json(response);
      expect(built.meta.generator).toBe('template');
      expect(built.meta.warnings).toEqual([expect.stringMatching(/^Used the deterministic template because the LLM .* failed: The request to .* failed \(ECONNREFUSED\)/)]);
      expectCallerFacts(built.html);
    });
  });
});

describe('storefronts that sell subscriptions', () => {
  let stripe: FakeStripe;
  let app: StartedApp;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await startPlannedApp({ ...stripeEnv(stripe) });
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  const club = (interval: 'month' | 'year') => ({
    products: [{ name: 'Coffee club', description: 'Two bags of fresh beans.', price: '18.50', currency: 'EUR' }],
    brand: { name: 'Bean Club' },
    mode: 'subscription',
    interval,
    generator: 'template',
  });
  const buy = (storefrontId: string) =>
    fetch(`${app.url}/c/${storefrontId}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ offer: 'p1' }) });

  /** A signed `checkout.session.completed` event for `session`. */
  const completed = (session: Record<string, unknown>) =>
    sendStripeEvent(app.url, stripeEvent('checkout.session.completed', { object: 'checkout.session', mode: 'subscription', payment_status: 'paid', payment_intent: null, ...session }));
  const ordersOf = async (storefrontId: string) => (await json(await app.api(`/api/agents/storefront/${storefrontId}/orders`))).orders;

  it('executes product → recurring price → payment link, and the Subscribe button goes to the live link; its checkout makes one order', async () => {
    const from = stripe.requests.length;
    const response = await post(app, '/storefront/build', { ...club('month'), execute: true });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    const built = await json(response);
    expect(built.checkout.operations.map((operation: { op: string; ref: string }) => `${operation.op} ${operation.ref}`)).toEqual([
      'products.create product_p1',
      'prices.create price_p1',
      'payment_links.create link_p1',
    ]);
    expect(built.checkout.operations[1].params).toMatchObject({ product: '$ref:product_p1', currency: 'eur', unit_amount: 1850, recurring: { interval: 'month' } });
    expect(built.checkout.operations[2].params).not.toHaveProperty('payment_intent_data');

    // What Stripe received, as form fields, each later step naming the id the earlier one made.
    const sent = stripe.requests.slice(from);
    expect(sent.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['POST /v1/products 200', 'POST /v1/prices 200', 'POST /v1/payment_links 200']);
    const [product, price, link] = sent.map((request) => request.form);
    const made = { product: stripe.products.at(-1), price: stripe.prices.at(-1), link: stripe.links.at(-1) };
    expect(product).toMatchObject({ name: 'Coffee club', description: 'Two bags of fresh beans.', 'metadata[storefront_id]': built.storefront_id });
    expect(price).toEqual({
      product: made.product?.id,
      currency: 'eur',
      unit_amount: '1850',
      'recurring[interval]': 'month',
      'metadata[storefront_id]': built.storefront_id,
      'metadata[version]': '1',
      'metadata[product_id]': 'p1',
      'metadata[offer_id]': 'p1',
    });
    expect(link).toMatchObject({ 'line_items[0][price]': made.price?.id, 'line_items[0][quantity]': '1', 'subscription_data[metadata][offer_id]': 'p1' });
    expect(Object.keys(link ?? {}).filter((field) => field.startsWith('payment_intent_data'))).toEqual([]);
    expect(made.price).toMatchObject({ type: 'recurring', recurring: { interval: 'month' } });
    expect(built.checkout.ids).toEqual({ product_p1: made.product?.id, price_p1: made.price?.id, link_p1: made.link?.id });

    // The button is the live link, in the page's words for a subscription.
    expect(built.checkout.executed).toBe(true);
    expect(built.checkout.checkout_url).toBe(made.link?.url);
    expect(built.products[0].offers[0].checkout_url).toBe(made.link?.url);
    for (const html of [built.html, await (await fetch(built.preview_url)).text()]) {
      expect(html).toContain(`<a class="btn" href="${made.link?.url}">Subscribe</a>`);
      expect(html).toContain('<strong>€18.50</strong> <span>per month</span>');
      expect(html).not.toContain('Buy now');
    }

    // A checkout of the link, delivered twice (the same event, then another event for the same session): one order.
    const session = {
      id: `cs_test_link_${built.storefront_id}`,
      payment_link: made.link?.id,
      subscription: 'sub_test_link1',
      amount_total: 1850,
      currency: 'eur',
      customer_details: { email: 'ana@example.com' },
    };
    expect((await completed(session)).status).toBe(200);
    expect((await completed(session)).status).toBe(200);
    const orders = await ordersOf(built.storefront_id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      offer_id: 'p1',
      product: 'Coffee club',
      amount_total: 1850,
      currency: 'EUR',
      customer_email: 'ana@example.com',
      stripe: { session: session.id, payment_intent: null, subscription: 'sub_test_link1' },
    });
  });

  it('sends the buyer of a storefront not executed to a Checkout Session in subscription mode, and records its checkout once', async () => {
    const built = await json(await post(app, '/storefront/build', club('year')));
    expect(built.checkout.executed).toBe(false);
    expect(built.checkout.operations[1].params).toMatchObject({ recurring: { interval: 'year' } });
    expect(built.html).toContain(`action="${app.url}/c/${built.storefront_id}"`);
    expect(built.html).toContain('<button type="submit" class="btn">Subscribe</button>');
    expect(built.html).toContain('<strong>€18.50</strong> <span>per year</span>');

    const from = stripe.requests.length;
    const redirected = await buy(built.storefront_id);
    expect(redirected.status).toBe(303);
    const sent = stripe.requests.slice(from);
    expect(sent.map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['POST /v1/checkout/sessions 200']);
    const form = sent[0]?.form ?? {};
    expect(form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1850',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][product_data][name]': 'Coffee club',
      'metadata[storefront_id]': built.storefront_id,
      'metadata[offer_id]': 'p1',
      'subscription_data[metadata][storefront_id]': built.storefront_id,
      'subscription_data[metadata][offer_id]': 'p1',
    });
    expect(Object.keys(form).filter((field) => field.startsWith('payment_intent_data'))).toEqual([]);
    const session = stripe.sessions.at(-1);
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 1850, currency: 'eur' });
    expect(redirected.headers.get('location')).toBe(session?.url);

    // Stripe reports that session paid, twice: one order, tied to the subscription.
    const paid = { id: session?.id, subscription: 'sub_test_session1', amount_total: 1850, currency: 'eur', metadata: session?.metadata };
    expect((await completed(paid)).status).toBe(200);
    expect((await completed(paid)).status).toBe(200);
    const orders = await ordersOf(built.storefront_id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ offer_id: 'p1', amount_total: 1850, stripe: { session: session?.id, payment_intent: null, subscription: 'sub_test_session1' } });
  });
});
