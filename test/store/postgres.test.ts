import pino from 'pino';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { Accounts } from '../../src/access/accounts.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { JobQueue } from '../../src/jobs/queue.js';
import { platformMigrations } from '../../src/store/migrations.js';
import { openStore, type Store } from '../../src/store/store.js';
import { outcomes } from '../../tools/index.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { storeDialect, storeEnv, tempDir, testCaller, testConfig } from '../helpers.js';

/** What only PostgreSQL can get wrong: types that come back differently, concurrent migration, cross-instance wake-ups. */
const outcomeMigrations = Object.assign({}, ...outcomes.map((module) => module.migrations ?? {}));
const silent = pino({ level: 'silent' });

const opened: Array<Store | App> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});
async function storeIn(dir: string, migrate = true): Promise<Store> {
  const store = await openStore(loadConfig(storeEnv(dir)).database, silent, outcomeMigrations, { migrate });
  opened.push(store);
  return store;
}

describe.runIf(storeDialect === 'postgres')('the PostgreSQL store (PostgreSQL leg only: npm run test:postgres)', () => {
  it('migrates once when three instances open an empty database together', async () => {
    const dir = tempDir();
    const stores = await Promise.all([storeIn(dir), storeIn(dir), storeIn(dir)]);
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(stores[0].db);
    expect(ran.rows.map((row) => row.name)).toEqual(Object.keys({ ...platformMigrations, ...outcomeMigrations }).sort());
  });

  it('maps the migrations’ column types once: bytes, 64-bit integers, 8-byte reals', async () => {
    const store = await storeIn(tempDir());
    const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where (table_name, column_name) in (('files', 'bytes'), ('jobs', 'progress'), ('jobs', 'attempts'), ('invoice_counters', 'last_sequence'))
      order by table_name, column_name`.execute(store.db);
    expect(columns.rows.map((row) => `${row.table_name}.${row.column_name} ${row.data_type}`)).toEqual([
      'files.bytes bytea',
      'invoice_counters.last_sequence bigint',
      'jobs.attempts bigint',
      'jobs.progress double precision',
    ]);
  });

  it('reads numbers as numbers and bytes as the bytes written', async () => {
    const store = await storeIn(tempDir());
    const queue = new JobQueue(store, { leaseMs: 30_000, maxAttempts: 3 });
    const job = await queue.enqueue({ tool: 'test_slow_job', input: { key: 'types', blob: new Uint8Array([0, 1, 255]) }, caller: testCaller() });
    expect(await queue.input(job.id)).toEqual({ key: 'types', blob: new Uint8Array([0, 1, 255]) });
    const claimed = await queue.claim('wkr_types');
    expect(claimed).toMatchObject({ attempts: 1, max_attempts: 3 });
    expect(typeof claimed?.attempts).toBe('number');
    await queue.reportProgress(job.id, 'wkr_types', { fraction: 1 / 3, message: 'a third' });
    expect((await queue.get(job.id, testCaller()))?.progress).toBe(1 / 3);
    const { n } = await store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
    const { total } = await store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.sum('attempts').as('total'))
      .executeTakeFirstOrThrow();
    expect(total).toBe(1);
    // A view into a larger buffer is stored as exactly its own bytes.
    const backing = new Uint8Array([9, 9, 1, 2, 3, 9]);
    const account = await new Accounts(store, () => new Date()).create({ name: 'Bytes', plan: null });
    await store.db
      .insertInto('files')
      .values({
        id: 'file_view',
        account_id: account.id,
        name: 'x.bin',
        content_type: 'application/octet-stream',
        scope: 'invoices:read',
        bytes: backing.subarray(2, 5),
        created_at: new Date().toISOString(),
      })
      .execute();
    const file = await store.db.selectFrom('files').select('bytes').where('id', '=', 'file_view').executeTakeFirstOrThrow();
    expect(Buffer.from(file.bytes)).toEqual(Buffer.from([1, 2, 3]));
    expect(await store.ping()).toBeGreaterThanOrEqual(0);
  });

  it('wakes another instance’s idle worker at once when a job is queued (LISTEN/NOTIFY), long before its poll', async () => {
    const dir = tempDir();
    const enqueuer = await createApp({ config: testConfig({ DATA_DIR: dir, JOB_CONCURRENCY: '0' }), modules: testModules, taskModules: testTaskModules });
    opened.push(enqueuer);
    const runner = await createApp({ config: testConfig({ DATA_DIR: dir, JOB_CONCURRENCY: '1', JOB_POLL_MS: '60000' }), modules: testModules, taskModules: testTaskModules });
    opened.push(runner);
    await runner.worker.start();
    // The runner's worker has looked once and is asleep for a minute; give its LISTEN connection a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const job = await enqueuer.jobs.enqueue({ tool: 'test_slow_job', input: { key: `notify-${started}` }, caller: testCaller() });
    const done = await enqueuer.jobs.waitFor(job.id, testCaller(), 10_000);
    expect(done.status).toBe('succeeded');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
