/**
 * Stripe operations as data: the ordered calls that make an outcome sell (a product, its
 * prices, a payment link…), each `{op, ref, params, idempotency_key}`, with later steps naming
 * earlier ones' ids as `"$ref:product_1"`. An agent can read them and run them itself; the
 * service runs them through the SDK when asked (`runOperations`), resuming where a failed run
 * stopped: steps already done are skipped, and a step cut off mid-call is sent again under
 * its idempotency key, so Stripe answers with the object it already made.
 */
import type Stripe from 'stripe';
import { OutcomeError } from '../kernel/errors.js';
import type { PaymentGateway, PaymentOperationResult } from '../kernel/context.js';

/** Each operation and the `stripe` SDK's own param type for it. */
export interface StripeOperationParams {
  'products.create': Stripe.ProductCreateParams;
  'prices.create': Stripe.PriceCreateParams;
  'payment_links.create': Stripe.PaymentLinkCreateParams;
  'checkout.sessions.create': Stripe.Checkout.SessionCreateParams;
  'billing_portal.sessions.create': Stripe.BillingPortal.SessionCreateParams;
}
export type StripeOperationName = keyof StripeOperationParams;
export const stripeOperationNames = [
  'products.create',
  'prices.create',
  'payment_links.create',
  'checkout.sessions.create',
  'billing_portal.sessions.create',
] as const satisfies readonly StripeOperationName[];

export type StripeOperation = {
  [N in StripeOperationName]: {
    op: N;
    /** This step's name, e.g. `product_1`: later steps put `"$ref:product_1"` where its id goes. */
    ref: string;
    params: StripeOperationParams[N];
    /** Derived from what the step makes: the same step always sends the same key. */
    idempotency_key: string;
  };
}[StripeOperationName];

export interface StripeOperationDone extends PaymentOperationResult {
  ref: string;
  op: StripeOperationName;
}

/** Where Stripe's hosted pages live: pages whose forms this service answers with a redirect there must allow them. */
export const stripeHostedOrigins = { checkout: 'https://checkout.stripe.com', paymentLinks: 'https://buy.stripe.com', billingPortal: 'https://billing.stripe.com' } as const;

const refPrefix = '$ref:';
export const refTo = (ref: string) => `${refPrefix}${ref}`;

/** Every `$ref:` in `value`, in order. */
function referencesIn(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith(refPrefix) ? [value.slice(refPrefix.length)] : [];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(referencesIn);
  return [];
}

/** `value` with each `$ref:x` replaced by the id step `x` made. */
function resolved(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith(refPrefix)) return ids.get(value.slice(refPrefix.length));
  if (Array.isArray(value)) return value.map((item) => resolved(item, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(item, ids)]));
  return value;
}

/** A plan whose steps name only earlier steps, each ref and key once: what `runOperations` can run. Throws (a bug in the planner) otherwise. */
export function checkPlan(operations: readonly StripeOperation[]): void {
  const seen = new Set<string>();
  const keys = new Set<string>();
  for (const operation of operations) {
    for (const ref of referencesIn(operation.params)) {
      if (!seen.has(ref)) throw new Error(`Stripe operation ${operation.ref} refers to "${ref}", which no earlier step makes`);
    }
    if (seen.has(operation.ref)) throw new Error(`Two Stripe operations are both named ${operation.ref}`);
    if (keys.has(operation.idempotency_key)) throw new Error(`Two Stripe operations share the idempotency key ${operation.idempotency_key}`);
    seen.add(operation.ref);
    keys.add(operation.idempotency_key);
  }
}

/** The gateway, or the error that says executing needs one: raised before anything is stored. */
export function requirePayments(gateway: PaymentGateway | null): PaymentGateway {
  if (gateway) return gateway;
  throw new OutcomeError('payment_processor_not_configured', 'execute: true needs a payment processor, and none is configured (STRIPE_SECRET_KEY). Nothing was created.', {
    hint: 'Call again without execute (the operations are returned for you to run), or ask the operator to configure Stripe.',
  });
}

/**
 * Runs `operations` in order through the gateway, skipping those in `done` (an earlier run's),
 * and hands each result to `record` before the next starts, so that a run that fails midway
 * leaves what it made on record and the next run resumes after it. Returns every step's result.
 */
export async function runOperations(
  gateway: PaymentGateway | null,
  operations: readonly StripeOperation[],
  done: readonly StripeOperationDone[],
  record: (result: StripeOperationDone) => Promise<void>,
): Promise<StripeOperationDone[]> {
  const payments = requirePayments(gateway);
  checkPlan(operations);
  const results = new Map(done.map((result) => [result.ref, result]));
  const ids = new Map(done.map((result) => [result.ref, result.id]));
  for (const operation of operations) {
    if (results.has(operation.ref)) continue;
    const made = await payments.runOperation(operation.op, resolved(operation.params, ids) as Record<string, unknown>, operation.idempotency_key);
    const result: StripeOperationDone = { ref: operation.ref, op: operation.op, ...made };
    await record(result);
    results.set(operation.ref, result);
    ids.set(operation.ref, result.id);
  }
  return operations.map((operation) => results.get(operation.ref) as StripeOperationDone);
}
