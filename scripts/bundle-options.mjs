// The esbuild options of the shipped bundle (scripts/bundle.mjs), shared with the benchmarks that
// time code as the server runs it (test/bench/bundled.ts).

/**
 * twitter-text requires core-js 2 polyfills for ES2015 features Node 20 has natively. Loading them
 * invalidates V8's ArrayIterator and RegExpSpecies protectors, which slows every later spread,
 * for-of and regular expression in the process about threefold (measured on clip plans after one
 * content call): they are left out of the bundle.
 */
const withoutCoreJs = {
  name: 'without-core-js',
  setup(builder) {
    builder.onResolve({ filter: /^core-js\/modules\// }, (args) => ({ path: args.path, namespace: 'without-core-js' }));
    builder.onLoad({ filter: /.*/, namespace: 'without-core-js' }, () => ({ contents: '', loader: 'js' }));
  },
};

export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Loaded from node_modules at run time: a native addon, and piscina, which starts its worker
  // threads from a file beside its own (`__dirname`), so it cannot be bundled.
  external: ['better-sqlite3', 'piscina', 'pg'],
  // Bundled CommonJS dependencies call require(); ESM has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [withoutCoreJs],
  logLevel: 'warning',
};
