// The store contract for orders made of items: an order's items (quantities, seats, options, notes,
// fractional prices), its seat allergies and total, and its tickets' items, changes, rounds and
// remakes read back exactly as written; items found and sorted by their catalogue fields; and an
// item change written in one transaction with the stock it takes, or not at all.
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '../../../models/order.js';
import type { OrderItem } from '../../../models/order-item.js';
import type { Ticket } from '../../../models/ticket.js';
import type { NewDoc, Store } from '../../../store/types.js';
import { ticketEntry } from '../../../domain/orders/ticket-items.js';

const OWNER = '5f0000000000000000000001';
const BURGER = '5f00000000000000000000b1';
const FRIES = '5f00000000000000000000f1';
const BEER = '5f00000000000000000000e1';
const ONIONS = '5f00000000000000000000a1';
const AT = '2026-11-27T19:00:00.000Z';
const LATER = '2026-11-27T19:04:30.250Z';

function item(id: string, dish_id: string, overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    dish_id,
    quantity: 1,
    seat: null,
    option_ids: [],
    note: null,
    course: 1,
    id,
    name: 'Dish',
    price: 4.5,
    minutes: 10,
    allergens: [],
    modifiers: [],
    status: 'Active',
    ...overrides,
  };
}

/** Two burgers for seats 1 and 3 (one without onions, well done), fries, and a voided beer. */
const friday: OrderItem[] = [
  item('5f0000000000000000000101', BURGER, {
    quantity: 2,
    seat: 3,
    option_ids: ['5f0000000000000000000201', '5f0000000000000000000202'],
    note: 'Sauce on the side — «merci»',
    name: 'Burger',
    price: 13.75,
    minutes: 14.5,
    allergens: ['cereals_gluten', 'milk'],
    modifiers: [
      { id: '5f0000000000000000000201', group: 'Doneness', name: 'Well done', action: null },
      { id: '5f0000000000000000000202', group: 'Remove', name: 'No onions', action: 'remove' },
    ],
  }),
  item('5f0000000000000000000102', FRIES, { seat: 1, name: 'Fries', price: 3.1, minutes: 6, allergens: [] }),
  item('5f0000000000000000000103', BEER, { quantity: 3, name: 'Beer', price: 5, minutes: 1, status: 'Voided' }),
];

const [burgers, fries, beers] = friday as [OrderItem, OrderItem, OrderItem];

const tickets: Ticket[] = [
  {
    station: 'hot',
    status: 'In Progress',
    fired_at: AT,
    started_at: LATER,
    ready_at: null,
    bumped_by: OWNER,
    course: 1,
    fire_at: AT,
    changes: [{ at: LATER, added: [], removed: [], voided: [beers.id] }],
    round: 1,
    items: [
      { ...ticketEntry(burgers), status: 'In Progress', started_at: LATER },
      { ...ticketEntry(fries), status: 'Ready', started_at: LATER, ready_at: LATER },
    ],
    allergy_alerts: [{ dish_id: BURGER, item_id: burgers.id, seat: 3, allergens: ['cereals_gluten'] }],
  },
  {
    station: 'hot',
    status: 'Received',
    fired_at: LATER,
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course: 1,
    fire_at: LATER,
    changes: [{ at: LATER, added: [], removed: [], remade: [burgers.id] }],
    round: 2,
    remake_of: burgers.id,
    remake_reason: 'sent back',
    items: [ticketEntry(burgers)],
  },
  {
    station: 'beverages',
    status: 'Voided',
    fired_at: AT,
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course: 1,
    fire_at: AT,
    changes: [],
    round: 1,
    items: [ticketEntry(beers, 'Voided')],
  },
];

const dishIdsOf = (items: readonly OrderItem[]) =>
  items.flatMap((each) => (each.status === 'Active' ? Array.from({ length: each.quantity }, () => each.dish_id) : []));

function order(name: string, items: OrderItem[], overrides: Partial<NewDoc<OrderDoc>> = {}): NewDoc<OrderDoc> {
  return {
    name,
    dish_ids: dishIdsOf(items),
    items,
    total: items.reduce((sum, each) => sum + (each.status === 'Active' ? each.price * each.quantity : 0), 0),
    table_number: 12,
    special_requests: null,
    scheduled_at: null,
    allergies: [],
    seat_allergies: [],
    priority: 3,
    status: 'Received',
    fire_at: null,
    pacing: 'at_once',
    course_gap_minutes: null,
    tickets: [],
    next_fire_at: null,
    ready_at: null,
    closed_at: null,
    owner_id: OWNER,
    stock_taken: [],
    ...overrides,
  };
}

export function describeOrderItems(store: () => Store): void {
  describe('order items', () => {
    it("reads an order's items, seat allergies, total and ticket items back exactly as written", async () => {
      const orders = store().collection('orders');
      const placed = await orders.insert(
        order('Table12', friday, {
          seat_allergies: [
            { seat: 3, allergies: ['cereals_gluten'] },
            { seat: 4, allergies: ['peanuts', 'milk'] },
          ],
          tickets,
          stock_taken: [{ ingredient_id: ONIONS, units: 0.5 }],
        }),
      );
      expect(placed).toMatchObject({ dish_ids: [BURGER, BURGER, FRIES], total: 30.6, items: friday, tickets });
      expect(await orders.get(placed.id)).toEqual(placed);
      expect(await orders.find([{ field: 'id', op: 'eq', value: placed.id }])).toEqual([placed]);
      const [listed] = (await orders.list({ filter: [], offset: 0 })).results;
      expect(listed).toEqual(placed);
    });

    it("finds orders by an item's dish and sorts them by total", async () => {
      const orders = store().collection('orders');
      const both = await orders.insert(order('Both', friday));
      const friesOnly = await orders.insert(order('Fries', [fries]));
      const beersOnly = await orders.insert(order('Beers', [{ ...beers, status: 'Active' }]));
      const withDish = async (dish: string) =>
        (await orders.find([{ field: 'items.dish_id', op: 'eq', value: dish }])).map((found) => found.name).sort();
      expect(await withDish(BURGER)).toEqual(['Both']);
      expect(await withDish(FRIES)).toEqual(['Both', 'Fries']);
      // A voided item is still one of the order's items (the dish_ids view leaves it out).
      expect(await withDish(BEER)).toEqual(['Beers', 'Both']);
      expect((await orders.find([{ field: 'dish_ids', op: 'eq', value: BEER }])).map((found) => found.name)).toEqual(['Beers']);
      const byTotal = await orders.list({ filter: [], sort: { field: 'total', direction: 'desc' }, offset: 0 });
      expect(byTotal.results.map((found) => [found.id, found.total])).toEqual([
        [both.id, 30.6],
        [beersOnly.id, 15],
        [friesOnly.id, 3.1],
      ]);
      const over = await orders.find([{ field: 'total', op: 'gt', value: 3.1 }]);
      expect(over.map((found) => found.name).sort()).toEqual(['Beers', 'Both']);
    });

    it('writes an item change with the stock it takes in one transaction', async () => {
      const orders = store().collection('orders');
      const onions = await store().collection('ingredients').insert({ name: 'Onions', in_stock_qty: 10, price: 0.2 });
      const placed = await orders.insert(order('Table12', [burgers, fries], { tickets: tickets.slice(0, 1) }));
      const round: OrderItem = item('5f0000000000000000000104', BEER, { quantity: 4, seat: 2, name: 'Beer', price: 5.25, minutes: 1 });
      const items = [burgers, { ...fries, status: 'Voided' as const }, round];
      const changed = await store().transaction(async (tx) => {
        const [taken] = await tx.collection('ingredients').updateEach([{ id: onions.id, update: { inc: { in_stock_qty: -2.5 } }, if: [] }]);
        expect(taken).toBe(true);
        return tx
          .collection('orders')
          .update(
            placed.id,
            { set: { items, dish_ids: dishIdsOf(items), total: 48.5, stock_taken: [{ ingredient_id: onions.id, units: 2.5 }] } },
            { if: [{ field: 'updated_at', op: 'eq', value: placed.updated_at }] },
          );
      });
      expect(changed).toMatchObject({ items, dish_ids: [BURGER, BURGER, BEER, BEER, BEER, BEER], total: 48.5 });
      expect(await orders.get(placed.id)).toEqual(changed);
      expect(await store().collection('ingredients').get(onions.id)).toMatchObject({ in_stock_qty: 7.5 });
    });

    it('leaves the items and the stock as they were when the transaction fails', async () => {
      const orders = store().collection('orders');
      const onions = await store().collection('ingredients').insert({ name: 'Onions', in_stock_qty: 1, price: 0.2 });
      const placed = await orders.insert(order('Table12', [burgers], { tickets: tickets.slice(0, 1) }));
      const voided = [{ ...burgers, status: 'Voided' as const }];
      const failed = store().transaction(async (tx) => {
        await tx.collection('orders').update(placed.id, { set: { items: voided, dish_ids: [], total: 0 } });
        const [taken] = await tx
          .collection('ingredients')
          .updateEach([{ id: onions.id, update: { inc: { in_stock_qty: -2 } }, if: [{ field: 'in_stock_qty', op: 'gte', value: 2 }] }]);
        if (!taken) throw new Error('short of onions');
      });
      await expect(failed).rejects.toThrow('short of onions');
      expect(await orders.get(placed.id)).toEqual(placed);
      expect(await store().collection('ingredients').get(onions.id)).toEqual(onions);
    });

    it('moves one ticket item only while the order is as it was read (a concurrent bump is never lost)', async () => {
      const orders = store().collection('orders');
      const read = await orders.insert(order('Table12', [burgers, fries], { tickets: tickets.slice(0, 1) }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const readied = (index: number): Ticket[] => [
        {
          ...tickets[0]!,
          items: tickets[0]!.items!.map((each, at) => (at === index ? { ...each, status: 'Ready', ready_at: LATER } : each)),
        },
      ];
      const guard = { if: [{ field: 'updated_at', op: 'eq' as const, value: read.updated_at }] };
      const first = await orders.update(read.id, { set: { tickets: readied(0) } }, guard);
      expect(first?.tickets[0]?.items?.[0]).toEqual({ ...tickets[0]!.items![0], status: 'Ready', ready_at: LATER });
      expect(await orders.update(read.id, { set: { tickets: readied(1) } }, guard)).toBeNull();
      expect(await orders.get(read.id)).toEqual(first);
    });
  });
}
