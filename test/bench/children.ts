import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Every child the bench spawned that has not exited yet. */
const live = new Set<ChildProcess>();
/** Temp dirs handed to children, removed even if the bench is interrupted. */
const dirs = new Set<string>();

export function scratchDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

/** Registers a child so that it is killed whatever way the bench ends. */
export function track<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once the child has exited, or with false after `ms`. */
export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Asks the child to stop (so it can remove its temp dir), then kills it if it lingers. */
export async function stop(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (exited(child)) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, graceMs)) return;
  child.kill('SIGKILL');
  await waitForExit(child, graceMs);
}

/** Stops every live child gracefully (they remove their temp dirs), in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stop(child)));
}

/** Calls `onLine` with each complete line, as soon as its bytes arrive (no readline buffering). */
export function onLines(stream: Readable, onLine: (line: string) => void): void {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line) onLine(line);
    }
  });
}

// Last resort, e.g. after an uncaught exception: 'exit' handlers run, but only synchronously.
process.on('exit', () => {
  killAll();
  for (const dir of dirs) removeDir(dir);
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(code));
  });
}
