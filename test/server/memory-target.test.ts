// The memory target: V8's memory saver mode switched on only above the target, and off again only
// under the low mark (80% of it), each switch made once, whatever the number of checks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_INTERVAL_MS, MemoryTarget } from '../../server/memory-target.js';

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
});
