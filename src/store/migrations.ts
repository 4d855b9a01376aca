/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run on schemas older than today's types */
import v8 from 'node:v8';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The platform's migrations (its tables: jobs, accounts, keys, usage, idempotency, files,
 * settings). Outcome modules declare their own; all run at start-up in the order of their
 * names (`NNNN_what`). Never edit one that has shipped: add the next free number. Column
 * types are kept portable (text, integer, real, blob).
 */
export const platformMigrations: Record<string, Migration> = {
  '0001_jobs': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull())
        .addColumn('tool', 'text', (col) => col.notNull())
        .addColumn('input', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('progress', 'real', (col) => col.notNull().defaultTo(0))
        .addColumn('progress_message', 'text')
        .addColumn('result', 'text')
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('request_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'id']).execute();
      await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lease_expires_at']).execute();
      await db.schema.createIndex('jobs_account').on('jobs').columns(['account_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await sql`drop table jobs`.execute(db);
    },
  },
  '0002_access': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('local_owner', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('plan', 'text')
        .addColumn('plan_activated_at', 'text')
        .addColumn('unit_limit', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      // At most one bootstrapped local owner, even when two processes start on an empty store.
      await db.schema.createIndex('accounts_one_local_owner').unique().on('accounts').column('local_owner').where('local_owner', '=', 1).execute();
      await db.schema
        .createTable('agent_keys')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('prefix', 'text', (col) => col.notNull())
        .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
        .addColumn('scopes', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('agent_keys_account').on('agent_keys').columns(['account_id', 'id']).execute();
      await db.schema
        .createTable('usage_cycles')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('cycle_start', 'text', (col) => col.notNull())
        .addColumn('used', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_cycles_pk', ['account_id', 'cycle_start'])
        .execute();
      await db.schema
        .createTable('usage_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('cycle_start', 'text', (col) => col.notNull())
        .addColumn('tool', 'text', (col) => col.notNull())
        .addColumn('units', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('job_id', 'text')
        .addColumn('request_id', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('usage_events_cycle').on('usage_events').columns(['account_id', 'cycle_start', 'status']).execute();
      await db.schema.createIndex('usage_events_job').on('usage_events').columns(['job_id']).execute();
      await db.schema.createIndex('usage_events_reserved').on('usage_events').columns(['status', 'created_at']).execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('request_hash', 'text', (col) => col.notNull())
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('response_headers', 'text')
        .addColumn('locked_until', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_expiry').on('idempotency_keys').columns(['expires_at']).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['idempotency_keys', 'usage_events', 'usage_cycles', 'agent_keys', 'accounts']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0003_files': {
    // Shipped inside the invoice outcome's 0003 until outcomes got modules of their own: a
    // database made then has these tables already, and this step, run late there, keeps them.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('settings')
        .ifNotExists()
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('files')
        .ifNotExists()
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('scope', 'text', (col) => col.notNull())
        .addColumn('bytes', 'blob', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['files', 'settings']) await db.schema.dropTable(table).execute();
    },
  },
  '0007_job_inputs': {
    // A job's input (up to a 4 MB body) is written once, but every update of its row (claim, lease,
    // progress, settle) rewrote it with the row: inputs move to a table of their own, gzipped
    // and V8-serialised (see JobQueue.enqueue), so that writing and reading them keeps SQLite's connection briefly.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_inputs')
        .addColumn('job_id', 'text', (col) => col.primaryKey().references('jobs.id'))
        .addColumn('input', 'blob', (col) => col.notNull())
        .execute();
      // In batches, so that a large history does not have to fit in memory at once.
      for (let after = ''; ;) {
        const batch = (await db.selectFrom('jobs').select(['id', 'input']).where('id', '>', after).orderBy('id').limit(200).execute()) as { id: string; input: string }[];
        for (const job of batch)
          await db
            .insertInto('job_inputs')
            .values({ job_id: job.id, input: gzipSync(v8.serialize(JSON.parse(job.input))) })
            .execute();
        if (batch.length < 200) break;
        after = (batch.at(-1) as { id: string }).id;
      }
      await db.schema.alterTable('jobs').dropColumn('input').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('input', 'text', (col) => col.notNull().defaultTo('{}'))
        .execute();
      const inputs = await db.selectFrom('job_inputs').select(['job_id', 'input']).execute();
      for (const row of inputs as { job_id: string; input: Buffer }[]) {
        await db
          .updateTable('jobs')
          .set({ input: JSON.stringify(v8.deserialize(gunzipSync(row.input))) })
          .where('id', '=', row.job_id)
          .execute();
      }
      await db.schema.dropTable('job_inputs').execute();
    },
  },
  '0008_job_tasks': {
    // MCP tasks name jobs by ids nobody can guess (job ids are time-ordered): one row per task.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_tasks')
        .addColumn('task_id', 'text', (col) => col.primaryKey())
        .addColumn('job_id', 'text', (col) => col.notNull().unique().references('jobs.id'))
        .addColumn('account_id', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('job_tasks').execute();
    },
  },
  '0009_throttles': {
    // Counters every instance shares (failed authentications, public form limits): one row per key and window.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('throttles')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('window_start', 'text', (col) => col.notNull())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('throttles_window_start').on('throttles').column('window_start').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('throttles').execute();
    },
  },
  '0010_stripe_events': {
    // Stripe events handled, by id: a redelivered event is answered and not handled twice.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stripe_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('handled_at', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('stripe_events').execute();
    },
  },
  '0015_scheduled_jobs': {
    // A job may wait for its time (run_after; every job has one, so the claim reads one index) and carry a
    // key that makes scheduling it again a no-op: the same reminder, scheduled by two instances, runs once.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('run_after', 'text').execute();
      await db.schema.alterTable('jobs').addColumn('schedule_key', 'text').execute();
      await db
        .updateTable('jobs')
        .set({ run_after: sql`created_at` })
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_after', 'id']).execute();
      await db.schema.createIndex('jobs_schedule_key').on('jobs').column('schedule_key').unique().execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('jobs_schedule_key').execute();
      await db.schema.dropIndex('jobs_due').execute();
      await db.schema.alterTable('jobs').dropColumn('schedule_key').execute();
      await db.schema.alterTable('jobs').dropColumn('run_after').execute();
    },
  },
  '0022_file_makers': {
    // A file may be made on its first download (FileStore.saveLater): which maker, from what. Both are
    // cleared when its bytes are stored.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('files').addColumn('maker', 'text').execute();
      await db.schema.alterTable('files').addColumn('maker_input', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('files').dropColumn('maker_input').execute();
      await db.schema.alterTable('files').dropColumn('maker').execute();
    },
  },
  '0024_job_scopes': {
    // A job runs with the scopes of the key that started it: a tool that calls others on the caller's
    // behalf (intent_route) is held to them on the queue as inline. Jobs queued before have none: all scopes.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('caller_scopes', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('jobs').dropColumn('caller_scopes').execute();
    },
  },
  '0025_dashboard': {
    // The dashboard's one-time sign-in links and sessions (only their SHA-256 is stored), and the plan's
    // billing state from Stripe: past due with a grace period, and the subscription a checkout made.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('dashboard_secrets')
        .addColumn('hash', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('account_id', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('dashboard_secrets_account').on('dashboard_secrets').columns(['account_id', 'kind']).execute();
      // The account holder's sign-in address for emailed links (lower case; one account per address).
      await db.schema.alterTable('accounts').addColumn('email', 'text').execute();
      await db.schema.createIndex('accounts_email').unique().on('accounts').column('email').execute();
      await db.schema.alterTable('accounts').addColumn('plan_past_due_at', 'text').execute();
      await db.schema.alterTable('accounts').addColumn('plan_grace_until', 'text').execute();
      await db.schema.alterTable('accounts').addColumn('stripe_customer_id', 'text').execute();
      await db.schema.alterTable('accounts').addColumn('stripe_subscription_id', 'text').execute();
      await db.schema.createIndex('accounts_stripe_subscription').on('accounts').column('stripe_subscription_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('accounts_stripe_subscription').execute();
      await db.schema.dropIndex('accounts_email').execute();
      for (const column of ['stripe_subscription_id', 'stripe_customer_id', 'plan_grace_until', 'plan_past_due_at', 'email']) await db.schema.alterTable('accounts').dropColumn(column).execute();
      await db.schema.dropTable('dashboard_secrets').execute();
    },
  },
};
