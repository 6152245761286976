import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native modules (better-sqlite3) and real sockets: worker processes, not threads.
    pool: 'forks',
    // Each worker runs file after file in one module graph: importing the app anew for every file
    // took a third of the suite's CPU. Safe because tests share no data (each app has its own data
    // directory) and every file closes what it opens.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Shared 2-core machines: keep parallelism modest so timing-sensitive realtime tests stay calm.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
