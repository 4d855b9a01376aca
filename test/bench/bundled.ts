import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/bundle-options.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A module of the project as the server runs it: bundled by esbuild with the shipped bundle's own
 * options (scripts/bundle-options.mjs), into .bench/. Compute tasks run from that bundle; from
 * TypeScript source through tsx, the same code runs about a fifth slower (each module a separate ESM
 * scope), which is a cost of the tooling, not of the product.
 */
export async function bundled<T>(entry: string): Promise<T> {
  const outfile = path.join(root, '.bench/bundled', `${path.basename(entry, '.ts')}.mjs`);
  await build({ ...bundleOptions, entryPoints: [path.join(root, entry)], outfile, logLevel: 'error' });
  return (await import(pathToFileURL(outfile).href)) as T;
}
