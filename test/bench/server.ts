/**
 * A server for the HTTP benchmarks, run as its own process (`node --import tsx test/bench/server.ts
 * bare|app`) so that autocannon and the server never share an event loop. Prints one JSON line,
 * `{"url": …, "job_id": …}`, once it listens on a free loopback port; stops on SIGTERM/SIGINT or
 * when its stdin closes (the bench died without killing it).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { tempDir } from '../helpers.js';
import { echoTool, testTaskModules, testModules } from '../fixtures/tools.js';

// Only types are exported: importing a value from here would run the server.
export type ServerMode = 'bare' | 'app';

/** The line the server prints once it listens. */
export interface ServerReady {
  url: string;
  job_id: string;
  /** The agent key to call the app with (the bare server ignores it). */
  key: string;
}

async function openApp(dataDir: string): Promise<App> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
  return createApp({ config, modules: testModules, taskModules: testTaskModules });
}

/**
 * Runs test_echo on the real job queue and worker, then asks the real job_status tool about it:
 * the job id to poll and the exact body REST answers with for a succeeded job.
 */
async function succeededJob(app: App): Promise<{ jobId: string; body: Record<string, unknown>; key: string }> {
  const owner = await app.bootstrap();
  if (!owner) throw new Error('bench app did not bootstrap its owner account');
  const localOwner = (await app.access.localOwner())!;
  await app.worker.start();
  const queued = await app.jobs.enqueue({ tool: echoTool.name, input: { message: 'hi' }, caller: localOwner, requestId: 'bench' });
  const row = await app.jobs.waitFor(queued.id, localOwner, 5000);
  if (row.status !== 'succeeded') throw new Error(`bench job ${row.id} is ${row.status}, not succeeded: ${row.error ?? ''}`);
  const jobStatus = app.catalogue.get('job_status');
  if (!jobStatus) throw new Error('job_status is not in the catalogue');
  const answer = await app.dispatcher.call(jobStatus, { job_id: row.id }, { caller: localOwner, requestId: 'bench', log: app.log });
  if (answer.kind !== 'result') throw new Error('job_status answered with a job handle');
  return { jobId: row.id, body: answer.output, key: owner.secret };
}

/** Starts the mode's server; resolves with what to print and how to stop it. */
async function start(mode: ServerMode, dataDir: string): Promise<{ ready: ServerReady; close: () => Promise<void> }> {
  const app = await openApp(dataDir);
  const { jobId, body, key } = await succeededJob(app);
  if (mode === 'app') {
    const { url } = await app.listen();
    return { ready: { url, job_id: jobId, key }, close: () => app.close() };
  }
  // The app only built the body: close it so that its worker and database cost the bare server nothing.
  await app.close();
  const bare = express();
  bare.get('/api/agents/status/:jobId', (_req, res) => {
    res.json(body);
  });
  const server = http.createServer(bare);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { ready: { url: `http://127.0.0.1:${port}`, job_id: jobId, key }, close };
}

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode !== 'bare' && mode !== 'app') throw new Error(`usage: server.ts bare|app (got ${mode ?? 'nothing'})`);
  const dataDir = tempDir('ao-bench-');
  let close: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await close?.();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };
  const stop = () => void shutdown().catch(fail);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.once('end', stop).resume();
  try {
    const started = await start(mode, dataDir);
    close = started.close;
    process.stdout.write(`${JSON.stringify(started.ready)}\n`);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function fail(error: unknown): void {
  process.stderr.write(`bench server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

await main().catch(fail);
