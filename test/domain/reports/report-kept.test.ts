// The records the kitchen report keeps between reports (every store): a write to an order drops
// its record, so the next report counts the write, even when the write's event is still on its way;
// a record read while an order commits is not kept.
import { describe, expect } from 'vitest';
import { kitchenReport } from '../../../domain/reports/reports.js';
import { ServiceRecords } from '../../../domain/reports/service-records.js';
import type { KitchenReport } from '../../../models/report.js';
import type { Order } from '../../../models/order.js';
import { StoreMenu } from '../../helpers/store-menu.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';
import { lateEvents } from '../../store/fixtures/late-events.js';
import { overriding } from '../../store/fixtures/overriding.js';

const HOUR = 60 * MINUTE;
let t: TestApp;
let clock: FrozenClock;
let hourStart: number;
let first: Order;
let second: Order;
let menu: Awaited<ReturnType<typeof seedMenu>>;

const at = (minutes: number) => clock.advance(hourStart + minutes * MINUTE - clock.now().getTime());
const iso = (minutes: number) => new Date(hourStart + minutes * MINUTE).toISOString();

async function report(): Promise<KitchenReport> {
  const response = await t.inject({ method: 'GET', url: `/reports/kitchen?from=${iso(0)}&to=${iso(120)}`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KitchenReport>();
}

// Every test writes: each has its own app and two orders.
it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  hourStart = Math.ceil(clock.now().getTime() / HOUR) * HOUR + 3 * HOUR;
  at(-10);
  menu = await seedMenu(t, 1000);
  at(0);
  first = await placeOrder(t, [menu.steak.id]);
  at(10);
  second = await placeOrder(t, [menu.salad.id]);
});

describe('the records kept between kitchen reports', () => {
  it('are dropped when their order is written: the next report counts the write', async () => {
    const before = await report();
    expect(before.orders.placed).toBe(2);
    expect(before.stations.find((station) => station.station === 'hot')?.tickets).toBe(0);
    expect((await report()).orders.placed).toBe(2);
    at(20);
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${first.id}/tickets/hot`, as: 'chef', payload: { status: 'In Progress' } }))
        .statusCode,
    ).toBe(200);
    at(40);
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${first.id}/tickets/hot`, as: 'chef', payload: { status: 'Ready' } })).statusCode,
    ).toBe(200);
    const readied = await report();
    expect(readied.stations.find((station) => station.station === 'hot')).toMatchObject({ tickets: 1, median_seconds: 2400, late: 1 });
    expect(readied.orders).toMatchObject({ placed: 2, ready: 1 });
    expect((await t.inject({ method: 'DELETE', url: `/orders/${second.id}`, as: 'manager' })).statusCode).toBe(204);
    expect((await report()).orders.placed).toBe(1);
  });

  it('keep no record read while its order was being written', async () => {
    const records = new ServiceRecords(t.store);
    try {
      const orders = t.store.collection('orders');
      // The document is read, then (before the record is kept) the order is written.
      const racing = overriding(orders, {
        find: async (...args: Parameters<typeof orders.find>) => {
          const found = await orders.find(...args);
          await orders.update(first.id, { set: { closed_at: iso(50) } });
          return found;
        },
      });
      const [old] = await records.read(racing, [first.id]);
      expect(old?.closedAt).toBeNull();
      const [current] = await records.read(orders, [first.id]);
      expect(current?.closedAt).toBe(hourStart + 50 * MINUTE);
      // Kept now: read again without a document read.
      const reading = overriding(orders, { find: () => Promise.reject(new Error('a document was read')) });
      expect((await records.read(reading, [first.id]))[0]).toBe(current);
    } finally {
      records.close();
    }
  });

  it('give the report of the documents when the window holds more orders than one read takes', async () => {
    at(100);
    for (let i = 0; i < 250; i++) await placeOrder(t, [menu.lemonade.id]);
    const kept = await report();
    const query = { from: iso(0), to: iso(120) };
    const principal = { userId: t.userIds.manager, userName: 'manager1', role: 'manager' as const, expiresAt: Number.MAX_SAFE_INTEGER };
    // Nothing kept: every record from the documents, the dishes from the store.
    const fresh = new ServiceRecords(t.store);
    try {
      expect(
        await kitchenReport({ store: t.store, now: clock.now, serviceRecords: fresh, menu: new StoreMenu(t.store) }, principal, query),
      ).toEqual(kept);
    } finally {
      fresh.close();
    }
    // The two orders of the test's own app, and the 250 lemonades.
    expect(kept.orders.placed).toBe(252);
    expect(kept.stock.find((item) => item.name === 'Lemon')?.units_used).toBe(250);
  });

  it('are never served stale on a store whose change events arrive after its writes answer', async () => {
    const late = lateEvents(t.store, 30);
    const records = new ServiceRecords(late.store);
    try {
      const orders = t.store.collection('orders');
      await orders.update(first.id, { set: { closed_at: iso(65) } });
      const [read] = await records.read(orders, [first.id]);
      expect([read?.closedAt, late.waits()]).toEqual([hourStart + 65 * MINUTE, 1]);
      await orders.update(first.id, { set: { closed_at: iso(70) } });
      // Its event is still on the way: the read waits for it, drops the kept record and reads the document.
      expect(late.held()).toBe(1);
      const [after] = await records.read(orders, [first.id]);
      expect(after?.closedAt).toBe(hourStart + 70 * MINUTE);
      expect([late.held(), late.waits()]).toEqual([0, 2]);
    } finally {
      records.close();
    }
  });
});
