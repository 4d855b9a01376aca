// ESLint 9 flat config: typescript-eslint's type-aware rules over src/, tools/, test/ and scripts/.
// Formatting is Prettier's job (eslint-config-prettier, last, turns off the rules that would fight it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', '.bench/', '.prof/', 'node_modules/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // One TypeScript program per tsconfig.json, found by the project service (no `project` globs to keep in step).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_name` marks a deliberately unused binding: a parameter an interface requires, a field taken out of a rest spread.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A `return promise` inside try/catch/finally skips the catch and the finally's ordering: the one return-await case that is a bug.
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      // A switch over a union (error codes, job states, effects) must name every member, or say `default`.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Tool `run`s, fakes and interface methods (Kysely's getMigrations) are async by contract without awaiting anything:
      // that is not a bug, and the rules that are about promises (no-floating-promises, no-misused-promises, await-thenable) stay on.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },

  {
    // The server: stdout carries JSON-RPC under stdio MCP, and logs go through pino (stderr, request id); the CLI prints with process.stdout.write.
    files: ['src/**', 'tools/**'],
    rules: { 'no-console': 'error' },
  },

  {
    // Tests read JSON bodies (`response.json()` is `any`), MCP results and the DOM inside page.evaluate; `expect` is the check there,
    // so the any-tracking rules would only bury real findings. The promise rules (a missing `await expect(…).rejects`) stay on.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  {
    // Plain JavaScript (the bundle script, the tsx worker shim, the fuzz neighbour, config files) is in no tsconfig: no type-aware rules.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.nodeBuiltin },
  },
  { files: ['**/*.cjs'], languageOptions: { globals: globals.node } },

  prettier,
);
