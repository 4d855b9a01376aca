import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config.js';
import { createApp, type App } from '../src/app.js';
import { testTaskModules, testModules } from './fixtures/tools.js';
import type { Caller } from '../src/kernel/caller.js';

export const root = path.resolve(import.meta.dirname, '..');

export function tempDir(prefix = 'ao-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: tempDir(), PORT: '0', LOG_LEVEL: 'silent', JOB_POLL_MS: '20', ...env });
}

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

/** An app whose owner has a plan with room for any test (and a lenient failed-auth throttle): for tests of what tools do. */
export async function startPlannedApp(env: Record<string, string> = {}): Promise<StartedApp> {
  const app = await startApp({ AUTH_MAX_FAILURES: '100000', ...env });
  await app.access.accounts.activatePlan(app.accountId, 'starter', 1_000_000);
  return app;
}

/** A caller for driving services directly. */
export const testCaller = (accountId = 'acct_test'): Caller => ({ accountId, keyId: null, scopes: ['*'] });

/** Spawns the CLI with the test tools (TypeScript through tsx). */
export function spawnTestCli(args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test/fixtures/cli.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: 'pipe',
  });
}

/** Resolves with the URL once a spawned `serve` logs that it listens. */
export function waitForListening(child: ChildProcessWithoutNullStreams, timeoutMs = 15_000): Promise<string> {
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

/** A response body as JSON, typed loosely for assertions. */
export const json = (response: Response): Promise<any> => response.json();

/** The built CLI, as `npx agent-outcomes` runs it. */
export const builtCli = path.join(root, 'dist/cli/agent-outcomes.mjs');

/** Runs the built CLI to its end with a clean environment plus `env`. */
export function runBuiltCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [builtCli, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
