import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { OutcomeError } from '../kernel/errors.js';
import type { StripeEvent, StripeEventHandler } from '../kernel/webhook.js';
import type { JobScheduler, Mailer } from '../kernel/context.js';
import type { Store } from '../store/store.js';
import { sendErrorEnvelope } from './http.js';

/** Stripe sends events of up to a few hundred kilobytes; more is not an event. */
const maxEventBytes = 1024 * 1024;

/**
 * `POST /webhooks/stripe`: the platform's one Stripe endpoint, a small router by event type.
 * The signature is checked by Stripe's SDK against STRIPE_WEBHOOK_SECRET on the raw bytes (400
 * when it does not match); a type no module handles, or an event already handled, is answered
 * 200 and left alone; the modules' handlers run otherwise, and a handler that throws answers
 * 500 so that Stripe delivers the event again.
 */
export function stripeWebhook(deps: {
  secret: string | undefined;
  handlers: ReadonlyMap<string, readonly StripeEventHandler[]>;
  store: Store;
  now: () => Date;
  log: Logger;
  mail: Mailer | null;
  jobs: JobScheduler;
  baseUrl: () => string;
}): RequestHandler[] {
  const log = deps.log.child({ component: 'stripe-webhook' });
  const handle: RequestHandler = async (req, res) => {
    if (!deps.secret) {
      sendErrorEnvelope(
        res,
        new OutcomeError('unavailable', 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).', {
          hint: 'Set STRIPE_WEBHOOK_SECRET to the endpoint signing secret Stripe shows (whsec_…).',
        }),
      );
      return;
    }
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      sendErrorEnvelope(res, new OutcomeError('invalid_input', 'A Stripe webhook needs its raw body and the Stripe-Signature header.'));
      return;
    }
    let event: StripeEvent;
    try {
      const { default: Stripe } = await import('stripe');
      event = Stripe.webhooks.constructEvent(req.body, signature, deps.secret) as unknown as StripeEvent;
    } catch {
      log.warn({ bytes: req.body.length }, 'refused a Stripe webhook whose signature does not verify');
      sendErrorEnvelope(res, new OutcomeError('invalid_input', 'The Stripe-Signature does not match this body and the endpoint secret (or is too old).'));
      return;
    }
    const handlers = deps.handlers.get(event.type) ?? [];
    const seen = await deps.store.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen || handlers.length === 0) {
      res.json({ received: true, handled: false, reason: seen ? 'already handled' : `no handler for ${event.type}` });
      return;
    }
    try {
      for (const handler of handlers)
        await handler(event, { store: deps.store, now: deps.now, mail: deps.mail, jobs: deps.jobs, baseUrl: deps.baseUrl(), log: log.child({ event_id: event.id, type: event.type }) });
    } catch (error) {
      log.error({ err: error, event_id: event.id, type: event.type }, 'a Stripe event handler failed; Stripe will deliver it again');
      sendErrorEnvelope(res, new OutcomeError('internal', `Handling ${event.type} failed; it will be retried.`));
      return;
    }
    // Recorded after its handlers ran: a crash before this line means a redelivery, which the handlers take idempotently.
    await deps.store.db
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, handled_at: deps.now().toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    res.json({ received: true, handled: true });
  };
  return [express.raw({ type: () => true, limit: maxEventBytes }), handle];
}
