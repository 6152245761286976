// A report's time window cut into UTC buckets, and the durations measured in each bucket.

export interface Window {
  start: number;
  end: number;
  bucket: 'hour' | 'day';
}

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/** The bucket holding `at`: buckets start on whole UTC hours or days, the first at or before `start`. */
function bucketIndex(window: Window, at: number): number {
  const size = BUCKET_MS[window.bucket];
  return Math.floor(at / size) - Math.floor(window.start / size);
}

/** The start of every bucket from the one holding `start` to the one holding the last instant. */
export function bucketStarts(window: Window): string[] {
  const size = BUCKET_MS[window.bucket];
  const first = Math.floor(window.start / size);
  const last = Math.floor((window.end - 1) / size);
  return Array.from({ length: last - first + 1 }, (_, index) => new Date((first + index) * size).toISOString());
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

export function spread(values: number[]): { median_seconds: number | null; p90_seconds: number | null } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median_seconds: percentile(sorted, 0.5), p90_seconds: percentile(sorted, 0.9) };
}

/** Durations (seconds) and late counts, per bucket and for the whole window. */
export class Tally {
  private readonly byBucket = new Map<number, { values: number[]; late: number }>();
  private readonly all: number[] = [];
  private lateTotal = 0;

  constructor(private readonly window: Window) {}

  add(at: number, seconds: number, late = false): void {
    const index = bucketIndex(this.window, at);
    const bucket = this.byBucket.get(index) ?? { values: [], late: 0 };
    bucket.values.push(seconds);
    bucket.late += late ? 1 : 0;
    this.byBucket.set(index, bucket);
    this.all.push(seconds);
    this.lateTotal += late ? 1 : 0;
  }

  /** A bucket's values, or the whole window's with `null`. */
  values(index: number | null): number[] {
    return index === null ? this.all : (this.byBucket.get(index)?.values ?? []);
  }

  count(index: number | null): number {
    return this.values(index).length;
  }

  summary(index: number | null): { tickets: number; median_seconds: number | null; p90_seconds: number | null; late: number } {
    const late = index === null ? this.lateTotal : (this.byBucket.get(index)?.late ?? 0);
    return { tickets: this.count(index), ...spread(this.values(index)), late };
  }
}
