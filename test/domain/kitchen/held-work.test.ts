// A station's held tickets by fire time (domain/kitchen/held-work.ts): what fires no later than a
// moment, and its work, read from running totals, against the walk over the tickets in fire-time
// order that it replaced (StationPace's held list), on exact values and on random holds, fires and
// re-timings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeldWork } from '../../../domain/kitchen/held-work.js';

const MINUTE = 60_000;
const now = Date.parse('2026-11-20T18:00:00.000Z');
const at = (minutes: number) => now + minutes * MINUTE;

/** The walk it replaced: the held tickets earliest first (ties in the order held), counted up to the first firing later. */
class HeldWalk {
  private readonly held: { key: string; fireAt: number; work: number }[] = [];
  hold(key: string, work: number, fireAt: number): void {
    this.remove(key);
    let index = this.held.length;
    while (index > 0 && this.held[index - 1]!.fireAt > fireAt) index -= 1;
    this.held.splice(index, 0, { key, fireAt, work });
  }
  remove(key: string): void {
    const index = this.held.findIndex((ticket) => ticket.key === key);
    if (index >= 0) this.held.splice(index, 1);
  }
  first(): number | null {
    return this.held[0]?.fireAt ?? null;
  }
  upTo(bound: number, self?: string): { count: number; work: number } {
    let count = 0;
    let work = 0;
    for (const ticket of this.held) {
      if (ticket.fireAt > bound) break;
      if (ticket.key === self) continue;
      count += 1;
      work += ticket.work;
    }
    return { count, work };
  }
}

describe('HeldWork: the held tickets by fire time', () => {
  it('counts the tickets firing no later than a moment (ties included), leaves out the one asked for, and follows fires and re-timings', () => {
    const held = new HeldWork();
    expect(held.first()).toBeNull();
    expect(held.upTo(at(60))).toStrictEqual({ count: 0, work: 0 });
    held.hold('salad', 8, at(10));
    held.hold('drink', 3, at(17));
    held.hold('soup', 12, at(10));
    held.hold('cake', 5, at(30));
    expect(held.size).toBe(4);
    expect(held.first()).toBe(at(10));
    expect(held.upTo(at(9))).toStrictEqual({ count: 0, work: 0 });
    expect(held.upTo(at(10))).toStrictEqual({ count: 2, work: 20 });
    expect(held.upTo(at(17))).toStrictEqual({ count: 3, work: 23 });
    expect(held.upTo(at(17), 'salad')).toStrictEqual({ count: 2, work: 15 });
    // Asked for a ticket firing later than the moment: nothing to leave out.
    expect(held.upTo(at(17), 'cake')).toStrictEqual({ count: 3, work: 23 });
    expect(held.upTo(at(40))).toStrictEqual({ count: 4, work: 28 });
    // The salad re-timed to 25 minutes, the soup fired: the drink is first.
    held.hold('salad', 8, at(25));
    held.remove('soup');
    held.remove('never held');
    expect(held.size).toBe(3);
    expect(held.first()).toBe(at(17));
    expect(held.upTo(at(20))).toStrictEqual({ count: 1, work: 3 });
    expect(held.upTo(at(25))).toStrictEqual({ count: 2, work: 11 });
    for (const key of ['salad', 'drink', 'cake']) held.remove(key);
    expect(held.first()).toBeNull();
    expect(held.upTo(at(60))).toStrictEqual({ count: 0, work: 0 });
  });

  it('gives the walk’s answers on random holds, fires and re-timings', () => {
    const key = fc.integer({ min: 0, max: 30 }).map((index) => `order${index}:cold:1`);
    // Fire times on a coarse grid so that many tickets fire at the same moment.
    const minute = fc.integer({ min: -5, max: 40 });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('hold' as const), key, work: fc.integer({ min: 0, max: 45 }), minute }),
      fc.record({ kind: fc.constant('remove' as const), key }),
      fc.record({ kind: fc.constant('ask' as const), minute, self: fc.option(key, { nil: undefined }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const held = new HeldWork();
        const walk = new HeldWalk();
        for (const one of steps) {
          if (one.kind === 'hold') {
            held.hold(one.key, one.work, at(one.minute));
            walk.hold(one.key, one.work, at(one.minute));
          } else if (one.kind === 'remove') {
            held.remove(one.key);
            walk.remove(one.key);
          } else expect(held.upTo(at(one.minute), one.self)).toStrictEqual(walk.upTo(at(one.minute), one.self));
          expect(held.first()).toBe(walk.first());
        }
        for (let minutes = -6; minutes <= 41; minutes += 1) expect(held.upTo(at(minutes))).toStrictEqual(walk.upTo(at(minutes)));
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
