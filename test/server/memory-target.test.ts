// The memory target: V8's memory saver mode switched on only above the target, and off again once a
// full collection has run under it and memory is within the target, or under the low mark (80% of
// it); each switch made once, whatever the number of checks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import v8 from 'node:v8';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import {
  CHECK_INTERVAL_MS,
  fullCollectionCounter,
  hasMemorySaverMode,
  memoryTargetOf,
  MemoryTarget,
  releaseStartupMemory,
} from '../../server/memory-target.js';

const MB = 1024 * 1024;

/** A target of 200 MB whose resident memory the test sets, recording every switch of the mode. */
function target() {
  let rss = 150 * MB;
  let collections = 0;
  const switches: boolean[] = [];
  const told: [boolean, number][] = [];
  // Like the real counter: collections from the moment it is started.
  const countFullCollections = () => {
    const from = collections;
    return { count: () => collections - from, stop: () => {} };
  };
  const memory = new MemoryTarget(200 * MB, {
    rss: () => rss,
    saveMemory: (on) => switches.push(on),
    onSwitch: (saving, bytes) => told.push([saving, bytes / MB]),
    countFullCollections,
  });
  return { memory, switches, told, setRss: (mb: number) => (rss = mb * MB), fullCollection: () => (collections += 1) };
}

describe('MemoryTarget', () => {
  afterEach(() => vi.useRealTimers());

  it('leaves V8 alone while memory stays at or under the target', () => {
    const { memory, switches, setRss } = target();
    for (const mb of [150, 199, 200, 120]) {
      setRss(mb);
      memory.check();
    }
    expect(switches).toEqual([]);
    expect(memory.isSaving).toBe(false);
  });

  it('saves memory once above the target, and keeps saving until a full collection has run under it', () => {
    const { memory, switches, setRss } = target();
    setRss(201);
    memory.check();
    expect(switches).toEqual([true]);
    for (const mb of [260, 199, 161, 160]) {
      setRss(mb);
      memory.check();
    }
    expect(switches).toEqual([true]);
    expect(memory.isSaving).toBe(true);
  });

  it('stops saving once a full collection has run under it and memory is within the target', () => {
    const { memory, switches, told, setRss, fullCollection } = target();
    fullCollection(); // before saving began: not the one that releases the pool
    setRss(230);
    memory.check();
    setRss(180);
    memory.check();
    expect(switches).toEqual([true]);
    fullCollection();
    memory.check();
    expect(switches).toEqual([true, false]);
    expect(told).toEqual([
      [true, 230],
      [false, 180],
    ]);
    // Between the low mark and the target it stays off: only the target starts saving.
    setRss(195);
    memory.check();
    expect(switches).toEqual([true, false]);
  });

  it('keeps saving after a full collection while memory is still above the target', () => {
    const { memory, switches, setRss, fullCollection } = target();
    setRss(260);
    memory.check();
    fullCollection();
    setRss(240);
    memory.check();
    expect(switches).toEqual([true]);
    setRss(200);
    memory.check();
    expect(switches).toEqual([true, false]);
  });

  it('stops saving under the low mark (80% of the target), and starts again above the target', () => {
    const { memory, switches, told, setRss } = target();
    for (const mb of [230, 159, 150, 199, 240]) {
      setRss(mb);
      memory.check();
    }
    expect(switches).toEqual([true, false, true]);
    expect(told).toEqual([
      [true, 230],
      [false, 159],
      [true, 240],
    ]);
  });

  it('checks every CHECK_INTERVAL_MS once started, and leaves V8 in its normal mode when stopped', () => {
    vi.useFakeTimers();
    const { memory, switches, setRss } = target();
    memory.start();
    setRss(300);
    vi.advanceTimersByTime(CHECK_INTERVAL_MS - 1);
    expect(switches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(switches).toEqual([true]);
    memory.stop();
    expect(switches).toEqual([true, false]);
    vi.advanceTimersByTime(10 * CHECK_INTERVAL_MS);
    expect(switches).toEqual([true, false]);
    expect(memory.isSaving).toBe(false);
  });

  it.each([
    ['13.6.233.17-node.53', true],
    ['14.4.258.16', true],
    ['12.4.254.21-node.33', false],
    ['11.3.244.8-node.38', false],
  ])('is used on V8 %s: %j (Node 24 on, not Node 22)', (version, expected) => {
    expect(hasMemorySaverMode(version)).toBe(expected);
  });

  it("counts V8's full collections from its gc entries, as a second observer sees them, and no more once stopped", async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'major' | 'minor' }) => void;
    // V8 may collect by itself at any moment (its memory reducer follows earlier tests' garbage), so
    // the counter is held to what an independent observer of the same entries counts, not to a number.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    let seen = 0;
    const witness = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) seen++;
    });
    witness.observe({ entryTypes: ['gc'] });
    const counter = fullCollectionCounter();
    gc({ type: 'minor' });
    await settle();
    expect(counter.count()).toBe(seen);
    const beforeMajor = seen;
    gc({ type: 'major' });
    await settle();
    expect(seen).toBeGreaterThan(beforeMajor);
    expect(counter.count()).toBe(seen);
    counter.stop();
    const atStop = counter.count();
    gc({ type: 'major' });
    await settle();
    witness.disconnect();
    expect(seen).toBeGreaterThan(atStop);
    expect(counter.count()).toBe(atStop);
  });

  it('is not started with a target of 0', () => {
    expect(memoryTargetOf(0, { info: vi.fn() } as unknown as FastifyBaseLogger)).toBeUndefined();
  });

  it('switches the real V8 mode and logs it with the memory that led to it (a 1 MB target every process exceeds)', () => {
    vi.useFakeTimers();
    const info = vi.fn();
    const memory = memoryTargetOf(1, { info } as unknown as FastifyBaseLogger)?.start();
    expect(memory?.isSaving).toBe(false);
    vi.advanceTimersByTime(CHECK_INTERVAL_MS);
    expect(memory?.isSaving).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    const [fields, message] = info.mock.calls[0] as [{ rssMB: number; targetMB: number }, string];
    expect(message).toBe('memory above its target: V8 saves memory until a full collection has given back its freed pages');
    expect(fields.targetMB).toBe(1);
    expect(fields.rssMB).toBeGreaterThan(1);
    memory?.stop();
    expect(memory?.isSaving).toBe(false);
  });

  it("gives back the memory of start-up's garbage at once: 130 MB of dropped objects leave resident memory", () => {
    const made = () => Array.from({ length: 1_500_000 }, (_, n) => ({ n, text: `order ${n}` })).length;
    expect(made()).toBe(1_500_000);
    const { before, after } = releaseStartupMemory();
    expect(before).toBeGreaterThan(after + 60 * MB);
    expect(process.memoryUsage.rss()).toBeLessThan(before - 60 * MB);
  });
});
