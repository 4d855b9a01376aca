// Bundles the compiled CLI: loading a few modules instead of hundreds halves the cold start of
// `agent-outcomes stdio` (≈300 ms → ≈160 ms measured), which MCP clients pay on every launch.
// Code behind dynamic imports (HTTP, PDF, Stripe) goes into chunks loaded when first used.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

// Chunks are content-hashed: without this, every build leaves the previous ones behind.
rmSync('dist/cli', { recursive: true, force: true });

await build({
  ...bundleOptions,
  // The compute worker is its own entry: each worker thread loads it (src/compute/pool.ts finds it beside the CLI).
  entryPoints: { 'agent-outcomes': 'dist/src/cli.js', 'compute-worker': 'dist/src/compute/worker.js' },
  outdir: 'dist/cli',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
