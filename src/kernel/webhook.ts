import type { JobScheduler, Log, Mailer, StoreHandle } from './context.js';

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
  /** Absolute base URL for links (`PUBLIC_BASE_URL`). */
  baseUrl: string;
  /** Null without SMTP_URL: what an event would email is then left to the owner. */
  mail: Mailer | null;
  /** Work an event starts for later (a new member's onboarding emails). */
  jobs: JobScheduler;
}

/**
 * Handles one type of Stripe event for a module (an invoice's payment link paid, later a plan or
 * a storefront order). It must be idempotent: Stripe delivers at least once, and the platform's
 * router skips only events it already saw handled. A throw answers 500, so Stripe retries.
 */
export type StripeEventHandler = (event: StripeEvent, ctx: WebhookContext) => Promise<void>;
