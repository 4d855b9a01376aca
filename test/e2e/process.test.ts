import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtCli, runBuiltCli, spawnTestCli, tempDir, waitForListening, pollUntil, json, storeEnv } from '../helpers.js';

const children: ReturnType<typeof spawnTestCli>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function serve(dataDir: string, env: Record<string, string> = {}) {
  const child = spawnTestCli(['serve'], { DATA_DIR: dataDir, PORT: '0', JOB_POLL_MS: '50', ...env });
  children.push(child);
  return child;
}

const exited = (child: ReturnType<typeof spawnTestCli>) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/** The key a first start wrote for its local owner. */
const devKey = (dataDir: string) => fs.readFileSync(path.join(dataDir, 'dev-key'), 'utf8').trim();
const keys = new Map<string, string>();
const authed = (url: string) => ({ authorization: `Bearer ${keys.get(url)}` });

async function listening(child: ReturnType<typeof spawnTestCli>, dataDir: string) {
  const url = await waitForListening(child);
  keys.set(url, devKey(dataDir));
  return url;
}

async function startSlowJob(url: string, key: string, ms: number) {
  const response = await fetch(`${url}/api/agents/test/slow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authed(url) },
    body: JSON.stringify({ key, ms, steps: 20 }),
  });
  expect(response.status).toBe(202);
  const handle = await json(response);
  await pollUntil(async () => {
    const status = await json(await fetch(`${url}/api/agents/status/${handle.job_id}`, { headers: authed(url) }));
    return status.progress.fraction > 0 ? status : undefined;
  });
  return handle.job_id as string;
}

const statusOf = async (url: string, jobId: string) => json(await fetch(`${url}/api/agents/status/${jobId}`, { headers: authed(url) }));

// Each test starts one or two servers (see waitForListening).
describe('the server process', { timeout: 120_000 }, () => {
  it('two server processes on one database run 100 jobs exactly once each', async () => {
    const dataDir = tempDir();
    const effects = path.join(dataDir, 'side-effects.log');
    const env = { JOB_CONCURRENCY: '4', TEST_SIDE_EFFECTS_FILE: effects };
    const first = serve(dataDir, env);
    const url = await listening(first, dataDir);
    const second = serve(dataDir, env);
    const otherUrl = await waitForListening(second);
    keys.set(otherUrl, keys.get(url) as string);
    const jobIds = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const target = i % 2 ? url : otherUrl;
        const response = await fetch(`${target}/api/agents/test/slow`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...authed(target) },
          body: JSON.stringify({ key: `proc-${i}`, ms: 5, steps: 1 }),
        });
        return (await json(response)).job_id as string;
      }),
    );
    await pollUntil(
      async () => {
        const statuses = await Promise.all(jobIds.map((id) => statusOf(url, id)));
        return statuses.every((status) => status.status === 'succeeded') ? true : undefined;
      },
      30_000,
      200,
    );
    const lines = fs.readFileSync(effects, 'utf8').trim().split('\n');
    const byKey = new Map<string, number>();
    for (const line of lines) byKey.set(line.split(' ')[0] as string, (byKey.get(line.split(' ')[0] as string) ?? 0) + 1);
    expect(byKey.size).toBe(100);
    expect([...byKey.values()].every((count) => count === 1)).toBe(true);
    // Both processes worked.
    expect(new Set(lines.map((line) => line.split(' ')[1])).size).toBe(2);
  });

  it('completes a job after being SIGKILLed mid-job and restarted on the same data', async () => {
    const dataDir = tempDir();
    const first = serve(dataDir, { JOB_LEASE_SECONDS: '1' });
    const firstUrl = await listening(first, dataDir);
    const jobId = await startSlowJob(firstUrl, 'killed', 2000);
    first.kill('SIGKILL');
    await exited(first);

    const second = serve(dataDir, { JOB_LEASE_SECONDS: '1' });
    const url = await listening(second, dataDir);
    const done = await pollUntil(async () => {
      const status = await statusOf(url, jobId);
      return status.status === 'succeeded' ? status : undefined;
    }, 20_000);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, result: { key: 'killed', runs: 1 } });
  });

  it('drains on SIGTERM: a running job finishes, then the process exits 0', async () => {
    const dataDir = tempDir();
    const child = serve(dataDir);
    const url = await listening(child, dataDir);
    const jobId = await startSlowJob(url, 'drained', 800);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);

    const again = serve(dataDir, { JOB_CONCURRENCY: '0' });
    const status = await statusOf(await listening(again, dataDir), jobId);
    expect(status).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('on SIGTERM past the grace period returns the job to the queue for the next start', async () => {
    const dataDir = tempDir();
    const child = serve(dataDir, { SHUTDOWN_GRACE_SECONDS: '0' });
    const url = await listening(child, dataDir);
    const jobId = await startSlowJob(url, 'returned', 4000);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);

    const again = serve(dataDir, { JOB_CONCURRENCY: '0' });
    const status = await statusOf(await listening(again, dataDir), jobId);
    expect(status).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('the CLI', () => {
  const cli = builtCli;
  const run = runBuiltCli;

  it('--help documents every command and environment variable', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const word of ['serve', 'stdio', 'PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'PUBLIC_BASE_URL', 'JOB_CONCURRENCY', 'JOB_LEASE_SECONDS', 'MCP_JOB_WAIT_SECONDS']) {
      expect(stdout).toContain(word);
    }
  });

  it('refuses bad settings with a message naming the variable and what it takes', async () => {
    const { code, stderr } = await run(['serve'], { PORT: 'eighty', LOG_LEVEL: 'loud', DATA_DIR: tempDir() });
    expect(code).toBe(2);
    expect(stderr).toContain('PORT="eighty"');
    expect(stderr).toMatch(/LOG_LEVEL="loud": Invalid option: expected one of "fatal"\|"error"/);
  });

  it('names a database it cannot reach or parse without showing DATABASE_URL, which holds a password', async () => {
    const unreachable = await run(['serve'], { DATABASE_URL: 'postgres://ao:s3cret-pw@127.0.0.1:1/agent_outcomes' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('Cannot reach the PostgreSQL database in DATABASE_URL (');
    expect(unreachable.stderr).toContain('ECONNREFUSED');
    expect(unreachable.stderr).not.toContain('s3cret-pw');
    expect(unreachable.stderr).not.toMatch(/^\s+at /m);
    for (const url of ['postgres://', 'mysql://ao:s3cret-pw@db/agent_outcomes']) {
      const refused = await run(['migrate'], { DATABASE_URL: url });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('DATABASE_URL=(value hidden): must');
      expect(refused.stderr).not.toContain('s3cret-pw');
    }
  });

  it('refuses unknown commands and options', async () => {
    expect((await run(['frobnicate'])).stderr).toContain('unknown command "frobnicate"');
    expect((await run(['serve', '--bogus'])).code).toBe(2);
  });

  it('stdio writes nothing but JSON-RPC on stdout', async () => {
    const child = spawn(process.execPath, [cli, 'stdio'], {
      env: { PATH: process.env.PATH ?? '', ...storeEnv(tempDir()), LOG_LEVEL: 'trace' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await pollUntil(async () => (stdout.includes('"id":1') ? true : undefined));
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'job_status', arguments: { job_id: 'job_01aaaaaaaaaaaaaaaaaaaaaaaa' } } });
    await pollUntil(async () => (stdout.includes('"id":3') ? true : undefined));
    child.stdin.end();
    expect(await exited(child as never)).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(stderr).toContain('serving MCP over stdio');
  });
});
