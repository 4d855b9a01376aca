import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { onLines, removeDir, scratchDir, track, waitForExit } from './children.js';
import { measuredRow, type Benchmark, type Row } from './row.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The built CLI, as users run it (`npm run bench` builds first). */
const cli = path.join(root, 'dist/cli/agent-outcomes.mjs');
const runs = 10;
const timeoutMs = 10_000;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const rpc = (message: Record<string, unknown>) => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

interface RpcAnswer {
  id?: number;
  result?: { tools?: unknown[] };
  error?: unknown;
}

/** Milliseconds from spawning `cli.js stdio` (fresh DATA_DIR) to its tools/list answer. */
async function coldStart(): Promise<number> {
  const dataDir = scratchDir('ao-bench-stdio-');
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [cli, 'stdio'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  try {
    return await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no tools/list answer within ${timeoutMs} ms:\n${stderr}`)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`cli.js stdio exited with ${code} before answering tools/list:\n${stderr}`)));
      onLines(child.stdout, (line) => {
        let answer: RpcAnswer;
        try {
          answer = JSON.parse(line) as RpcAnswer;
        } catch {
          return fail(new Error(`stdout carried a line that is not JSON-RPC: ${line}`));
        }
        if (answer.error) return fail(new Error(`request ${answer.id} failed: ${JSON.stringify(answer.error)}`));
        if (answer.id === 1) {
          child.stdin.write(rpc({ method: 'notifications/initialized' }) + rpc({ id: 2, method: 'tools/list' }));
        } else if (answer.id === 2) {
          const elapsed = performance.now() - started;
          clearTimeout(timer);
          if (!answer.result?.tools?.length) return fail(new Error(`tools/list listed no tools: ${line}`));
          resolve(elapsed);
        }
      });
      // Written at once: the pipe holds it until the server reads stdin.
      child.stdin.write(
        rpc({
          id: 1,
          method: 'initialize',
          params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'bench', version: '0' } },
        }),
      );
    });
  } finally {
    child.kill('SIGKILL');
    await waitForExit(child, 3000);
    removeDir(dataDir);
  }
}

/** Milliseconds from spawning `node -e 0` to its exit: the floor any Node CLI starts from. */
async function nodeStartup(): Promise<number> {
  const started = performance.now();
  const child = track(spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }));
  if (!(await waitForExit(child, timeoutMs))) {
    child.kill('SIGKILL');
    throw new Error(`node -e 0 did not exit within ${timeoutMs} ms`);
  }
  return performance.now() - started;
}

/** One warm-up (file cache, lazy OS work), then the median of `runs`. */
async function medianOf(measure: () => Promise<number>): Promise<{ median: number; samples: number[] }> {
  await measure();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await measure());
  return { median: median(samples), samples: samples.map((ms) => Math.round(ms * 10) / 10) };
}

/** Row 3: how long an MCP client waits for the tool list after launching the server. */
export const stdioColdStart: Benchmark = {
  name: 'stdio cold start',
  async run(): Promise<Row[]> {
    if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
    const node = await medianOf(nodeStartup);
    const stdio = await medianOf(coldStart);
    return [
      measuredRow({
        name: `stdio spawn to tools/list (median of ${runs})`,
        unit: 'ms',
        figure: stdio.median,
        baseline: { name: 'node -e 0', figure: node.median },
        budget: { on: 'figure', op: '<=', limit: 400 },
        details: { samples_ms: stdio.samples, baseline_samples_ms: node.samples },
      }),
    ];
  },
};
