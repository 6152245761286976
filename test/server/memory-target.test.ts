// The memory target: V8's memory saver mode switched on only above the target, and off again only
// under the low mark (80% of it), each switch made once, whatever the number of checks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { CHECK_INTERVAL_MS, hasMemorySaverMode, keepMemoryNear, MemoryTarget } from '../../server/memory-target.js';

const MB = 1024 * 1024;

/** A target of 200 MB whose resident memory the test sets, recording every switch of the mode. */
function target() {
  let rss = 150 * MB;
  const switches: boolean[] = [];
  const told: [boolean, number][] = [];
  const memory = new MemoryTarget(200 * MB, { rss: () => rss, saveMemory: (on) => switches.push(on), onSwitch: (saving, bytes) => told.push([saving, bytes / MB]) });
  return { memory, switches, told, setRss: (mb: number) => (rss = mb * MB) };
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

  it('saves memory once above the target, and keeps saving down to the low mark', () => {
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

  it('stops saving under the low mark (80% of the target), and starts again above the target', () => {
    const { memory, switches, told, setRss } = target();
    for (const mb of [230, 159, 150, 199, 240]) {
      setRss(mb);
      memory.check();
    }
    expect(switches).toEqual([true, false, true]);
    expect(told).toEqual([[true, 230], [false, 159], [true, 240]]);
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

  it('is not started with a target of 0', () => {
    expect(keepMemoryNear(0, { info: vi.fn() } as unknown as FastifyBaseLogger)).toBeUndefined();
  });

  it('switches the real V8 mode and logs it with the memory that led to it (a 1 MB target every process exceeds)', () => {
    vi.useFakeTimers();
    const info = vi.fn();
    const memory = keepMemoryNear(1, { info } as unknown as FastifyBaseLogger);
    expect(memory?.isSaving).toBe(false);
    vi.advanceTimersByTime(CHECK_INTERVAL_MS);
    expect(memory?.isSaving).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
    const [fields, message] = info.mock.calls[0] as [{ rssMB: number; targetMB: number }, string];
    expect(message).toBe('memory above its target: V8 saves memory until it is under 80% of it');
    expect(fields.targetMB).toBe(1);
    expect(fields.rssMB).toBeGreaterThan(1);
    memory?.stop();
    expect(memory?.isSaving).toBe(false);
  });
});
