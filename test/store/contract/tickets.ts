// What station tickets need of every store: orders found by a ticket's station among several
// order statuses, and a write guarded by the order as it was read (a concurrent bump is never lost).
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../../models/order.js';
import type { Ticket } from '../../../models/ticket.js';
import type { NewDoc, Store } from '../../../store/types.js';

const ticket = (station: Ticket['station'], status: Ticket['status']): Ticket => ({
  station,
  status,
  fired_at: null,
  started_at: null,
  ready_at: null,
  bumped_by: null,
});

function order(name: string, status: OrderDoc['status'], tickets: Ticket[]): NewDoc<OrderDoc> {
  return {
    name,
    dish_ids: ['5f0000000000000000000009'],
    table_number: null,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status,
    fire_at: null,
    tickets,
    ready_at: null,
    closed_at: null,
    pacing: 'at_once' as const,
    owner_id: '5f0000000000000000000001',
    stock_taken: [],
  };
}

export function describeTicketQueries(store: () => Store): void {
  describe('station tickets', () => {
    it("finds the orders with a station's ticket among the kitchen's statuses, and by a ticket's status", async () => {
      const orders = store().collection('orders');
      const hotAndCold = await orders.insert(order('A', 'In Progress', [ticket('cold', 'Received'), ticket('hot', 'Ready')]));
      await orders.insert(order('B', 'Received', [ticket('cold', 'Received')]));
      const hotOnly = await orders.insert(order('C', 'Received', [ticket('hot', 'Received')]));
      await orders.insert(order('D', 'Ready for Pickup', [ticket('hot', 'Ready')]));
      const atHot = await orders.find([
        { field: 'status', op: 'in', value: ['Received', 'In Progress', 'Ready for Assembly'] },
        { field: 'tickets.station', op: 'eq', value: 'hot' },
      ]);
      expect(atHot.map((found) => found.name)).toEqual(['A', 'C']);
      const anyReady = await orders.find([
        { field: 'tickets.status', op: 'eq', value: 'Ready' },
        { field: 'status', op: 'ne', value: 'Ready for Pickup' },
      ]);
      expect(anyReady.map((found) => found.id)).toEqual([hotAndCold.id]);
      expect((await orders.get(hotOnly.id))?.tickets).toEqual([ticket('hot', 'Received')]);
    });

    it('writes a ticket move only while the order is as it was read', async () => {
      const orders = store().collection('orders');
      const read = await orders.insert(order('A', 'Received', [ticket('cold', 'Received'), ticket('hot', 'Received')]));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const first = await orders.update(
        read.id,
        { set: { tickets: [ticket('cold', 'In Progress'), ticket('hot', 'Received')] } },
        { if: [{ field: 'updated_at', op: 'eq', value: read.updated_at }] },
      );
      expect(first?.tickets[0]?.status).toBe('In Progress');
      const stale = await orders.update(
        read.id,
        { set: { tickets: [ticket('cold', 'Received'), ticket('hot', 'In Progress')] } },
        { if: [{ field: 'updated_at', op: 'eq', value: read.updated_at }] },
      );
      expect(stale).toBeNull();
      expect((await orders.get(read.id))?.tickets.map((each) => each.status)).toEqual(['In Progress', 'Received']);
    });
  });
}
