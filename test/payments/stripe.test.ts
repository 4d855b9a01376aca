import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutcomeError } from '../../src/kernel/errors.js';
import type { PaymentLinkRequest } from '../../src/kernel/context.js';
import { attemptPlan, stripeGateway } from '../../src/payments/stripe.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';

const secretKey = 'sk_test_51FakeSecretKeyForTheGatewayTests0000';

let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});

afterAll(async () => {
  await fake.close();
});

afterEach(() => {
  fake.reset();
});

let keys = 0;

function linkRequest(overrides: Partial<PaymentLinkRequest> = {}): PaymentLinkRequest {
  keys += 1;
  return {
    idempotencyKey: `draft-${keys}-payment-link`,
    metadata: { invoice_id: 'inv_01J0000000000000000000000' },
    singleUse: true,
    summary: 'Invoice for Acme GmbH',
    currency: 'EUR',
    total: 4250,
    lines: [
      { name: 'Consulting (hours)', unitAmount: 1500, quantity: 2 },
      { name: 'Travel', unitAmount: 1250, quantity: 1 },
    ],
    ...overrides,
  };
}

const gateway = () => stripeGateway({ secretKey, apiBase: fake.apiBase });

/** The request's line item fields, the ones that vary between the cases below. */
function lineItemFields(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).filter(([name]) => name.startsWith('line_items')));
}

function summaryLine(currency: string, amount: number, summary = 'Invoice for Acme GmbH') {
  return {
    'line_items[0][price_data][currency]': currency,
    'line_items[0][price_data][unit_amount]': String(amount),
    'line_items[0][price_data][product_data][name]': summary,
    'line_items[0][quantity]': '1',
  };
}

async function outcomeError(promise: Promise<unknown>): Promise<OutcomeError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(OutcomeError);
  return thrown as OutcomeError;
}

describe('stripeGateway: the request Stripe receives', () => {
  it('sends one POST /v1/payment_links with exactly these form fields and the idempotency key', async () => {
    const request = linkRequest();
    const link = await gateway().createPaymentLink(request);

    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_links', status: 200, idempotencyKey: request.idempotencyKey });
    expect(sent!.form).toEqual({
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][product_data][name]': 'Consulting (hours)',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][currency]': 'eur',
      'line_items[1][price_data][unit_amount]': '1250',
      'line_items[1][price_data][product_data][name]': 'Travel',
      'line_items[1][quantity]': '1',
      'metadata[invoice_id]': 'inv_01J0000000000000000000000',
      'payment_intent_data[metadata][invoice_id]': 'inv_01J0000000000000000000000',
      'restrictions[completed_sessions][limit]': '1',
    });
    expect(fake.links).toHaveLength(1);
    expect(link).toEqual({ id: fake.links[0]!.id, url: fake.links[0]!.url });
    expect(link.id).toMatch(/^plink_/);
    expect(link.url).toMatch(/^https:\/\/buy\.stripe\.com\/test_/);
  });

  it('leaves a link that is not single-use open to more than one checkout, with the metadata it was given', async () => {
    await gateway().createPaymentLink(linkRequest({ singleUse: false, metadata: { order_id: 'ord_1', note: 'x' } }));
    const form = fake.requests[0]!.form;
    expect(Object.keys(form).filter((field) => field.startsWith('restrictions'))).toEqual([]);
    expect(form).toMatchObject({ 'metadata[order_id]': 'ord_1', 'metadata[note]': 'x', 'payment_intent_data[metadata][order_id]': 'ord_1' });
  });

  it.each([
    ['the lines do not add up to the total', { total: 4300 }],
    ['there are more than 20 lines', { total: 2100, lines: Array.from({ length: 21 }, (_, i) => ({ name: `Item ${i + 1}`, unitAmount: 100, quantity: 1 })) }],
    ['a quantity is fractional', { total: 2250, lines: [{ name: 'Consulting (hours)', unitAmount: 1500, quantity: 1.5 }] }],
    ['a quantity is zero', { total: 0, lines: [{ name: 'Free', unitAmount: 1500, quantity: 0 }] }],
    [
      'a line is negative (a discount)',
      {
        total: 1000,
        lines: [
          { name: 'Work', unitAmount: 1500, quantity: 1 },
          { name: 'Discount', unitAmount: -500, quantity: 1 },
        ],
      },
    ],
    ['there are no lines', { lines: [] }],
  ])('sends one summary line when %s', async (_, overrides) => {
    const request = linkRequest(overrides);
    await gateway().createPaymentLink(request);
    expect(lineItemFields(fake.requests[0]!.form)).toEqual(summaryLine('eur', request.total));
  });

  it('sends 20 lines one by one (Stripe’s limit)', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({ name: `Item ${i + 1}`, unitAmount: 100, quantity: 1 }));
    await gateway().createPaymentLink(linkRequest({ total: 2000, lines }));
    const form = fake.requests[0]!.form;
    expect(form['line_items[19][price_data][product_data][name]']).toBe('Item 20');
    expect(form['line_items[20][quantity]']).toBeUndefined();
  });
});

describe('stripeGateway: currencies', () => {
  it('sends zero-decimal amounts (JPY) as they are', async () => {
    await gateway().createPaymentLink(linkRequest({ currency: 'JPY', total: 1500, lines: [{ name: 'Tea', unitAmount: 500, quantity: 3 }] }));
    expect(lineItemFields(fake.requests[0]!.form)).toMatchObject({
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][quantity]': '3',
    });
  });

  it('sends ISK ×100: zero decimals in ISO 4217, two at Stripe', async () => {
    await gateway().createPaymentLink(linkRequest({ currency: 'ISK', total: 1500, lines: [{ name: 'Tour', unitAmount: 750, quantity: 2 }] }));
    expect(fake.requests[0]!.form['line_items[0][price_data][unit_amount]']).toBe('75000');
  });

  it('sends MGA ÷100: two decimals in ISO 4217, zero at Stripe; fractions are refused', async () => {
    await gateway().createPaymentLink(linkRequest({ currency: 'MGA', total: 150000, lines: [{ name: 'Vanilla', unitAmount: 150000, quantity: 1 }] }));
    expect(fake.requests[0]!.form['line_items[0][price_data][unit_amount]']).toBe('1500');

    const error = await outcomeError(gateway().createPaymentLink(linkRequest({ currency: 'MGA', total: 150050, lines: [] })));
    expect(error.code).toBe('unprocessable');
    expect(error.message).toContain('MGA 1500.50');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a KWD amount whose last digit is not 0 before any request reaches Stripe', async () => {
    const error = await outcomeError(gateway().createPaymentLink(linkRequest({ currency: 'KWD', total: 12345, lines: [{ name: 'Service', unitAmount: 12345, quantity: 1 }] })));
    expect(error.code).toBe('unprocessable');
    expect(error.status).toBe(422);
    expect(error.message).toContain('last digit of KWD amounts');
    expect(error.message).toContain('KWD 12.345');
    expect(error.message).toContain('KWD 12.340 or KWD 12.350');
    expect(fake.requests).toHaveLength(0);
  });

  it('sends a KWD total ending in 0 as one summary line when a line ends in 5', async () => {
    const lines = [
      { name: 'A', unitAmount: 6165, quantity: 1 },
      { name: 'B', unitAmount: 6175, quantity: 1 },
    ];
    await gateway().createPaymentLink(linkRequest({ currency: 'KWD', total: 12340, lines }));
    expect(lineItemFields(fake.requests[0]!.form)).toEqual(summaryLine('kwd', 12340));
  });

  it('refuses a currency Stripe does not take', async () => {
    const error = await outcomeError(gateway().createPaymentLink(linkRequest({ currency: 'IQD', total: 1000, lines: [] })));
    expect(error.code).toBe('unprocessable');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('stripeGateway: failures and retries', () => {
  it('retries a 500 with the same idempotency key: one link in the end, and its result', async () => {
    fake.failNext(500, { type: 'api_error', message: 'An unknown error occurred.' });
    const request = linkRequest();
    const link = await gateway().createPaymentLink(request);

    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);
    expect(fake.requests.map((r) => r.idempotencyKey)).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect(fake.requests[1]!.form).toEqual(fake.requests[0]!.form);
    expect(fake.links).toHaveLength(1);
    expect(link.id).toBe(fake.links[0]!.id);
  });

  it('gives up after its retry with upstream_error; calling again then creates exactly one link', async () => {
    fake.failNext(503, { type: 'api_error', message: 'Stripe is temporarily unavailable.' }, 2);
    const request = linkRequest();
    const error = await outcomeError(gateway().createPaymentLink(request));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toBe('Stripe refused to create the payment link: Stripe is temporarily unavailable. Nothing was stored; retrying is safe.');
    expect(fake.requests).toHaveLength(2);
    expect(fake.links).toHaveLength(0);

    const link = await gateway().createPaymentLink(request);
    expect(fake.links).toHaveLength(1);
    expect(link.id).toBe(fake.links[0]!.id);
  });

  it('surfaces a 402 card error as upstream_error with Stripe’s message, without retrying', async () => {
    fake.failNext(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const error = await outcomeError(gateway().createPaymentLink(linkRequest()));
    expect(error.code).toBe('upstream_error');
    expect(error.status).toBe(502);
    expect(error.message).toBe('Stripe refused to create the payment link: Your card was declined. Nothing was stored; retrying is safe.');
    expect(error.details).toMatchObject({ processor: 'stripe', type: 'card_error', code: 'card_declined', status: 402 });
    expect(fake.requests).toHaveLength(1);
  });

  it('surfaces a 400 invalid request as upstream_error with Stripe’s message', async () => {
    fake.failNext(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
      message: 'Invalid integer: 12.5',
    });
    const error = await outcomeError(gateway().createPaymentLink(linkRequest()));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toContain(': Invalid integer: 12.5. Nothing was stored');
    expect(error.details).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid_integer', status: 400 });
    expect(fake.links).toHaveLength(0);
  });

  it('returns the same link when called twice with the same idempotency key', async () => {
    const request = linkRequest();
    const first = await gateway().createPaymentLink(request);
    const second = await gateway().createPaymentLink(request);
    expect(second).toEqual(first);
    expect(fake.links).toHaveLength(1);
    expect(fake.requests.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('never puts the secret key in an error message', async () => {
    const seen: OutcomeError[] = [];
    // Stripe masks a rejected key, but a message that echoed it must still not leak it.
    fake.failNext(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${secretKey}` });
    seen.push(await outcomeError(gateway().createPaymentLink(linkRequest())));
    fake.failNext(402, { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    seen.push(await outcomeError(gateway().createPaymentLink(linkRequest())));
    seen.push(await outcomeError(stripeGateway({ secretKey: 'sk_live_NotAcceptedByTheFake1234', apiBase: fake.apiBase }).createPaymentLink(linkRequest())));
    seen.push(await outcomeError(gateway().createPaymentLink(linkRequest({ currency: 'KWD', total: 5 }))));

    // Nothing listens on the closed server's port: a connection error after the SDK's retries.
    const closed = await startFakeStripe();
    await closed.close();
    seen.push(await outcomeError(stripeGateway({ secretKey, apiBase: closed.apiBase }).createPaymentLink(linkRequest())));

    expect(seen.map((e) => e.code)).toEqual(['upstream_error', 'upstream_error', 'upstream_error', 'unprocessable', 'upstream_error']);
    expect(seen[2]!.message).toContain('Invalid API Key provided: sk_live_');
    expect(seen[4]!.details).toMatchObject({ processor: 'stripe', type: 'StripeConnectionError' });
    for (const error of seen) {
      const text = JSON.stringify({ message: error.message, envelope: error.toEnvelope() });
      expect(text).not.toContain(secretKey);
      expect(text).not.toContain('sk_live_NotAcceptedByTheFake1234');
      expect(text).not.toMatch(/[sr]k_(test|live)_[A-Za-z0-9]{4}/);
    }
  });

  it('rejects an API base that is not an origin', () => {
    expect(() => stripeGateway({ secretKey, apiBase: 'ftp://127.0.0.1:12111' })).toThrow(/origin/);
    expect(() => stripeGateway({ secretKey, apiBase: 'http://127.0.0.1:12111/v1' })).toThrow(/origin/);
  });
});

describe('stripeGateway: a Stripe that does not answer', () => {
  it('gives up within its time budget, says it timed out (not refused), and the retry makes one link', async () => {
    fake.hangNext();
    const request = linkRequest();
    const quick = stripeGateway({ secretKey, apiBase: fake.apiBase, timeoutMs: 1000 });
    const started = performance.now();
    const error = await outcomeError(quick.createPaymentLink(request));
    const elapsed = performance.now() - started;

    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1000 + 500);
    expect(error.code).toBe('upstream_error');
    expect(error.status).toBe(502);
    expect(error.message).toContain('timed out');
    expect(error.message).toContain('Stripe did not answer within 1 s');
    expect(error.message).toContain('Nothing was stored; retrying is safe');
    expect(error.message).not.toContain('refused');
    expect(error.details).toMatchObject({ processor: 'stripe', type: 'timeout', timeout_ms: 1000 });
    // One attempt fills a 1 s budget: no retry piles up behind it.
    expect(fake.requests).toHaveLength(1);
    expect(fake.links).toHaveLength(0);

    const link = await quick.createPaymentLink(request);
    expect(fake.links).toHaveLength(1);
    expect(link.id).toBe(fake.links[0]!.id);
  });

  it('fits the SDK’s attempts, timeouts and backoff into the budget', () => {
    const sdk = new Stripe(secretKey);
    const delays = { initialMs: sdk.getInitialNetworkRetryDelay() * 1000, maxMs: sdk.getMaxNetworkRetryDelay() * 1000 };
    const worstCase = ({ timeout, maxNetworkRetries }: { timeout: number; maxNetworkRetries: number }) => {
      let sleeps = 0;
      for (let retry = 1; retry <= maxNetworkRetries; retry += 1) sleeps += Math.min(delays.initialMs * 2 ** (retry - 1), delays.maxMs);
      return (maxNetworkRetries + 1) * timeout + sleeps;
    };
    for (const budget of [1000, 2500, 5000, 8000, 10_000, 20_000, 30_000, 60_000]) {
      const plan = attemptPlan(budget, delays);
      expect(worstCase(plan), `${budget} ms`).toBeLessThanOrEqual(budget);
      expect(plan.timeout).toBeGreaterThan(0);
    }
    expect(attemptPlan(1000, delays)).toEqual({ timeout: 1000, maxNetworkRetries: 0 });
    // The default budget keeps one retry (a dropped connection, a 5xx) with attempts long enough for a slow answer.
    expect(attemptPlan(10_000, delays)).toMatchObject({ maxNetworkRetries: 1 });
    expect(attemptPlan(10_000, delays).timeout).toBeGreaterThanOrEqual(4000);
    expect(attemptPlan(30_000, delays)).toMatchObject({ maxNetworkRetries: 2 });
  });

  it('says it could not reach Stripe when nothing listens, not that Stripe refused', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const error = await outcomeError(stripeGateway({ secretKey, apiBase: closed.apiBase, timeoutMs: 1000 }).createPaymentLink(linkRequest()));
    expect(error.code).toBe('upstream_error');
    expect(error.message).toMatch(/^Could not reach Stripe to create the payment link: /);
    expect(error.message).toContain('Nothing was stored; retrying is safe');
  });
});

describe('the fake Stripe API validates like Stripe', () => {
  const sdk = () => new Stripe(secretKey, { host: '127.0.0.1', port: new URL(fake.apiBase).port, protocol: 'http', maxNetworkRetries: 0 });
  const item = { price_data: { currency: 'eur', unit_amount: 100, product_data: { name: 'Thing' } }, quantity: 1 };

  async function refusal(params: unknown, idempotencyKey?: string) {
    const thrown = await sdk()
      .paymentLinks.create(params as Stripe.PaymentLinkCreateParams, idempotencyKey ? { idempotencyKey } : undefined)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(thrown).toBeInstanceOf(Stripe.errors.StripeError);
    return thrown as Stripe.errors.StripeError;
  }

  it.each([
    ['an unknown parameter', { line_items: [item], colour: 'red' }, 'Received unknown parameter: colour', 'colour'],
    [
      'an unknown nested parameter',
      { line_items: [{ ...item, price_data: { ...item.price_data, amount: 5 } }] },
      'Received unknown parameter: line_items[0][price_data][amount]',
      'line_items[0][price_data][amount]',
    ],
    ['no line items', { metadata: { a: 'b' } }, 'Missing required param: line_items.', 'line_items'],
    ['21 line items', { line_items: Array.from({ length: 21 }, () => item) }, 'You may only specify up to 20 line items', 'line_items'],
    ['a zero quantity', { line_items: [{ ...item, quantity: 0 }] }, 'greater than or equal to 1', 'line_items[0][quantity]'],
    ['a fractional quantity', { line_items: [{ ...item, quantity: 1.5 }] }, 'Invalid integer: 1.5', 'line_items[0][quantity]'],
    ['an upper-case currency', { line_items: [{ ...item, price_data: { ...item.price_data, currency: 'EUR' } }] }, 'Invalid currency: EUR', 'line_items[0][price_data][currency]'],
    ['a negative unit amount', { line_items: [{ ...item, price_data: { ...item.price_data, unit_amount: -1 } }] }, 'greater than or equal to 0', 'line_items[0][price_data][unit_amount]'],
    ['a blank product name', { line_items: [{ ...item, price_data: { ...item.price_data, product_data: { name: ' ' } } }] }, 'Missing required param', 'line_items[0][price_data][product_data][name]'],
    ['a completed-sessions limit of 0', { line_items: [item], restrictions: { completed_sessions: { limit: 0 } } }, 'greater than or equal to 1', 'restrictions[completed_sessions][limit]'],
  ])('refuses %s with a Stripe-shaped 400', async (_, params, message, param) => {
    const error = await refusal(params);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toContain(message);
    expect(error.param).toBe(param);
    expect(fake.links).toHaveLength(0);
  });

  it('refuses a key reused with other parameters (idempotency_error) and stores nothing for a refused request', async () => {
    await sdk().paymentLinks.create({ line_items: [item] }, { idempotencyKey: 'reused-key' });
    const error = await refusal({ line_items: [{ ...item, quantity: 2 }] }, 'reused-key');
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.message).toContain("Try using a key other than 'reused-key'");

    await refusal({ line_items: [{ ...item, quantity: 0 }] }, 'refused-first');
    await sdk().paymentLinks.create({ line_items: [item] }, { idempotencyKey: 'refused-first' });
    expect(fake.links).toHaveLength(2);
  });

  it('refuses a key that is not a test secret key with a masked 401', async () => {
    const live = new Stripe('sk_live_abcdefgh12345678', { host: '127.0.0.1', port: new URL(fake.apiBase).port, protocol: 'http' });
    const thrown = await live.paymentLinks.create({ line_items: [item] }).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((thrown as Error).message).toBe('Invalid API Key provided: sk_live_************5678');
  });

  it('answers line_items when expanded', async () => {
    const link = await sdk().paymentLinks.create({ line_items: [item], expand: ['line_items'] });
    expect(link.line_items?.data[0]).toMatchObject({ object: 'item', amount_total: 100, currency: 'eur', quantity: 1, description: 'Thing' });
  });
});
