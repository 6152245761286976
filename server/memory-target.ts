// Keeps the process's resident memory near a target (POS_MEMORY_TARGET_MB). On Node 24, V8 keeps
// the heap pages a garbage collection frees in a pool for reuse, and gives them back to the system
// only in a memory-reducing collection, which a busy server all but never gets: its memory then
// stays at the heap's high-water mark, 60–100 MB above what it holds (docs/production.md). Above
// the target, V8's memory saver mode is switched on: its full collections release that pool and
// keep the heap tight, at some CPU per request. It is switched off again once a full collection has
// run under it and memory is no longer above the target (or is under the low mark): saving is a
// pulse around the collection that releases the pool, never a state a server settles in between
// the low mark and the target.
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** Memory must fall this far under the target before saving stops, so the mode does not flap. */
export const LOW_MARK = 0.8;
/**
 * How often resident memory is read (one read of /proc/self/statm): soon after memory passes the
 * target, since V8 releases its pool only at its next full collections, seconds later under load.
 */
export const CHECK_INTERVAL_MS = 250;

/** Bytes as whole megabytes (MiB), as the log lines give memory. */
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

export interface MemoryTargetOptions {
  /** Resident memory in bytes (process.memoryUsage.rss() by default). */
  rss?: () => number;
  /** Switches V8's memory saver mode on or off (a V8 flag, read by every later collection). */
  saveMemory?: (on: boolean) => void;
  /** Told of each switch, with the resident memory that led to it (the operator's log line). */
  onSwitch?: (saving: boolean, rssBytes: number) => void;
  /** Starts counting full (mark-compact) collections (from V8's gc entries); used only while saving. */
  countFullCollections?: () => CollectionCounter;
}

export interface CollectionCounter {
  count(): number;
  stop(): void;
}

/** Counts V8's full collections from now on, from Node's gc performance entries; the observer never keeps the process alive. */
export function fullCollectionCounter(): CollectionCounter {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count++;
  });
  observer.observe({ entryTypes: ['gc'] });
  return { count: () => count, stop: () => observer.disconnect() };
}

/**
 * Whether this V8 has the mode and the pool: V8 13 (Node 24) on. Node 22's V8 12 has neither (its
 * memory reducer gives freed pages back by itself), and would print an error for the unknown flag.
 */
export function hasMemorySaverMode(v8Version: string = process.versions.v8): boolean {
  return Number(v8Version.split('.')[0]) >= 13;
}

const setMemorySaverMode = (on: boolean) => v8.setFlagsFromString(on ? '--memory-saver-mode' : '--no-memory-saver-mode');

export class MemoryTarget {
  /** Counts the full collections since saving began (one means the pool was released); null while not saving. */
  private collections: CollectionCounter | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly countFullCollections: () => CollectionCounter;
  private readonly rss: () => number;
  private readonly saveMemory: (on: boolean) => void;
  private readonly onSwitch: (saving: boolean, rssBytes: number) => void;

  constructor(
    private readonly targetBytes: number,
    {
      rss = () => process.memoryUsage.rss(),
      saveMemory = setMemorySaverMode,
      onSwitch = () => {},
      countFullCollections = fullCollectionCounter,
    }: MemoryTargetOptions = {},
  ) {
    this.rss = rss;
    this.saveMemory = saveMemory;
    this.onSwitch = onSwitch;
    this.countFullCollections = countFullCollections;
  }

  /** Whether V8 is saving memory now. */
  get isSaving(): boolean {
    return this.collections !== null;
  }

  /**
   * Reads resident memory once: saving starts above the target, and stops under the low mark or,
   * once a full collection has run under it, as soon as memory is no longer above the target.
   */
  check(): void {
    const rss = this.rss();
    const saving = this.collections
      ? rss >= this.targetBytes * LOW_MARK && !(this.collections.count() > 0 && rss <= this.targetBytes)
      : rss > this.targetBytes;
    if (saving === this.isSaving) return;
    this.switchTo(saving);
    this.onSwitch(saving, rss);
  }

  private switchTo(saving: boolean): void {
    this.collections?.stop();
    this.collections = saving ? this.countFullCollections() : null;
    this.saveMemory(saving);
  }

  /** Checks every CHECK_INTERVAL_MS; the timer never keeps the process alive. */
  start(): this {
    this.timer ??= setInterval(() => this.check(), CHECK_INTERVAL_MS).unref();
    return this;
  }

  /** Stops checking and leaves V8 in its normal mode. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.isSaving) this.switchTo(false);
  }
}

/** The process's target (POS_MEMORY_TARGET_MB), each switch logged, to be started; none when 0 or without the mode. */
export function memoryTargetOf(targetMB: number, log: FastifyBaseLogger): MemoryTarget | undefined {
  if (targetMB <= 0 || !hasMemorySaverMode()) return undefined;
  const onSwitch = (saving: boolean, rss: number) => {
    log.info(
      { rssMB: megabytes(rss), targetMB },
      saving
        ? 'memory above its target: V8 saves memory until a full collection has given back its freed pages'
        : 'memory back within its target: V8 runs at full speed',
    );
  };
  return new MemoryTarget(targetMB * 1024 * 1024, { onSwitch });
}

type FullCollection = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Collects all the garbage there is and gives V8's pooled pages back to the system, once, while
 * nothing waits (start-up, before the server listens). Opening the store leaves the heap at its
 * high-water mark of reading every kept order (250 MB resident at 10,000 stored orders, with about
 * 45 MB of heap in use), and the memory target would first slow the server down to win that back
 * under its first requests. Returns the resident bytes before and after.
 */
export function releaseStartupMemory(rss: () => number = () => process.memoryUsage.rss()): { before: number; after: number } {
  const before = rss();
  v8.setFlagsFromString('--expose-gc');
  // The flag gives `gc` to contexts made from now on, never to the process's own global object.
  const collect = runInNewContext('gc') as FullCollection;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return { before, after: rss() };
}

/** releaseStartupMemory, logged with the memory before and after and the time it took. */
export function releaseStartupMemoryLogged(log: FastifyBaseLogger): void {
  const started = performance.now();
  const { before, after } = releaseStartupMemory();
  log.info(
    { rssMB: megabytes(before), afterMB: megabytes(after), ms: Math.round(performance.now() - started) },
    'start-up garbage collected and its memory given back before listening',
  );
}
