import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { WindowCounter } from '../../src/access/window-counter.js';
import { testModules, testTaskModules } from '../fixtures/tools.js';
import { json, startApp, storeDialect, tempDir, testConfig, type StartedApp } from '../helpers.js';

const opened: App[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function started(env: Record<string, string> = {}): Promise<StartedApp> {
  const app = await startApp(env);
  opened.push(app);
  return app;
}

/** Another instance on an existing store (no bootstrap), listening: as a second server behind a load balancer. */
async function instanceOn(dataDir: string, env: Record<string, string> = {}) {
  const app = await createApp({ config: testConfig({ DATA_DIR: dataDir, BOOTSTRAP: 'false', ...env }), modules: testModules, taskModules: testTaskModules });
  opened.push(app);
  const { url } = await app.listen();
  return Object.assign(app, { url });
}

/** A well-formed agent key that no account has. */
const badKey = (i: number) => `ak_${String(i).padStart(43, 'x')}`;

const countOf = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe(`the shared window counter (${storeDialect})`, () => {
  it('counts 50 concurrent hits on one key as 1..50, each exactly once', async () => {
    const app = await started();
    const now = new Date('2026-11-23T10:00:00.000Z');
    const counter = new WindowCounter(app.store, () => now);
    const counts = await Promise.all(Array.from({ length: 50 }, () => counter.hit('k', 60_000)));
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(counts.map((count) => count.resetAt.toISOString()))).toEqual(new Set(['2026-11-23T10:01:00.000Z']));
    expect(await counter.get('k', 60_000)).toEqual({ hits: 50, resetAt: new Date('2026-11-23T10:01:00.000Z') });
  });

  it('starts a new window once windowMs has passed, and get() sees nothing after the window', async () => {
    const app = await started();
    let now = new Date('2026-11-23T10:00:00.000Z');
    const counter = new WindowCounter(app.store, () => now);
    const at = (ms: number) => (now = new Date(Date.parse('2026-11-23T10:00:00.000Z') + ms));

    expect(await counter.get('w', 60_000)).toBeUndefined();
    expect(await counter.hit('w', 60_000)).toEqual({ hits: 1, resetAt: new Date('2026-11-23T10:01:00.000Z') });
    at(30_000);
    expect((await counter.hit('w', 60_000)).hits).toBe(2);
    at(59_999);
    expect(await counter.hit('w', 60_000)).toEqual({ hits: 3, resetAt: new Date('2026-11-23T10:01:00.000Z') });
    expect(await counter.get('w', 60_000)).toEqual({ hits: 3, resetAt: new Date('2026-11-23T10:01:00.000Z') });

    // At the window's end the count is over: get() sees nothing, and the next hit opens a window from now.
    at(60_000);
    expect(await counter.get('w', 60_000)).toBeUndefined();
    expect(await counter.hit('w', 60_000)).toEqual({ hits: 1, resetAt: new Date('2026-11-23T10:02:00.000Z') });
    at(90_000);
    expect(await counter.get('w', 60_000)).toEqual({ hits: 1, resetAt: new Date('2026-11-23T10:02:00.000Z') });
    at(200_000);
    expect(await counter.get('w', 60_000)).toBeUndefined();

    // Keys count apart.
    expect((await counter.hit('other', 60_000)).hits).toBe(1);
    expect((await counter.hit('w', 60_000)).hits).toBe(1);
  });
});

describe(`failed authentication over HTTP (${storeDialect})`, () => {
  it('answers exactly AUTH_MAX_FAILURES 401s to 30 concurrent bad keys, then 429 rate_limited with Retry-After; a valid key still works', async () => {
    const app = await started({ AUTH_MAX_FAILURES: '10' });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${badKey(i)}` } })));
    expect(countOf(responses.map((response) => response.status))).toEqual({ 401: 10, 429: 20 });
    for (const response of responses.filter((r) => r.status === 429)) {
      expect((await json(response)).error.code).toBe('rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    for (const response of responses.filter((r) => r.status === 401)) expect((await json(response)).error.code).toBe('unauthenticated');
    const valid = await app.api('/api/agents/usage');
    expect(valid.status).toBe(200);
    expect(await json(valid)).toMatchObject({ plan: 'starter' });
    expect((await fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${badKey(99)}` } })).status).toBe(429);
  });

  it('shares the count between two instances on one store: still exactly 10 401s in total', async () => {
    const dir = tempDir();
    const first = await instanceOn(dir, { AUTH_MAX_FAILURES: '10' });
    const second = await instanceOn(dir, { AUTH_MAX_FAILURES: '10' });
    const account = await first.access.accounts.create({ name: 'Shared', plan: 'starter' });
    const { secret } = await first.access.keys.create({ accountId: account.id, scopes: ['*'], name: 'valid' });

    const instances = [first, second];
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${instances[i % 2]!.url}/api/agents/usage`, { headers: { authorization: `Bearer ${badKey(i)}` } })));
    const statuses = responses.map((response) => response.status);
    expect(countOf(statuses)).toEqual({ 401: 10, 429: 20 });
    // Both instances refused some: neither allowed its own 10.
    expect(statuses.filter((status, i) => i % 2 === 0 && status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status, i) => i % 2 === 1 && status === 429).length).toBeGreaterThan(0);
    for (const response of responses.filter((r) => r.status === 429)) expect((await json(response)).error.code).toBe('rate_limited');

    for (const instance of instances) {
      expect((await fetch(`${instance.url}/api/agents/usage`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
      expect((await fetch(`${instance.url}/api/agents/usage`, { headers: { authorization: `Bearer ${badKey(100)}` } })).status).toBe(429);
    }
  });
});

describe(`the public form limit across instances (${storeDialect})`, () => {
  it('allows 10 posts in total to one form from one address when they alternate between two instances on one store', async () => {
    const dir = tempDir();
    const first = await started({ DATA_DIR: dir, TRUST_PROXY: 'true' });
    const second = await instanceOn(dir, { TRUST_PROXY: 'true' });
    const generated = await first.api('/api/agents/widgets/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a contact form', kind: 'contact', brand: { name: 'Two Servers' } }),
    });
    expect(generated.status).toBe(200);
    const widget = await json(generated);
    const formPath = `${new URL(widget.meta.form.action).pathname}?v=1&s=contact`;

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${[first, second][i % 2]!.url}${formPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': '203.0.113.5' },
          body: new URLSearchParams({ name: 'N', email: `n${i}@example.com`, message: 'hi' }),
        }),
      ),
    );
    expect(countOf(responses.map((response) => response.status))).toEqual({ 200: 10, 429: 2 });
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(response)).error.code).toBe('rate_limited');
    }
    const listed = await json(await first.api(`/api/agents/widgets/${widget.widget_id}/submissions`));
    expect(listed.total).toBe(10);

    // Another address still gets through, on either instance.
    const other = await fetch(`${second.url}${formPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': '203.0.113.6' },
      body: new URLSearchParams({ name: 'M', email: 'm@example.com', message: 'hi' }),
    });
    expect(other.status).toBe(200);
  });
});
