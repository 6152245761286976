// Data an earlier release accepted beyond today's limits is brought within them at the next start,
// once: a dish of 1e12 minutes takes a day, stock of 1.8e308 is held at 1e9, a price of 1e300 (a
// dish's, an ingredient's, an option's change, an ordered item's) at 1e9, and a year-10000
// schedule waits at the last instant of 9999, so the scheduler does not fire it and quotes and the
// kitchen report answer.
import { expect } from 'vitest';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import { upgradeStoredData } from '../../../domain/orders/upgrades.js';
import type { OrderDoc } from '../../../models/order.js';
import type { NewDoc } from '../../../store/types.js';
import { it } from '../../helpers/fixtures.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-bounds-');
const Y10K = '+010000-01-01T11:59:59.999Z';
const LATEST = '9999-12-31T23:59:59.999Z';

it('brings dishes, stock and order times stored beyond the limits within them, once', async ({ startApp }) => {
  const { dataDir, store: old } = open();
  const lettuce = await old
    .collection('ingredients')
    .insert({ name: 'Lettuce', in_stock_qty: 1.7976931348623157e308, price: 1e300, allergens: [] });
  const debt = await old.collection('ingredients').insert({ name: 'Debt', in_stock_qty: -1e12, price: 1, allergens: [] });
  const slow = await old.collection('dishes').insert({
    name: 'Forever Stew',
    description: 'Slow.',
    category: 'Main Course',
    image_name: 'stew',
    ingredients: [{ ingredient_id: lettuce.id, is_essential: true }],
    preparation_time: 1e12,
    price: 1e300,
    station: 'hot',
    allergens: [],
    modifier_groups: [
      {
        id: '5f00000000000000000000a1',
        name: 'Size',
        min: 0,
        max: 1,
        options: [{ id: '5f00000000000000000000a2', name: 'Huge', price_delta: -1e300, minutes_delta: 1e12 }],
      },
    ],
  });
  const item = {
    id: '5f00000000000000000000a3',
    dish_id: slow.id,
    quantity: 2,
    seat: null,
    option_ids: [],
    note: null,
    course: 1,
    name: 'Forever Stew',
    price: 1e300,
    minutes: 1e12,
    allergens: [],
    modifiers: [],
    status: 'Active',
  };
  const held = {
    station: 'hot',
    status: 'Draft',
    fired_at: null,
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course: 1,
    changes: [],
  };
  const far = await old.collection('orders').insert({
    name: 'Y10K',
    dish_ids: [slow.id],
    table_number: null,
    special_requests: null,
    scheduled_at: Y10K,
    allergies: [],
    priority: 3,
    status: 'Draft',
    fire_at: Y10K,
    pacing: 'at_once',
    course_gap_minutes: null,
    tickets: [{ ...held, fire_at: Y10K }],
    next_fire_at: Y10K,
    ready_at: null,
    closed_at: null,
    quoted_ready_at: Y10K,
    expected_ready_at: Y10K,
    owner_id: '5f0000000000000000000001',
    stock_taken: [],
    items: [item],
    total: null,
  } as unknown as NewDoc<OrderDoc>);
  await old.close();

  const t = await startApp({ dataDir });
  const dish = (await t.store.collection('dishes').get(slow.id))!;
  expect(dish).toMatchObject({ preparation_time: 1440, price: 1e9 });
  expect(dish.modifier_groups![0]!.options[0]).toMatchObject({ price_delta: -1e9, minutes_delta: 1440 });
  expect(await t.store.collection('ingredients').get(lettuce.id)).toMatchObject({ in_stock_qty: 1e9, price: 1e9 });
  expect((await t.store.collection('ingredients').get(debt.id))!.in_stock_qty).toBe(-1e9);
  const order = (await t.store.collection('orders').get(far.id))!;
  expect(order).toMatchObject({
    scheduled_at: LATEST,
    fire_at: LATEST,
    next_fire_at: LATEST,
    quoted_ready_at: LATEST,
    expected_ready_at: LATEST,
  });
  expect(order.tickets[0]!.fire_at).toBe(LATEST);
  expect(order.items).toEqual([{ ...item, price: 1e9, minutes: 1440 }]);
  expect(order.total).toBe(2e9);
  expect(await new OrderScheduler(t.store, () => new Date()).releaseDue()).toEqual([]);
  const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${slow.id}` });
  expect(quote.statusCode, quote.body).toBe(200);
  expect(quote.json<{ minutes: number }>().minutes).toBe(1440);
  const report = await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' });
  expect(report.statusCode, report.body).toBe(200);
  await t.close(); // before the store is opened again on its directory

  const again = open({ dataDir }).store;
  expect(await upgradeStoredData(again)).toEqual({});
  await again.close();
});
