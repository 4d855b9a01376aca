import Stripe from 'stripe';
import { OutcomeError } from '../kernel/errors.js';
import { isStripeAmount, toStripeAmount } from './currencies.js';
import type { PaymentGateway, PaymentLinkRequest } from '../kernel/context.js';

/** Stripe's limit on a payment link's line items. */
const MAX_LINE_ITEMS = 20;

type LineItem = Stripe.PaymentLinkCreateParams.LineItem;

/** `http://127.0.0.1:12111` as the SDK's host options (it always adds `/v1/` itself). */
function hostOptions(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol.slice(0, -1);
  if ((protocol !== 'http' && protocol !== 'https') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`The Stripe API base must be an origin such as http://127.0.0.1:12111, not ${apiBase}.`);
  }
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'https' ? 443 : 80),
  };
}

/** The request's own lines, in Stripe's units, when Stripe can show them and they add up to the total. */
function itemisedLines(request: PaymentLinkRequest): PaymentLinkRequest['lines'] | undefined {
  const { lines, currency } = request;
  if (lines.length === 0 || lines.length > MAX_LINE_ITEMS) return undefined;
  const sendable = lines.every((line) => Number.isSafeInteger(line.quantity) && line.quantity > 0 && line.name.trim() !== '' && isStripeAmount(currency, line.unitAmount));
  if (!sendable) return undefined;
  const sum = lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);
  if (!Number.isSafeInteger(sum) || sum !== request.total) return undefined;
  return lines.map((line) => ({ ...line, unitAmount: toStripeAmount(currency, line.unitAmount) }));
}

function lineItems(request: PaymentLinkRequest): LineItem[] {
  // The total first: a currency or amount Stripe can't take fails here, whatever the lines.
  const total = toStripeAmount(request.currency, request.total);
  const lines = itemisedLines(request) ?? [{ name: request.summary, unitAmount: total, quantity: 1 }];
  const currency = request.currency.toLowerCase();
  return lines.map((line) => ({
    price_data: { currency, unit_amount: line.unitAmount, product_data: { name: line.name } },
    quantity: line.quantity,
  }));
}

/** Stripe masks keys in its messages (`sk_live_****1234`); anything unmasked is removed all the same. */
function withoutSecrets(message: string, secretKey: string): string {
  const masked = secretKey ? message.split(secretKey).join('[redacted]') : message;
  return masked.replace(/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{8,}/g, '[redacted]');
}

const details = (error: Stripe.errors.StripeError) => ({
  processor: 'stripe',
  type: error.rawType ?? error.type,
  code: error.code,
  status: error.statusCode,
  request_id: error.requestId,
});

function timedOut(budgetMs: number): OutcomeError {
  return new OutcomeError(
    'upstream_error',
    `Creating the payment link timed out: Stripe did not answer within ${budgetMs / 1000} s. Nothing was stored; retrying is safe ` +
      '(the retry sends the same idempotency key, so Stripe returns the same link if it did create one).',
    { details: { processor: 'stripe', type: 'timeout', timeout_ms: budgetMs } },
  );
}

/** The SDK's own timeout: its last attempt got no answer in time. */
const isTimeout = (error: Stripe.errors.StripeError) => error instanceof Stripe.errors.StripeConnectionError && (error.detail as { code?: string } | undefined)?.code === 'ETIMEDOUT';

function upstreamError(error: Stripe.errors.StripeError, secretKey: string, budgetMs: number, doing = 'create the payment link'): OutcomeError {
  if (isTimeout(error)) return timedOut(budgetMs);
  const said = withoutSecrets(error.message, secretKey).trim().replace(/\.$/, '') || 'no reason given';
  // No answer at all is not a refusal: the agent should retry, not change its request.
  const what = error instanceof Stripe.errors.StripeConnectionError ? `Could not reach Stripe to ${doing}` : `Stripe refused to ${doing}`;
  return new OutcomeError('upstream_error', `${what}: ${said}. Nothing was stored; retrying is safe.`, { details: details(error) });
}

/** The SDK call behind each planned operation (operations.ts), and what it makes, for messages. */
function operationCall(stripe: Stripe, op: string): { call: (params: never, options: Stripe.RequestOptions) => Promise<{ id: string; url?: string | null }>; makes: string } | undefined {
  switch (op) {
    case 'products.create':
      return { call: (params, options) => stripe.products.create(params, options), makes: 'a product' };
    case 'prices.create':
      return { call: (params, options) => stripe.prices.create(params, options), makes: 'a price' };
    case 'payment_links.create':
      return { call: (params, options) => stripe.paymentLinks.create(params, options), makes: 'a payment link' };
    case 'checkout.sessions.create':
      return { call: (params, options) => stripe.checkout.sessions.create(params, options), makes: 'a checkout session' };
    case 'billing_portal.sessions.create':
      return { call: (params, options) => stripe.billingPortal.sessions.create(params, options), makes: 'a customer portal session' };
    default:
      return undefined;
  }
}

/** How long creating a payment link may take in all, attempts, retries and backoff together. */
const defaultTimeoutMs = 10_000;
/** The shortest attempt worth a retry: Stripe usually answers in about a second, slower under load. */
const minAttemptMs = 4_000;
const maxRetries = 2;

/**
 * The SDK's per-attempt `timeout` and `maxNetworkRetries` whose worst case, every attempt
 * timing out after the longest backoff (`initialMs · 2^(n−1)`, capped at `maxMs`), fits the
 * budget: as many retries as leave each attempt `minAttemptMs`, else one attempt for all of it.
 */
export function attemptPlan(budgetMs: number, backoff: { initialMs: number; maxMs: number }): { timeout: number; maxNetworkRetries: number } {
  for (let retries = maxRetries; retries > 0; retries -= 1) {
    let sleeps = 0;
    for (let retry = 1; retry <= retries; retry += 1) sleeps += Math.min(backoff.initialMs * 2 ** (retry - 1), backoff.maxMs);
    const timeout = Math.floor((budgetMs - sleeps) / (retries + 1));
    if (timeout >= minAttemptMs) return { timeout, maxNetworkRetries: retries };
  }
  return { timeout: budgetMs, maxNetworkRetries: 0 };
}

/**
 * `work`, or the timed-out error once the budget is spent: the SDK's timeout is per attempt
 * and resets whenever a byte arrives, so only this bounds the whole call. The SDK's request
 * may still finish afterwards; its idempotency key makes a retry return that same link.
 */
async function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(budgetMs)), budgetMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StripeGatewayOptions {
  secretKey: string;
  apiBase?: string | undefined;
  /** The whole call's time budget (default 10 s): attempts, retries and backoff together. */
  timeoutMs?: number | undefined;
}

/**
 * Payment links through Stripe's API. The SDK retries connection errors, 409s and 5xx answers
 * with the request's Idempotency-Key, so a retry never creates a second link; its attempts are
 * fitted into one time budget, so that a hanging Stripe never holds a tool call for long.
 */
export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const budgetMs = options.timeoutMs ?? defaultTimeoutMs;
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ? hostOptions(options.apiBase) : {}),
    // Per request below; these only keep the SDK's defaults (80 s, retries) from applying.
    timeout: budgetMs,
    maxNetworkRetries: 0,
  });
  const plan = attemptPlan(budgetMs, {
    initialMs: stripe.getInitialNetworkRetryDelay() * 1000,
    maxMs: stripe.getMaxNetworkRetryDelay() * 1000,
  });

  return {
    async createPaymentLink(request) {
      const { metadata } = request;
      const params: Stripe.PaymentLinkCreateParams = {
        line_items: lineItems(request),
        metadata,
        // On the payment too, so that charges and payouts can be traced back to the outcome's record.
        payment_intent_data: { metadata },
        ...(request.singleUse ? { restrictions: { completed_sessions: { limit: 1 } } } : {}),
      };
      try {
        const link = await withinBudget(stripe.paymentLinks.create(params, { idempotencyKey: request.idempotencyKey, ...plan }), budgetMs);
        return { id: link.id, url: link.url };
      } catch (thrown) {
        throw thrown instanceof Stripe.errors.StripeError ? upstreamError(thrown, options.secretKey, budgetMs) : thrown;
      }
    },
    async runOperation(op, params, idempotencyKey) {
      const planned = operationCall(stripe, op);
      if (!planned) throw new Error(`No Stripe operation "${op}"`);
      try {
        const made = await withinBudget(planned.call(params as never, { idempotencyKey, ...plan }), budgetMs);
        return { id: made.id, url: made.url ?? null };
      } catch (thrown) {
        throw thrown instanceof Stripe.errors.StripeError ? upstreamError(thrown, options.secretKey, budgetMs, `create ${planned.makes}`) : thrown;
      }
    },
    async deactivatePaymentLink(id) {
      try {
        await withinBudget(stripe.paymentLinks.update(id, { active: false }, plan), budgetMs);
      } catch (thrown) {
        throw thrown instanceof Stripe.errors.StripeError ? upstreamError(thrown, options.secretKey, budgetMs) : thrown;
      }
    },
  };
}
