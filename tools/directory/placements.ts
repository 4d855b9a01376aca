/**
 * Paid placements and claims. A completed checkout for a listing (its session's metadata says
 * which, and what it bought) either places it or records its claim. A placement runs until the end
 * of its period, counted from now, or from the end of the same tier still running (a renewal). A
 * higher tier bought is shown at once and pushes the lower tier's paid time still to come back by
 * its length; a lower tier bought while a higher one runs starts when that ends: no paid time is
 * lost, and no tier is shown for longer than it was paid. A job scheduled for the end drops the
 * listing back (or to its lower tier still paid for), after checking that no later payment moved
 * it. A claim fee marks the listing claimed, once per listing. Each session is recorded once,
 * however often Stripe delivers it, and the hosted pages read placements and claims as they are now.
 */
import { z } from 'zod';
import type { JobScheduler, ScheduledTaskContext, StoreHandle } from '../../src/kernel/context.js';
import { newId } from '../../src/kernel/ids.js';
import type { ScheduledTask } from '../../src/kernel/outcome.js';
import type { StripeEvent, StripeEventHandler, WebhookContext } from '../../src/kernel/webhook.js';
import { isUniqueViolation } from '../../src/store/store.js';
import { directoryIds } from './ids.js';
import { placementRank } from './search.js';
import { directoryDb } from './tables.js';

const DAY_MS = 86_400_000;
export const placementEndKind = 'directory_placement_end';

export interface Placement {
  tier: string;
  until: string;
}

/** Listing id → its placement now: the tier alone for pages, with its end for the tools. */
export async function placementsOf(store: StoreHandle, directoryId: string): Promise<Record<string, string>>;
export async function placementsOf(store: StoreHandle, directoryId: string, withEnds: true): Promise<Record<string, Placement>>;
export async function placementsOf(store: StoreHandle, directoryId: string, withEnds = false): Promise<Record<string, string> | Record<string, Placement>> {
  const rows = await directoryDb(store).selectFrom('directory_placements').select(['listing_id', 'tier', 'until']).where('directory_id', '=', directoryId).execute();
  if (withEnds) return Object.fromEntries(rows.map((row) => [row.listing_id, { tier: row.tier, until: row.until }]));
  return Object.fromEntries(rows.map((row) => [row.listing_id, row.tier]));
}

const endJobSchema = z.object({ directory_id: z.string(), listing_id: z.string(), until: z.string() });

function scheduleEnd(jobs: JobScheduler, accountId: string, directoryId: string, listingId: string, until: string): Promise<boolean> {
  const input: z.output<typeof endJobSchema> = { directory_id: directoryId, listing_id: listingId, until };
  return jobs.schedule({ kind: placementEndKind, input, accountId, runAt: new Date(until), key: [placementEndKind, directoryId, listingId, until].join(':') });
}

interface Session {
  id?: string;
  payment_status?: string;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  currency?: string | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null } | null;
  payment_intent?: string | { id: string } | null;
}

export interface Claim {
  email: string;
  claimed_at: string;
}

/** Listing id → its claim. */
export async function claimsOf(store: StoreHandle, directoryId: string): Promise<Record<string, Claim>> {
  const rows = await directoryDb(store).selectFrom('directory_claims').select(['listing_id', 'email', 'claimed_at']).where('directory_id', '=', directoryId).execute();
  return Object.fromEntries(rows.map((row) => [row.listing_id, { email: row.email, claimed_at: row.claimed_at }]));
}

/** Claims as the tools list them (`listings.claims`), oldest first. */
export async function claimList(store: StoreHandle, directoryId: string): Promise<Array<Claim & { listing_id: string }>> {
  return directoryDb(store).selectFrom('directory_claims').select(['listing_id', 'email', 'claimed_at']).where('directory_id', '=', directoryId).orderBy('claimed_at').orderBy('listing_id').execute();
}

/** Whether a listing is claimed: the claim form refuses a second one before any checkout. */
export async function isClaimed(store: StoreHandle, directoryId: string, listingId: string): Promise<boolean> {
  const row = await directoryDb(store).selectFrom('directory_claims').select(['listing_id']).where('directory_id', '=', directoryId).where('listing_id', '=', listingId).executeTakeFirst();
  return row !== undefined;
}

const tiers = new Set(['featured', 'premium']);
const rank = (tier: string) => placementRank[tier] ?? 0;
const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
const plusDays = (from: string, days: number) => new Date(Date.parse(from) + days * DAY_MS).toISOString();

async function sessionCompleted(event: StripeEvent, ctx: WebhookContext): Promise<void> {
  const session = event.data.object as Session;
  const meta = session.metadata ?? {};
  // Another outcome's checkout (an invoice, a storefront, a membership): not a directory's.
  if (!meta.directory_id || !meta.listing_id || !session.id) return;
  if (session.payment_status !== 'paid') return;
  if (meta.kind === 'claim') return claimCompleted(event, session as Session & { id: string }, ctx);
  const tier = meta.tier ?? '';
  const days = Number(meta.period_days);
  if (!tiers.has(tier) || !Number.isInteger(days) || days < 1 || days > 366) {
    ctx.log.warn({ directory_id: meta.directory_id, session: session.id }, 'a directory checkout carries no valid tier or period; nothing placed');
    return;
  }
  const directory = await ownerOf(ctx, meta.directory_id, session.id);
  if (!directory) return;
  const db = directoryDb(ctx.store);
  const now = ctx.now().toISOString();
  const where = { directory_id: meta.directory_id, listing_id: meta.listing_id };
  let until = '';
  try {
    await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('directory_placements').selectAll().where('directory_id', '=', where.directory_id).where('listing_id', '=', where.listing_id).executeTakeFirst();
      const running = current && Date.parse(current.until) > Date.parse(now) ? current : undefined;
      // Paid time not yet over (running or still to come), this listing's.
      const unserved = await trx
        .selectFrom('directory_payments')
        .select(['id', 'tier', 'starts_at', 'ends_at'])
        .where('directory_id', '=', where.directory_id)
        .where('listing_id', '=', where.listing_id)
        .where('ends_at', '>', now)
        .execute();
      let from: string;
      let kept: string;
      if (running && rank(running.tier) > rank(tier)) {
        // A lower tier while a higher one runs: after it, and after this tier's time already queued.
        from = unserved.filter((paid) => rank(paid.tier) >= rank(tier)).reduce((end, paid) => later(end, paid.ends_at), running.until);
        kept = running.tier;
        until = running.until;
      } else {
        from = running && running.tier === tier ? running.until : now;
        kept = tier;
        until = plusDays(from, days);
        // Lower tiers' time still to come waits behind this one.
        for (const paid of unserved.filter((entry) => rank(entry.tier) < rank(tier))) {
          const starts = Date.parse(paid.starts_at) >= Date.parse(from) ? plusDays(paid.starts_at, days) : paid.starts_at;
          await trx
            .updateTable('directory_payments')
            .set({ starts_at: starts, ends_at: plusDays(paid.ends_at, days) })
            .where('id', '=', paid.id)
            .execute();
        }
      }
      await trx
        .insertInto('directory_payments')
        .values({
          id: newId(directoryIds.payment),
          account_id: directory.account_id,
          ...where,
          tier,
          session_id: session.id as string,
          amount_total: session.amount_total ?? null,
          currency: session.currency ? session.currency.toUpperCase() : null,
          starts_at: from,
          ends_at: plusDays(from, days),
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('directory_placements')
        .values({ ...where, account_id: directory.account_id, tier: kept, until, updated_at: now })
        .onConflict((conflict) => conflict.columns(['directory_id', 'listing_id']).doUpdateSet({ tier: kept, until, updated_at: now }))
        .execute();
    });
  } catch (error) {
    // The same session delivered again: it placed the listing already.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  await scheduleEnd(ctx.jobs, directory.account_id, meta.directory_id, meta.listing_id, until);
  ctx.log.info({ directory_id: meta.directory_id, listing_id: meta.listing_id, tier, until, session: session.id }, 'directory listing placed');
}

/** The account that owns a directory a checkout names; undefined (logged) when it does not exist. */
async function ownerOf(ctx: WebhookContext, directoryId: string, sessionId: string) {
  const directory = await directoryDb(ctx.store).selectFrom('directories').select(['account_id']).where('id', '=', directoryId).orderBy('version', 'desc').limit(1).executeTakeFirst();
  if (!directory) ctx.log.warn({ directory_id: directoryId, session: sessionId }, 'a directory checkout names a directory that does not exist; nothing recorded');
  return directory;
}

/** A paid claim fee: the listing is claimed by the address its form gave, once; a second paid claim (two checkouts raced) is logged for a refund. */
async function claimCompleted(event: StripeEvent, session: Session & { id: string }, ctx: WebhookContext): Promise<void> {
  const meta = session.metadata as Record<string, string> & { directory_id: string; listing_id: string };
  const directory = await ownerOf(ctx, meta.directory_id, session.id);
  if (!directory) return;
  const db = directoryDb(ctx.store);
  const existing = await db.selectFrom('directory_claims').select(['session_id']).where('directory_id', '=', meta.directory_id).where('listing_id', '=', meta.listing_id).executeTakeFirst();
  if (existing) {
    if (existing.session_id !== session.id)
      ctx.log.warn({ directory_id: meta.directory_id, listing_id: meta.listing_id, session: session.id }, 'a claim fee was paid for a listing claimed already; refund it in Stripe');
    return;
  }
  const email = meta.email || session.customer_details?.email || session.customer_email || '';
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : null;
  try {
    await db
      .insertInto('directory_claims')
      .values({
        directory_id: meta.directory_id,
        listing_id: meta.listing_id,
        account_id: directory.account_id,
        email,
        session_id: session.id,
        payment_intent_id: paymentIntent,
        event_id: event.id,
        amount_total: session.amount_total ?? null,
        currency: session.currency ? session.currency.toUpperCase() : null,
        claimed_at: ctx.now().toISOString(),
      })
      .execute();
  } catch (error) {
    // Delivered twice at once: the other delivery recorded it.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  ctx.log.info({ directory_id: meta.directory_id, listing_id: meta.listing_id, session: session.id }, 'directory listing claimed');
}

export const directoryStripeEvents: Readonly<Record<string, StripeEventHandler>> = {
  'checkout.session.completed': sessionCompleted,
};

/** The end of a placement: kept when a later payment moved its end (whose own job will come), else the lower tier still paid for, else dropped back. */
export const placementEndTask: ScheduledTask = {
  kind: placementEndKind,
  async run(input: unknown, ctx: ScheduledTaskContext) {
    const job = endJobSchema.parse(input);
    const db = directoryDb(ctx.store);
    const now = ctx.now().toISOString();
    const current = await db.selectFrom('directory_placements').selectAll().where('directory_id', '=', job.directory_id).where('listing_id', '=', job.listing_id).executeTakeFirst();
    if (!current) return { ended: false, reason: 'not placed (ended already)' };
    if (Date.parse(current.until) > Date.parse(now)) return { ended: false, reason: `extended until ${current.until}` };
    const unserved = await db
      .selectFrom('directory_payments')
      .select(['tier', 'ends_at'])
      .where('directory_id', '=', job.directory_id)
      .where('listing_id', '=', job.listing_id)
      .where('ends_at', '>', now)
      .execute();
    const next = unserved.reduce<{ tier: string; ends_at: string } | undefined>(
      (best, paid) => (!best || rank(paid.tier) > rank(best.tier) || (paid.tier === best.tier && paid.ends_at > best.ends_at) ? paid : best),
      undefined,
    );
    // Only the row this job saw (`until` unchanged): a payment landing meanwhile moved it, and then nothing changes.
    if (next) {
      const moved = await db
        .updateTable('directory_placements')
        .set({ tier: next.tier, until: next.ends_at, updated_at: now })
        .where('directory_id', '=', job.directory_id)
        .where('listing_id', '=', job.listing_id)
        .where('until', '=', current.until)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return { ended: false, reason: 'moved meanwhile' };
      await scheduleEnd(ctx.jobs, current.account_id, job.directory_id, job.listing_id, next.ends_at);
      ctx.log.info({ directory_id: job.directory_id, listing_id: job.listing_id, tier: next.tier }, 'directory placement ended; the listing goes on in the tier still paid for');
      return { ended: false, reason: `${next.tier} until ${next.ends_at}` };
    }
    const deleted = await db
      .deleteFrom('directory_placements')
      .where('directory_id', '=', job.directory_id)
      .where('listing_id', '=', job.listing_id)
      .where('until', '=', current.until)
      .executeTakeFirst();
    const ended = Number(deleted.numDeletedRows) > 0;
    if (ended) ctx.log.info({ directory_id: job.directory_id, listing_id: job.listing_id }, 'directory placement ended; the listing is back among the free ones');
    return { ended, until: current.until };
  },
};
