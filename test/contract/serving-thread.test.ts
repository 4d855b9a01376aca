import path from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { root } from '../helpers.js';

/**
 * The libraries that cost the serving thread a start of hundreds of milliseconds (NLP's lexicon, fonts,
 * PDF, X's tweet counter) load only on the compute threads: nothing the app imports statically reaches
 * them. Every process pays for its static imports at start, and `stdio` starts once per MCP session.
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

it('keeps NLP, fonts, PDF and the tweet counter off the serving thread', async () => {
  const reached = await staticChains('src/app.ts');
  expect(reached.has('zod'), 'the walk follows static imports into node_modules').toBe(true);
  for (const name of computeOnly) expect(reached.get(name), `${name} is imported statically by`).toBeUndefined();
}, 60_000);
