import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
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

it('keeps the serving thread light: starting the app loads none of what compute tasks need (twitter-text, NLP, fonts)', async () => {
  // Tasks import their heavy parts with import() on the compute threads; a static import on the
  // serving side would load them there (twitter-text's core-js polyfills slow every regular expression about threefold).
  const script = [
    "const { createRequire } = await import('node:module');",
    "await import('./src/app.ts');",
    "await import('./tools/index.ts');",
    'const loaded = Object.keys(createRequire(import.meta.url).cache);',
    'console.log(JSON.stringify(loaded.filter((file) => /node_modules\\/(twitter-text|compromise|@pdf-lib\\/fontkit|core-js)\\//.test(file))));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root });
  expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toEqual([]);
});
