import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cycleAt } from '../../src/access/plans.js';
import { json, pollUntil, startApp, type StartedApp } from '../helpers.js';

const apps: StartedApp[] = [];
async function app(env: Record<string, string> = {}, now?: () => Date) {
  const started = await startApp({ AUTH_MAX_FAILURES: '100000', ...env }, { now });
  apps.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const echo = (a: StartedApp, message = 'hi', headers: Record<string, string> = {}) =>
  a.api('/api/agents/test/echo', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ message }) });
const usage = async (a: StartedApp) => json(await a.api('/api/agents/usage'));

describe('usage metering', () => {
  it('limit 50, 100 concurrent metered calls: exactly 50 succeed and 50 get 429 with a complete overage_policy', async () => {
    const a = await app();
    await a.access.accounts.activatePlan(a.accountId, 'starter', 50);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => echo(a, `m${i}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);

    const refused = responses.find((response) => response.status === 429) as Response;
    const body = await json(refused);
    expect(body.error.code).toBe('usage_limit_exceeded');
    expect(body.overage_policy).toMatchObject({ plan: 'starter', limit: 50, used: 50, behavior: 'block', upgrade: { plan: 'pro' } });
    for (const field of ['cycle_start', 'cycle_end', 'resets_at']) expect(Date.parse(body.overage_policy[field])).not.toBeNaN();
    expect(body.overage_policy.upgrade.how).toContain(`--account ${a.accountId} --plan pro`);
    expect(body.overage_policy.suggested_actions.map((s: { action: string }) => s.action)).toEqual(['wait', 'upgrade', 'check_usage']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('50');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');

    const report = await usage(a);
    expect(report).toMatchObject({ plan: 'starter', limit: 50, used: 50, remaining: 0, in_flight: 0 });
    expect(report.per_tool).toEqual([{ tool: 'test_echo', calls: 50, units: 50 }]);
  });

  it('puts RateLimit headers on metered successes', async () => {
    const a = await app();
    await a.access.accounts.activatePlan(a.accountId, 'starter', 10);
    const response = await echo(a);
    expect(response.headers.get('ratelimit-limit')).toBe('10');
    expect(response.headers.get('ratelimit-remaining')).toBe('9');
  });

  it('charges nothing for failed calls: invalid input, tool errors, failed jobs', async () => {
    const a = await app();
    const post = (path: string, body: unknown) => a.api(`/api/agents${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/test/echo', { message: 7 })).status).toBe(400);
    expect((await post('/test/broken', {})).status).toBe(500);
    const failedJob = await post('/test/slow', { key: 'metered-fail', fail: true });
    const { job_id } = await json(failedJob);
    await pollUntil(async () => ((await json(await a.api(`/api/agents/status/${job_id}`))).status === 'failed' ? true : undefined));
    expect(await usage(a)).toMatchObject({ used: 0, in_flight: 0, per_tool: [] });

    const okJob = await json(await post('/test/slow', { key: 'metered-ok' }));
    await pollUntil(async () => ((await json(await a.api(`/api/agents/status/${okJob.job_id}`))).status === 'succeeded' ? true : undefined));
    expect(await echo(a)).toHaveProperty('status', 200);
    const report = await usage(a);
    expect(report.used).toBe(2);
    expect(report.per_tool).toEqual([
      { tool: 'test_echo', calls: 1, units: 1 },
      { tool: 'test_slow_job', calls: 1, units: 1 },
    ]);
  });

  it('rolls over to a new monthly cycle anchored at activation (injected clock)', async () => {
    let now = new Date('2026-01-31T10:00:00.000Z');
    const a = await app({}, () => now);
    await a.access.accounts.deactivatePlan(a.accountId);
    await a.access.accounts.activatePlan(a.accountId, 'starter', 2);
    expect((await echo(a)).status).toBe(200);
    expect((await echo(a)).status).toBe(200);
    const refused = await json(await echo(a));
    expect(refused.overage_policy.cycle_start).toBe('2026-01-31T10:00:00.000Z');
    expect(refused.overage_policy.resets_at).toBe('2026-02-28T10:00:00.000Z'); // clamped to February's last day

    now = new Date('2026-02-28T10:00:00.001Z');
    expect((await echo(a)).status).toBe(200);
    const report = await usage(a);
    expect(report.cycle).toEqual({ start: '2026-02-28T10:00:00.000Z', end: '2026-03-31T10:00:00.000Z', resets_at: '2026-03-31T10:00:00.000Z' });
    expect(report).toMatchObject({ used: 1, remaining: 1 });
  });

  it('computes cycles month by month from the anchor', () => {
    const anchor = new Date('2026-01-31T00:00:00Z');
    expect(cycleAt(anchor, new Date('2026-01-31T00:00:00Z')).start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(cycleAt(anchor, new Date('2026-03-30T23:59:59Z')).start.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(cycleAt(anchor, new Date('2026-03-31T00:00:00Z')).start.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(cycleAt(anchor, new Date('2027-02-01T00:00:00Z')).end.toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('honours a per-account limit override, and clearing it restores the plan limit', async () => {
    const a = await app();
    await a.access.accounts.activatePlan(a.accountId, 'starter', 1);
    expect((await echo(a)).status).toBe(200);
    expect((await echo(a)).status).toBe(429);
    await a.access.accounts.activatePlan(a.accountId, 'starter', null);
    expect((await usage(a)).limit).toBe(1000);
    expect((await echo(a)).status).toBe(200);
  });

  it('pro bills overage instead of refusing, and reports it', async () => {
    const a = await app();
    await a.access.accounts.activatePlan(a.accountId, 'pro', 3);
    for (let i = 0; i < 5; i++) expect((await echo(a)).status).toBe(200);
    const report = await usage(a);
    expect(report).toMatchObject({ plan: 'pro', behavior: 'bill_overage', limit: 3, used: 5, remaining: 0 });
    expect(report.overage).toEqual({ units: 2, unit_price: { amount: '0.01', currency: 'USD' }, estimated_charge: { amount: '0.02', currency: 'USD' } });
  });

  it('over MCP a usage refusal is an isError result carrying overage_policy', async () => {
    const a = await app();
    await a.access.accounts.activatePlan(a.accountId, 'starter', 0);
    const client = new Client({ name: 'limits', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${a.key}` } } }));
    const result = (await client.callTool({ name: 'test_echo', arguments: { message: 'x' } })) as { isError?: boolean; content: Array<{ text?: string }> };
    await client.close();
    expect(result.isError).toBe(true);
    const envelope = JSON.parse(result.content[0]?.text ?? '{}');
    expect(envelope.error.code).toBe('usage_limit_exceeded');
    expect(envelope.overage_policy).toMatchObject({ limit: 0, behavior: 'block' });
  });

  it('releases reservations a crash left behind, and settles those of finished jobs', async () => {
    let now = new Date();
    const a = await app({ JOB_CONCURRENCY: '0' }, () => now);
    const orphan = await a.access.meter.reserve(a.accountId, 'test_echo', 1);
    expect((await usage(a)).in_flight).toBe(1);
    now = new Date(now.getTime() + 16 * 60_000);
    await a.access.sweep();
    expect(await usage(a)).toMatchObject({ in_flight: 0, used: 0 });
    expect(orphan.units).toBe(1);
  });
});
