import type { Selectable } from 'kysely';
import { isUniqueViolation, type Store } from '../store/store.js';
import type { AccountsTable } from '../store/schema.js';
import { OutcomeError } from '../kernel/errors.js';
import { newId, platformIds } from '../kernel/ids.js';
import type { PlanName } from './plans.js';

export type AccountRow = Selectable<AccountsTable>;

/** Accounts and their plan: the CLI and the dashboard manage them, the access layer reads them. */
export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
  ) {}

  async create(input: { name: string; plan?: PlanName | null; localOwner?: boolean }): Promise<AccountRow> {
    const name = input.name.trim();
    if (!name || name.length > 200) throw new OutcomeError('invalid_input', 'An account name needs 1 to 200 characters.');
    const at = this.now().toISOString();
    return this.store.db
      .insertInto('accounts')
      .values({
        id: newId(platformIds.account),
        name,
        local_owner: input.localOwner ? 1 : 0,
        plan: input.plan ?? null,
        plan_activated_at: input.plan ? at : null,
        unit_limit: null,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Sets (or with null clears) the holder's sign-in email. Refused when malformed or when another
   * account has it: an address signs in to one account.
   */
  async setEmail(id: string, email: string | null): Promise<AccountRow> {
    const address = email === null ? null : email.trim().toLowerCase();
    if (address !== null && (address.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))) {
      throw new OutcomeError('invalid_input', `email: ${JSON.stringify(email)} is not an email address; write it as name@example.com.`, { details: { field: 'email' } });
    }
    try {
      return await this.store.db.updateTable('accounts').set({ email: address, updated_at: this.now().toISOString() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw new OutcomeError('conflict', 'email: another account signs in with this address; use another one.', { details: { field: 'email' } });
      throw error;
    }
  }

  async byEmail(email: string): Promise<AccountRow | undefined> {
    return this.store.db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  async get(id: string): Promise<AccountRow | undefined> {
    return this.store.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async require(id: string): Promise<AccountRow> {
    const account = await this.get(id);
    if (!account) throw new OutcomeError('not_found', `No account ${id}; list accounts with the CLI or create one with \`agent-outcomes accounts create\`.`);
    return account;
  }

  async count(): Promise<number> {
    const { count } = await this.store.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async localOwner(): Promise<AccountRow | undefined> {
    return this.store.db.selectFrom('accounts').selectAll().where('local_owner', '=', 1).orderBy('id').executeTakeFirst();
  }

  /**
   * Activates (or changes) the plan. The billing cycle stays anchored where it was while a
   * plan stays active; activating after none starts a new anchor. `unitLimit` overrides the
   * plan's monthly units for this account (null clears the override, undefined keeps it).
   */
  async activatePlan(id: string, plan: PlanName, unitLimit?: number | null): Promise<AccountRow> {
    const account = await this.require(id);
    if (unitLimit !== undefined && unitLimit !== null && (!Number.isInteger(unitLimit) || unitLimit < 0)) {
      throw new OutcomeError('invalid_input', `--limit must be a whole number of units (0 or more), not ${unitLimit}.`);
    }
    const at = this.now().toISOString();
    return this.store.db
      .updateTable('accounts')
      .set({
        plan,
        plan_activated_at: account.plan && account.plan_activated_at ? account.plan_activated_at : at,
        ...(unitLimit !== undefined ? { unit_limit: unitLimit } : {}),
        updated_at: at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deactivatePlan(id: string): Promise<AccountRow> {
    await this.require(id);
    return this.store.db
      .updateTable('accounts')
      .set({ plan: null, plan_activated_at: null, plan_past_due_at: null, plan_grace_until: null, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A plan paid through Stripe Checkout: active (any past-due state cleared), with the subscription that pays for it. */
  async activatePaidPlan(id: string, plan: PlanName, stripe: { customer: string | null; subscription: string | null }): Promise<AccountRow> {
    await this.activatePlan(id, plan);
    return this.store.db
      .updateTable('accounts')
      .set({ plan_past_due_at: null, plan_grace_until: null, stripe_customer_id: stripe.customer, stripe_subscription_id: stripe.subscription, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async bySubscription(subscriptionId: string): Promise<AccountRow | undefined> {
    return this.store.db.selectFrom('accounts').selectAll().where('stripe_subscription_id', '=', subscriptionId).executeTakeFirst();
  }

  /**
   * Past due after a failed payment: the plan keeps working until `graceUntil`. A later failure of
   * the same stretch keeps the first grace period (Stripe retries several times), so it never grows.
   */
  async markPastDue(id: string, graceUntil: Date): Promise<void> {
    const at = this.now().toISOString();
    await this.store.db
      .updateTable('accounts')
      .set({ plan_past_due_at: at, plan_grace_until: graceUntil.toISOString(), updated_at: at })
      .where('id', '=', id)
      .where('plan', 'is not', null)
      .where('plan_past_due_at', 'is', null)
      .execute();
  }

  /** The subscription was paid again: the plan is no longer past due. */
  async clearPastDue(id: string): Promise<void> {
    await this.store.db.updateTable('accounts').set({ plan_past_due_at: null, plan_grace_until: null, updated_at: this.now().toISOString() }).where('id', '=', id).execute();
  }

  /** The subscription ended: no plan, and the subscription forgotten (a late event about it changes nothing). */
  async endSubscription(id: string): Promise<void> {
    await this.store.db
      .updateTable('accounts')
      .set({ plan: null, plan_activated_at: null, plan_past_due_at: null, plan_grace_until: null, stripe_subscription_id: null, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
