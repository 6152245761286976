// The report of a run that measured some suites only (BENCH_SUITES=orders, say) says which sections
// it did not measure, instead of printing empty tables, NaN memory figures or "?" sizes.
import { describe, expect, it } from 'vitest';
import { describeMachine } from '../../bench/lib/machine.js';
import { loadOptions } from '../../bench/lib/options.js';
import { markdown, type RunRecord } from '../../bench/lib/report.js';

const { outDir: _outDir, ...options } = loadOptions({});

const nothingMeasured: RunRecord = {
  machine: describeMachine(),
  loadAverage: { start: [0.5, 0.5, 0.5], end: [0.5, 0.5, 0.5] },
  speedIndexMs: { start: 40, end: 41 },
  quietWait: { waited: false, quiet: null, waitedSeconds: 0 },
  options,
  serverSettings: {},
  durationSeconds: 1,
  memory: { httpIdle: { rssMB: Number.NaN, peakMB: Number.NaN }, realtimeAfter: null },
  results: { http: [], orders: [], realtime: [], fanOut: null, growth: [] },
};

/** The lines of the section that starts with `heading`, up to the next heading. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter((line) => line !== '');
}

describe('the benchmark report', () => {
  it('says "Not measured in this run." for each suite that did not run, with no NaN and no "?" standing for a size', () => {
    const text = markdown(nothingMeasured);
    expect(section(text, '## HTTP')).toEqual(['Not measured in this run.']);
    expect(section(text, '## Realtime (socket.io, one order at a time)')).toEqual(['Not measured in this run.']);
    expect(section(text, '## POST /orders against its floor').at(-1)).toBe('Not measured in this run.');
    expect(section(text, '## Growth: every list as stored orders grow, and memory')).toEqual(['Not measured in this run.']);
    expect(text).not.toContain('NaN');
    expect(text).not.toMatch(/=\?|\?\)| \? /);
    // The order path is judged by the guard against our own baseline, not in this report: it says so.
    expect(section(text, '## Targets').at(-1)).toBe(
      "POST /orders (CPU per order ≤ 1.10× the baseline's) and GET /dishes/{id} (requests per second ≥ 0.95× the baseline's) " +
        'are guarded against our own baseline commit (bench/guard-baseline) by `npm run bench:guard`, both measured in one run ' +
        '(bench/results/guard.md); their figures here are reported, not judged.',
    );
    expect(text).not.toContain('1.3×');
    expect(text).toContain('| RSS < 250 MB at the largest size, after the loads | not measured | not measured |');
  });
});
