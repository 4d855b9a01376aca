import type { Kysely, Selectable } from 'kysely';
import type { Store, Database } from '../store/store.js';
import { precompiled } from '../store/store.js';
import type { UsageEventsTable } from '../store/schema.js';
import type { JobRow } from '../jobs/queue.js';
import { OutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import type { AccountRow } from './accounts.js';
import { cycleAt, plans, type PlanName } from './plans.js';

/** A call's units, held against the limit until the call succeeds (commit) or fails (release). */
export interface Reservation {
  id: string;
  accountId: string;
  units: number;
  state: UsageState;
}

export interface UsageState {
  plan: PlanName;
  limit: number;
  used: number;
  cycle_start: string;
  cycle_end: string;
  behavior: 'block' | 'bill_overage';
}

/** A reservation whose call never reported back (its process died) is released after this. */
export const abandonedReservationMs = 15 * 60_000;

const secondsUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));

/** How to activate a plan: the account holder's dashboard page (`url`) or the CLI command (`how`). */
export function activationHelp(accountId: string, url: string | undefined) {
  return {
    ...(url ? { url } : {}),
    how: `agent-outcomes plan activate --account ${accountId} --plan starter`,
    plans: Object.entries(plans).map(([name, plan]) => ({
      plan: name,
      title: plan.title,
      monthly_units: plan.monthlyUnits,
      over_limit: plan.behavior,
    })),
  };
}

/** The response headers that tell a client where it stands in its cycle (IETF RateLimit fields). */
export function rateLimitHeaders(state: UsageState, now: Date): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(Math.max(0, state.limit - state.used)),
    'RateLimit-Reset': String(secondsUntil(state.cycle_end, now)),
  };
}

/**
 * Usage metering per account and monthly cycle. A call reserves its units before it runs,
 * with one conditional upsert that can never push a blocking plan past its limit however
 * many calls race; success commits the reservation, failure releases it: a failed call
 * costs nothing. Each reservation is a row, so a crash loses nothing: reconcile() settles
 * reservations whose job finished and releases those whose caller vanished.
 */
export class Meter {
  private readonly selectAccount;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    /** The dashboard's plan page, where a 402 sends the account holder; undefined where there is no server (the CLI). */
    private readonly activationUrl: () => string | undefined = () => undefined,
  ) {
    this.selectAccount = precompiled(store.db.selectFrom('accounts').selectAll().where('id', '=', '?'));
  }

  private async account(accountId: string): Promise<AccountRow> {
    const [account] = await this.selectAccount(this.store.db, accountId);
    if (!account) throw new OutcomeError('unauthenticated', 'The account of this key no longer exists.');
    return account;
  }

  /**
   * The plan, limit and cycle in force for an account now; undefined without an active plan. A plan
   * whose payment failed stays in force until its grace period ends (read on every call, so a
   * webhook's change shows at once).
   */
  planState(account: AccountRow): Omit<UsageState, 'used'> | undefined {
    if (!account.plan || !account.plan_activated_at) return undefined;
    if (graceEnded(account, this.now())) return undefined;
    const plan = plans[account.plan];
    const cycle = cycleAt(new Date(account.plan_activated_at), this.now());
    return {
      plan: account.plan,
      limit: account.unit_limit ?? plan.monthlyUnits,
      cycle_start: cycle.start.toISOString(),
      cycle_end: cycle.end.toISOString(),
      behavior: plan.behavior,
    };
  }

  private planInactive(account: AccountRow): OutcomeError {
    const accountId = account.id;
    const url = this.activationUrl();
    const why = graceEnded(account, this.now())
      ? `The agents plan of account ${accountId} lapsed: its payment failed and the grace period ended at ${account.plan_grace_until}, so metered tools are unavailable. Update the payment method or activate the plan again, then call again.`
      : `Account ${accountId} has no active agents plan, so metered tools are unavailable. Activate one (the starter plan to begin with), then call again.`;
    return new OutcomeError('plan_inactive', why, {
      hint: url
        ? `Activate it in the dashboard (${url}) or run: agent-outcomes plan activate --account ${accountId} --plan starter`
        : `Run: agent-outcomes plan activate --account ${accountId} --plan starter`,
      extra: { activation: activationHelp(accountId, url) },
    });
  }

  /** Active plan required (402) and units within the limit (429), atomically reserved. */
  async reserve(accountId: string, tool: string, units: number, ref: { requestId?: string; jobId?: string } = {}): Promise<Reservation> {
    const account = await this.account(accountId);
    const plan = this.planState(account);
    if (!plan) throw this.planInactive(account);
    const blocks = plan.behavior === 'block';
    const reservation = await this.store.db.transaction().execute(async (trx) => {
      if (blocks && units > plan.limit) return undefined;
      const counter = await trx
        .insertInto('usage_cycles')
        .values({ account_id: accountId, cycle_start: plan.cycle_start, used: units })
        .onConflict((conflict) => {
          const add = conflict.columns(['account_id', 'cycle_start']).doUpdateSet((eb) => ({ used: eb('usage_cycles.used', '+', eb.ref('excluded.used')) }));
          return blocks ? add.where('usage_cycles.used', '<=', plan.limit - units) : add;
        })
        .returning('used')
        .executeTakeFirst();
      if (!counter) return undefined;
      const id = newId(platformIds.usage);
      await trx
        .insertInto('usage_events')
        .values({
          id,
          account_id: accountId,
          cycle_start: plan.cycle_start,
          tool,
          units,
          status: 'reserved',
          job_id: ref.jobId ?? null,
          request_id: ref.requestId ?? null,
          created_at: this.now().toISOString(),
        })
        .execute();
      return { id, accountId, units, state: { ...plan, used: counter.used } };
    });
    if (reservation) return reservation;
    throw await this.limitExceeded(accountId, plan, units);
  }

  /** Binds a reservation to the job that will do the work: the job's settlement commits or releases it. */
  async attachToJob(reservation: Reservation, jobId: string): Promise<void> {
    await this.store.db.updateTable('usage_events').set({ job_id: jobId }).where('id', '=', reservation.id).execute();
  }

  private async limitExceeded(accountId: string, plan: Omit<UsageState, 'used'>, units: number): Promise<OutcomeError> {
    const used = await this.usedIn(accountId, plan.cycle_start);
    const state: UsageState = { ...plan, used };
    const now = this.now();
    const overagePolicy = {
      plan: plan.plan,
      limit: plan.limit,
      used,
      cycle_start: plan.cycle_start,
      cycle_end: plan.cycle_end,
      resets_at: plan.cycle_end,
      behavior: plan.behavior,
      ...(plans[plan.plan].overageUnitPrice ? { overage_unit_price: plans[plan.plan].overageUnitPrice } : {}),
      upgrade: {
        plan: 'pro',
        how: `agent-outcomes plan activate --account ${accountId} --plan pro`,
        benefit: `${plans.pro.monthlyUnits} units a month, and calls past the limit keep working at ${plans.pro.overageUnitPrice.amount} ${plans.pro.overageUnitPrice.currency} a unit.`,
      },
      suggested_actions: [
        { action: 'wait', description: `Retry after ${plan.cycle_end}, when the cycle resets.` },
        { action: 'upgrade', description: 'Move the account to the pro plan, which bills overage instead of refusing calls.' },
        { action: 'check_usage', tool: 'usage_get', description: 'Call usage_get to see what is left and which tools used it.' },
      ],
    };
    return new OutcomeError(
      'usage_limit_exceeded',
      `This call needs ${units} unit${units === 1 ? '' : 's'} but the ${plans[plan.plan].title} plan's ${plan.limit} units for this cycle are used (${used} used); the limit resets at ${plan.cycle_end}.`,
      {
        hint: 'Wait for the reset, or upgrade the plan; overage_policy has the details.',
        extra: { overage_policy: overagePolicy },
        headers: { 'Retry-After': String(secondsUntil(plan.cycle_end, now)), ...rateLimitHeaders(state, now) },
      },
    );
  }

  private async usedIn(accountId: string, cycleStart: string): Promise<number> {
    const row = await this.store.db.selectFrom('usage_cycles').select('used').where('account_id', '=', accountId).where('cycle_start', '=', cycleStart).executeTakeFirst();
    return row?.used ?? 0;
  }

  async commit(reservation: Reservation): Promise<void> {
    await this.store.db.updateTable('usage_events').set({ status: 'committed' }).where('id', '=', reservation.id).execute();
  }

  async release(reservation: Pick<Reservation, 'id'>): Promise<void> {
    await this.store.db.transaction().execute((trx) => releaseEvent(trx, reservation.id));
  }

  /** Settles a finished job's reservation inside the transaction that settles the job. */
  async settleJob(trx: Kysely<Database>, job: JobRow): Promise<void> {
    const events = await trx.selectFrom('usage_events').select('id').where('job_id', '=', job.id).where('status', '=', 'reserved').execute();
    for (const event of events) {
      if (job.status === 'succeeded') {
        await trx.updateTable('usage_events').set({ status: 'committed' }).where('id', '=', event.id).execute();
      } else {
        await releaseEvent(trx, event.id);
      }
    }
  }

  /** After a crash: settle reservations of finished jobs, release those nobody will settle. */
  async reconcile(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - abandonedReservationMs).toISOString();
    const stale = await this.store.db
      .selectFrom('usage_events')
      .leftJoin('jobs', 'jobs.id', 'usage_events.job_id')
      .select(['usage_events.id', 'usage_events.job_id', 'jobs.status as job_status'])
      .where('usage_events.status', '=', 'reserved')
      .where((eb) => eb.or([eb('jobs.status', 'in', ['succeeded', 'failed', 'canceled']), eb.and([eb('jobs.id', 'is', null), eb('usage_events.created_at', '<', cutoff)])]))
      .execute();
    for (const event of stale) {
      await this.store.db.transaction().execute(async (trx) => {
        if (event.job_status === 'succeeded') {
          await trx.updateTable('usage_events').set({ status: 'committed' }).where('id', '=', event.id).execute();
        } else {
          await releaseEvent(trx, event.id);
        }
      });
    }
    return stale.length;
  }

  /** Units committed per UTC day since `since` (ISO), for the dashboard's chart. */
  async daily(accountId: string, since: string): Promise<Array<{ day: string; units: number }>> {
    // Timestamps are ISO text in both stores: the day is their first ten characters.
    const rows = await this.store.db
      .selectFrom('usage_events')
      .select((eb) => [eb.fn<string>('substr', ['created_at', eb.lit(1), eb.lit(10)]).as('day'), eb.fn.sum<number>('units').as('units')])
      .where('account_id', '=', accountId)
      .where('status', '=', 'committed')
      .where('created_at', '>=', since)
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({ day: row.day, units: Number(row.units) }));
  }

  /** Where an account stands: for usage_get and the CLI. */
  async report(accountId: string) {
    const account = await this.account(accountId);
    const plan = this.planState(account);
    if (!plan) {
      return { account_id: accountId, plan: null, active: false, activation: activationHelp(accountId, this.activationUrl()) } as const;
    }
    const events = await this.store.db
      .selectFrom('usage_events')
      .select(['tool', 'status', (eb) => eb.fn.countAll<number>().as('calls'), (eb) => eb.fn.sum<number>('units').as('units')])
      .where('account_id', '=', accountId)
      .where('cycle_start', '=', plan.cycle_start)
      .groupBy(['tool', 'status'])
      .execute();
    const committed = events.filter((row: Pick<Selectable<UsageEventsTable>, 'status'>) => row.status === 'committed');
    const used = committed.reduce((sum, row) => sum + Number(row.units), 0);
    const inFlight = events.filter((row) => row.status === 'reserved').reduce((sum, row) => sum + Number(row.units), 0);
    const overageUnits = Math.max(0, used - plan.limit);
    const price = plans[plan.plan].overageUnitPrice;
    return {
      account_id: accountId,
      plan: plan.plan,
      active: true,
      cycle: { start: plan.cycle_start, end: plan.cycle_end, resets_at: plan.cycle_end },
      limit: plan.limit,
      used,
      in_flight: inFlight,
      remaining: Math.max(0, plan.limit - used - inFlight),
      behavior: plan.behavior,
      billing: account.plan_grace_until ? { status: 'past_due' as const, grace_until: account.plan_grace_until } : { status: 'paid' as const, grace_until: null },
      overage:
        plan.behavior === 'bill_overage' && price
          ? { units: overageUnits, unit_price: price, estimated_charge: { amount: (overageUnits * Number(price.amount)).toFixed(2), currency: price.currency } }
          : null,
      per_tool: committed.map((row) => ({ tool: row.tool, calls: Number(row.calls), units: Number(row.units) })).sort((a, b) => b.units - a.units || a.tool.localeCompare(b.tool)),
    } as const;
  }
}

/** Whether a past-due plan's grace period is over. */
const graceEnded = (account: AccountRow, now: Date) => account.plan_grace_until !== null && account.plan_grace_until <= now.toISOString();

async function releaseEvent(trx: Kysely<Database>, eventId: string): Promise<void> {
  const event = await trx.deleteFrom('usage_events').where('id', '=', eventId).where('status', '=', 'reserved').returningAll().executeTakeFirst();
  if (!event) return;
  await trx
    .updateTable('usage_cycles')
    .set((eb) => ({ used: eb('used', '-', event.units) }))
    .where('account_id', '=', event.account_id)
    .where('cycle_start', '=', event.cycle_start)
    .execute();
}
