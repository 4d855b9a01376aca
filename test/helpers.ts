import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config.js';
import { createApp, type App } from '../src/app.js';
import { testTools } from './fixtures/tools.js';

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

/** An in-process app with the test tools, listening on a free loopback port. */
export async function startApp(env: Record<string, string> = {}, options: { log?: pino.Logger } = {}): Promise<App & { url: string }> {
  const app = await createApp({ config: testConfig(env), tools: testTools, log: options.log });
  const { url } = await app.listen();
  return Object.assign(app, { url });
}

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
