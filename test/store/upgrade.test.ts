import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { platformMigrations } from '../../src/store/migrations.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { json, tempDir, testConfig } from '../helpers.js';

/**
 * A database made by the release before outcomes became modules (`test/fixtures/release-0.1.0`:
 * `npm start`, then an invoice, a widget with a form submission, a content pack, a clip plan, a
 * job and a second key, all over REST) upgrades in place: every record reads back through the
 * tools, numbering continues, and its schema ends up the same as a new database's.
 */
const fixture = path.join(import.meta.dirname, '../fixtures/release-0.1.0');
const made = JSON.parse(fs.readFileSync(path.join(fixture, 'manifest.json'), 'utf8'));

async function serve(dataDir: string) {
  // The fixture is a SQLite file: this test is SQLite's on both legs of the suite.
  const database = `sqlite:${path.join(dataDir, 'agent-outcomes.db')}`;
  const app = await createApp({ config: testConfig({ DATA_DIR: dataDir, DATABASE_URL: database, BOOTSTRAP: 'false' }), modules: testModules, taskModules: testTaskModules });
  const { url } = await app.listen();
  return { app, url };
}

/** Tables, their columns and indexes, as SQLite describes them. */
async function schemaOf(app: Awaited<ReturnType<typeof serve>>['app']) {
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' order by name`.execute(app.store.db);
  const described: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string; type: string; notnull: number; pk: number }>`select name, type, "notnull", pk from pragma_table_info(${name}) order by name`.execute(app.store.db);
    const indexes = await sql<{ name: string }>`select name from pragma_index_list(${name}) order by name`.execute(app.store.db);
    described[name] = { columns: columns.rows, indexes: indexes.rows.map((index) => index.name) };
  }
  return described;
}

describe('a database made by release 0.1.0', () => {
  let served: Awaited<ReturnType<typeof serve>>;
  let api: (route: string, init?: RequestInit) => Promise<Response>;
  let secret: string;

  beforeAll(async () => {
    const dataDir = tempDir('ao-upgrade-');
    fs.copyFileSync(path.join(fixture, 'agent-outcomes.db'), path.join(dataDir, 'agent-outcomes.db'));
    served = await serve(dataDir);
    ({ secret } = await served.app.access.keys.create({ accountId: made.account_id, scopes: ['*'] }));
    api = (route, init = {}) => fetch(`${served.url}/api/agents${route}`, { ...init, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' } });
  });
  afterAll(() => served?.app.close());

  it('records the migrations it ran, the one split out of 0003 included', async () => {
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(served.app.store.db);
    expect(ran.rows.map((row) => row.name)).toEqual(Object.keys({ ...served.app.outcomes.migrations, ...platformMigrations }).sort());
  });

  it('reads back the invoice with its seller profile, and numbers the next one after it', async () => {
    const invoice = await json(await api(`/invoices/${made.invoice.invoice_id}`));
    expect(invoice).toMatchObject({ invoice_id: made.invoice.invoice_id, number: made.invoice.number, seller: made.invoice.seller });
    const pdf = await fetch(invoice.pdf_url.replace(/^https?:\/\/[^/]+/, served.url), { headers: { authorization: `Bearer ${secret}` } });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const next = await json(
      await api('/invoice/create', {
        method: 'POST',
        body: JSON.stringify({
          customer: { name: 'Beta Ltd' },
          currency: 'EUR',
          line_items: [{ description: 'Support', quantity: '1', unit_price: '100.00' }],
          issue_date: '2026-11-22',
          due_date: '2026-12-22',
          idempotency_key: 'after-upgrade',
        }),
      }),
    );
    expect(next).toMatchObject({ number: 'INV-2026-0002', seller: made.invoice.seller });
  });

  it('reads back the widget and its form submission, the content pack, the clip plan and the job', async () => {
    expect(await json(await api(`/widgets/${made.widget.widget_id}`))).toMatchObject({ widget_id: made.widget.widget_id, version: made.widget.version });
    expect(await json(await api(`/widgets/${made.widget.widget_id}/submissions`))).toMatchObject({ total: made.widget.submissions });
    expect(await json(await api(`/content/${made.content.pack_id}`))).toMatchObject({ pack_id: made.content.pack_id, version: made.content.version });
    expect(await json(await api(`/clips/${made.clips.plan_id}`))).toMatchObject({ plan_id: made.clips.plan_id });
    expect(await json(await api(`/status/${made.job.job_id}`))).toMatchObject({ job_id: made.job.job_id, tool: made.job.tool, status: made.job.status });
  });

  it('keeps the keys it had, with their scopes', async () => {
    const keys = await served.app.access.keys.list(made.account_id);
    for (const key of made.keys) expect(keys).toContainEqual(expect.objectContaining({ name: key.name, scopes: key.scopes }));
  });

  it('ends with the same schema as a new database', async () => {
    const fresh = await serve(tempDir('ao-fresh-'));
    try {
      expect(await schemaOf(served.app)).toEqual(await schemaOf(fresh.app));
    } finally {
      await fresh.app.close();
    }
  });
});
