import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type Options, type Result } from 'autocannon';
import { onLines, stop, track } from './children.js';
import { measuredRow, type Benchmark, type Row } from './row.js';
import type { ServerMode, ServerReady } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');
const serverScript = path.join(import.meta.dirname, 'server.ts');
export const statusPath = (jobId: string) => `/api/agents/status/${jobId}`;

/** Same load for every HTTP row: enough connections to keep one server core busy, bounded in time. */
const load = { connections: 16, duration: 5, warmup: { duration: 1 } } as const;

interface Server {
  child: ChildProcessWithoutNullStreams;
  ready: ServerReady;
}

/** Spawns test/bench/server.ts; resolves once it prints its URL and job id. */
async function startServer(mode: ServerMode, env: Record<string, string>): Promise<Server> {
  // NODE_ENV=production: tool output is not re-validated, as in production.
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', serverScript, mode], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: 'pipe',
    }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  try {
    const ready = await new Promise<ServerReady>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${mode} server did not start in 20 s:\n${stderr}`)), 20_000);
      child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}:\n${stderr}`)));
      onLines(child.stdout, (line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line) as ServerReady);
      });
    });
    return { child, ready };
  } catch (error) {
    await stop(child);
    throw error;
  }
}

export async function withServer<T>(mode: ServerMode, use: (server: Server) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const server = await startServer(mode, env);
  try {
    return await use(server);
  } finally {
    await stop(server.child);
  }
}

const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;

/** Successful responses per second under `load`; a run with any error or non-2xx is a broken benchmark. */
export async function requestsPerSecond(options: Options): Promise<{ rps: number; details: Record<string, number> }> {
  const result = await autocannon({ ...options, ...load });
  for (const run of [result.warmup, result]) {
    if (run && failures(run) > 0) {
      throw new Error(`${options.method ?? 'GET'} ${options.url}: ${run.errors} errors, ${run.timeouts} timeouts, ` + `status codes ${JSON.stringify(run.statusCodeStats)}`);
    }
  }
  const rps = result['2xx'] / result.duration;
  return { rps, details: { requests: result['2xx'], seconds: result.duration, latency_p50_ms: result.latency.p50, latency_p99_ms: result.latency.p99 } };
}

/** One GET of the status route: checks the server answers a succeeded job, as it will under load. */
async function statusBody(ready: ServerReady): Promise<{ body: Record<string, unknown>; bytes: number }> {
  const response = await fetch(ready.url + statusPath(ready.job_id), { headers: authorization(ready) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${statusPath(ready.job_id)} answered ${response.status}: ${text}`);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (body.status !== 'succeeded') throw new Error(`job_status says ${String(body.status)}, not succeeded: ${text}`);
  return { body, bytes: Buffer.byteLength(text) };
}

/** Ids and timestamps differ between the two servers' jobs; everything else must match. */
function assertSameBody(bare: Awaited<ReturnType<typeof statusBody>>, app: Awaited<ReturnType<typeof statusBody>>): void {
  const strip = ({ job_id: _id, created_at: _c, started_at: _s, finished_at: _f, ...rest }: Record<string, unknown>) => rest;
  if (bare.bytes !== app.bytes || !isDeepStrictEqual(strip(bare.body), strip(app.body))) {
    throw new Error(`bare and app bodies differ, so the comparison would be unfair:\n${JSON.stringify(bare.body)}\n${JSON.stringify(app.body)}`);
  }
}

/** Every call carries the agent key, so the app's figures include authentication. */
export const authorization = (ready: ServerReady) => ({ authorization: `Bearer ${ready.key}` });

type Revision = '2025-11-25' | '2026-07-28';

/**
 * One tools/call of job_status as each revision sends it: 2025 without initialize (served
 * statelessly), 2026 with its `_meta` envelope and the MCP-Protocol-Version/Mcp-Method/Mcp-Name headers.
 */
function mcpCall(ready: ServerReady, revision: Revision): { body: string; headers: Record<string, string> } {
  const modern = revision === '2026-07-28';
  const meta = modern
    ? { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' } }
    : undefined;
  return {
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'job_status', arguments: { job_id: ready.job_id }, ...(meta ? { _meta: meta } : {}) } }),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(modern ? { 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': 'job_status' } : {}),
      ...authorization(ready),
    },
  };
}

interface JsonRpcAnswer {
  result?: { isError?: boolean; structuredContent?: { status?: string } };
  error?: unknown;
}

/** Stateless MCP must answer tools/call without initialize; check once before measuring it. */
async function assertMcpAnswers(ready: ServerReady, revision: Revision): Promise<void> {
  const { body, headers } = mcpCall(ready, revision);
  const response = await fetch(`${ready.url}/mcp`, { method: 'POST', body, headers });
  const text = await response.text();
  // Streamable HTTP answers as SSE (`data:` lines) or plain JSON, as the server chooses.
  const payloads = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trim())
    : [text];
  const answer = payloads.map((payload) => JSON.parse(payload) as JsonRpcAnswer).find((message) => 'result' in message || 'error' in message);
  if (response.status !== 200 || !answer?.result || answer.result.isError || answer.result.structuredContent?.status !== 'succeeded') {
    throw new Error(`POST /mcp tools/call job_status (${revision}) did not return a succeeded job (HTTP ${response.status}):\n${text}`);
  }
}

/**
 * Runs `measure` while other calls keep every compute thread busy with work that only stops at
 * its call budget (test_compute spinning for ever): what other tenants see while one computes.
 */
async function whileComputing<T>(ready: ServerReady, measure: () => Promise<T>): Promise<T & { computing: number; stopped: number }> {
  const computing = 2;
  let running = true;
  let stopped = 0;
  const hog = async () => {
    while (running) {
      const response = await fetch(`${ready.url}/api/agents/test/compute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...authorization(ready) },
        body: JSON.stringify({ ms: 3_600_000 }),
      });
      const body = (await response.json()) as { error?: { code?: string } };
      if (body.error?.code !== 'budget_exceeded') throw new Error(`test_compute answered ${response.status} ${JSON.stringify(body)}`);
      stopped += 1;
    }
  };
  const hogs = Array.from({ length: computing }, hog);
  try {
    return { ...(await measure()), computing, stopped };
  } finally {
    running = false;
    await Promise.all(hogs);
  }
}

/**
 * Rows 1 and 2: the app's REST job_status against a bare Express 5 route with the same body,
 * then stateless MCP tools/call against that REST figure, on the same app server.
 */
export const httpThroughput: Benchmark = {
  name: 'HTTP throughput',
  async run(): Promise<Row[]> {
    const bare = await withServer('bare', async ({ ready }) => {
      const body = await statusBody(ready);
      return { body, ...(await requestsPerSecond({ url: ready.url + statusPath(ready.job_id), headers: authorization(ready) })) };
    });
    return withServer('app', async ({ ready }) => {
      assertSameBody(bare.body, await statusBody(ready));
      const rest = await requestsPerSecond({ url: ready.url + statusPath(ready.job_id), headers: authorization(ready) });
      const mcp: Record<Revision, Awaited<ReturnType<typeof requestsPerSecond>>> = {} as never;
      for (const revision of ['2025-11-25', '2026-07-28'] as const) {
        await assertMcpAnswers(ready, revision);
        mcp[revision] = await requestsPerSecond({ url: `${ready.url}/mcp`, method: 'POST', ...mcpCall(ready, revision) });
      }
      const busy = await whileComputing(ready, () => requestsPerSecond({ url: ready.url + statusPath(ready.job_id), headers: authorization(ready) }));
      return [
        measuredRow({
          name: 'REST GET job_status',
          unit: 'req/s',
          figure: rest.rps,
          baseline: { name: 'bare Express 5', figure: bare.rps },
          budget: { on: 'ratio', op: '>=', limit: 0.5 },
          details: { app: rest.details, bare: bare.details },
        }),
        ...(['2025-11-25', '2026-07-28'] as const).map((revision) =>
          measuredRow({
            name: `MCP HTTP tools/call job_status (${revision})`,
            unit: 'req/s',
            figure: mcp[revision].rps,
            baseline: { name: 'REST', figure: rest.rps },
            budget: { on: 'ratio', op: '>=', limit: 0.25 },
            details: { mcp: mcp[revision].details },
          }),
        ),
        measuredRow({
          name: `REST GET job_status while ${busy.computing} calls compute to their budget`,
          unit: 'req/s',
          figure: busy.rps,
          baseline: { name: 'idle', figure: rest.rps },
          budget: { on: 'ratio', op: '>=', limit: 0.5 },
          details: { busy: busy.details, stopped_at_budget: busy.stopped },
        }),
      ];
    });
  },
};
