import type { Selectable } from 'kysely';
import type { Store } from '../store/store.js';
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
    return this.store.db.updateTable('accounts').set({ plan: null, plan_activated_at: null, updated_at: this.now().toISOString() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }
}
