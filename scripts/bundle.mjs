// Bundles the compiled CLI: loading a few modules instead of hundreds halves the cold start of
// `agent-outcomes stdio` (≈300 ms → ≈160 ms measured), which MCP clients pay on every launch.
// Code behind dynamic imports (HTTP, PDF, Stripe) goes into chunks loaded when first used.
import { build } from 'esbuild';

await build({
  entryPoints: { 'agent-outcomes': 'dist/src/cli.js' },
  outdir: 'dist/cli',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Native addon: loaded from node_modules at run time.
  external: ['better-sqlite3'],
  // Bundled CommonJS dependencies call require(); ESM has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
