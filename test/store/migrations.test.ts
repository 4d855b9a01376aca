import path from 'node:path';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { platformMigrations } from '../../src/store/migrations.js';
import { Outcomes } from '../../src/kernel/outcome.js';
import { outcomes } from '../../tools/index.js';

const { migrations: outcomeMigrations } = new Outcomes(outcomes);
const migrations = { ...platformMigrations, ...outcomeMigrations };
import { openStore } from '../../src/store/store.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { tempDir } from '../helpers.js';

describe('migrations', () => {
  it('moves the inputs of jobs a previous release queued into job_inputs, in place', async () => {
    const file = path.join(tempDir(), 'agent-outcomes.db');
    // The database as the release before 0007 left it, with a queued job.
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: await openSqlite(file) }) });
    const migrated = await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo('0006_clip_plans');
    expect(migrated.error).toBeUndefined();
    const at = '2026-11-22T10:00:00.000Z';
    await old
      .insertInto('jobs')
      .values({ id: 'job_01old', account_id: 'acct_01old', tool: 'widget_generate', input: '{"prompt":"a waitlist"}', status: 'queued', max_attempts: 3, created_at: at, updated_at: at })
      .execute();
    await old.destroy();

    const store = await openStore({ dialect: 'sqlite', file }, pino({ level: 'silent' }), outcomeMigrations);
    try {
      const queue = new JobQueue(store, { leaseMs: 30_000, maxAttempts: 3 });
      expect(await queue.input('job_01old')).toEqual({ prompt: 'a waitlist' });
      const columns = await sql<{ name: string }>`select name from pragma_table_info('jobs')`.execute(store.db);
      expect(columns.rows.map((column) => column.name)).not.toContain('input');
      const claimed = await queue.claim('wkr_test');
      expect(claimed).toMatchObject({ id: 'job_01old', status: 'running' });
    } finally {
      await store.close();
    }
  });
});
