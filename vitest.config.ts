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
    // Transpiles what tests spawn as child processes into .test-build/ before any file runs
    // (test/helpers/node-process.ts). Both projects extend this config; only the root's run builds.
    globalSetup: ['./test/global-setup.ts'],
    // Shared 2-core machines: keep parallelism modest so timing-sensitive realtime tests stay calm.
    maxWorkers: 2,
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
