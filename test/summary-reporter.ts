// Ends a run with the tests it skipped, each with its file and reason (its name says why), then one
// plain line, "N passed, N failed, N skipped", that any CI can read.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const skipped: string[] = [];
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else {
          counts.skipped += 1;
          skipped.push(`skipped: ${module.relativeModuleId} > ${test.fullName}`);
        }
      }
    }
    const listed = skipped.length > 0 ? `\n${skipped.join('\n')}` : '';
    process.stdout.write(`${listed}\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
