// The background re-estimates write at most MAX_WRITES_PER_PASS orders a pass, the largest moves
// first, and leave the rest to the next pass: a queue of thousands never becomes one huge write.
import { describe, expect, it } from 'vitest';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';
import { ExpectedTimes, MAX_ESTIMATES_PER_PASS, MAX_WRITES_PER_PASS, MOVE_MS } from '../../../domain/kitchen/expected-times.js';
import type { KitchenQueues } from '../../../domain/kitchen/kitchen-queues.js';
import type { OrderDoc } from '../../../models/order.js';
import type { Store } from '../../../store/types.js';

const { open } = storesPerTest('pos-expected-times-');
const NOW = Date.parse('2026-11-26T19:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Open orders whose stored estimate is `stored`, each now expected `moved(i)` later. */
function queuesOf(count: number, moved: (index: number) => number): KitchenQueues {
  const open = new Map<string, OrderDoc>();
  const expected = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    const id = index.toString(16).padStart(24, '0');
    open.set(id, { id, status: 'In Progress', updated_at: iso(NOW), expected_ready_at: iso(NOW) } as OrderDoc);
    expected.set(id, NOW + moved(index));
  }
  return { open, expectedReadyAt: (order: OrderDoc) => expected.get(order.id) ?? null, onMove: () => {} } as unknown as KitchenQueues;
}

const times = (queues: KitchenQueues, store = {} as Store) =>
  new ExpectedTimes(store, queues, () => new Date(NOW), { warn: () => {} } as never);

describe('expected ready times, re-estimated in the background', () => {
  it('writes only the orders that moved by a minute or more, each guarded by the order as seen', () => {
    const { writes, more } = times(queuesOf(3, (index) => [MOVE_MS - 1, MOVE_MS, 5 * MOVE_MS][index]!)).moved(NOW);
    expect(more).toBe(false);
    expect(writes).toEqual(
      [1, 2].map((index) => ({
        id: index.toString(16).padStart(24, '0'),
        update: { set: { expected_ready_at: iso(NOW + [0, MOVE_MS, 5 * MOVE_MS][index]!) } },
        if: [
          { field: 'updated_at', op: 'eq', value: iso(NOW) },
          { field: 'status', op: 'eq', value: 'In Progress' },
          { field: 'expected_ready_at', op: 'eq', value: iso(NOW) },
        ],
      })),
    );
  });

  it(`writes at most ${MAX_WRITES_PER_PASS} a pass, the largest moves first, and says more are left`, () => {
    const count = MAX_WRITES_PER_PASS * 3;
    const { writes, more } = times(queuesOf(count, (index) => (index + 1) * MOVE_MS)).moved(NOW);
    expect(more).toBe(true);
    expect(writes).toHaveLength(MAX_WRITES_PER_PASS);
    expect(writes[0]?.update.set?.expected_ready_at).toBe(iso(NOW + count * MOVE_MS));
    expect(writes.at(-1)?.update.set?.expected_ready_at).toBe(iso(NOW + (count - MAX_WRITES_PER_PASS + 1) * MOVE_MS));
  });

  it(`re-estimates at most ${MAX_ESTIMATES_PER_PASS} open orders a pass, each pass going on from where the last stopped`, () => {
    const count = MAX_ESTIMATES_PER_PASS * 2 + 200;
    const expected = times(queuesOf(count, (index) => (index + 1) * MOVE_MS));
    const firstWrite = () => expected.moved(NOW).writes[0]?.update.set?.expected_ready_at;
    // Each pass writes the largest move among the orders it looked at: the last of its slice.
    expect([firstWrite(), firstWrite(), firstWrite(), firstWrite()]).toEqual([
      iso(NOW + MAX_ESTIMATES_PER_PASS * MOVE_MS),
      iso(NOW + 2 * MAX_ESTIMATES_PER_PASS * MOVE_MS),
      iso(NOW + count * MOVE_MS),
      iso(NOW + MAX_ESTIMATES_PER_PASS * MOVE_MS),
    ]);
  });

  it('leaves alone an order whose last ticket was bumped in the same millisecond as the write it saw: its ready time stands', async () => {
    const store = open({ clock: () => new Date(NOW) }).store;
    const orders = store.collection('orders');
    const seen = await orders.insert({ status: 'In Progress', expected_ready_at: iso(NOW) } as unknown as OrderDoc);
    const queues = {
      open: new Map([[seen.id, seen]]),
      expectedReadyAt: () => NOW + 5 * MOVE_MS,
      onMove: () => {},
    } as unknown as KitchenQueues;
    const { writes } = times(queues, store).moved(NOW);
    expect(writes).toHaveLength(1);
    // The bump, committed before the pass's write, at the same instant (the store's clock is frozen).
    await orders.update(seen.id, { set: { status: 'Ready for Assembly', ready_at: iso(NOW), expected_ready_at: iso(NOW) } });
    await orders.updateEach(writes);
    expect(await orders.get(seen.id)).toMatchObject({
      status: 'Ready for Assembly',
      updated_at: seen.updated_at,
      expected_ready_at: iso(NOW),
    });
  });
});
