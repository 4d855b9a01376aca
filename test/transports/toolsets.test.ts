import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { builtCli, json, startApp, tempDir, type StartedApp, storeEnv } from '../helpers.js';

/** The invoices family, as a key with every scope lists it. */
const invoiceTools = [
  'invoice_confirm',
  'invoice_create',
  'invoice_credit_note',
  'invoice_draft',
  'invoice_einvoice',
  'invoice_get',
  'invoice_list',
  'invoice_mark_paid',
  'invoice_send',
  'invoice_void',
  'seller_profile_get',
  'seller_profile_update',
];

/**
 * A tool list an agent can afford: `tools/list` shows only the tools a key's scopes allow, and
 * `?toolsets=` (HTTP) or MCP_TOOLSETS (stdio) narrows it to some families; the platform's
 * job_status and usage_get stay whatever the toolsets.
 */
async function listed(transport: Transport): Promise<string[]> {
  const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

const family = (prefix: string, names: string[]) => names.filter((name) => name.startsWith(prefix));

describe('tools/list per key and toolset', () => {
  let app: StartedApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  const over = (key: string, query = '') => new StreamableHTTPClientTransport(new URL(`${app.url}/mcp${query}`), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  const keyWith = async (scopes: string[]) => (await app.access.keys.create({ accountId: app.accountId, scopes: scopes as never })).secret;

  it('shows a key only the tools its scopes allow', async () => {
    const invoices = await listed(over(await keyWith(['invoices:write'])));
    expect(invoices).toEqual(invoiceTools);
    const reader = await listed(over(await keyWith(['widgets:read', 'jobs:read'])));
    expect(reader).toEqual(['job_status', 'widget_get', 'widget_submissions', ...family('test_', reader)].sort());
    const everything = await listed(over(app.key));
    expect(everything).toEqual(app.catalogue.tools.map((tool) => tool.name).sort());
  });

  it('narrows the list to the toolsets asked for, keeping the platform tools', async () => {
    const content = await listed(over(app.key, '?toolsets=content,clips'));
    expect(family('content_', content)).toEqual(['content_get', 'content_repurpose', 'content_revise']);
    expect(family('clips_', content)).toEqual(['clips_factory', 'clips_get']);
    expect(content).toEqual(expect.arrayContaining(['job_status', 'usage_get']));
    expect([...family('invoice_', content), ...family('widget_', content)]).toEqual([]);
  });

  it('refuses an unknown toolset with the known ones', async () => {
    const response = await fetch(`${app.url}/mcp?toolsets=invoices,shop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(400);
    const { error } = await json(response);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('toolsets: unknown toolset "shop"; use a comma-separated list of: invoices, content, widgets, clips, storefront, membership, directory, outreach, business, intent.');
  });
});

describe('MCP_TOOLSETS over stdio', () => {
  const env = (toolsets: string) => ({ PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'info', MCP_TOOLSETS: toolsets });

  it('lists the families it names, and the platform tools', async () => {
    const names = await listed(new StdioClientTransport({ command: process.execPath, args: [builtCli, 'stdio'], env: env('invoices'), stderr: 'pipe' }));
    expect(names).toEqual([...invoiceTools, 'job_status', 'usage_get'].sort());
  });

  it('refuses to start with an unknown one, saying which are known', () => {
    const started = spawnSync(process.execPath, [builtCli, 'stdio'], { env: env('invoices,shop'), encoding: 'utf8', input: '' });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'MCP_TOOLSETS: unknown toolset "shop"; use a comma-separated list of: invoices, content, widgets, clips, storefront, membership, directory, outreach, business, intent.',
    );
    expect(started.stdout).toBe('');
  });
});
