// The kitchen report's median and 90th percentile (nearest rank), found by selection, are what
// sorting the values and reading the ranks gives, for any values, duplicates and sizes included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spread } from '../../../domain/reports/report-window.js';

function bySorting(values: number[]) {
  if (values.length === 0) return { median_seconds: null, p90_seconds: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
  return { median_seconds: at(0.5), p90_seconds: at(0.9) };
}

describe('spread', () => {
  it('gives the nearest-rank median and 90th percentile of a few values', () => {
    expect(spread([])).toEqual({ median_seconds: null, p90_seconds: null });
    expect(spread([7])).toEqual({ median_seconds: 7, p90_seconds: 7 });
    expect(spread([300, 100, 200, 400])).toEqual({ median_seconds: 200, p90_seconds: 400 });
    expect(spread([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual({ median_seconds: 5, p90_seconds: 9 });
  });

  it('equals sorting for any values, with many duplicates or none', () => {
    const durations = fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 5 }));
    fc.assert(
      fc.property(fc.array(durations, { maxLength: 300 }), (values) => {
        const before = [...values];
        expect(spread(values)).toEqual(bySorting(values));
        expect(values).toEqual(before);
      }),
      { numRuns: 3000 },
    );
  });

  it('equals sorting for thousands of values in order, in reverse and all equal', () => {
    const ascending = Array.from({ length: 5000 }, (_, i) => i / 7);
    for (const values of [ascending, [...ascending].reverse(), Array(3000).fill(42)]) expect(spread(values)).toEqual(bySorting(values));
  });
});
