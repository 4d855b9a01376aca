import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config.js';
import { createApp, type App } from '../src/app.js';
import { testTaskModules, testModules } from './fixtures/tools.js';
import type { Caller } from '../src/kernel/caller.js';
import { updateSeller } from '../tools/invoice/seller.js';

export const root = path.resolve(import.meta.dirname, '..');

export function tempDir(prefix = 'ao-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The store every test runs on. `DATABASE_URL=postgres://…` when the suite starts (the
 * PostgreSQL leg of `.ci/run`) names a server and an admin database; it is taken out of the
 * environment so that nothing inherits the admin database by accident.
 */
// Kept under a name of its own: a worker process runs several test files, and the first one's import took DATABASE_URL out.
if (/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '')) process.env.TEST_POSTGRES_ADMIN_URL = process.env.DATABASE_URL;
delete process.env.DATABASE_URL;
const postgresAdminUrl = process.env.TEST_POSTGRES_ADMIN_URL;
export const storeDialect: 'sqlite' | 'postgres' = postgresAdminUrl ? 'postgres' : 'sqlite';
const createdDatabases = new Set<string>();

/**
 * The environment that puts a test's store in `dataDir`: SQLite's file there, or on the
 * PostgreSQL leg a database of its own named after the folder (created once), so that apps
 * and processes given the same folder share one store exactly as they share one SQLite file.
 */
export function storeEnv(dataDir: string): Record<string, string> {
  if (!postgresAdminUrl) return { DATA_DIR: dataDir };
  const name = `ao_t_${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 24)}`;
  if (!createdDatabases.has(name)) {
    try {
      execFileSync('psql', [postgresAdminUrl, '-qAtc', `create database "${name}"`], { stdio: 'pipe' });
    } catch (error) {
      if (!String((error as { stderr?: Buffer }).stderr).includes('already exists')) throw error;
    }
    createdDatabases.add(name);
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '4' };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...storeEnv(env.DATA_DIR ?? tempDir()), PORT: '0', LOG_LEVEL: 'silent', JOB_POLL_MS: '20', ...env });
}

/** `env` with its DATA_DIR's store (see storeEnv), unless it names a database itself. */
const withStore = (env: Record<string, string>) => (env.DATA_DIR && !env.DATABASE_URL ? { ...storeEnv(env.DATA_DIR), ...env } : env);

/** A log that keeps every line, to assert on what was (not) logged. */
export function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

export type StartedApp = App & {
  url: string;
  /** The bootstrapped full-scope key of the local owner account (starter plan). */
  key: string;
  accountId: string;
  /** fetch() against the app with the owner's key. */
  api: (path: string, init?: RequestInit) => Promise<Response>;
};

/** An in-process app with the test tools, bootstrapped, listening on a free loopback port. */
export async function startApp(env: Record<string, string> = {}, options: { log?: pino.Logger; now?: () => Date } = {}): Promise<StartedApp> {
  const app = await createApp({ config: testConfig(env), modules: testModules, taskModules: testTaskModules, log: options.log, now: options.now });
  const owner = await app.bootstrap();
  if (!owner) throw new Error('bootstrap did not run on a fresh DATA_DIR');
  const { url } = await app.listen();
  const api = (path: string, init: RequestInit = {}) => fetch(url + path, { ...init, headers: { authorization: `Bearer ${owner.secret}`, ...(init.headers as Record<string, string>) } });
  return Object.assign(app, { url, key: owner.secret, accountId: owner.accountId, api });
}

/** The seller profile test accounts bill as: invoices cannot be issued without a seller name and address. */
export const testSeller = { name: 'Test Studio Ltd', address: '1 Test Street\nLondon EC1A 1AA\nUnited Kingdom' };

/** An app whose owner has a plan with room for any test, a seller profile, and a lenient failed-auth throttle: for tests of what tools do. */
export async function startPlannedApp(env: Record<string, string> = {}): Promise<StartedApp> {
  const app = await startApp({ AUTH_MAX_FAILURES: '100000', ...env });
  await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
  await updateSeller(app.store, app.accountId, testSeller, new Date());
  return app;
}

/** A caller for driving services directly. */
export const testCaller = (accountId = 'acct_test'): Caller => ({ accountId, keyId: null, scopes: ['*'] });

/** Spawns the CLI with the test tools (TypeScript through tsx). */
export function spawnTestCli(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/fixtures/cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...withStore(env) },
    stdio: 'pipe',
  });
}

/**
 * Resolves with the URL once a spawned `serve` logs that it listens. A start compiles the sources with tsx
 * (about 5 s on an idle 2-core machine), several times that while other test files use both cores.
 */
export function waitForListening(child: ChildProcessWithoutNullStreams, timeoutMs = 45_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${buffer}`)), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = buffer.match(/"url":"(http:[^"]+)".*serving REST/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${buffer}`));
    });
  });
}

export async function pollUntil<T>(fn: () => Promise<T | undefined>, timeoutMs = 15_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Waits until no job of `app` is running or due at `now` (a test's moved clock): what was going to happen by then has. */
export const settleJobs = (app: App, now: number) =>
  pollUntil(async () => {
    const due = await app.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', new Date(now).toISOString())])]))
      .executeTakeFirstOrThrow();
    return Number(due.count) === 0 ? true : undefined;
  });

/** A response body as JSON, typed loosely for assertions. */
export const json = (response: Response): Promise<any> => response.json();

/** The built CLI, as `npx agent-outcomes` runs it. */
export const builtCli = path.join(root, 'dist/cli/agent-outcomes.mjs');

/** Runs the built CLI to its end with a clean environment plus `env`. */
export function runBuiltCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // On PostgreSQL, `--data-dir DIR` names the store as DATA_DIR does (on SQLite the CLI's own flag does it).
    const dataDirFlag = args.indexOf('--data-dir');
    const named = storeDialect === 'postgres' && dataDirFlag >= 0 && !env.DATA_DIR ? { DATA_DIR: args[dataDirFlag + 1] as string, ...env } : env;
    const child = spawn(process.execPath, [builtCli, ...args], { env: { PATH: process.env.PATH ?? '', ...withStore(named) } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
