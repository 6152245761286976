// GET /orders served as text kept in memory (domain/views/order-pages.ts): the very bytes the response
// schema's serializer gives, never an order as it was before a change, and a patron's own only.
import { describe, expect } from 'vitest';
import { OrderPages } from '../../../domain/views/order-pages.js';
import { Order } from '../../../models/order.js';
import type { Store } from '../../../store/types.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { order, storesPerTest } from '../../store/fixtures/sqlite-stores.js';
import { overriding } from '../../store/fixtures/overriding.js';

const ALL_FIELDS = Object.keys(Order.properties).join('|');

describe('GET /orders from kept text', () => {
  let t: TestApp;
  it.beforeEach(async ({ startApp }) => {
    t = await startApp();
  });

  const get = (url: string, as: 'manager' | 'patron' | 'chef' = 'manager') => t.inject({ method: 'GET', url, as });

  it('gives byte for byte what the schema serializer gives (a projection of every field takes that path)', async () => {
    const { salad, steak, lemonade } = await seedMenu(t);
    await placeOrder(t, [salad.id, steak.id], 'patron', { special_requests: 'No "salt", please \u00e9\n' });
    await placeOrder(t, [lemonade.id], 'chef', { table_number: null, scheduled_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    for (const query of ['', 'sort=created_at&order=desc&limit=1', 'filter=status.eq~Received', 'offset=5']) {
      for (let round = 0; round < 2; round++) {
        const kept = await get(`/orders?${query}`);
        const serialized = await get(`/orders?${query}${query ? '&' : ''}fields=${ALL_FIELDS}`);
        expect(kept.statusCode).toBe(200);
        expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(kept.body).toBe(serialized.body);
      }
    }
  });

  it('shows every change at once: a move, an edit, a delete', async () => {
    const { salad, steak } = await seedMenu(t);
    const first = await placeOrder(t, [salad.id]);
    const second = await placeOrder(t, [steak.id]);
    const statuses = async () =>
      (await get('/orders'))
        .json<{ results: { id: string; status: string; priority: number }[] }>()
        .results.map(({ id, status, priority }) => [id, status, priority]);
    expect(await statuses()).toStrictEqual([
      [first.id, 'Received', 3],
      [second.id, 'Received', 3],
    ]);
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${first.id}`, as: 'chef', payload: { status: 'In Progress' } })).statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/orders/${second.id}`, as: 'manager', payload: { priority: 0 } })).statusCode).toBe(
      200,
    );
    expect(await statuses()).toStrictEqual([
      [first.id, 'In Progress', 3],
      [second.id, 'Received', 0],
    ]);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${first.id}`, as: 'manager' })).statusCode).toBe(204);
    expect(await statuses()).toStrictEqual([[second.id, 'Received', 0]]);
    expect((await get('/orders')).json()).toMatchObject({ total_results: 1 });
  });

  it('gives a patron their own orders only, as text too', async () => {
    const { salad } = await seedMenu(t);
    const own = await placeOrder(t, [salad.id], 'patron');
    await placeOrder(t, [salad.id], 'chef');
    expect((await get('/orders', 'manager')).json()).toMatchObject({ total_results: 2 });
    const mine = (await get('/orders', 'patron')).json<{ results: { id: string }[]; total_results: number }>();
    expect([mine.results.map((order) => order.id), mine.total_results]).toStrictEqual([[own.id], 1]);
  });
});

describe('OrderPages', () => {
  const { open } = storesPerTest('pos-pages-');

  it('does not keep a text read while a change to that order commits: the next page shows the change', async () => {
    const { store } = open();
    const placed = await store
      .collection('orders')
      .insert(order('Received', { name: 'Ann', stock_taken: [{ ingredient_id: '5f0000000000000000000003', units: 1 }] }));
    // The page reads the order's document, then the rename commits before the page takes it.
    let renamed = false;
    const racing = overriding(store, {
      collection: ((name: 'orders') => {
        const orders = store.collection(name);
        return overriding(orders, {
          find: async (...args: Parameters<typeof orders.find>) => {
            const found = await orders.find(...args);
            if (!renamed) await orders.update(placed.id, { set: { name: 'Bea' } });
            renamed = true;
            return found;
          },
        });
      }) as Store['collection'],
    });
    const pages = new OrderPages(racing);
    const query = { filter: [], limit: 30, offset: 0 };
    const names = async () => (JSON.parse((await pages.page(query))!) as { results: { name: string }[] }).results.map((doc) => doc.name);
    expect(await names()).toStrictEqual(['Ann']);
    expect(await names()).toStrictEqual(['Bea']);
    expect(await names()).toStrictEqual(['Bea']);
    expect(JSON.parse((await pages.page(query))!).results[0]).not.toHaveProperty('owner_id');
    pages.close();
  });
});
