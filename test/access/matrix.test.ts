import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '../../src/kernel/tool.js';
import { grants } from '../../src/kernel/scopes.js';
import { verifiedKeyTtlMs } from '../../src/access/keys.js';
import { json, startApp, type StartedApp } from '../helpers.js';
import { errorEnvelopeSchema } from '../../src/kernel/errors.js';

/** A scope that does not grant `needed`. */
const otherScope = (scopes: readonly string[], needed: string) => scopes.find((scope) => scope !== '*' && !grants([scope], needed)) as string;

describe('access control over the whole catalogue', () => {
  let app: StartedApp;
  const keys: Record<string, string> = {};
  let inactiveAccountKey: string;

  beforeAll(async () => {
    // Every tool is refused several ways: the refused-calls throttle (tested in hardening) must not cut the walk short.
    app = await startApp({ AUTH_MAX_FAILURES: '100000', MAX_REFUSED_CALLS: '100000' });
    const revoked = await app.access.keys.create({ accountId: app.accountId, scopes: ['*'] });
    await app.access.keys.revoke(revoked.key_id);
    keys.revoked = revoked.secret;
    for (const tool of app.catalogue.tools) {
      keys[`right:${tool.name}`] = (await app.access.keys.create({ accountId: app.accountId, scopes: [tool.scope] })).secret;
      keys[`wrong:${tool.name}`] = (await app.access.keys.create({ accountId: app.accountId, scopes: [otherScope(app.outcomes.scopes, tool.scope) as never] })).secret;
    }
    const inactive = await app.access.accounts.create({ name: 'No plan', plan: null });
    inactiveAccountKey = (await app.access.keys.create({ accountId: inactive.id, scopes: ['*'] })).secret;
  });
  afterAll(() => app.close());

  const rest = (tool: Tool, secret: string | undefined) =>
    fetch(app.url + app.catalogue.routeOf(tool.name, { job_id: 'job_01aaaaaaaaaaaaaaaaaaaaaaaa' }).path, {
      method: tool.route.method,
      headers: { 'content-type': 'application/json', ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` }) },
      body: tool.route.method === 'GET' ? undefined : '{}',
    });

  async function mcpClient(secret: string | undefined): Promise<Client> {
    const client = new Client({ name: 'matrix', version: '1' });
    const headers: Record<string, string> = secret === undefined ? {} : { authorization: `Bearer ${secret}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers } }));
    return client;
  }
  const mcpError = async (secret: string, tool: Tool) => {
    const client = await mcpClient(secret);
    try {
      const result = (await client.callTool({ name: tool.name, arguments: {} })) as { isError?: boolean; content: Array<{ text?: string }> };
      return result.isError ? JSON.parse(result.content[0]?.text ?? '{}').error : undefined;
    } finally {
      await client.close();
    }
  };

  it('REST: no key, a garbage key and a revoked key get 401 with WWW-Authenticate, on every tool', async () => {
    for (const tool of app.catalogue.tools) {
      for (const secret of [undefined, 'garbage', `ak_${'x'.repeat(43)}`, keys.revoked]) {
        const response = await rest(tool, secret);
        expect(response.status, `${tool.name} with ${secret}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="agent-outcomes"/);
        expect((await json(response)).error.code).toBe('unauthenticated');
      }
    }
  });

  it('REST: a key without the scope gets 403 naming it; one with it gets past access control', async () => {
    for (const tool of app.catalogue.tools) {
      const wrong = await rest(tool, keys[`wrong:${tool.name}`]);
      expect(wrong.status, tool.name).toBe(403);
      const { error } = await json(wrong);
      expect(error.code).toBe('insufficient_scope');
      expect(error.message).toContain(`"${tool.scope}"`);
      expect(error.details.required_scope).toBe(tool.scope);

      const right = await rest(tool, keys[`right:${tool.name}`]);
      expect([401, 402, 403, 429], `${tool.name} with its scope`).not.toContain(right.status);
    }
  });

  it('REST: without an active plan every metered tool answers 402 with activation help; free tools still work', async () => {
    for (const tool of app.catalogue.tools) {
      const response = await rest(tool, inactiveAccountKey);
      if (tool.cost > 0) {
        expect(response.status, tool.name).toBe(402);
        const body = await json(response);
        expect(body.error.code).toBe('plan_inactive');
        expect(body.activation.how).toMatch(/^agent-outcomes plan activate --account acct_/);
      } else {
        expect(response.status, tool.name).not.toBe(402);
      }
    }
  });

  it('a key revoked while in use stops working at once in this process, and within a second elsewhere', async () => {
    const key = await app.access.keys.create({ accountId: app.accountId, scopes: ['usage:read'] });
    const call = () => fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect((await call()).status).toBe(200);
    await app.access.keys.revoke(key.key_id);
    expect((await call()).status).toBe(401);

    // Another process (the CLI) revokes in the database only: the verified-key cache lapses within its TTL.
    const other = await app.access.keys.create({ accountId: app.accountId, scopes: ['usage:read'] });
    const otherCall = () => fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${other.secret}` } });
    expect((await otherCall()).status).toBe(200);
    await app.store.db.updateTable('agent_keys').set({ revoked_at: new Date().toISOString() }).where('id', '=', other.key_id).execute();
    await new Promise((resolve) => setTimeout(resolve, verifiedKeyTtlMs + 50));
    expect((await otherCall()).status).toBe(401);
  });

  it('discovery and OpenAPI need no key', async () => {
    expect((await fetch(`${app.url}/api/agents/mcp`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/agents/openapi.json`)).status).toBe(200);
  });

  it('MCP HTTP: no key, a garbage key and a revoked key are an HTTP 401 with the envelope', async () => {
    for (const secret of [undefined, 'garbage', keys.revoked]) {
      await expect(mcpClient(secret)).rejects.toThrow(/unauthenticated/);
      const raw = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(secret ? { authorization: `Bearer ${secret}` } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(raw.status).toBe(401);
      expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = await json(raw);
      expect(errorEnvelopeSchema.safeParse(body).success).toBe(true);
      expect(body.error.code).toBe('unauthenticated');
      expect(body.error.message).toMatch(secret ? /not valid/ : /needs an agent key/);
    }
  });

  it('MCP HTTP: scope and plan refusals are isError results with the same envelope', async () => {
    for (const tool of app.catalogue.tools) {
      const wrong = await mcpError(keys[`wrong:${tool.name}`] as string, tool);
      expect(wrong?.code, tool.name).toBe('insufficient_scope');
      const right = await mcpError(keys[`right:${tool.name}`] as string, tool);
      expect(['unauthenticated', 'insufficient_scope', 'plan_inactive', 'usage_limit_exceeded']).not.toContain(right?.code);
      const inactive = await mcpError(inactiveAccountKey, tool);
      if (tool.cost > 0) expect(inactive?.code, tool.name).toBe('plan_inactive');
      else expect(inactive?.code).not.toBe('plan_inactive');
    }
  });

  it('another account cannot see a job: 404 on REST and MCP', async () => {
    const started = await app.api('/api/agents/test/slow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'cross-account' }),
    });
    const { job_id } = await json(started);
    const other = await app.access.accounts.create({ name: 'Other', plan: 'starter' });
    const otherKey = (await app.access.keys.create({ accountId: other.id, scopes: ['*'] })).secret;
    const response = await fetch(`${app.url}/api/agents/status/${job_id}`, { headers: { authorization: `Bearer ${otherKey}` } });
    expect(response.status).toBe(404);
    const client = await mcpClient(otherKey);
    const result = (await client.callTool({ name: 'job_status', arguments: { job_id } })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(JSON.parse(result.content[0]?.text ?? '{}').error.code).toBe('not_found');
    await client.close();
    expect((await app.api(`/api/agents/status/${job_id}`)).status).toBe(200);
  });
});

describe('failed authentication', () => {
  it('is slowed down per address for bad keys only: 429 rate_limited, distinct from the usage 429', async () => {
    const app = await startApp({ AUTH_MAX_FAILURES: '5' });
    try {
      const attempt = (secret: string) => fetch(`${app.url}/api/agents/usage`, { headers: { authorization: `Bearer ${secret}` } });
      for (let i = 0; i < 5; i++) expect((await attempt(`ak_${String(i).padStart(43, 'y')}`)).status).toBe(401);
      const limited = await attempt(`ak_${'z'.repeat(43)}`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(limited)).error.code).toBe('rate_limited');
      // A valid key from the same address (a shared NAT, a proxy without TRUST_PROXY) keeps working, over REST and MCP.
      expect((await app.api('/api/agents/usage')).status).toBe(200);
      const mcpList = await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(mcpList.status).toBe(200);
      // Bad keys stay refused, on MCP too (it shares the throttle), while the address is throttled.
      const mcp = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { authorization: 'Bearer ak_guess', 'content-type': 'application/json' }, body: '{}' });
      expect(mcp.status).toBe(429);
      expect((await attempt(`ak_${'w'.repeat(43)}`)).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
