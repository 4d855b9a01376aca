// The house's dependency rules (DESIGN.md §2, STYLE.md "we check ours with a tool"), checked by `npm run deps`.
// No exceptions beyond the two composition roots named in the first rule: a violation is fixed in the code, not listed here.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'src-not-to-tools',
      comment: 'src/ names no outcome: the catalogue is handed to it. Only the composition roots (src/app.ts; src/compute/worker.ts for the worker thread) import tools/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(app|compute/worker)[.]ts$' },
      to: { path: '^tools/' },
    },
    {
      name: 'outcome-not-to-outcome',
      // The catalogue lists (tools/index.ts, tools/tasks.ts) import every outcome, so an outcome may not import them either.
      comment: 'An outcome imports no other outcome (nor the catalogue lists): a shared step belongs in src/kernel, an adapter or a shared renderer.',
      severity: 'error',
      from: { path: '^tools/([^/]+)/' },
      to: { path: '^tools/', pathNot: '^tools/$1/' },
    },
    {
      name: 'kernel-at-the-ground',
      comment: 'src/kernel imports only itself, zod and Node built-ins; type-only imports count too (tsPreCompilationDeps).',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { dependencyTypesNot: ['core'], pathNot: ['^src/kernel/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'no-circular-in-src',
      comment: 'No import cycle among the modules of src/ (type-only imports included).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/', circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot resolve would slip past every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|coverage)/' },
    // Type-only imports are dependencies too: the kernel may not even name a type from above it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    detectProcessBuiltinModuleCalls: true,
    // Node 22.13+ has node:sqlite (the store uses it there); the Node 20 this runs on does not list it.
    builtInModules: { add: ['sqlite', 'node:sqlite'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mjs', '.js', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
