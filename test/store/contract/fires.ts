// What the pacing scheduler needs of every store: the orders with a fire due found through
// next_fire_at (nulls and orders without the field never match), the next one by that index, and
// two schedulers on one store firing a due ticket exactly once.
import { describe, expect, it } from 'vitest';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import type { OrderDoc } from '../../../models/order.js';
import type { Ticket } from '../../../models/ticket.js';
import type { NewDoc, Store } from '../../../store/types.js';

const T0 = '2026-11-26T19:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const held = (station: Ticket['station'], fire_at: string | null, course = 1): Ticket => ({
  station,
  status: 'Draft',
  fired_at: null,
  started_at: null,
  ready_at: null,
  bumped_by: null,
  course,
  fire_at,
  changes: [],
});

function order(name: string, tickets: Ticket[], next_fire_at: string | null | undefined): NewDoc<OrderDoc> {
  const doc: NewDoc<OrderDoc> = {
    name,
    dish_ids: ['5f0000000000000000000009'],
    table_number: null,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status: 'Received',
    fire_at: null,
    pacing: 'together',
    course_gap_minutes: null,
    tickets,
    ready_at: null,
    closed_at: null,
    owner_id: '5f0000000000000000000001',
    stock_taken: [],
  };
  return next_fire_at === undefined ? doc : { ...doc, next_fire_at };
}

export function describeFireQueries(store: () => Store): void {
  describe('pacing fires', () => {
    it('finds the orders due by next_fire_at, earliest first, never one with none', async () => {
      const orders = store().collection('orders');
      await orders.insert(order('later', [held('cold', at(10))], at(10)));
      await orders.insert(order('held', [held('hot', null, 2)], null));
      await orders.insert(order('legacy', [], undefined));
      await orders.insert(order('due', [held('cold', at(1))], at(1)));
      const due = await orders.find([{ field: 'next_fire_at', op: 'lte', value: at(5) }], {
        sort: { field: 'next_fire_at', direction: 'asc' },
      });
      expect(due.map((found) => found.name)).toEqual(['due']);
      const next = await orders.find([{ field: 'next_fire_at', op: 'gt', value: '' }], {
        sort: { field: 'next_fire_at', direction: 'asc' },
        limit: 1,
      });
      expect(next.map((found) => found.name)).toEqual(['due']);
    });

    it('fires a due ticket exactly once with two schedulers on one store, and leaves the rest waiting', async () => {
      const orders = store().collection('orders');
      const now = () => new Date(at(13));
      // Placed and fired within the same millisecond more often than not: the race a guard on
      // updated_at alone lost about one time in five.
      for (let round = 0; round < 25; round++) {
        const placed = await orders.insert(
          order(`A${round}`, [held('cold', at(13)), { ...held('hot', at(0)), status: 'Received', fired_at: at(0) }], at(13)),
        );
        const [a, b] = await Promise.all([new OrderScheduler(store(), now).releaseDue(), new OrderScheduler(store(), now).releaseDue()]);
        expect([...a, ...b]).toEqual([placed.id]);
        const fired = (await orders.get(placed.id))!;
        expect(fired.tickets.map((ticket) => [ticket.station, ticket.status, ticket.fired_at])).toEqual([
          ['cold', 'Received', at(13)],
          ['hot', 'Received', at(0)],
        ]);
        expect(fired.next_fire_at).toBeNull();
        expect(await new OrderScheduler(store(), now).releaseDue()).toEqual([]);
      }
    });
  });
}
