import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore, tables, type Store } from '../../src/store/store.js';
import type { InvoiceTables } from '../../tools/invoice/index.js';
import { startFakeStripe, type FakeStripe } from '../fixtures/fake-stripe.js';
import { startRoundRobinProxy } from '../support/proxy.js';
import { json, pollUntil, runBuiltCli, spawnTestCli, storeDialect, storeEnv, tempDir, waitForListening } from '../helpers.js';

/**
 * Scale-out as deployed: three server processes on one PostgreSQL database behind a
 * round-robin proxy. Jobs, metering, numbering, confirmations, the failed-auth throttle and
 * revocations hold across them, and an instance killed mid-run loses nothing.
 */
const maxAuthFailures = 10;

describe.runIf(storeDialect === 'postgres')('three instances on one PostgreSQL database (PostgreSQL leg only: npm run test:postgres)', () => {
  const dataDir = tempDir();
  const effects = path.join(dataDir, 'side-effects.log');
  const children: ReturnType<typeof spawnTestCli>[] = [];
  let upstreams: string[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let stripe: FakeStripe;
  let store: Store;
  let ownerKey: string;

  const api = (key: string, route: string, init: RequestInit = {}) =>
    fetch(`${proxy.url}/api/agents${route}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });
  const post = (key: string, route: string, body: unknown) => api(key, route, { method: 'POST', body: JSON.stringify(body) });
  const cli = async (args: string[]) => {
    const result = await runBuiltCli([...args, '--json'], { DATA_DIR: dataDir });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };
  /** Invoices need the seller's name and address. */
  const bill = (accountId: string) => cli(['accounts', 'update', '--account', accountId, '--seller-name', 'Harbour Studio', '--seller-address', '1 Quay\\nBristol']);
  /** A fresh account with its own plan limit, a seller profile and a full-scope key. */
  const account = async (limit: number) => {
    const { account_id } = await cli(['accounts', 'create', '--name', `Limit ${limit}`]);
    await cli(['plan', 'activate', '--account', account_id, '--limit', String(limit)]);
    await bill(account_id);
    const { key_id, secret } = await cli(['keys', 'create', '--account', account_id, '--scopes', '*']);
    return { accountId: account_id as string, key: secret as string, keyId: key_id as string };
  };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      JOB_CONCURRENCY: '4',
      JOB_LEASE_SECONDS: '2',
      // Idle workers must be woken by NOTIFY: polling alone would take seconds per job.
      JOB_POLL_MS: '5000',
      TRUST_PROXY: 'loopback',
      AUTH_MAX_FAILURES: String(maxAuthFailures),
      MAX_REFUSED_CALLS: '1000000',
      CALL_BUDGET_MS: '60000',
      DATABASE_POOL_SIZE: '10',
      STRIPE_SECRET_KEY: 'sk_test_fake123',
      STRIPE_API_BASE: stripe.apiBase,
      TEST_SIDE_EFFECTS_FILE: effects,
    };
    // Started together on an empty database: migrations run once, under the advisory lock.
    for (let i = 0; i < 3; i++) children.push(spawnTestCli(['serve'], env));
    upstreams = await Promise.all(children.map((child) => waitForListening(child, 60_000)));
    proxy = await startRoundRobinProxy(upstreams);
    ownerKey = fs.readFileSync(path.join(dataDir, 'dev-key'), 'utf8').trim();
    store = await openStore(loadConfig(storeEnv(dataDir)).database, pino({ level: 'silent' }), {}, { migrate: false });
    const owner = await store.db.selectFrom('accounts').select('id').where('local_owner', '=', 1).executeTakeFirstOrThrow();
    await bill(owner.id);
  }, 90_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await proxy?.close();
    await stripe?.close();
    await store?.close();
  });

  it('migrated once and bootstrapped one owner, though three instances started together', async () => {
    const migrations = await store.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const names = migrations.map((row) => (row as { name: string }).name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('0009_throttles');
    const owners = await store.db.selectFrom('accounts').select('id').where('local_owner', '=', 1).execute();
    expect(owners).toHaveLength(1);
    const health = await Promise.all(upstreams.map(async (url) => json(await fetch(`${url}/healthz`))));
    for (const body of health) {
      expect(body).toMatchObject({ status: 'ok', database: { dialect: 'postgres', reachable: true } });
      expect(JSON.stringify(body)).not.toContain('127.0.0.1');
    }
  });

  it('runs 300 jobs exactly once each, and finishes a killed instance’s jobs after their lease', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `job-${i}`);
    const handles = await Promise.all(
      keys.map(async (key) => {
        const response = await post(ownerKey, '/test/slow', { key, ms: 300, steps: 3 });
        expect(response.status).toBe(202);
        return (await json(response)).job_id as string;
      }),
    );
    const succeeded = async () =>
      Number(
        (
          await store.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', 'succeeded')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await pollUntil(async () => ((await succeeded()) >= 100 ? true : undefined), 60_000, 50);
    const victim = children[1] as ReturnType<typeof spawnTestCli>;
    const victimPid = victim.pid;
    victim.kill('SIGKILL');
    await pollUntil(async () => ((await succeeded()) >= 300 ? true : undefined), 90_000, 100);

    const statuses = await Promise.all(handles.map(async (id) => json(await api(ownerKey, `/status/${id}`))));
    expect(statuses.map((status) => status.status)).toEqual(handles.map(() => 'succeeded'));
    // At-least-once execution, exactly-once settlement: a survivor ran each job at most once; the killed
    // instance may have run one it never settled.
    const lines = fs.readFileSync(effects, 'utf8').trim().split('\n');
    const bySurvivors = new Map<string, number>();
    for (const line of lines) {
      const [key, pid] = line.split(' ');
      if (Number(pid) !== victimPid) bySurvivors.set(key as string, (bySurvivors.get(key as string) ?? 0) + 1);
    }
    expect([...bySurvivors.values()].every((runs) => runs === 1)).toBe(true);
    expect(new Set(lines.map((line) => line.split(' ')[0]))).toEqual(new Set(keys));
    // The jobs the killed instance held were started again elsewhere.
    const restarted = await store.db.selectFrom('jobs').select('id').where('attempts', '>=', 2).execute();
    expect(restarted.length).toBeGreaterThan(0);
  }, 180_000);

  it('confirms one draft once under 20 concurrent confirmations spread over the instances', async () => {
    const draftResponse = await post(ownerKey, '/invoice/draft', {
      customer: { name: 'Ana Costa' },
      currency: 'EUR',
      line_items: [{ description: 'Consulting', quantity: 3, unit_price: '120.00' }],
      payment_link: true,
    });
    expect(draftResponse.status).toBe(200);
    const draft = await json(draftResponse);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(ownerKey, '/invoice/confirm', { draft_id: draft.draft_id }).then(json)));
    expect(results.filter((result) => !result.invoice_id).map((result) => JSON.stringify(result))).toEqual([]);
    expect(new Set(results.map((result) => result.invoice_id)).size).toBe(1);
    expect(new Set(results.map((result) => result.number)).size).toBe(1);
    expect(new Set(results.map((result) => result.payment_link?.url)).size).toBe(1);
    expect(stripe.links.filter((link) => (link.metadata as Record<string, string>).invoice_id === results[0].invoice_id)).toHaveLength(1);
    const stored = await tables<InvoiceTables>(store).selectFrom('invoices').select('id').where('draft_id', '=', draft.draft_id).execute();
    expect(stored).toHaveLength(1);
    // The PDF is in the database: every instance serves the same bytes.
    const pdfPath = new URL(results[0].pdf_url).pathname;
    const bodies = await Promise.all(
      upstreams.filter((_, i) => i !== 1).map(async (url) => Buffer.from(await (await fetch(url + pdfPath, { headers: { authorization: `Bearer ${ownerKey}` } })).arrayBuffer())),
    );
    expect(bodies[0]?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bodies[1]?.equals(bodies[0] as Buffer)).toBe(true);
  }, 60_000);

  it('signs share links with one secret: a preview link made by one instance opens on every instance', async () => {
    const generated = await post(ownerKey, '/widgets/generate', { prompt: 'A waitlist for Harbour Yoga, opening in March', kind: 'waitlist' });
    expect(generated.status).toBe(200);
    const preview = new URL((await json(generated)).preview_url);
    const secrets = await store.db.selectFrom('settings').selectAll().where('key', '=', 'share_secret').execute();
    expect(secrets).toHaveLength(1);
    for (const url of upstreams.filter((_, i) => i !== 1)) {
      const page = await fetch(url + preview.pathname + preview.search);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Harbour Yoga');
    }
  });

  it('numbers 200 concurrent invoices 1…200 with no gap or repeat', async () => {
    const { key } = await account(100_000);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(key, '/invoice/create', { customer: { name: `Customer ${i}` }, currency: 'USD', line_items: [{ description: 'Hour', quantity: 1, unit_price: '10.00' }] }).then(async (response) => ({
          status: response.status,
          body: await json(response),
        })),
      ),
    );
    expect(responses.filter((response) => response.status !== 200).map((response) => response.body)).toEqual([]);
    const sequences = responses.map((response) => Number(/-(\d+)$/.exec(response.body.number)?.[1])).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 120_000);

  it('lets exactly 50 of 120 concurrent metered calls through on a limit of 50', async () => {
    const { key } = await account(50);
    const statuses = await Promise.all(Array.from({ length: 120 }, (_, i) => post(key, '/test/echo', { message: `call ${i}` }).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(70);
    const usage = await json(await api(key, '/usage'));
    expect(usage).toMatchObject({ used: 50, limit: 50, remaining: 0 });
  }, 60_000);

  it('throttles 30 failed authentications from one address after the configured count, not three times it', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api(`ak_not_a_key_${i}`, '/usage', { headers: { 'x-forwarded-for': '198.51.100.7' } }).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401)).toHaveLength(maxAuthFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - maxAuthFailures);
    // Another address is not affected.
    expect((await api('ak_not_a_key', '/usage', { headers: { 'x-forwarded-for': '198.51.100.8' } })).status).toBe(401);
  });

  it('refuses a revoked key on every instance within the key cache’s second', async () => {
    const { key, keyId } = await account(1000);
    const live = upstreams.filter((_, i) => i !== 1);
    for (const url of live) expect((await fetch(`${url}/api/agents/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const revoked = await runBuiltCli(['keys', 'revoke', keyId], { DATA_DIR: dataDir });
    expect(revoked.code, revoked.stderr).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const url of live) expect((await fetch(`${url}/api/agents/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
  });
});
