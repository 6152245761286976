// The all-day tally kept order by order gives, after any sequence of orders placed, moved, edited
// and deleted, exactly the counts of a tally built afresh from the orders as they ended up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AllDayTally } from '../../../domain/kitchen/all-day.js';
import type { DishDoc } from '../../../models/dish.js';
import type { OrderDoc } from '../../../models/order.js';
import type { TicketStatus } from '../../../models/ticket.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const SOON = '2026-11-23T12:20:00.000Z'; // inside the 30-minute window
const LATER = '2026-11-23T14:00:00.000Z'; // outside it
const dish = (id: string, name: string, station: DishDoc['station']) => ({ id, name, station }) as DishDoc;
const DISHES = new Map([dish('d1', 'Soup', 'hot'), dish('d2', 'Steak', 'hot'), dish('d3', 'Salad', 'cold')].map((d) => [d.id, d]));
const STATUSES: TicketStatus[] = ['Draft', 'Received', 'In Progress', 'Ready'];

function order(id: string, dishIds: string[], status: TicketStatus, fireAt: string | null): OrderDoc {
  const ticket = { station: 'hot' as const, status, fired_at: null, started_at: null, ready_at: null, bumped_by: null };
  return { id, dish_ids: dishIds, tickets: [ticket], fire_at: fireAt } as unknown as OrderDoc;
}

const step = fc.record({
  id: fc.constantFrom('o1', 'o2', 'o3', 'o4'),
  delete: fc.boolean(),
  dishes: fc.array(fc.constantFrom('d1', 'd2', 'd3'), { maxLength: 4 }),
  status: fc.constantFrom(...STATUSES),
  fireAt: fc.constantFrom(null, SOON, LATER),
});

describe('the all-day tally', () => {
  it('kept order by order, always equals a tally built afresh from the orders as they are', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const kept = new AllDayTally('hot');
        const orders = new Map<string, OrderDoc>();
        for (const { id, delete: deleted, dishes, status, fireAt } of steps) {
          if (deleted) {
            kept.remove(id);
            orders.delete(id);
          } else {
            const placed = order(id, dishes, status, fireAt);
            kept.put(placed, DISHES);
            orders.set(id, placed);
          }
          const fresh = new AllDayTally('hot');
          for (const current of orders.values()) fresh.put(current, DISHES);
          expect(kept.counts(NOW)).toEqual(fresh.counts(NOW));
        }
      }),
    );
  });

  it('counts open tickets as items and Drafts firing within 30 minutes as upcoming, largest first', () => {
    const tally = new AllDayTally('hot');
    tally.put(order('o1', ['d1', 'd1', 'd2', 'd3'], 'Received', null), DISHES);
    tally.put(order('o2', ['d2'], 'In Progress', null), DISHES);
    tally.put(order('o3', ['d2'], 'Ready', null), DISHES);
    tally.put(order('o4', ['d1'], 'Draft', SOON), DISHES);
    tally.put(order('o5', ['d1'], 'Draft', LATER), DISHES);
    tally.put(order('o6', ['d2', 'd2'], 'Received', null), DISHES);
    tally.remove('o6');
    expect(tally.counts(NOW)).toEqual({
      station: 'hot',
      items: [
        { dish_id: 'd1', name: 'Soup', quantity: 2 },
        { dish_id: 'd2', name: 'Steak', quantity: 2 },
      ],
      upcoming: [{ dish_id: 'd1', name: 'Soup', quantity: 1 }],
    });
  });
});
