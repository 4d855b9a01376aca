import { updateSeller } from '../../tools/invoice/seller.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdioTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { pollUntil, root, startApp, tempDir, type StartedApp, storeEnv, testSeller } from '../helpers.js';

const revision = '2026-07-28';
const tasks = 'io.modelcontextprotocol/tasks';

let app: StartedApp;
let id = 0;

/** The 2026 request envelope, as a client puts it in every request's `_meta`. */
const envelope = (capabilities: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': revision,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-2026', version: '1.0.0' },
});

interface RawOptions {
  name?: string;
  capabilities?: Record<string, unknown>;
  headers?: Record<string, string>;
  key?: string;
  path?: string;
}

/** One stateless 2026 request, over plain fetch: the headers and envelope the revision requires. */
async function raw(method: string, params: Record<string, unknown> = {}, options: RawOptions = {}) {
  const response = await fetch(app.url + (options.path ?? '/mcp'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${options.key ?? app.key}`,
      'mcp-protocol-version': revision,
      'mcp-method': method,
      ...(options.name ? { 'mcp-name': options.name } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: { ...envelope(options.capabilities), ...(params._meta as object) } } }),
  });
  const text = await response.text();
  // A result may come as JSON or, when the server streamed progress, as SSE: the last data line holds the response.
  const body = response.headers.get('content-type')?.includes('text/event-stream')
    ? JSON.parse(
        text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .at(-1)
          ?.slice(5) ?? 'null',
      )
    : text
      ? JSON.parse(text)
      : undefined;
  return { status: response.status, body, headers: response.headers };
}

beforeAll(async () => {
  app = await startApp({ MCP_JOB_WAIT_SECONDS: '1' });
  // Invoices are issued only with the seller's name and address.
  await updateSeller(app.store, app.accountId, testSeller, new Date());
});
afterAll(() => app.close());

describe('MCP 2026-07-28 over Streamable HTTP', () => {
  it('answers server/discover with both revisions, the extensions and a public cache hint', async () => {
    const { status, body } = await raw('server/discover');
    expect(status).toBe(200);
    expect(body.result.supportedVersions).toContain(revision);
    expect(body.result.capabilities.tools).toBeDefined();
    expect(body.result.capabilities.resources).toBeDefined();
    expect(Object.keys(body.result.capabilities.extensions)).toEqual(expect.arrayContaining([tasks, 'io.modelcontextprotocol/ui']));
    expect(body.result.instructions).toContain('tasks/get');
    expect(body.result).toMatchObject({ cacheScope: 'public' });
    expect(body.result.ttlMs).toBeGreaterThan(0);
  });

  it('lists tools with a private cache hint (the list depends on the key) and 2020-12 schemas without $schema', async () => {
    const { body } = await raw('tools/list');
    expect(body.result).toMatchObject({ cacheScope: 'private' });
    expect(body.result.ttlMs).toBeGreaterThan(0);
    const status = body.result.tools.find((tool: { name: string }) => tool.name === 'job_status');
    expect(status.inputSchema.type).toBe('object');
    expect(status.inputSchema.$schema).toBeUndefined();
    expect(status.outputSchema.$schema).toBeUndefined();
  });

  it('calls a tool statelessly and returns its structured result', async () => {
    const { status, body } = await raw('tools/call', { name: 'test_echo_free', arguments: { message: 'hello 2026' } }, { name: 'test_echo_free' });
    expect(status).toBe(200);
    expect(body.result.isError).toBeFalsy();
    expect(body.result.structuredContent).toMatchObject({ echoed: 'hello 2026' });
  });

  it('refuses header/envelope mismatches, unknown versions and unknown methods with the spec codes', async () => {
    const mismatch = await raw('tools/list', {}, { headers: { 'mcp-method': 'tools/call' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe(-32020);
    const wrongName = await raw('tools/call', { name: 'test_echo_free', arguments: { message: 'x' } }, { name: 'other' });
    expect(wrongName.status).toBe(400);
    expect(wrongName.body.error.code).toBe(-32020);
    const future = await raw('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }, { headers: { 'mcp-protocol-version': '2099-01-01' } });
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe(-32022);
    expect(future.body.error.data.supported).toContain(revision);
    const unknown = await raw('no/such');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(-32601);
  });

  it('still requires the agent key (401 with WWW-Authenticate) and checks Origin', async () => {
    const anonymous = await raw('tools/list', {}, { key: 'ak_nope' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer');
    const foreign = await raw('tools/list', {}, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('forbidden_origin');
    const local = await raw('tools/list', {}, { headers: { origin: 'http://localhost:6274' } });
    expect(local.status).toBe(200);
  });

  it('serves the v2 client pinned to 2026-07-28 and the v1 client (2025-11-25) on the same endpoint', async () => {
    const modern = new ModernClient({ name: 'v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: revision } } });
    await modern.connect(new ModernTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    const modernTools = await modern.listTools();
    expect(modernTools.tools.length).toBeGreaterThan(0);
    const modernCall = await modern.callTool({ name: 'test_echo_free', arguments: { message: 'v2' } });
    expect(modernCall.structuredContent).toMatchObject({ echoed: 'v2' });
    await modern.close();

    const legacy = new LegacyClient({ name: 'v1', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    expect(legacy.getServerVersion()?.name).toBe('agent-outcomes');
    const legacyCall = await legacy.callTool({ name: 'test_echo_free', arguments: { message: 'v1' } });
    expect(legacyCall.structuredContent).toMatchObject({ echoed: 'v1' });
    await legacy.close();
  });
});

describe('Tasks extension', () => {
  const withTasks = { extensions: { [tasks]: {} } };

  it('answers a job tool with a task at once, and tasks/get inlines the result when it completes', async () => {
    const started = Date.now();
    const call = await raw('tools/call', { name: 'test_slow_job', arguments: { key: 'task-ok', ms: 300, steps: 3 } }, { name: 'test_slow_job', capabilities: withTasks });
    expect(Date.now() - started).toBeLessThan(300);
    const task = call.body.result;
    expect(task).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number), pollIntervalMs: expect.any(Number) });
    // Unguessable: not a time-ordered job id, and long enough.
    expect(task.taskId).toMatch(/^tsk_[A-Za-z0-9_-]{24}$/);
    expect(task).not.toHaveProperty('ttl');
    const done = await pollUntil(async () => {
      const { body } = await raw('tasks/get', { taskId: task.taskId }, { name: task.taskId, capabilities: withTasks });
      return body.result.status === 'completed' ? body.result : undefined;
    });
    expect(done.result.structuredContent).toEqual({ key: 'task-ok', runs: 1, next_actions: [] });
    expect(done.result.isError).toBeFalsy();
  });

  it('reports a tool failure as a completed task whose result is an error', async () => {
    const call = await raw('tools/call', { name: 'test_slow_job', arguments: { key: 'task-fail', fail: true } }, { name: 'test_slow_job', capabilities: withTasks });
    const { taskId } = call.body.result;
    const done = await pollUntil(async () => {
      const { body } = await raw('tasks/get', { taskId }, { name: taskId, capabilities: withTasks });
      return body.result.status === 'completed' ? body.result : undefined;
    });
    expect(done.result.isError).toBe(true);
    expect(JSON.parse(done.result.content[0].text).error.code).toBe('unprocessable');
  });

  it('cancels a running job: the worker stops at its next progress point and the units are released', async () => {
    const before = ((await (await app.api('/api/agents/usage')).json()) as { used: number }).used;
    const call = await raw('tools/call', { name: 'test_slow_job', arguments: { key: 'task-cancel', ms: 4_000, steps: 40 } }, { name: 'test_slow_job', capabilities: withTasks });
    const { taskId } = call.body.result;
    await pollUntil(async () => ((await raw('tasks/get', { taskId }, { name: taskId, capabilities: withTasks })).body.result.statusMessage ? true : undefined));
    const canceled = await raw('tasks/cancel', { taskId }, { name: taskId, capabilities: withTasks });
    expect(canceled.status).toBe(200);
    expect(canceled.body.result).toBeDefined();
    const { body } = await raw('tasks/get', { taskId }, { name: taskId, capabilities: withTasks });
    expect(body.result.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.worker.activeJobs).toBe(0);
    const after = await (await app.api('/api/agents/usage')).json();
    expect(after).toMatchObject({ used: before, in_flight: 0 });
    const acknowledged = await raw('tasks/update', { taskId, inputResponses: {} }, { name: taskId, capabilities: withTasks });
    expect(acknowledged.body.result).toBeDefined();
  });

  it('refuses tasks/* from a client that did not declare the extension (-32021), and unknown or foreign tasks (-32602)', async () => {
    const call = await raw('tools/call', { name: 'test_slow_job', arguments: { key: 'task-auth' } }, { name: 'test_slow_job', capabilities: withTasks });
    const { taskId } = call.body.result;
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const undeclared = await raw(method, { taskId, inputResponses: {} }, { name: taskId });
      expect(undeclared.body.error.code).toBe(-32021);
    }
    const unknown = await raw('tasks/get', { taskId: 'tsk_nope' }, { name: 'tsk_nope', capabilities: withTasks });
    expect(unknown.body.error.code).toBe(-32602);
    const other = await app.access.accounts.create({ name: 'Other', plan: 'starter' });
    const otherKey = await app.access.keys.create({ accountId: other.id, scopes: ['*'] });
    const foreign = await raw('tasks/get', { taskId }, { name: taskId, capabilities: withTasks, key: otherKey.secret });
    expect(foreign.body.error.code).toBe(-32602);
  });

  it('keeps the 2025 behaviour for a client without the extension: it waits, then returns a job handle', async () => {
    const { body } = await raw('tools/call', { name: 'test_slow_job', arguments: { key: 'no-task', ms: 3_000, steps: 2 } }, { name: 'test_slow_job' });
    expect(body.result.resultType).not.toBe('task');
    expect(body.result.structuredContent).toMatchObject({ tool: 'test_slow_job', status: expect.stringMatching(/queued|running/) });
  });
});

describe('prompts and logging', () => {
  it('offers one prompt per toolset the key can use, which names its tools and carries the request verbatim', async () => {
    const { body } = await raw('prompts/list');
    expect(body.result).toMatchObject({ cacheScope: 'private' });
    const names = body.result.prompts.map((prompt: { name: string }) => prompt.name);
    expect(names).toContain('invoices');
    const got = await raw('prompts/get', { name: 'invoices', arguments: { request: 'Bill Acme GmbH €1,450 for the audit' } }, { name: 'invoices' });
    const text = got.body.result.messages[0].content.text as string;
    expect(text).toContain('Bill Acme GmbH €1,450 for the audit');
    expect(text).toContain('invoice_draft');
    const missing = await raw('prompts/get', { name: 'invoices', arguments: {} }, { name: 'invoices' });
    expect(missing.body.error.code).toBe(-32602);
    const narrow = await app.access.keys.create({ accountId: app.accountId, scopes: ['content:write'] });
    const narrowList = await raw('prompts/list', {}, { key: narrow.secret });
    expect(narrowList.body.result.prompts.map((prompt: { name: string }) => prompt.name)).toEqual(['content']);
  });

  it('accepts logging/setLevel from a 2025 client (logs go to stderr, none are sent as notifications)', async () => {
    const legacy = new LegacyClient({ name: 'v1', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    expect(legacy.getServerCapabilities()?.logging).toBeDefined();
    await expect(legacy.setLoggingLevel('debug')).resolves.toBeDefined();
    await legacy.close();
  });
});

describe('artifacts as resources', () => {
  const invoice = { customer: { name: 'Acme GmbH' }, currency: 'EUR', line_items: [{ description: 'Website redesign', unit_price: '1200', tax_rate: 19 }] };

  it('links the artifacts of a result and reads them back (blob with its MIME type; text), on both revisions', async () => {
    const call = await raw('tools/call', { name: 'invoice_create', arguments: invoice }, { name: 'invoice_create' });
    const link = call.body.result.content.find((item: { type: string }) => item.type === 'resource_link');
    expect(link).toMatchObject({ uri: expect.stringMatching(/^agent-outcomes:\/\/invoices\/inv_[0-9a-z]{26}\/pdf$/), mimeType: 'application/pdf', name: expect.stringMatching(/\.pdf$/) });
    // The URL stays in structuredContent for clients that ignore links.
    expect(call.body.result.structuredContent.pdf_url).toContain('/api/agents/files/');
    const read = await raw('resources/read', { uri: link.uri }, { name: link.uri });
    expect(read.body.result).toMatchObject({ cacheScope: 'private', ttlMs: expect.any(Number) });
    const [contents] = read.body.result.contents;
    expect(contents.mimeType).toBe('application/pdf');
    expect(Buffer.from(contents.blob, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const legacy = new LegacyClient({ name: 'v1', version: '1.0.0' });
    await legacy.connect(new LegacyTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${app.key}` } } }));
    const page = await legacy.callTool({ name: 'widget_generate', arguments: { prompt: 'a waitlist widget for our app launch', brand: { name: 'Orbit' } } });
    const pageLink = (page.content as Array<{ type: string; uri?: string }>).find((item) => item.type === 'resource_link');
    const html = await legacy.readResource({ uri: pageLink?.uri as string });
    expect(html.contents[0]).toMatchObject({ mimeType: 'text/html', text: (page.structuredContent as { html: string }).html });
    const { resourceTemplates } = await legacy.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('agent-outcomes://invoices/{invoice_id}/pdf');
    await legacy.close();
  });

  it("answers another account's artifact with not found, and a key without the scope with a 403 envelope", async () => {
    const call = await raw('tools/call', { name: 'invoice_create', arguments: invoice }, { name: 'invoice_create' });
    const { uri } = call.body.result.content.find((item: { type: string }) => item.type === 'resource_link');
    const other = await app.access.accounts.create({ name: 'Stranger', plan: 'starter' });
    const strangerKey = await app.access.keys.create({ accountId: other.id, scopes: ['*'] });
    const foreign = await raw('resources/read', { uri }, { name: uri, key: strangerKey.secret });
    expect(foreign.body.error.code).toBe(-32602);
    expect(JSON.stringify(foreign.body)).not.toContain('%PDF');
    const narrow = await app.access.keys.create({ accountId: app.accountId, scopes: ['content:read'] });
    const refused = await raw('resources/read', { uri }, { name: uri, key: narrow.secret });
    expect(refused.body.error.data).toMatchObject({ status: 403, error: { code: 'insufficient_scope' } });
    const unknown = await raw('resources/read', { uri: 'agent-outcomes://nothing/here' }, { name: 'agent-outcomes://nothing/here' });
    expect(unknown.body.error.code).toBe(-32602);
  });

  it('declares the page viewer on page tools and serves it as an MCP App resource with its CSP', async () => {
    const { body } = await raw('tools/list');
    const widget = body.result.tools.find((tool: { name: string }) => tool.name === 'widget_generate');
    expect(widget._meta.ui.resourceUri).toMatch(/^ui:\/\//);
    const viewer = await raw('resources/read', { uri: widget._meta.ui.resourceUri }, { name: widget._meta.ui.resourceUri });
    const [contents] = viewer.body.result.contents;
    expect(contents.mimeType).toBe('text/html;profile=mcp-app');
    expect(contents.text).toContain('ui/initialize');
    expect(contents._meta.ui.csp).toBeDefined();
  });
});

describe('MCP 2026-07-28 over stdio', () => {
  it('serves a client pinned to 2026-07-28 statelessly: tools, a call, a resource read', async () => {
    const client = new ModernClient({ name: 'v2-stdio', version: '1.0.0' }, { versionNegotiation: { mode: { pin: revision } }, capabilities: { extensions: { [tasks]: {} } } });
    await client.connect(
      new ModernStdioTransport({
        command: process.execPath,
        args: ['--import', 'tsx', path.join(root, 'test/fixtures/cli.ts'), 'stdio'],
        env: { PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'info', JOB_POLL_MS: '20' },
        stderr: 'pipe',
        cwd: root,
      }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      const { tools } = await client.listTools();
      expect(tools.some((tool) => tool.name === 'test_slow_job')).toBe(true);
      const echoed = await client.callTool({ name: 'test_echo_free', arguments: { message: 'over stdio' } });
      expect(echoed.structuredContent).toMatchObject({ echoed: 'over stdio' });
      const page = await client.callTool({ name: 'widget_generate', arguments: { prompt: 'a waitlist widget for our app launch', brand: { name: 'Orbit' } } });
      const link = (page.content as Array<{ type: string; uri?: string }>).find((item) => item.type === 'resource_link');
      const html = await client.readResource({ uri: link?.uri as string });
      expect(html.contents[0]).toMatchObject({ mimeType: 'text/html' });
    } finally {
      await client.close();
    }
  });
});
