// A report's time window cut into UTC buckets, and the durations measured in each bucket.

export interface Window {
  start: number;
  end: number;
  bucket: 'hour' | 'day' | 'quarter_hour';
}

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000, quarter_hour: 900_000 } as const;

/** A window's buckets: their size, the number of the first since the epoch, and how many. */
function bucketsOf(window: Window): { size: number; first: number; count: number } {
  const size = BUCKET_MS[window.bucket];
  const first = Math.floor(window.start / size);
  return { size, first, count: Math.floor((window.end - 1) / size) - first + 1 };
}

/** The start of every bucket from the one holding `start` to the one holding the last instant. */
export function bucketStarts(window: Window): string[] {
  const { size, first, count } = bucketsOf(window);
  return Array.from({ length: count }, (_, index) => new Date((first + index) * size).toISOString());
}

/**
 * What sorting `values[from, to)` would put at index k (quickselect): values are moved around so that
 * those before k are no greater and those after no smaller. A report's window holds thousands of
 * durations; two selections cost a fraction of a sort.
 */
function select(values: number[], k: number, from: number, to: number): number {
  let left = from;
  let right = to - 1;
  while (left < right) {
    const pivot = values[(left + right) >>> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swapped = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swapped;
      }
    }
    // Now [left, j] holds values no greater than the pivot, [i, right] none smaller, and between them the pivot.
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** Nearest-rank index of percentile p among n values. */
const rank = (p: number, n: number) => Math.max(0, Math.ceil(p * n) - 1);

/** Median and 90th percentile (nearest rank) of the values. */
export function spread(values: readonly number[]): { median_seconds: number | null; p90_seconds: number | null } {
  if (values.length === 0) return { median_seconds: null, p90_seconds: null };
  // A copy: selection moves values around, and the tally's own arrays stay as they were.
  const copy = values.slice();
  const p90 = rank(0.9, copy.length);
  const p90Seconds = select(copy, p90, 0, copy.length);
  // The p90 + 1 smallest values now come first, the median among them.
  return { median_seconds: select(copy, rank(0.5, copy.length), 0, p90 + 1), p90_seconds: p90Seconds };
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
    const { size, first, count } = bucketsOf(window);
    this.size = size;
    this.first = first;
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
