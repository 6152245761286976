// The pass wait in the quote simulation, small: one seeded service with a rush, a third of its
// orders `together` (a salad, a main and a drink), fired by the menu-minute rule and by the server's
// queue-aware fire times. The seed makes the run exact; the queue-aware p90 must beat the menu rule's,
// and both share one floor (the spread of the tickets' own cooking times).
import { describe, expect, it } from 'vitest';
import { passWaitRows, TOGETHER_SHARE } from '../../bench/quotes/report.js';
import { SERVICE, simulate, type FireRule } from '../../bench/quotes/simulation.js';

const phases = [
  { name: 'early', from: 0, to: 40, every: 5 },
  { name: 'rush', from: 40, to: 70, every: 2 },
];

async function rushOf(fire: FireRule) {
  const outcomes = await simulate({ ...SERVICE, minutes: 70, phases, seed: 1, together: { share: TOGETHER_SHARE, fire } });
  const pooled = outcomes.map((outcome) => ({ ...outcome, seed: 1, service: 'one' }));
  return { outcomes, rows: passWaitRows(pooled, ['early', 'rush']) };
}

describe('bench: the pass wait of together orders (smoke)', () => {
  it('times every together order from its first station Ready to its last, and leaves the others unmeasured', async () => {
    const { outcomes } = await rushOf('queue-aware');
    const together = outcomes.filter((outcome) => outcome.passWait !== null);
    expect(together.length).toBe(EXACT.togetherOrders);
    for (const outcome of together) {
      expect(outcome.stations.map((station) => station.station).sort()).toStrictEqual(['beverages', 'cold', 'hot']);
      expect(outcome.passWait!).toBeGreaterThanOrEqual(0);
      expect(outcome.passWaitFloor!).toBeGreaterThanOrEqual(0);
    }
    expect(outcomes.filter((outcome) => outcome.passWait === null).every((outcome) => outcome.passWaitFloor === null)).toBe(true);
  }, 10_000);

  it('a seeded rush: the queue-aware fire times bring the dishes to the pass together, the menu-minute rule does not', async () => {
    const menu = (await rushOf('menu-minutes')).rows.find((row) => row.phase === 'rush')!;
    const queueAware = (await rushOf('queue-aware')).rows.find((row) => row.phase === 'rush')!;
    expect({ menu, queueAware }).toStrictEqual(EXACT.rush);
    expect(queueAware.p90!).toBeLessThan(menu.p90!);
    expect(queueAware.median!).toBeLessThan(menu.median!);
    // Both rules cook the same orders: the same tickets' own variation, whatever their fire times.
    expect(queueAware.floor).toStrictEqual(menu.floor);
  }, 10_000);
});

// Seed 1, recorded: the same 8 rush orders of the menu, cooked alike, under either rule.
const EXACT = {
  togetherOrders: 11,
  rush: {
    menu: { phase: 'rush', orders: 8, median: 13.5, p90: 78.8, floor: { median: 2.7, p90: 15.9 } },
    queueAware: { phase: 'rush', orders: 8, median: 3.5, p90: 17.2, floor: { median: 2.7, p90: 15.9 } },
  },
};
