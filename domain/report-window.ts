// A report's time window cut into UTC buckets, and the durations measured in each bucket.

export interface Window {
  start: number;
  end: number;
  bucket: 'hour' | 'day';
}

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000 } as const;

/** The start of every bucket from the one holding `start` to the one holding the last instant. */
export function bucketStarts(window: Window): string[] {
  const size = BUCKET_MS[window.bucket];
  const first = Math.floor(window.start / size);
  const last = Math.floor((window.end - 1) / size);
  return Array.from({ length: last - first + 1 }, (_, index) => new Date((first + index) * size).toISOString());
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? null;
}

export function spread(values: readonly number[]): { median_seconds: number | null; p90_seconds: number | null } {
  // A typed array sorts numbers in ascending order natively, several times faster than a comparator.
  const sorted = Float64Array.from(values).sort();
  return { median_seconds: percentile(sorted, 0.5), p90_seconds: percentile(sorted, 0.9) };
}

/**
 * Durations (seconds) and late counts, per bucket and for the whole window. Buckets sit in an
 * array by index: a report adds thousands of values, each found without a lookup by key.
 */
export class Tally {
  private readonly size: number;
  private readonly first: number;
  private readonly buckets: { values: number[]; late: number }[];
  private readonly all: number[] = [];
  private lateTotal = 0;

  constructor(window: Window) {
    this.size = BUCKET_MS[window.bucket];
    this.first = Math.floor(window.start / this.size);
    const count = Math.floor((window.end - 1) / this.size) - this.first + 1;
    this.buckets = Array.from({ length: count }, () => ({ values: [], late: 0 }));
  }

  /** Adds a value measured at `at`, an instant of the window. */
  add(at: number, seconds: number, late = false): void {
    const bucket = this.buckets[Math.floor(at / this.size) - this.first];
    if (bucket === undefined) return;
    bucket.values.push(seconds);
    this.all.push(seconds);
    if (late) {
      bucket.late += 1;
      this.lateTotal += 1;
    }
  }

  /** A bucket's values (by its index in `bucketStarts`), or the whole window's with `null`. */
  values(index: number | null): readonly number[] {
    return index === null ? this.all : (this.buckets[index]?.values ?? []);
  }

  count(index: number | null): number {
    return this.values(index).length;
  }

  summary(index: number | null): { tickets: number; median_seconds: number | null; p90_seconds: number | null; late: number } {
    const late = index === null ? this.lateTotal : (this.buckets[index]?.late ?? 0);
    return { tickets: this.count(index), ...spread(this.values(index)), late };
  }
}
