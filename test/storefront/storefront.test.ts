import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, crc32 } from 'node:zlib';
import Stripe from 'stripe';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { json, startPlannedApp, type StartedApp } from '../helpers.js';
import { browserAvailable, browserSkipReason, expectCleanPage, inspectPage, openBrowser } from '../support/browser.js';
import { expectValidHtml, vnuAvailable, vnuSkipReason } from '../support/vnu.js';

const webhookSecret = 'whsec_storefronttest123';

/** A 4×4 PNG, served by the test as the caller's product image (never fetched by the server). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: 4 }, () => Buffer.from([0, ...Array.from({ length: 12 }, () => 180)])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function signed(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}

let eventCount = 0;
const sessionEvent = (session: Record<string, unknown>) => ({
  id: `evt_sf_${++eventCount}`,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  livemode: false,
  data: { object: { object: 'checkout.session', payment_status: 'paid', ...session } },
});

describe('storefronts', () => {
  let stripe: FakeStripe;
  let app: StartedApp;
  let bare: StartedApp;
  let images: http.Server;
  let imageBase: string;
  const post = (target: StartedApp, route: string, body: unknown) => target.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const webhook = (payload: string, header: string) =>
    fetch(`${app.url}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  const buy = (target: StartedApp, storefrontId: string, offer?: string) =>
    fetch(`${target.url}/c/${storefrontId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: offer ? new URLSearchParams({ offer }) : '',
    });

  const shop = () => ({
    products: [
      {
        name: 'Stoneware mug',
        description: 'Hand-thrown stoneware mug, 350 ml.\n\nDishwasher safe.',
        price: '24.00',
        currency: 'EUR',
        images: [`${imageBase}/mug.png`, `${imageBase}/mug-side.png`],
        variants: [
          { name: 'Sand', price: '24.00', sku: 'MUG-SAND' },
          { name: 'Midnight blue', price: '26.50', sku: 'MUG-BLUE', options: { Glaze: 'Midnight blue', Size: '350 ml' } },
        ],
        shipping: { countries: ['DE', 'AT'] },
      },
      { name: 'Espresso cup', price: '12', currency: 'EUR', inventory: 2 },
    ],
    brand: { name: 'Clay & Co', colors: ['#7c2d12'] },
    policies: { shipping: 'Ships within 3 working days from Lisbon.', returns: 'Unused items can be returned within 14 days.' },
    success_url: 'https://clay.example/thanks',
  });

  beforeAll(async () => {
    const image = png();
    images = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(image));
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    stripe = await startFakeStripe();
    app = await startPlannedApp({ STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_API_BASE: stripe.apiBase, STRIPE_WEBHOOK_SECRET: webhookSecret });
    bare = await startPlannedApp();
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    await stripe.close();
    await new Promise((resolve) => images.close(resolve));
  });

  it('builds a page with prices in the currency’s format, variants, policies as given, nothing invented, and the Stripe operations in order', async () => {
    const response = await post(bare, '/storefront/build', shop());
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    const built = await json(response);
    expect(built.storefront_id).toMatch(/^sf_/);
    expect(built.products.map((product: { name: string; offers: Array<{ formatted: string }> }) => [product.name, product.offers.map((offer) => offer.formatted)])).toEqual([
      ['Stoneware mug', ['€24.00', '€26.50']],
      ['Espresso cup', ['€12.00']],
    ]);
    expect(built.sections.map((section: { type: string }) => section.type)).toEqual(['header', 'hero', 'product', 'product', 'policies', 'footer']);
    expect(built.html).toContain('from €24.00');
    // The variant's attributes that its name does not already say are shown with it, and kept in the output.
    expect(built.html).toContain('Midnight blue (Size: 350 ml) — €26.50');
    expect(built.products[0].offers[1].options).toEqual({ Glaze: 'Midnight blue', Size: '350 ml' });
    expect(built.html).toContain('Ships to Germany and Austria');
    expect(built.html).toContain('2 in stock');
    expect(built.html).toContain('Unused items can be returned within 14 days.');
    // No FAQ or reviews were given: none is shown, and the gaps say so.
    expect(built.html).not.toMatch(/Questions and answers|Reviews|★/);
    expect(built.meta.gaps).toEqual(expect.arrayContaining([expect.stringContaining('No FAQ given'), expect.stringContaining('No reviews given')]));
    expect(built.meta.bytes.html).toBeLessThanOrEqual(60 * 1024);
    // The buy buttons post here: not executed.
    expect(built.checkout.executed).toBe(false);
    expect(built.html).toContain(`action="${bare.url}/c/${built.storefront_id}"`);
    expect(built.checkout.operations.map((operation: { op: string; ref: string }) => `${operation.op} ${operation.ref}`)).toEqual([
      'products.create product_p1',
      'prices.create price_p1-v1',
      'payment_links.create link_p1-v1',
      'prices.create price_p1-v2',
      'payment_links.create link_p1-v2',
      'products.create product_p2',
      'prices.create price_p2',
      'payment_links.create link_p2',
    ]);
    const price = built.checkout.operations[3];
    expect(price.params).toMatchObject({
      product: '$ref:product_p1',
      currency: 'eur',
      unit_amount: 2650,
      nickname: 'Midnight blue',
      metadata: { option_glaze: 'Midnight blue', option_size: '350 ml' },
    });
    expect(built.checkout.operations[2].params).toMatchObject({
      line_items: [{ price: '$ref:price_p1-v1', quantity: 1 }],
      shipping_address_collection: { allowed_countries: ['DE', 'AT'] },
      after_completion: { type: 'redirect', redirect: { url: 'https://clay.example/thanks' } },
    });
    // JSON-LD: one ItemList of Products with their Offers, prices as plain decimals.
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(built.html)?.[1] ?? '{}');
    expect(ld['@type']).toBe('ItemList');
    expect(ld.itemListElement[0].item.offers.map((offer: { price: string; priceCurrency: string; sku: string }) => [offer.price, offer.priceCurrency, offer.sku])).toEqual([
      ['24.00', 'EUR', 'MUG-SAND'],
      ['26.50', 'EUR', 'MUG-BLUE'],
    ]);
    expect(ld.itemListElement[1].item).not.toHaveProperty('review');
  });

  it('reads products from a prompt only where it prices them, and says what it could not sell', async () => {
    const built = await json(await post(bare, '/storefront/build', { prompt: 'Clay & Co, a pottery studio in Lisbon. Handmade mugs €24. Espresso cups €12.' }));
    expect(built.products.map((product: { name: string; offers: Array<{ amount: number; formatted: string }> }) => [product.name, product.offers[0]?.formatted])).toEqual([
      ['Handmade mugs', '€24.00'],
      ['Espresso cups', '€12.00'],
    ]);
    // The facts contract: the prompt's offerings and prices are on the page, and it says where.
    expect(built.meta.facts.map((fact: { placed_in: string }) => fact.placed_in)).toEqual(expect.arrayContaining([expect.stringMatching(/^product-p1/)]));
    expect(built.html).toContain('Clay &amp; Co');
    // The prompt's place, address, hours and phone are on the page too: every fact placed, none missing.
    const shop = await json(
      await post(bare, '/storefront/build', {
        prompt: 'Bäckerei Sonnenkorn in Freiburg verkauft online: Dinkel-Vollkornbrot 6,50 €, Roggenmischbrot 5,20 €. Laden: Gerberau 7, 79098 Freiburg, Mo–Fr 7–18 Uhr, Telefon 0761 123456.',
        policies: { shipping: 'Versand dienstags innerhalb Deutschlands.' },
      }),
    );
    expect(shop.meta.missing_facts).toEqual([]);
    expect(shop.meta.facts.map((fact: { fact: string; placed_in: string }) => `${fact.fact} @ ${fact.placed_in}`)).toEqual(
      expect.arrayContaining(['place: Freiburg @ hero', 'address: Gerberau 7, 79098 Freiburg @ footer', 'hours: Mo–Fr 7–18 Uhr @ footer', 'phone: 0761 123456 @ footer']),
    );
    // Only a shipping policy was given: the heading promises no returns policy.
    expect(shop.html).toContain('>Versand</h2>');
    // Said once: the heading is the one policy's title.
    expect(shop.html.match(/>Versand<\/h\d>/g)).toHaveLength(1);
    expect(shop.html).not.toContain('Rückgabe');
    // The prompt's own shipping and returns sentences are its policies, printed as written and said so; the street
    // without a postcode is placed; a product is named without the verb that sells it.
    const bakery = await json(
      await post(bare, '/storefront/build', {
        prompt: 'Bäckerei Sonnenkorn in Freiburg, Hauptstraße 12, verkauft Dinkelbrot für 4,80 € und Roggenbrot für 3,90 €. Versand innerhalb Deutschlands für 5,90 €, ab 40 € versandkostenfrei.',
      }),
    );
    expect(bakery.products.map((product: { name: string }) => product.name)).toEqual(['Dinkelbrot', 'Roggenbrot']);
    expect(bakery.meta.missing_facts).toEqual([]);
    expect(bakery.meta.facts).toContainEqual({ fact: 'address: Hauptstraße 12', placed_in: 'footer' });
    expect(bakery.html).toContain('<p>Versand innerhalb Deutschlands für 5,90 €, ab 40 € versandkostenfrei.</p>');
    expect(bakery.meta.warnings).toContainEqual(expect.stringMatching(/^policies\.shipping is the prompt's own sentence/));
    expect(bakery.meta.gaps).toContain('No returns policy given: the page states none. Send policies.returns.');
    const mugs = await json(
      await post(bare, '/storefront/build', {
        prompt: 'Clayworks, 14 Mill Lane, Bristol: Speckled mug £24, Tall mug £28. Shipping is £4.50 in the UK, free over £60. Returns within 30 days of delivery.',
        policies: { shipping: 'Ships Mondays.' },
      }),
    );
    // A policy the caller gave wins over the prompt's; "Returns … of delivery" is about returns.
    expect(mugs.html).toContain('<p>Ships Mondays.</p>');
    expect(mugs.html).not.toContain('Shipping is £4.50');
    expect(mugs.html).toContain('<p>Returns within 30 days of delivery.</p>');
    expect(mugs.meta.gaps.join(' ')).not.toContain('returns');
    // A sentence that prices products and speaks of shipping is no policy: reported, not printed.
    // "We return calls" is no returns policy.
    const calls = await json(await post(bare, '/storefront/build', { prompt: 'Clayworks: Speckled mug £24. We return calls within a day.' }));
    expect(calls.html).not.toContain('We return calls');
    const mixed = await json(await post(bare, '/storefront/build', { prompt: 'Clayworks: Speckled mug £24 with free shipping.' }));
    expect(mixed.html).not.toContain('free shipping');
    expect(mixed.meta.warnings).toContainEqual(expect.stringContaining('Send policies.shipping in your words'));
    const nothing = await post(bare, '/storefront/build', { prompt: 'A shop for our pottery, opening soon.' });
    expect(nothing.status).toBe(400);
    expect((await json(nothing)).error.message).toMatch(/^products: /);
    const bad = await post(bare, '/storefront/build', { products: [{ name: 'Mug', price: '24.001', currency: 'EUR' }] });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toContain('products[0].price');
  });

  it('says checkout is not configured (503) when no payments are set up, and sends the buyer to a Checkout Session when they are', async () => {
    const built = await json(await post(bare, '/storefront/build', shop()));
    const unavailable = await buy(bare, built.storefront_id, 'p1-v2');
    expect(unavailable.status).toBe(503);
    expect(await unavailable.text()).toContain('Checkout is not available');
    const live = await json(await post(app, '/storefront/build', shop()));
    const before = stripe.sessions.length;
    const redirected = await buy(app, live.storefront_id, 'p1-v2');
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(stripe.sessions.length).toBe(before + 1);
    expect(stripe.sessions.at(-1)).toMatchObject({ mode: 'payment', amount_total: 2650, currency: 'eur', metadata: { storefront_id: live.storefront_id, offer_id: 'p1-v2' } });
    expect((await buy(app, live.storefront_id, 'nope')).status).toBe(400);
  });

  it('executes the operations through the SDK, resumes after a failure without duplicates, and points the buy button at the live link', async () => {
    const built = await json(await post(app, '/storefront/build', shop()));
    stripe.reset();
    const executed = await json(await post(app, '/storefront/revise', { storefront_id: built.storefront_id, changes: {}, execute: true }));
    expect(executed).toMatchObject({ changed: true, version: 1, checkout: { executed: true } });
    expect(stripe.products.map((product) => product.name)).toEqual(['Stoneware mug', 'Espresso cup']);
    expect(stripe.prices.map((price) => price.unit_amount)).toEqual([2400, 2650, 1200]);
    expect(stripe.links).toHaveLength(3);
    expect(stripe.links[0]?.metadata).toMatchObject({ storefront_id: built.storefront_id, offer_id: 'p1-v1' });
    expect(Object.keys(executed.checkout.ids)).toHaveLength(8);
    // A product without a stock: its button is the live link itself.
    const mug = executed.products[0].offers[0];
    const single = await json(await post(app, '/storefront/build', { products: [{ name: 'Tea bowl', price: '30', currency: 'EUR' }], execute: true }));
    expect(single.checkout.checkout_url).toMatch(/^https:\/\/buy\.stripe\.com\//);
    expect(single.html).toContain(`href="${single.checkout.checkout_url}"`);
    // The espresso cup has a stock: its button posts here, which checks the stock, then sends the buyer on to the live link.
    const cup = executed.products[1].offers[0];
    expect(executed.html).not.toContain(cup.checkout_url);
    expect((await buy(app, built.storefront_id, 'p2')).headers.get('location')).toBe(cup.checkout_url);
    expect((await buy(app, built.storefront_id, 'p1-v1')).headers.get('location')).toBe(mug.checkout_url);

    // A run that fails at the fourth call: 502 saying how to resume; resuming makes only what is missing.
    const other = await json(await post(app, '/storefront/build', shop()));
    stripe.reset();
    stripe.failAfter(3, 400, { type: 'invalid_request_error', message: 'Simulated refusal.' });
    const broken = await post(app, '/storefront/revise', { storefront_id: other.storefront_id, changes: {}, execute: true });
    expect(broken.status).toBe(502);
    const error = (await json(broken)).error;
    expect(error.hint).toContain('"execute": true');
    expect([...error.details.done].sort()).toEqual(['link_p1-v1', 'price_p1-v1', 'product_p1']);
    const resumed = await json(await post(app, '/storefront/revise', { storefront_id: other.storefront_id, changes: {}, execute: true }));
    expect(resumed.checkout.executed).toBe(true);
    expect(stripe.products).toHaveLength(2);
    expect(stripe.prices).toHaveLength(3);
    expect(stripe.links).toHaveLength(3);
    // Nothing left to run and nothing changed: no version, no charge.
    const again = await json(await post(app, '/storefront/revise', { storefront_id: other.storefront_id, changes: {}, execute: true }));
    expect(again).toMatchObject({ changed: false, version: resumed.version });
  });

  it('records an order once per checkout from a signed event, decrements the stock, lists orders with CSV, and refuses sold-out products', async () => {
    const built = await json(await post(app, '/storefront/build', shop()));
    const session = {
      id: `cs_test_order_${built.storefront_id}`,
      amount_total: 1200,
      currency: 'eur',
      customer_details: { email: 'ana@example.com' },
      metadata: { storefront_id: built.storefront_id, version: '1', offer_id: 'p2', product_id: 'p2' },
    };
    const event = signed(sessionEvent(session));
    expect((await webhook(event.payload, event.header)).status).toBe(200);
    // The same event again (the router skips it), and another event for the same session: still one order.
    expect((await webhook(event.payload, event.header)).status).toBe(200);
    const second = signed(sessionEvent(session));
    expect((await webhook(second.payload, second.header)).status).toBe(200);
    const orders = await json(await app.api(`/api/agents/storefront/${built.storefront_id}/orders?format=csv`));
    expect(orders.orders).toHaveLength(1);
    expect(orders.orders[0]).toMatchObject({ product: 'Espresso cup', variant: null, amount_total: 1200, currency: 'EUR', customer_email: 'ana@example.com' });
    expect(orders.csv.split('\n')[0]).toBe('order_id,created_at,product,variant,quantity,amount_total_minor,currency,customer_email,stripe_session');
    const read = await json(await app.api(`/api/agents/storefront/${built.storefront_id}`));
    expect(read.products[1].inventory).toBe(1);
    const last = signed(sessionEvent({ ...session, id: `${session.id}_2` }));
    await webhook(last.payload, last.header);
    const soldOut = await buy(app, built.storefront_id, 'p2');
    expect(soldOut.status).toBe(409);
    expect(await soldOut.text()).toContain('sold out');
    const page = await (await fetch(`${app.url}/s/${built.storefront_id}`)).text();
    expect(page).toContain('Sold out');
    expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? '{}').itemListElement[1].item.offers[0].availability).toBe('https://schema.org/SoldOut');
    // A bad signature is refused.
    expect((await webhook(event.payload, 't=1,v1=bad')).status).toBe(400);
  });

  it('keeps the units sold across revisions: a revision carries the stock left, a new figure restocks, an older version’s sale lowers the current stock', async () => {
    const built = await json(await post(app, '/storefront/build', shop()));
    const sale = async (id: string, version: number) => {
      const event = signed(sessionEvent({ id, amount_total: 1200, currency: 'eur', metadata: { storefront_id: built.storefront_id, version: String(version), offer_id: 'p2' } }));
      expect((await webhook(event.payload, event.header)).status).toBe(200);
    };
    const inventory = async () => (await json(await app.api(`/api/agents/storefront/${built.storefront_id}`))).products[1].inventory;
    await sale(`cs_test_keep_${built.storefront_id}_1`, 1);
    const faq = [{ question: 'Are the cups stackable?', answer: 'Yes.' }];
    const revised = await json(await post(app, '/storefront/revise', { storefront_id: built.storefront_id, changes: { faq } }));
    expect(revised.version).toBe(2);
    expect(await inventory()).toBe(1);
    // Bought through version 1's link after the revision: the same cup, so version 2's stock goes down.
    await sale(`cs_test_keep_${built.storefront_id}_2`, 1);
    expect(await inventory()).toBe(0);
    const restocked = shop();
    restocked.products[1] = { ...restocked.products[1], inventory: 5 } as (typeof restocked.products)[number];
    await json(await post(app, '/storefront/revise', { storefront_id: built.storefront_id, changes: { products: restocked.products } }));
    expect(await inventory()).toBe(5);
  });

  it('revises honestly: a change makes a version and says what it did; the same change again makes none and is not charged', async () => {
    const built = await json(await post(bare, '/storefront/build', shop()));
    const faq = [{ question: 'Are the mugs food safe?', answer: 'Yes, the glaze is lead-free.' }];
    const changed = await json(await post(bare, '/storefront/revise', { storefront_id: built.storefront_id, changes: { faq } }));
    expect(changed).toMatchObject({ changed: true, version: 2, applied: ['faq replaced'] });
    expect(changed.html).toContain('Are the mugs food safe?');
    const used = async () => (await json(await bare.api('/api/agents/usage'))).used as number;
    const before = await used();
    const same = await json(await post(bare, '/storefront/revise', { storefront_id: built.storefront_id, changes: { faq } }));
    expect(same).toMatchObject({ changed: false, version: 2, applied: [] });
    expect(await used()).toBe(before);
    const old = await json(await bare.api(`/api/agents/storefront/${built.storefront_id}?version=1`));
    expect(old.html).not.toContain('Are the mugs food safe?');
    expect(old.versions.map((entry: { version: number }) => entry.version)).toEqual([1, 2]);
  });

  it('answers over MCP with structuredContent that matches its output schema', async () => {
    const client = new Client({ name: 'storefront-mcp', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${bare.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bare.key}` } } }));
    try {
      await client.listTools();
      const result = (await client.callTool({ name: 'storefront_build', arguments: { products: [{ name: 'Tea bowl', price: 30, currency: 'GBP' }], lang: 'en' } })) as {
        isError?: boolean;
        structuredContent?: { storefront_id?: string; products?: Array<{ offers: Array<{ formatted: string }> }> };
        content: Array<{ text?: string }>;
      };
      expect(result.isError, result.content[0]?.text).toBeFalsy();
      expect(result.structuredContent?.products?.[0]?.offers[0]?.formatted).toBe('£30.00');
      expect(result.content[0]?.text).toContain(result.structuredContent?.storefront_id);
    } finally {
      await client.close();
    }
  });

  describe('the quality bar', () => {
    const payload = `<script>alert(1)</script>"'><img src=x onerror=alert(2)>`;
    let pages: Record<string, { html: string; embed: string; preview_url: string }> = {};
    beforeAll(async () => {
      const german = await json(
        await post(bare, '/storefront/build', { ...shop(), lang: 'de', faq: [{ question: 'Spülmaschinenfest?', answer: 'Ja.' }], reviews: [{ quote: 'Wunderschön.', name: 'Ana', rating: 5 }] }),
      );
      const hostile = await json(
        await post(bare, '/storefront/build', {
          products: [{ name: payload, description: payload, price: '1.00', currency: 'USD', variants: [{ name: payload }, { name: 'Plain' }] }],
          brand: { name: payload },
          policies: { returns: payload },
          faq: [{ question: payload, answer: payload }],
          reviews: [{ quote: payload, name: payload }],
        }),
      );
      pages = { shop: await json(await post(bare, '/storefront/build', shop())), german, hostile };
    });

    it('shows hostile text as text: no script, handler or image from it', () => {
      const html = pages.hostile?.html ?? '';
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // The JSON-LD block cannot be closed by a name in it.
      expect(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1]).not.toContain('<');
    });

    describe.skipIf(!vnuAvailable)('with the Nu Html Checker', () => {
      it('has zero errors in every page and embed', async () => {
        const documents: Record<string, string> = {};
        for (const [name, page] of Object.entries(pages)) {
          documents[name] = page.html;
          // The embed as a host page would hold it.
          documents[`${name}-embed`] = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><main><h1>Host page</h1>${page.embed}</main></body></html>`;
        }
        await expectValidHtml(documents);
      });
    });
    if (!vnuAvailable) console.warn(vnuSkipReason);

    describe.skipIf(!browserAvailable)('in Chromium', () => {
      let browser: Browser;
      beforeAll(async () => {
        browser = await openBrowser();
      });
      afterAll(() => browser?.close());

      it('sells end to end: a buyer picks a variant on the hosted page, clicks buy and lands on Stripe’s checkout for that variant', async () => {
        const live = await json(await post(app, '/storefront/build', shop()));
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${app.url}/s/${live.storefront_id}`);
        const before = stripe.sessions.length;
        await page.selectOption('#product-p1-offer', 'p1-v2');
        // The browser goes on to Stripe's checkout (the page's form-action allows the redirect); offline, that is where it stops.
        const toCheckout = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith('https://checkout.stripe.com/'), { timeout: 10_000 });
        await page.click('#product-p1 button[type=submit]');
        const request = await toCheckout;
        expect(request.url()).toBe(stripe.sessions.at(-1)?.url);
        expect(stripe.sessions.length).toBe(before + 1);
        expect(stripe.sessions.at(-1)).toMatchObject({ amount_total: 2650, metadata: { storefront_id: live.storefront_id, offer_id: 'p1-v2' } });
        await context.close();
      });

      it('hosts each page under its CSP: no serious axe violation, no overflow at 375 and 1280 px, no request but the caller’s images, nothing run', async () => {
        for (const [name, page] of Object.entries(pages)) {
          const report = await inspectPage(browser, page.preview_url, { allowedOrigins: [new URL(bare.url).origin, imageBase] });
          expectCleanPage(report, name);
        }
      }, 60_000);
    });
    if (!browserAvailable) console.warn(browserSkipReason);
  });
});
