// Small statistics over samples: percentiles by nearest rank, rounded for reports.

/** The p-th percentile (0–100) by nearest rank; NaN without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** The middle sample (of two middles, the upper); NaN without samples. */
export const median = (samples: readonly number[]) =>
  samples.length === 0 ? Number.NaN : ([...samples].sort((a, b) => a - b)[samples.length >> 1] as number);

export const mean = (samples: readonly number[]) =>
  samples.length === 0 ? Number.NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export interface Summary {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    samples: samples.length,
    p50: round(percentile(samples, 50)),
    p99: round(percentile(samples, 99)),
    max: round(Math.max(...samples)),
  };
}
