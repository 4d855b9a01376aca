/**
 * `npm run bench`: runs every benchmark in turn (never two at once: the machine may have only two
 * cores), prints one table and writes the same figures to .bench/results.json. Budgets are
 * reported, not enforced: the exit code is 1 only when a benchmark crashed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { accessOverhead } from './access.js';
import { stopAll } from './children.js';
import { httpThroughput } from './http.js';
import { stdioColdStart } from './stdio.js';
import { invoiceCreate } from './invoice.js';
import { contentRepurpose } from './content.js';
import { widgetTools } from './widgets.js';
import { membershipBuild } from './membership.js';
import { storefrontBuild } from './storefront.js';
import { directoryBuild } from './directory.js';
import { businessBuild } from './business.js';
import { intentRouting } from './intent.js';
import { outreachBenchmarks } from './outreach.js';
import { clipsFactory } from './clips.js';
import { factExtraction } from './facts.js';
import { toolListSize } from './tool-list.js';
import { storeComparison } from './stores.js';
import { crashedRow, type Benchmark, type Row } from './row.js';
import { formatBudget, formatTable, verdict } from './table.js';

/**
 * Add a benchmark here to add its rows to the table. content_repurpose and the tool list (which loads
 * every module) run last among the in-process ones: from source (not the bundle), twitter-text loads
 * core-js polyfills that slow every later regular expression and spread in the process about threefold;
 * the bundle leaves them out (scripts/bundle.mjs). The tool list's figures are sizes, not timings.
 */
const benchmarks: readonly Benchmark[] = [
  httpThroughput,
  stdioColdStart,
  accessOverhead,
  invoiceCreate,
  storeComparison,
  widgetTools,
  storefrontBuild,
  membershipBuild,
  directoryBuild,
  businessBuild,
  intentRouting,
  ...outreachBenchmarks,
  clipsFactory,
  contentRepurpose,
  factExtraction,
  toolListSize,
];

const resultsFile = path.resolve(import.meta.dirname, '../../.bench/results.json');

async function main(): Promise<number> {
  const started = performance.now();
  const rows: Row[] = [];
  // `npm run bench -- storefront membership` runs only those (by name); no names runs them all.
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length) throw new Error(`no benchmark named ${unknown.join(', ')}; the names are ${benchmarks.map((benchmark) => benchmark.name).join(', ')}`);
  for (const benchmark of benchmarks.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
    // Progress on stderr, so that stdout is just the table.
    process.stderr.write(`bench: ${benchmark.name}…\n`);
    try {
      rows.push(...(await benchmark.run()));
    } catch (error) {
      rows.push(crashedRow(benchmark.name, error));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(formatTable(rows));

  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  const report = {
    generated_at: new Date().toISOString(),
    seconds: Math.round(seconds * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    rows: rows.map((row) => ({
      ...row,
      budget: row.budget && { ...row.budget, text: formatBudget(row.budget, row.unit) },
      result: verdict(row),
    })),
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  process.stderr.write(`bench: ${rows.length} rows in ${seconds.toFixed(1)} s; written to ${path.relative(process.cwd(), resultsFile)}\n`);
  return rows.some((row) => row.error !== undefined) ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  await stopAll();
  throw error;
}
