// A report's time window cut into buckets (local hours or days of the restaurant's time zone), and
// the durations measured in each bucket.
import { bucketBoundaries, isUtc } from './zoned-time.js';

export interface Window {
  start: number;
  end: number;
  bucket: 'hour' | 'day' | 'quarter_hour';
  /** The IANA zone whose hours and days the buckets are; UTC when absent. */
  timeZone?: string;
}

const BUCKET_MS = { hour: 3_600_000, day: 86_400_000, quarter_hour: 900_000 } as const;

/**
 * A window's buckets: the start of each, then the end of the last. In UTC every bucket has the
 * same size and a value finds its bucket by division; elsewhere (23- and 25-hour days, half-hour
 * offsets) by a binary search over the starts.
 */
export interface Buckets {
  starts: number[];
  /** Set when the buckets are all this long: the index is then found by division. */
  size?: number;
}

export function bucketsOf(window: Window): Buckets {
  const timeZone = window.timeZone ?? 'UTC';
  // Every zone's offset is a whole number of quarter hours: its quarter hours are UTC's.
  if (isUtc(timeZone) || window.bucket === 'quarter_hour') {
    const size = BUCKET_MS[window.bucket];
    const first = Math.floor(window.start / size);
    const count = Math.floor((window.end - 1) / size) - first + 1;
    return { starts: Array.from({ length: count + 1 }, (_, index) => (first + index) * size), size };
  }
  return { starts: bucketBoundaries(timeZone, window.bucket, window.start, window.end) };
}

/** The index of the bucket holding `at`, or -1 outside them all. */
export function bucketIndex({ starts, size }: Buckets, at: number): number {
  const first = starts[0]!;
  if (at < first || at >= starts.at(-1)!) return -1;
  if (size !== undefined) return Math.floor((at - first) / size);
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The start of every bucket from the one holding `start` to the one holding the last instant. */
export function bucketStarts(window: Window): string[] {
  return bucketsOf(window)
    .starts.slice(0, -1)
    .map((start) => new Date(start).toISOString());
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
  private readonly bounds: Buckets;
  private readonly buckets: { values: number[]; late: number }[];
  private readonly all: number[] = [];
  private lateTotal = 0;

  constructor(window: Window) {
    this.bounds = bucketsOf(window);
    this.buckets = Array.from({ length: this.bounds.starts.length - 1 }, () => ({ values: [], late: 0 }));
  }

  /** Adds a value measured at `at`, an instant of the window. */
  add(at: number, seconds: number, late = false): void {
    const bucket = this.buckets[bucketIndex(this.bounds, at)];
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
