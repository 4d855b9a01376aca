import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { builtCli, capturingLogger, json, runBuiltCli, startApp, tempDir, waitForListening, storeEnv, testSeller } from '../helpers.js';

const cli = builtCli;
const run = runBuiltCli;

describe('the admin CLI', { timeout: 120_000 }, () => {
  it('creates accounts and keys, lists and revokes keys, manages the plan and shows usage', async () => {
    const dir = tempDir();
    const account = await run(['accounts', 'create', '--name', 'Acme', '--plan', 'starter', '--json', '--data-dir', dir]);
    expect(account.code).toBe(0);
    const { account_id } = JSON.parse(account.stdout);
    expect(account_id).toMatch(/^acct_/);

    const created = await run(['keys', 'create', '--account', account_id, '--scopes', 'invoices:write,jobs:read', '--name', 'ci', '--json'], { DATA_DIR: dir });
    const key = JSON.parse(created.stdout);
    expect(key).toMatchObject({ key_id: expect.stringMatching(/^key_/), scopes: ['invoices:write', 'jobs:read'] });
    expect(key.secret).toMatch(/^ak_[A-Za-z0-9_-]{43}$/); // 256 random bits

    const listed = await run(['keys', 'list', '--account', account_id, '--json'], { DATA_DIR: dir });
    expect(listed.stdout).not.toContain(key.secret);
    expect(listed.stdout).not.toContain(key.secret.slice(12));
    const [summary] = JSON.parse(listed.stdout).keys;
    expect(summary).toMatchObject({ key_id: key.key_id, name: 'ci', prefix: `${key.secret.slice(0, 10)}…`, revoked_at: null });
    expect(summary).not.toHaveProperty('secret_hash');

    expect((await run(['keys', 'revoke', key.key_id], { DATA_DIR: dir })).code).toBe(0);
    const afterRevoke = JSON.parse((await run(['keys', 'list', '--account', account_id, '--json'], { DATA_DIR: dir })).stdout);
    expect(afterRevoke.keys[0].revoked_at).not.toBeNull();

    const seller = await run(
      [
        'accounts',
        'update',
        '--account',
        account_id,
        '--seller-name',
        'Studio Ω',
        '--seller-address',
        'Rue 1\\n75001 Paris',
        '--seller-tax-id',
        'FR1',
        '--seller-email',
        'hi@studio.example',
        '--json',
      ],
      { DATA_DIR: dir },
    );
    expect(JSON.parse(seller.stdout).seller).toMatchObject({ name: 'Studio Ω', address: 'Rue 1\n75001 Paris', tax_id: 'FR1', email: 'hi@studio.example' });
    expect((await run(['accounts', 'update', '--account', account_id, '--seller-email', 'nope'], { DATA_DIR: dir })).stderr).toContain('not an email');

    const activated = await run(['plan', 'activate', '--account', account_id, '--plan', 'pro', '--limit', '5', '--data-dir', dir]);
    expect(activated.stdout).toContain('pro plan with a limit of 5 units');
    const report = JSON.parse((await run(['usage', '--account', account_id, '--json', '--data-dir', dir])).stdout);
    expect(report).toMatchObject({ plan: 'pro', limit: 5, used: 0, remaining: 5, behavior: 'bill_overage' });

    expect((await run(['plan', 'deactivate', '--account', account_id, '--data-dir', dir])).code).toBe(0);
    expect(JSON.parse((await run(['usage', '--account', account_id, '--json', '--data-dir', dir])).stdout)).toMatchObject({ active: false });
  });

  it('refuses bad arguments with what to send instead', async () => {
    const dir = tempDir();
    const { account_id } = JSON.parse((await run(['accounts', 'create', '--name', 'A', '--json', '--data-dir', dir])).stdout);
    const badScope = await run(['keys', 'create', '--account', account_id, '--scopes', 'invoices:delete', '--data-dir', dir]);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain('Unknown scope "invoices:delete"');
    expect(badScope.stderr).toContain('invoices:write');
    const none = await run(['plan', 'activate', '--account', account_id, '--plan', 'none', '--data-dir', dir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('plan deactivate');
    const badPlan = await run(['plan', 'activate', '--account', account_id, '--plan', 'gold', '--data-dir', dir]);
    expect(badPlan.stderr).toContain('--plan must be one of starter, pro, none');
    expect((await run(['keys', 'revoke', 'key_nope', '--data-dir', dir])).code).toBe(1);
    expect((await run(['keys', 'create', '--data-dir', dir])).stderr).toContain('--account is required');
  });
});

describe('first start', { timeout: 120_000 }, () => {
  it('creates a local owner with a full-scope key, shows the secret once and writes DATA_DIR/dev-key (0600)', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, [cli, 'serve'], { env: { PATH: process.env.PATH ?? '', ...storeEnv(dir), PORT: '0' } });
    try {
      const url = await waitForListening(child);
      const keyFile = path.join(dir, 'dev-key');
      const secret = fs.readFileSync(keyFile, 'utf8').trim();
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const usage = await fetch(`${url}/api/agents/usage`, { headers: { authorization: `Bearer ${secret}` } });
      expect(await json(usage)).toMatchObject({ plan: 'starter', active: true });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      await fetch(`${url}/api/agents/usage`, { headers: { authorization: `Bearer ${secret}x` } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Later log lines never carry the key.
      expect(stderr).not.toContain(secret);
    } finally {
      child.kill('SIGTERM');
    }
    // A second start finds the account and creates nothing.
    const again = spawn(process.execPath, [cli, 'serve'], { env: { PATH: process.env.PATH ?? '', ...storeEnv(dir), PORT: '0' } });
    let output = '';
    again.stderr.on('data', (chunk) => (output += chunk));
    await waitForListening(again).finally(() => again.kill('SIGTERM'));
    expect(output).not.toContain('first start');
  });

  it('BOOTSTRAP=false creates nothing', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, [cli, 'serve'], { env: { PATH: process.env.PATH ?? '', ...storeEnv(dir), PORT: '0', BOOTSTRAP: 'false' } });
    await waitForListening(child).finally(() => child.kill('SIGTERM'));
    expect(fs.existsSync(path.join(dir, 'dev-key'))).toBe(false);
  });

  it('stdio acts for AGENT_KEY, and refuses to start with a bad one', async () => {
    const dir = tempDir();
    const { account_id } = JSON.parse((await run(['accounts', 'create', '--name', 'Stdio', '--plan', 'starter', '--json', '--data-dir', dir])).stdout);
    const { secret } = JSON.parse((await run(['keys', 'create', '--account', account_id, '--scopes', 'usage:read', '--json', '--data-dir', dir])).stdout);
    const client = new Client({ name: 'stdio-key', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'stdio'], env: { PATH: process.env.PATH ?? '', ...storeEnv(dir), AGENT_KEY: secret }, stderr: 'pipe' }));
    const usage = (await client.callTool({ name: 'usage_get', arguments: {} })) as { structuredContent?: { account_id?: string } };
    expect(usage.structuredContent?.account_id).toBe(account_id);
    const refused = (await client.callTool({ name: 'job_status', arguments: { job_id: 'job_01aaaaaaaaaaaaaaaaaaaaaaaa' } })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(JSON.parse(refused.content[0]?.text ?? '{}').error.code).toBe('insufficient_scope');
    // Revoked while the session runs (from another process): refused within the cache's second.
    const listed = JSON.parse((await run(['keys', 'list', '--account', account_id, '--json', '--data-dir', dir])).stdout);
    await run(['keys', 'revoke', listed.keys[0].key_id, '--data-dir', dir]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const afterRevoke = (await client.callTool({ name: 'usage_get', arguments: {} })) as { isError?: boolean; content: Array<{ text?: string }> };
    expect(JSON.parse(afterRevoke.content[0]?.text ?? '{}').error.code).toBe('unauthenticated');
    await client.close();

    const bad = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, 'stdio'], { env: { PATH: process.env.PATH ?? '', ...storeEnv(dir), AGENT_KEY: 'ak_wrong' } });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('AGENT_KEY is not a valid agent key');
    expect(bad.stderr).not.toContain('ak_wrong');
  });
});

describe('secrets in logs', () => {
  it('no log line of a test run carries a key secret', async () => {
    const { log, lines } = capturingLogger();
    const app = await startApp({ AUTH_MAX_FAILURES: '100000' }, { log });
    try {
      const extra = await app.access.keys.create({ accountId: app.accountId, scopes: ['usage:read'] });
      const headers = (secret: string) => ({ authorization: `Bearer ${secret}`, 'content-type': 'application/json' });
      await fetch(`${app.url}/api/agents/usage`, { headers: headers(app.key) });
      await fetch(`${app.url}/api/agents/usage?token=${app.key}`, { headers: headers(extra.secret) });
      await fetch(`${app.url}/api/agents/test/broken`, { method: 'POST', headers: headers(app.key), body: '{}' });
      await fetch(`${app.url}/api/agents/usage`, { headers: headers(`${app.key}0`) });
      await fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { ...headers(extra.secret), accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      await fetch(`${app.url}/mcp`, { method: 'POST', headers: { ...headers('ak_nope'), accept: 'application/json, text/event-stream' }, body: '{}' });
      // A share link's token is a credential too.
      const invoice = await json(
        await fetch(`${app.url}/api/agents/invoice/create`, {
          method: 'POST',
          headers: headers(app.key),
          body: JSON.stringify({ customer: { name: 'Log Test' }, currency: 'EUR', line_items: [{ description: 'x', unit_price: '1' }], seller: testSeller }),
        }),
      );
      expect((await fetch(invoice.share_url)).status).toBe(200);
      const token = String(invoice.share_url).split('/share/')[1] as string;
      expect(lines.length).toBeGreaterThan(5);
      for (const line of lines) {
        expect(line).not.toContain(app.key);
        expect(line).not.toContain(extra.secret);
        expect(line).not.toMatch(/ak_[A-Za-z0-9_-]{20,}/);
        expect(line).not.toContain(token);
      }
    } finally {
      await app.close();
    }
  });
});
