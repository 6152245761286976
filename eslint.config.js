// The linter: JavaScript's and TypeScript's recommended rules over the server, tests, benchmarks
// and the browser's scripts; formatting is prettier's alone (eslint-config-prettier turns off the
// rules that would argue with it). `npm run lint` runs both, and `npm test` runs lint first.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A test takes its app and its browser from the fixtures, which close them whatever happens; these
// keep a hand-started app or a Chromium of a file's own from coming back.
const HAND_STARTED_APP = {
  regex: String.raw`(^|/)helpers/app(\.js)?$`,
  importNames: ['startTestApp'],
  message:
    'Take the app from the fixtures in test/helpers/fixtures.ts (test/web/fixtures.ts in browser tests): `app`, `startApp(options)` ' +
    'for other settings or a second app, `dataDir` to restart on, or `fileApp` / `startFileApp(options)` for one app per file.',
};
const OWN_CHROMIUM = {
  regex: String.raw`(^|/)web/browser(\.js)?$|^\./browser(\.js)?$`,
  importNames: ['launchChromium'],
  message: 'Take the `browser` fixture of test/web/fixtures.ts: one Chromium per worker, its pages closed when the test ends.',
};
const PLAYWRIGHT_LAUNCH = {
  name: 'playwright-core',
  importNames: ['chromium'],
  message: 'Take the `browser` fixture of test/web/fixtures.ts: one Chromium per worker, its pages closed when the test ends.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.test-build/',
      'node_modules/',
      'data/',
      'coverage/',
      'bench/.work/',
      'examples/typed-client/api.d.ts',
      'web/public/js/vendor/',
    ],
  },
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
    files: ['test/**/*.ts'],
    ignores: ['test/helpers/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [PLAYWRIGHT_LAUNCH], patterns: [HAND_STARTED_APP, OWN_CHROMIUM] }] },
  },
  {
    // The browser fixture, and the launcher it calls.
    files: ['test/web/fixtures.ts', 'test/web/browser.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [HAND_STARTED_APP] }] },
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
