// The kitchen report reads the orders of its window by their ids, from the records kept of earlier
// reports (the documents of those not kept): every order counts once, those written after the
// window's end included, and the report is the same whether the records and dishes were kept in
// memory or read from the store's documents.
import { afterEach, describe, expect } from 'vitest';
import { openMenu, type MenuReader } from '../../../domain/menu/menu.js';
import { StoreMenu } from '../../helpers/store-menu.js';
import { kitchenReport } from '../../../domain/reports/reports.js';
import { ServiceRecords } from '../../../domain/reports/service-records.js';
import type { Principal } from '../../../domain/accounts/principal.js';
import type { Order } from '../../../models/order.js';
import type { KitchenReport } from '../../../models/report.js';
import type { Store } from '../../../store/types.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';
import { overriding } from '../../store/fixtures/overriding.js';

const HOUR = 60 * MINUTE;
const HOURS = 10;
let t: TestApp;
let clock: FrozenClock;
let hourStart: number;
let orders: Order[];

const at = (minutes: number) => clock.advance(hourStart + minutes * MINUTE - clock.now().getTime());
const manager = (): Principal => ({ userId: t.userIds.manager, userName: 'manager1', role: 'manager', expiresAt: Number.MAX_SAFE_INTEGER });
const query = () => ({ from: new Date(hourStart).toISOString(), to: new Date(hourStart + HOURS * HOUR).toISOString() });

async function send(minutes: number, method: 'PATCH', url: string, payload: object, as: 'chef' | 'expeditor') {
  at(minutes);
  const response = await t.inject({ method, url, as, payload });
  expect(response.statusCode, response.body).toBe(200);
}

/** The store, except that once the first read of orders has answered, `write` runs before the answer is used. */
function writingAfterFirstRead(store: Store, write: () => Promise<unknown>): Store {
  let written = false;
  const afterFirst = async <R>(read: Promise<R>): Promise<R> => {
    const found = await read;
    if (!written) {
      written = true;
      await write();
    }
    return found;
  };
  return overriding(store, {
    collection: ((name: Parameters<Store['collection']>[0]) => {
      const collection = store.collection(name);
      if (name !== 'orders') return collection;
      return overriding(collection, {
        find: (...args: Parameters<typeof collection.find>) => afterFirst(collection.find(...args)),
        listIds: (...args: Parameters<typeof collection.listIds>) => afterFirst(collection.listIds(...args)),
      });
    }) as Store['collection'],
  });
}

// Two tests write to an order: every test has its own app and ten hours of steaks.
it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  hourStart = Math.ceil(clock.now().getTime() / HOUR) * HOUR + 3 * HOUR;
  at(-30);
  const menu = await seedMenu(t, 50);
  // A steak (25 minutes) an hour for ten hours, readied 20 minutes after it was placed (the last one
  // 40: late); one in three closed at half past (not the last).
  orders = [];
  for (let hour = 0; hour < HOURS; hour++) {
    at(hour * 60);
    const order = await placeOrder(t, [menu.steak.id]);
    orders.push(order);
    await send(hour * 60 + 5, 'PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' }, 'chef');
    await send(hour * 60 + (hour === HOURS - 1 ? 40 : 20), 'PATCH', `/orders/${order.id}/tickets/hot`, { status: 'Ready' }, 'chef');
    if (hour % 3 === 0 && hour < HOURS - 1)
      await send(hour * 60 + 30, 'PATCH', `/orders/${order.id}`, { status: 'Ready for Pickup' }, 'expeditor');
  }
  // The last one leaves the pass after the window: written since, it still counts as placed and readied.
  await send(11 * 60, 'PATCH', `/orders/${orders[HOURS - 1]!.id}`, { status: 'On the Way' }, 'expeditor');
});

const opened: ServiceRecords[] = [];
afterEach(() => {
  for (const records of opened.splice(0)) records.close();
});

/** What the report reads beside `store`: by default, nothing kept (records from the documents, dishes from the store). */
function sources(
  store: Store = t.store,
  { serviceRecords = new ServiceRecords(t.store), menu = new StoreMenu(t.store) as MenuReader } = {},
) {
  opened.push(serviceRecords);
  return { store, now: clock.now, serviceRecords, menu };
}

describe('the kitchen report over a window of several slices', () => {
  it('counts every order once, in its bucket, those written after the window included', async () => {
    const response = await t.inject({ method: 'GET', url: `/reports/kitchen?from=${query().from}&to=${query().to}`, as: 'manager' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<KitchenReport>();
    const hot = body.stations.find((station) => station.station === 'hot');
    expect(hot).toMatchObject({ tickets: HOURS, median_seconds: 1200, p90_seconds: 1200, late: 1 });
    expect(hot?.buckets.map((bucket) => bucket.tickets)).toEqual(Array(HOURS).fill(1));
    expect(body.orders).toMatchObject({
      placed: HOURS,
      ready: HOURS,
      closed: 3,
      ready_to_closed: { median_seconds: 600, p90_seconds: 600 },
    });
    expect(body.orders.buckets.map((bucket) => [bucket.placed, bucket.ready, bucket.closed])).toEqual(
      Array.from({ length: HOURS }, (_, hour) => [1, 1, hour % 3 === 0 && hour < HOURS - 1 ? 1 : 0]),
    );
    expect(body.stock.map(({ name, units_used }) => [name, units_used])).toEqual([
      ['Beef', HOURS],
      ['Salt', HOURS],
    ]);
    // The route reads the records the server keeps; read from the documents alone, the same.
    expect(await kitchenReport(sources(), manager(), query())).toEqual(body);
  });

  it('gives the same report with the dishes from the live menu or from the store', async () => {
    const menu = await openMenu(t.store);
    try {
      expect(menu.current.dishes.size).toBe(3);
      const fromMenu = await kitchenReport(sources(t.store, { menu }), manager(), query());
      const fromStore = await kitchenReport(sources(), manager(), query());
      expect(fromStore).toEqual(fromMenu);
      expect(fromMenu.stations.find((station) => station.station === 'hot')).toMatchObject({ tickets: HOURS, late: 1 });
    } finally {
      menu.close();
    }
  });

  it('gives the same report from the records kept of earlier reports as from the documents', async () => {
    const serviceRecords = new ServiceRecords(t.store);
    try {
      const fromDocuments = await kitchenReport(sources(), manager(), query());
      expect(await kitchenReport(sources(t.store, { serviceRecords }), manager(), query())).toEqual(fromDocuments);
      // Now every record is kept: no document is read.
      const store = overriding(t.store, {
        collection: ((name: Parameters<Store['collection']>[0]) => {
          const collection = t.store.collection(name);
          if (name !== 'orders') return collection;
          return overriding(collection, { find: () => Promise.reject(new Error('a document was read')) });
        }) as Store['collection'],
      });
      expect(await kitchenReport(sources(store, { serviceRecords }), manager(), query())).toEqual(fromDocuments);
    } finally {
      serviceRecords.close();
    }
  });

  for (const kept of [false, true]) {
    it(`counts an order written after its id was read once, as it is now (${kept ? 'its record kept before' : 'nothing kept'})`, async () => {
      const serviceRecords = new ServiceRecords(t.store);
      try {
        const before = await kitchenReport(sources(), manager(), query());
        if (kept) await kitchenReport(sources(t.store, { serviceRecords }), manager(), query());
        // The order of the first hour, its id read first in the updated_at order, then written: it now comes last.
        const priority = kept ? 2 : 1;
        const store = writingAfterFirstRead(t.store, () => t.store.collection('orders').update(orders[0]!.id, { set: { priority } }));
        const during = await kitchenReport(sources(store, { serviceRecords }), manager(), query());
        expect((await t.store.collection('orders').get(orders[0]!.id))?.priority).toBe(priority);
        expect(during).toEqual(before);
        expect(during.orders.placed).toBe(HOURS);
      } finally {
        serviceRecords.close();
      }
    });
  }
});
