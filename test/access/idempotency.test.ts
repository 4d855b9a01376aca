import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startApp, type StartedApp } from '../helpers.js';

describe('Idempotency-Key', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp({ AUTH_MAX_FAILURES: '100000' });
  });
  afterAll(() => app.close());

  const post = (path: string, body: unknown, key: string, secret = app.key) =>
    fetch(`${app.url}/api/agents${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, authorization: `Bearer ${secret}` },
      body: JSON.stringify(body),
    });
  const used = async () => (await json(await app.api('/api/agents/usage'))).used as number;

  it('replays the first response (status and body) without running or charging again', async () => {
    const before = await used();
    const first = await post('/test/echo', { message: 'once' }, 'key-replay');
    const second = await post('/test/echo', { message: 'once' }, 'key-replay');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await json(second)).toEqual(await json(first));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await used()).toBe(before + 1);
  });

  it('replays a 202 job handle: one job, not two', async () => {
    const first = await json(await post('/test/slow', { key: 'idem-job', ms: 50 }, 'key-job'));
    const second = await json(await post('/test/slow', { key: 'idem-job', ms: 50 }, 'key-job'));
    expect(second.job_id).toBe(first.job_id);
  });

  it('never replays a response to a key without the scope to make the call', async () => {
    await post('/test/echo', { message: 'scoped' }, 'key-scope');
    const weak = (await app.access.keys.create({ accountId: app.accountId, scopes: ['usage:read'] })).secret;
    expect((await post('/test/echo', { message: 'scoped' }, 'key-scope', weak)).status).toBe(403);
  });

  it('refuses the same key with a different body: 422 idempotency_mismatch', async () => {
    await post('/test/echo', { message: 'a' }, 'key-mismatch');
    const response = await post('/test/echo', { message: 'b' }, 'key-mismatch');
    expect(response.status).toBe(422);
    expect((await json(response)).error.code).toBe('idempotency_mismatch');
  });

  it('executes two concurrent requests with one key once', async () => {
    const before = await used();
    const responses = await Promise.all(Array.from({ length: 8 }, () => post('/test/slow', { key: 'idem-concurrent', ms: 200 }, 'key-concurrent')));
    const bodies = await Promise.all(responses.map((response) => json(response)));
    expect(new Set(bodies.map((body) => body.job_id)).size).toBe(1);
    expect(await used()).toBeLessThanOrEqual(before + 1);
  });

  it('does not keep responses a retry should not replay (invalid input): the key stays usable', async () => {
    expect((await post('/test/echo', { message: 5 }, 'key-invalid')).status).toBe(400);
    const retry = await post('/test/echo', { message: 'fixed' }, 'key-invalid');
    expect(retry.status).toBe(200);
  });

  it('keeps keys per account', async () => {
    const other = await app.access.accounts.create({ name: 'Idem other', plan: 'starter' });
    const otherKey = (await app.access.keys.create({ accountId: other.id, scopes: ['*'] })).secret;
    await post('/test/echo', { message: 'mine' }, 'key-shared');
    const theirs = await post('/test/echo', { message: 'theirs' }, 'key-shared', otherKey);
    expect(theirs.status).toBe(200);
    expect((await json(theirs)).echoed).toBe('theirs');
  });

  it('expires after 24 hours', async () => {
    let now = new Date('2026-05-01T00:00:00Z');
    const timed = await startApp({}, { now: () => now });
    try {
      const call = (message: string) =>
        timed.api('/api/agents/test/echo', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'k' }, body: JSON.stringify({ message }) });
      expect((await call('day one')).status).toBe(200);
      expect((await call('day one, changed')).status).toBe(422);
      now = new Date('2026-05-02T00:00:01Z');
      const later = await call('day two');
      expect(later.status).toBe(200);
      expect((await json(later)).echoed).toBe('day two');
    } finally {
      await timed.close();
    }
  });

  it('rejects a malformed key', async () => {
    const response = await post('/test/echo', { message: 'x' }, 'x'.repeat(300));
    expect(response.status).toBe(400);
    expect((await json(response)).error.message).toMatch(/Idempotency-Key/);
  });
});
