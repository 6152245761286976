// The linter: JavaScript's and TypeScript's recommended rules over the server, tests, benchmarks
// and the browser's scripts; formatting is prettier's alone (eslint-config-prettier turns off the
// rules that would argue with it). `npm run lint` runs both, and `npm test` runs lint first.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'bench/.work/', 'examples/typed-client/api.d.ts', 'web/public/js/vendor/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Strings and comments prettier cannot break stay readable on a screen.
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // Evaluated inside a page by the browser tests.
    files: ['test/web/*-probe.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'module' },
  },
);
