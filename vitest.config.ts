import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native modules (better-sqlite3) and real sockets: separate processes keep suites isolated.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Shared 2-core machines: keep parallelism modest so timing-sensitive realtime tests stay calm.
    maxWorkers: 2,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
