// Bundles the compiled CLI into one file: loading one module instead of hundreds halves the
// cold start of `agent-outcomes stdio` (≈300 ms → ≈160 ms measured), which MCP clients pay on every launch.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/src/cli.js'],
  outfile: 'dist/agent-outcomes.mjs',
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
