// The kitchen book (domain/views/kitchen-book.ts): a station's queue and all-day counts read from it and
// the menu in memory answer exactly what the store's queries answer, through placing, bumping, recalls, edits, moves
// out of the kitchen and deletions; an order changed while the book loads is kept as changed.
import { afterEach, beforeEach, describe, expect } from 'vitest';
import { KitchenBook } from '../../../domain/views/kitchen-book.js';
import { openMenu, type LiveMenu } from '../../../domain/menu/menu.js';
import { StoreMenu } from '../../helpers/store-menu.js';
import { allDay, stationQueue } from '../../../domain/orders/stations.js';
import { STATIONS } from '../../../models/dish.js';
import type { Principal } from '../../../domain/accounts/principal.js';
import type { Store } from '../../../store/types.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { commitAsOtherProgram, gatedStore } from '../../store/fixtures/other-program.js';
import { order, storesPerTest } from '../../store/fixtures/sqlite-stores.js';
import { overriding } from '../../store/fixtures/overriding.js';

describe('station reads from the kitchen book', () => {
  let t: TestApp;
  it.beforeEach(async ({ startApp }) => {
    t = await startApp();
  });

  let book: KitchenBook;
  let menu: LiveMenu;
  beforeEach(async () => {
    book = await KitchenBook.open(t.store);
    menu = await openMenu(t.store);
  });
  afterEach(() => {
    book.close();
    menu.close();
  });

  /** The same reads answered from the store's documents on every call: the reference. */
  const fromStore = () => ({
    kitchen: {
      inStatus: (statuses: readonly string[]) => t.store.collection('orders').find([{ field: 'status', op: 'in', value: [...statuses] }]),
    } as unknown as KitchenBook,
    menu: new StoreMenu(t.store),
  });

  /** Every station's queue and all-day counts from the book, then from the store's documents, then over HTTP. */
  async function bothWays() {
    const chef: Principal = { userId: t.userIds.chef, userName: 'chef1', role: 'chef', expiresAt: Date.now() + 3_600_000 };
    const read = async (views: { kitchen: KitchenBook; menu: StoreMenu | LiveMenu }) => {
      const deps = { store: t.store, now: t.clock.now, ...views };
      return Promise.all(
        STATIONS.map(async (station) => [
          await stationQueue(deps, chef, station, { filter: [], limit: 30, offset: 0 }),
          await allDay(deps, chef, station),
        ]),
      );
    };
    const fromBook = await read({ kitchen: book, menu });
    expect(fromBook).toStrictEqual(await read(fromStore()));
    const served = await Promise.all(
      STATIONS.map(async (station) => [
        (await t.inject({ method: 'GET', url: `/stations/${station}/tickets`, as: 'chef' })).json(),
        (await t.inject({ method: 'GET', url: `/stations/${station}/all-day`, as: 'chef' })).json(),
      ]),
    );
    expect(served).toStrictEqual(JSON.parse(JSON.stringify(fromBook)));
    return fromBook;
  }

  it('answers as the store does after every kind of change', async () => {
    const { salad, steak, lemonade, lemon } = await seedMenu(t);
    const first = await placeOrder(t, [salad.id, steak.id]);
    const second = await placeOrder(t, [steak.id, steak.id, lemonade.id]);
    const later = await placeOrder(t, [salad.id], 'patron', { scheduled_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    const [[hotQueue]] = [(await bothWays()).slice(1, 2)[0]!];
    expect(hotQueue).toMatchObject({ total_results: 2 });
    const move = (id: string, station: string, status: string) =>
      t.inject({ method: 'PATCH', url: `/orders/${id}/tickets/${station}`, as: 'chef', payload: { status } });
    expect((await move(first.id, 'hot', 'In Progress')).statusCode).toBe(200);
    expect((await move(first.id, 'hot', 'Ready')).statusCode).toBe(200);
    expect((await move(first.id, 'cold', 'In Progress')).statusCode).toBe(200);
    await bothWays();
    expect((await move(first.id, 'cold', 'Ready')).statusCode).toBe(200);
    expect((await move(first.id, 'hot', 'In Progress')).statusCode).toBe(200);
    await bothWays();
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/orders/${second.id}`,
          as: 'manager',
          payload: { dish_ids: [salad.id, lemonade.id], priority: 0 },
        })
      ).statusCode,
    ).toBe(200);
    await bothWays();
    // The dishes on the tickets as the menu has them now: out of stock, renamed.
    expect(
      (await t.inject({ method: 'PATCH', url: `/ingredients/${lemon.id}`, as: 'chef', payload: { in_stock_qty: 0 } })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'PATCH', url: `/dishes/${salad.id}`, as: 'manager', payload: { name: 'House Salad' } })).statusCode,
    ).toBe(200);
    const [coldNow, , beverages] = await bothWays();
    expect(beverages![0]).toMatchObject({ results: [{ id: second.id, dishes: [{ id: lemonade.id, is_available: false }] }] });
    expect(coldNow![1]).toMatchObject({ items: [{ dish_id: salad.id, name: 'House Salad' }] });
    expect(beverages![1]).toMatchObject({ items: [{ dish_id: lemonade.id, quantity: 1 }] });
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${first.id}`, as: 'manager', payload: { status: 'Ready for Assembly' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${first.id}`, as: 'manager', payload: { status: 'Ready for Pickup' } })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${later.id}`, as: 'manager' })).statusCode).toBe(204);
    const [cold] = await bothWays();
    expect(cold![0]).toMatchObject({ total_results: 1, results: [{ id: second.id }] });
  });
});

describe('loading the kitchen book', () => {
  const { open } = storesPerTest('pos-book-');

  it('keeps an order changed or deleted while the book loads as it is now, not as the load read it', async () => {
    const { store } = open();
    const orders = store.collection('orders');
    const received = (name: string) => orders.insert(order('Received', { name }));
    const [renamed, served, gone, kept] = [await received('Ann'), await received('Ben'), await received('Cid'), await received('Dee')];
    // The load's read is done; these commit before the book takes what it read.
    const racing = overriding(store, {
      collection: ((name: 'orders') =>
        overriding(store.collection(name), {
          find: async (...args: Parameters<ReturnType<Store['collection']>['find']>) => {
            const found = await store.collection(name).find(...args);
            await orders.update(renamed.id, { set: { name: 'Ann-Marie' } });
            await orders.update(served.id, { set: { status: 'Ready for Pickup' } });
            await orders.delete(gone.id);
            return found;
          },
        })) as Store['collection'],
    });
    const book = await KitchenBook.open(racing);
    expect((await book.inStatus(['Received'])).map((doc) => [doc.id, doc.name]).sort()).toStrictEqual(
      [
        [renamed.id, 'Ann-Marie'],
        [kept.id, 'Dee'],
      ].sort(),
    );
    book.close();
  });

  it('is read again when the store resyncs, keeping the later of two reads in flight and what changed meanwhile', async () => {
    const { store, dataDir } = open();
    const orders = store.collection('orders');
    const [ann, ben] = [await orders.insert(order('Received', { name: 'Ann' })), await orders.insert(order('Received', { name: 'Ben' }))];
    const gated = gatedStore(store, 'orders');
    const book = await KitchenBook.open(gated.store);
    const names = () =>
      [...book.current.values()]
        .filter((doc) => doc.status === 'Received')
        .map((doc) => doc.name)
        .sort();
    commitAsOtherProgram(dataDir, [`UPDATE orders SET doc = json_set(doc, '$.name', 'Ann-Marie') WHERE id = ?`, ann.id]);
    const first = gated.gate();
    gated.resync('repaired');
    commitAsOtherProgram(dataDir, [`UPDATE orders SET doc = json_set(doc, '$.status', 'Ready for Pickup') WHERE id = ?`, ann.id]);
    const second = gated.gate();
    gated.resync('repaired again');
    // Committed while both reads are in flight: its event is newer than either read.
    await orders.update(ben.id, { set: { name: 'Benedict' } });
    // Background readers see the book as it is; a read that promises the store's state waits for the reload.
    expect(names()).toEqual(['Ann', 'Benedict']);
    let received: string[] | undefined;
    const reading = book.inStatus(['Received']).then((docs) => (received = docs.map((doc) => doc.name).sort()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toBeUndefined();
    second();
    expect(await reading).toEqual(['Benedict']);
    expect(names()).toEqual(['Benedict']);
    first();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(names()).toEqual(['Benedict']);
    book.close();
  });
});
