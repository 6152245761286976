import { defineConfig } from 'vitest/config';

/**
 * Files whose tests count event-loop turns: each runs in a fresh process, where no earlier file's
 * timers or warmed-up code change the interleaving.
 */
const ISOLATED = ['test/store/sqlite/group-commit.test.ts'];

export default defineConfig({
  test: {
    // Native modules (better-sqlite3) and real sockets: worker processes, not threads.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // expect.poll waits up to 10 s (vitest's own default is 1 s): on a busy 2-core machine a board's
    // load and first answers took over a second (a rail whose orders answer a second late failed so
    // in a run with four workers). A condition met sooner returns at once.
    expect: { poll: { timeout: 10_000 } },
    // Transpiles what tests spawn as child processes into .test-build/ before any file runs
    // (test/helpers/node-process.ts). Both projects extend this config; only the root's run builds.
    globalSetup: ['./test/global-setup.ts'],
    // Three workers on a 2-core machine: a browser test's worker waits on Chromium and the server in
    // turn, so two left a fifth of the CPU idle (1.58 cores busy); three kept 1.87 busy, the whole
    // suite 361 s → 295 s of wall time for the same CPU. (The CLI's --maxWorkers does not reach the
    // projects below; change it here.)
    maxWorkers: 3,
    reporters: ['default', './test/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        // Each worker runs file after file in one module graph: importing the app anew for every
        // file took a third of the suite's CPU. Safe because tests share no data (each app has its
        // own data directory) and every file closes what it opens.
        test: { name: 'shared', isolate: false, include: ['test/**/*.test.ts'], exclude: ISOLATED },
      },
      { extends: true, test: { name: 'isolated', isolate: true, include: ISOLATED } },
    ],
  },
});
