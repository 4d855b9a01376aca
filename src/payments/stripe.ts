import Stripe from 'stripe';
import { OutcomeError } from '../kernel/errors.js';
import { isStripeAmount, toStripeAmount } from './currencies.js';
import type { PaymentGateway, PaymentLinkRequest } from './gateway.js';

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
  const sendable = lines.every(
    (line) =>
      Number.isSafeInteger(line.quantity) &&
      line.quantity > 0 &&
      line.name.trim() !== '' &&
      isStripeAmount(currency, line.unitAmount),
  );
  if (!sendable) return undefined;
  const sum = lines.reduce((total, line) => total + line.unitAmount * line.quantity, 0);
  if (!Number.isSafeInteger(sum) || sum !== request.total) return undefined;
  return lines.map((line) => ({ ...line, unitAmount: toStripeAmount(currency, line.unitAmount) }));
}

function lineItems(request: PaymentLinkRequest): LineItem[] {
  // The total first: a currency or amount Stripe can't take fails here, whatever the lines.
  const total = toStripeAmount(request.currency, request.total);
  const lines = itemisedLines(request) ?? [
    { name: request.summary, unitAmount: total, quantity: 1 },
  ];
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

function upstreamError(error: Stripe.errors.StripeError, secretKey: string): OutcomeError {
  const said = withoutSecrets(error.message, secretKey).trim().replace(/\.$/, '') || 'no reason given';
  return new OutcomeError(
    'upstream_error',
    `Stripe refused to create the payment link: ${said}. Nothing was stored; retrying is safe.`,
    {
      details: {
        processor: 'stripe',
        type: error.rawType ?? error.type,
        code: error.code,
        status: error.statusCode,
        request_id: error.requestId,
      },
    },
  );
}

/**
 * Payment links through Stripe's API. The SDK retries connection errors, 409s and 5xx answers
 * with the request's Idempotency-Key, so a retry never creates a second link.
 */
export function stripeGateway(options: { secretKey: string; apiBase?: string }): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ? hostOptions(options.apiBase) : {}),
    // The SDK's default (80 s) would hold a tool call far longer than an agent waits.
    timeout: 15_000,
    maxNetworkRetries: 2,
  });

  return {
    async createPaymentLink(request) {
      // The number is taken only when the invoice is stored, after the link exists: the id ties them.
      const metadata = { invoice_id: request.invoiceId };
      const params: Stripe.PaymentLinkCreateParams = {
        line_items: lineItems(request),
        metadata,
        // On the payment too, so that charges and payouts can be traced back to the invoice.
        payment_intent_data: { metadata },
        // An invoice is paid once: the link stops accepting payments after one completed checkout.
        restrictions: { completed_sessions: { limit: 1 } },
      };
      try {
        const link = await stripe.paymentLinks.create(params, { idempotencyKey: request.idempotencyKey });
        return { id: link.id, url: link.url };
      } catch (thrown) {
        throw thrown instanceof Stripe.errors.StripeError ? upstreamError(thrown, options.secretKey) : thrown;
      }
    },
  };
}
