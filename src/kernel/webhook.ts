import type { Log, StoreHandle } from './context.js';

/** A Stripe event as a module's handler receives it: its signature checked, its JSON parsed. */
export interface StripeEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
}

export interface WebhookContext {
  store: StoreHandle;
  now: () => Date;
  log: Log;
}

/**
 * Handles one type of Stripe event for a module (an invoice's payment link paid, later a plan or
 * a storefront order). It must be idempotent: Stripe delivers at least once, and the platform's
 * router skips only events it already saw handled. A throw answers 500, so Stripe retries.
 */
export type StripeEventHandler = (event: StripeEvent, ctx: WebhookContext) => Promise<void>;
