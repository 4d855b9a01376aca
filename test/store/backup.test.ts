import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { Outcomes } from '../../src/kernel/outcome.js';
import { openStore } from '../../src/store/store.js';
import { outcomes } from '../../tools/index.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { json, runBuiltCli, startPlannedApp, storeDialect, storeEnv, tempDir, testConfig, type StartedApp } from '../helpers.js';

const { migrations: outcomeMigrations } = new Outcomes(outcomes);

const invoiceFor = (name: string) => ({ customer: { name }, currency: 'EUR', line_items: [{ description: 'Work', quantity: 2, unit_price: '50.00' }] });

const post = (app: StartedApp, route: string, body: unknown, headers: Record<string, string> = {}) =>
  app.api(`/api/agents${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * Every row of every table of the store in `dir` (Kysely's own migration tables included), each
 * table's rows ordered by all of its columns: what a backup must bring back unchanged.
 */
async function snapshot(dir: string): Promise<Record<string, unknown[]>> {
  const store = await openStore(loadConfig(storeEnv(dir)).database, pino({ level: 'silent' }), outcomeMigrations);
  try {
    const db = store.db as unknown as Kysely<any>;
    const tables = (await store.db.introspection.getTables({ withInternalKyselyTables: true })).filter((table) => !table.isView);
    const rows: Record<string, unknown[]> = {};
    for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
      let query = db.selectFrom(table.name).selectAll();
      for (const column of table.columns) query = query.orderBy(column.name);
      rows[table.name] = await query.execute();
    }
    return rows;
  } finally {
    await store.close();
  }
}

/** Fills a fresh store through a real app and the CLI: an invoice (with its PDF), a widget with a form and a post to it, a job, a second key. */
async function filledStore(dir: string) {
  const app = await startPlannedApp({ DATA_DIR: dir });
  let invoice: any;
  try {
    const created = await post(app, '/invoice/create', invoiceFor('Ana'));
    expect(created.status).toBe(200);
    invoice = await json(created);

    const generated = await post(app, '/widgets/generate', { prompt: 'a contact form', kind: 'contact', brand: { name: 'Backup Co' } });
    expect(generated.status).toBe(200);
    const widget = await json(generated);
    const submitted = await fetch(`${widget.meta.form.action}?v=1&s=contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ name: 'Visitor', email: 'visitor@example.com', message: 'Hello' }),
    });
    expect(submitted.status).toBe(200);

    const job = await post(app, '/test/slow', { key: `backup-${Date.now()}`, ms: 10, steps: 1 }, { prefer: 'wait=10' });
    expect(job.status).toBe(200);
  } finally {
    await app.close();
  }
  const key = await runBuiltCli(['keys', 'create', '--account', app.accountId, '--scopes', 'invoices:read', '--name', 'second', '--json'], { DATA_DIR: dir });
  expect(key.code).toBe(0);
  return { accountId: app.accountId, ownerKey: app.key, invoice, secondKey: JSON.parse(key.stdout).secret as string };
}

/** An app on an existing store (no bootstrap), listening. */
async function reopen(dir: string) {
  const app = await createApp({ config: testConfig({ DATA_DIR: dir, BOOTSTRAP: 'false', AUTH_MAX_FAILURES: '100000' }), modules: testModules, taskModules: testTaskModules });
  const { url } = await app.listen();
  return Object.assign(app, { url });
}

// Several CLI processes per test (backup, restore, pg_dump on PostgreSQL): slow when the cores are shared.
describe(`backup and restore (${storeDialect})`, { timeout: 120_000 }, () => {
  it('round-trips every row of every table into a fresh store, and a restore brings back the older state', async () => {
    const source = tempDir();
    const { ownerKey, invoice, secondKey } = await filledStore(source);
    const out = path.join(tempDir(), 'nested', 'store.backup');

    const backup = await runBuiltCli(['backup', '--out', out, '--json'], { DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(JSON.parse(backup.stdout)).toEqual({ out, dialect: storeDialect });
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
    expect(fs.readFileSync(out).toString('latin1', 0, 16)).toMatch(storeDialect === 'sqlite' ? /^SQLite format 3\0$/ : /^PGDMP/);

    const before = await snapshot(source);
    // The store was really filled: the rows the restore must bring back are there.
    expect(before.invoices).toHaveLength(1);
    expect(before.files?.length).toBeGreaterThanOrEqual(1);
    expect(before.widgets).toHaveLength(1);
    expect(before.widget_submissions).toHaveLength(1);
    expect(before.jobs?.length).toBeGreaterThanOrEqual(1);
    expect(before.agent_keys).toHaveLength(2);
    expect(before.kysely_migration?.length).toBeGreaterThan(0);

    const fresh = tempDir();
    const restored = await runBuiltCli(['restore', '--from', out], { DATA_DIR: fresh });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored`);
    expect(await snapshot(fresh)).toEqual(before);

    // The restored store serves: both keys, the invoice and its PDF.
    const copy = await reopen(fresh);
    try {
      const got = await fetch(`${copy.url}/api/agents/invoices/${invoice.invoice_id}`, { headers: { authorization: `Bearer ${secondKey}` } });
      expect(got.status).toBe(200);
      expect((await json(got)).number).toBe(invoice.number);
      const pdf = await fetch(`${copy.url}${new URL(invoice.pdf_url).pathname}`, { headers: { authorization: `Bearer ${ownerKey}` } });
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.toString('latin1', 0, 5)).toBe('%PDF-');
    } finally {
      await copy.close();
    }

    // A second invoice after the backup, then a restore over the live store: the second one is gone.
    const later = await reopen(source);
    let second: any;
    try {
      const created = await fetch(`${later.url}/api/agents/invoice/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(invoiceFor('Bea')),
      });
      expect(created.status).toBe(200);
      second = await json(created);
    } finally {
      await later.close();
    }
    expect((await snapshot(source)).invoices).toHaveLength(2);

    const back = await runBuiltCli(['restore', '--from', out], { DATA_DIR: source });
    expect(back.stderr).toBe('');
    expect(back.code).toBe(0);
    expect(await snapshot(source)).toEqual(before);
    const reopened = await reopen(source);
    try {
      const read = (id: string) => fetch(`${reopened.url}/api/agents/invoices/${id}`, { headers: { authorization: `Bearer ${ownerKey}` } });
      expect((await read(second.invoice_id)).status).toBe(404);
      expect((await read(invoice.invoice_id)).status).toBe(200);
    } finally {
      await reopened.close();
    }
  });

  it('restores a backup from an older release into a newer store, and brings it up to date', async () => {
    // A store as the release before 0009_throttles left it: no throttles table, no record of that migration.
    const old = tempDir();
    const { invoice } = await filledStore(old);
    const store = await openStore(loadConfig(storeEnv(old)).database, pino({ level: 'silent' }), outcomeMigrations);
    try {
      await store.db.schema.dropTable('throttles').execute();
      await (store.db as unknown as Kysely<any>).deleteFrom('kysely_migration').where('name', '=', '0009_throttles').execute();
    } finally {
      await store.close();
    }
    const out = path.join(tempDir(), 'old.backup');
    expect((await runBuiltCli(['backup', '--out', out], { DATA_DIR: old })).code).toBe(0);

    // Restored over a current store, which has the newer table.
    const current = tempDir();
    await (await reopen(current)).close();
    const restored = await runBuiltCli(['restore', '--from', out], { DATA_DIR: current });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const after = await snapshot(current);
    expect(after.invoices).toEqual([expect.objectContaining({ id: invoice.invoice_id })]);
    expect(after.throttles).toEqual([]);
    expect((after.kysely_migration as Array<{ name: string }>).map((row) => row.name)).toContain('0009_throttles');
  });

  it('refuses a file that is not a backup, and one made for the other kind of store', async () => {
    const dir = tempDir();
    const notBackup = path.join(dir, 'notes.txt');
    fs.writeFileSync(notBackup, 'just some text, long enough to fill a header');
    const refused = await runBuiltCli(['restore', '--from', notBackup], { DATA_DIR: dir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a backup made by `agent-outcomes backup`');

    const missing = await runBuiltCli(['restore', '--from', path.join(dir, 'nowhere.backup')], { DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no backup file at');
    const folder = await runBuiltCli(['restore', '--from', dir], { DATA_DIR: dir });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain('There is no backup file at');

    // The other dialect's magic: pg_dump's custom format into SQLite, or a SQLite file into PostgreSQL.
    const other = path.join(dir, 'other.backup');
    if (storeDialect === 'sqlite') {
      fs.writeFileSync(other, Buffer.concat([Buffer.from('PGDMP', 'latin1'), Buffer.alloc(64, 1)]));
      const wrong = await runBuiltCli(['restore', '--from', other], { DATA_DIR: dir });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('is a PostgreSQL backup but this store is SQLite');
    } else {
      fs.writeFileSync(other, Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(64)]));
      const wrong = await runBuiltCli(['restore', '--from', other], { DATA_DIR: dir });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain('is a SQLite backup but this store is PostgreSQL');
    }

    const withoutFrom = await runBuiltCli(['restore'], { DATA_DIR: dir });
    expect(withoutFrom.code).toBe(1);
    expect(withoutFrom.stderr).toContain('--from');
  });

  it('backup without --out says so', async () => {
    const result = await runBuiltCli(['backup'], { DATA_DIR: tempDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('backup needs --out FILE');
  });

  it.runIf(storeDialect === 'sqlite')('backup of a SQLite store that does not exist says where it looked, and writes nothing', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out.db');
    const result = await runBuiltCli(['backup', '--out', out], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`There is no database at ${path.join(dir, 'agent-outcomes.db')}`);
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
  });

  it.runIf(storeDialect === 'postgres')('backup without pg_dump on PATH names pg_dump, and leaves no file behind', async () => {
    const dir = tempDir();
    const app = await startPlannedApp({ DATA_DIR: dir });
    await app.close();
    const out = path.join(dir, 'out.backup');
    const result = await runBuiltCli(['backup', '--out', out], { DATA_DIR: dir, PATH: tempDir('ao-empty-path-') });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('pg_dump');
    expect(result.stderr).toContain('was not found on PATH');
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
  });
});
