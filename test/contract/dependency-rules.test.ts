import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { root, tempDir } from '../helpers.js';

/**
 * The house rules are checked by dependency-cruiser in `npm test` (`npm run deps`). This shows
 * that they catch what they forbid: a small tree with one violation of each rule, cruised with
 * the project's own configuration, reports exactly those.
 */
const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  'package.json': JSON.stringify({ name: 'rules-fixture', type: 'module' }),
  'src/kernel/tool.ts': "import type { Access } from '../access/access.js';\nexport type Tool = { access: Access };\n",
  'src/access/access.ts': "import type { Tool } from '../kernel/tool.js';\nexport type Access = { tool?: Tool };\n",
  'src/transports/rest.ts': "import notes from '../../tools/notes/index.js';\nexport const served = notes;\n",
  'src/app.ts': "import notes from '../tools/notes/index.js';\nexport default notes;\n",
  'tools/notes/index.ts': "import { other } from '../other/index.js';\nexport default other;\n",
  'tools/other/index.ts': 'export const other = 1;\n',
  'tools/index.ts': "import notes from './notes/index.js';\nimport { other } from './other/index.js';\nexport const outcomes = [notes, other];\n",
};

it('reports a kernel importing a layer above it, a cycle, src importing an outcome, and an outcome importing another', async () => {
  const dir = tempDir('ao-rules-');
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
  const run = promisify(execFile)(process.execPath, [cli, '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'src', 'tools'], { cwd: dir, maxBuffer: 10_000_000 });
  // It exits non-zero when it finds violations, as `npm test` needs; the report is on stdout either way.
  const { stdout } = await run.catch((error: { stdout: string }) => error);
  const violations = (JSON.parse(stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } }).summary.violations;
  expect(violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort()).toEqual(
    [
      'kernel-at-the-ground: src/kernel/tool.ts → src/access/access.ts',
      'no-circular-in-src: src/access/access.ts → src/kernel/tool.ts',
      'outcome-not-to-outcome: tools/notes/index.ts → tools/other/index.ts',
      'src-not-to-tools: src/transports/rest.ts → tools/notes/index.ts',
    ].sort(),
  );
}, 60_000);

/**
 * The libraries that cost the serving thread a start of hundreds of milliseconds (NLP's lexicon, fonts,
 * PDF, X's tweet counter) load only on the compute threads: nothing the app imports statically reaches
 * them. Every process pays for its static imports at start, and `stdio` starts once per MCP session.
 * (Tasks import their heavy parts with import() on the compute threads. This walks esbuild's graph: a
 * check of require.cache, as before, saw only CommonJS packages and missed compromise, which is ESM.)
 */
const computeOnly = ['compromise', 'pdf-lib', '@pdf-lib/fontkit', 'twitter-text'];

/** The chain of static imports from `entry` to each package reached that way. */
async function staticChains(entry: string): Promise<Map<string, string[]>> {
  const { metafile } = await build({
    ...bundleOptions,
    entryPoints: [path.join(root, entry)],
    outdir: path.join(root, '.bench/serving-thread'),
    splitting: true,
    metafile: true,
    write: false,
    logLevel: 'error',
  });
  const start = path.relative(process.cwd(), path.join(root, entry));
  const before = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  const reached = new Map<string, string[]>();
  while (queue.length) {
    const at = queue.shift() as string;
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(at);
    if (match && !reached.has(match[1] as string)) {
      const chain: string[] = [];
      for (let step: string | null | undefined = at; step; step = before.get(step)) chain.unshift(step);
      reached.set(match[1] as string, chain);
    }
    for (const imported of metafile.inputs[at]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || before.has(imported.path)) continue;
      before.set(imported.path, at);
      queue.push(imported.path);
    }
  }
  return reached;
}

it('keeps the serving thread light: nothing the app imports statically reaches NLP, fonts, PDF or the tweet counter', async () => {
  const reached = await staticChains('src/app.ts');
  expect(reached.has('zod'), 'the walk follows static imports into node_modules').toBe(true);
  for (const name of computeOnly) expect(reached.get(name), `${name} is imported statically by`).toBeUndefined();
}, 60_000);
