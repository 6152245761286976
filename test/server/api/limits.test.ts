// The limits a hostile or careless client meets: every date-time the API takes by one rule (RFC
// 3339, 1970 to 9999 in UTC, stored canonical; a schedule at most a year ahead), numbers that reach
// the clock or a report bounded (a day of preparation, ±1e9 of stock, prices to 1e9), quotes and reports that never
// answer 500, time zones stored in their IANA spelling, a course in a path in digits only, the
// audit trail and a station's queue taking the list parameters, and allergy alerts that follow an
// allergen change.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { KitchenReport } from '../../../models/report.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, getOrder, problemOf } from '../../domain/orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
const DAY = 24 * 60 * MINUTE;

// An app per test: the orders, audit entries and queues one test makes are not in the next one's lists.
it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock });
  menu = await seedMenu(t, 1000);
});

const ahead = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const order = (payload: object) => t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ben', ...payload } });
const errorsOf = (response: Awaited<ReturnType<typeof order>>) => problemOf(response).errors;

describe('date-times', () => {
  const RULE = 'must be an ISO 8601 date-time with Z or an offset, between 1970 and 9999 in UTC (e.g. 2026-11-28T18:30:00Z)';

  it('refuses a year-10000 scheduled_at (9999-12-31T23:59:59.999-12:00) with 400, for an order and for a quote', async () => {
    const y10k = '9999-12-31T23:59:59.999-12:00';
    const response = await order({ dish_ids: [menu.steak.id], scheduled_at: y10k });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([{ path: 'scheduled_at', message: RULE }]);
    const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}&scheduled_at=${encodeURIComponent(y10k)}` });
    expect(quote.statusCode).toBe(400);
    expect(errorsOf(quote)).toEqual([{ path: 'scheduled_at', message: RULE }]);
  });

  it('takes a scheduled_at up to 366 days ahead, and refuses one a millisecond further (order, quote and edit)', async () => {
    const farthest = ahead(366 * DAY);
    const taken = await order({ dish_ids: [menu.steak.id], scheduled_at: farthest });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json<Order>()).toMatchObject({ status: 'Draft', scheduled_at: farthest });
    const tooFar = ahead(366 * DAY + 1);
    const refused = await order({ dish_ids: [menu.steak.id], scheduled_at: tooFar });
    expect(refused.statusCode).toBe(400);
    expect(problemOf(refused)).toMatchObject({
      detail: 'scheduled_at lies more than 366 days ahead; an order can be scheduled at most a year ahead.',
      errors: [{ path: 'scheduled_at', message: 'must be at most 366 days ahead' }],
    });
    const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}&scheduled_at=${tooFar}` });
    expect(quote.statusCode).toBe(400);
    const edit = await t.inject({
      method: 'PATCH',
      url: `/orders/${taken.json<Order>().id}`,
      as: 'patron',
      payload: { scheduled_at: tooFar },
    });
    expect(edit.statusCode).toBe(400);
    expect((await getOrder(t, taken.json<Order>().id)).scheduled_at).toBe(farthest);
  });

  it('stores a scheduled_at given with an offset as canonical UTC', async () => {
    const day = ahead(2 * DAY).slice(0, 10);
    const text = `${day}T12:00:00+02:00`;
    const response = await order({ dish_ids: [menu.steak.id], scheduled_at: text });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Order>().scheduled_at).toBe(`${day}T10:00:00.000Z`);
  });

  it('refuses a leap second, a space for the T, a lower-case z and a day that does not exist', async () => {
    const year = new Date(clock.now().getTime() + 30 * DAY).getUTCFullYear() + 1;
    for (const text of [`${year - 1}-12-31T23:59:60Z`, `${year}-01-02 10:00:00Z`, `${year}-01-02T10:00:00z`, `${year}-02-30T10:00:00Z`]) {
      const response = await order({ dish_ids: [menu.steak.id], scheduled_at: text });
      expect(response.statusCode, text).toBe(400);
      expect(errorsOf(response)?.[0]?.path, text).toBe('scheduled_at');
    }
  });

  it('filters and reports take date-times by the same rule', async () => {
    const y10k = encodeURIComponent('9999-12-31T23:59:59.999-12:00');
    const list = await t.inject({ method: 'GET', url: `/orders?filter=scheduled_at.gt~${y10k}`, as: 'manager' });
    expect(list.statusCode).toBe(400);
    const report = await t.inject({ method: 'GET', url: `/reports/kitchen?to=${y10k}`, as: 'manager' });
    expect(report.statusCode).toBe(400);
    expect(errorsOf(report)).toEqual([{ path: 'to', message: RULE }]);
    const before1970 = await t.inject({
      method: 'GET',
      url: `/reports/kitchen?from=1969-12-31T23:00:00Z&to=1970-01-02T00:00:00Z`,
      as: 'manager',
    });
    expect(before1970.statusCode).toBe(400);
    expect(errorsOf(before1970)).toEqual([{ path: 'from', message: RULE }]);
  });
});

describe('numbers that reach the clock or a report', () => {
  it('refuses a preparation_time beyond a day (1e12 minutes) with 400, and takes 1440', async () => {
    const base = { name: 'Slow', description: 'Slow.', category: 'Main Course', image_name: 'slow', price: 1, station: 'hot' };
    const ingredients = [{ ingredient_id: menu.beef.id, is_essential: true }];
    for (const preparation_time of [1e12, 1441]) {
      const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload: { ...base, ingredients, preparation_time } });
      expect(response.statusCode, String(preparation_time)).toBe(400);
      expect(errorsOf(response)).toEqual([{ path: 'preparation_time', message: 'must be <= 1440' }]);
    }
    const day = await addDish(t, { name: 'Day-long Ragù', station: 'hot', preparation_time: 1440, ingredients });
    const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${day.id}` });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<{ minutes: number }>().minutes).toBe(1440);
  });

  it('refuses a price or an option beyond its bound (1e300) with 400, and an item takes at most a day whatever its options add', async () => {
    const ingredients = [{ ingredient_id: menu.beef.id, is_essential: true }];
    const base = { name: 'Dear', description: 'Dear.', category: 'Main Course', image_name: 'dear', station: 'hot', preparation_time: 600 };
    const dish = (payload: object) =>
      t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload: { ...base, ingredients, price: 1, ...payload } });
    const group = (option: object) => ({ modifier_groups: [{ name: 'Size', options: [{ name: 'Huge', ...option }] }] });
    const refused: [object, string, string][] = [
      [{ price: 1e300 }, 'price', 'must be <= 1000000000'],
      [group({ price_delta: 1e300 }), 'modifier_groups.0.options.0.price_delta', 'must be <= 1000000000'],
      [group({ price_delta: -1e300 }), 'modifier_groups.0.options.0.price_delta', 'must be >= -1000000000'],
      [group({ minutes_delta: 1e12 }), 'modifier_groups.0.options.0.minutes_delta', 'must be <= 1440'],
    ];
    for (const [payload, path, message] of refused) {
      const response = await dish(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorsOf(response)).toEqual([{ path, message }]);
    }
    const ingredient = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: 'Gold', in_stock_qty: 1, price: 1e300 },
    });
    expect(ingredient.statusCode).toBe(400);
    expect(errorsOf(ingredient)).toEqual([{ path: 'price', message: 'must be <= 1000000000' }]);

    // The most each may be: the order's total stays exact, and the long option's item takes a day.
    const dear = await dish({ price: 1e9, ...group({ price_delta: 1e9, minutes_delta: 1440 }) });
    expect(dear.statusCode, dear.body).toBe(201);
    const { id, modifier_groups } = dear.json<{ id: string; modifier_groups: { options: { id: string }[] }[] }>();
    const huge = { dish_id: id, quantity: 99, option_ids: [modifier_groups[0]!.options[0]!.id] };
    const placed = await order({ items: [huge, { ...huge, quantity: 1 }] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<Order>()).toMatchObject({
      total: 2e11,
      items: [
        { price: 2e9, minutes: 1440 },
        { price: 2e9, minutes: 1440 },
      ],
    });
    const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}` });
    expect(quote.statusCode, quote.body).toBe(200);
  });

  it('the kitchen report answers 200 for stock stored before its bound (1.7976931348623157e308)', async () => {
    await placeOrder(t, [menu.lemonade.id], 'manager');
    // As an earlier version could store it: straight to the store.
    await t.store.collection('ingredients').update(menu.lemon.id, { set: { in_stock_qty: 1.7976931348623157e308 } });
    const response = await t.inject({ method: 'GET', url: `/reports/kitchen?to=${ahead(MINUTE)}`, as: 'manager' });
    expect(response.statusCode, response.body).toBe(200);
    const lemon = response.json<KitchenReport>().stock.find((entry) => entry.ingredient_id === menu.lemon.id);
    expect(lemon).toMatchObject({ in_stock_qty: 1.7976931348623157e308, orders_covered: Number.MAX_SAFE_INTEGER });
    await t.store.collection('ingredients').update(menu.lemon.id, { set: { in_stock_qty: 1000 } });
  });
});

describe('settings and paths', () => {
  it('stores a time zone in its IANA spelling; a link the runtime does not list as given', async () => {
    for (const [given, stored] of [
      ['europe/berlin', 'Europe/Berlin'],
      ['utc', 'UTC'],
      ['AMERICA/NEW_YORK', 'America/New_York'],
      ['Asia/Kolkata', 'Asia/Kolkata'],
    ]) {
      const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { time_zone: given } });
      expect(response.statusCode, given).toBe(200);
      expect(response.json<{ time_zone: string }>().time_zone).toBe(stored);
    }
    await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { time_zone: 'UTC' } });
  });

  it('takes a course in the path in digits only: 0x2, +2, " 2" and 2.0 are 400', async () => {
    const paced = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    for (const course of ['0x2', '%2B2', '%202', '2.0', '02', '0']) {
      const response = await t.inject({ method: 'POST', url: `/orders/${paced.id}/courses/${course}/fire`, as: 'expeditor' });
      expect(response.statusCode, course).toBe(400);
      expect(errorsOf(response), course).toEqual([{ path: 'n', message: 'must be a course number in digits (1, 2, …)' }]);
    }
    expect((await getOrder(t, paced.id)).tickets.map((ticket) => ticket.status)).toEqual(['Received', 'Draft']);
    const fired = await t.inject({ method: 'POST', url: `/orders/${paced.id}/courses/2/fire`, as: 'expeditor' });
    expect(fired.statusCode, fired.body).toBe(200);
  });
});

describe('the audit trail and a station queue take the list parameters', () => {
  it('GET /orders/{id}/audit filters, sorts and picks fields, or answers 400', async () => {
    const placed = await placeOrder(t, [menu.salad.id], 'patron', { pacing: 'courses' });
    await t.inject({ method: 'PATCH', url: `/orders/${placed.id}`, as: 'manager', payload: { priority: 1 } });
    const url = (query: string) => `/orders/${placed.id}/audit?${query}`;
    const fired = await t.inject({ method: 'GET', url: url('filter=action.eq~changed&fields=action|user_name'), as: 'manager' });
    expect(fired.statusCode, fired.body).toBe(200);
    expect(fired.json()).toEqual({ results: [{ action: 'changed', user_name: 'manager1' }], total_results: 1 });
    const sorted = await t.inject({ method: 'GET', url: url('sort=action&order=desc&fields=action'), as: 'manager' });
    expect(sorted.json()).toEqual({ results: [{ action: 'placed' }, { action: 'changed' }], total_results: 2 });
    for (const query of ['filter=nope.eq~1', 'fields=nope', 'sort=changes', 'order=desc']) {
      const response = await t.inject({ method: 'GET', url: url(query), as: 'manager' });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('GET /stations/{station}/tickets filters, sorts and picks fields, or answers 400', async () => {
    const first = await placeOrder(t, [menu.lemonade.id], 'patron');
    const second = await placeOrder(t, [menu.lemonade.id, menu.lemonade.id], 'patron');
    await t.inject({ method: 'PATCH', url: `/orders/${second.id}`, as: 'manager', payload: { priority: 0 } });
    const url = (query: string) => `/stations/beverages/tickets?${query}`;
    const picked = await t.inject({
      method: 'GET',
      url: url(`filter=id.in~${first.id},${second.id}&sort=priority&order=desc&fields=id|course`),
      as: 'chef',
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toEqual({
      results: [
        { id: first.id, course: 1 },
        { id: second.id, course: 1 },
      ],
      total_results: 2,
    });
    const withDishes = await t.inject({ method: 'GET', url: url(`filter=id.eq~${second.id}&fields=dishes`), as: 'chef' });
    expect(withDishes.json<{ results: { dishes: { id: string }[] }[] }>().results[0]!.dishes.map((dish) => dish.id)).toEqual([
      menu.lemonade.id,
      menu.lemonade.id,
    ]);
    for (const query of ['filter=nope.eq~1', 'fields=nope', 'sort=dishes', 'order=desc']) {
      const response = await t.inject({ method: 'GET', url: url(query), as: 'chef' });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('allergy alerts follow an allergen change', () => {
  it("an ingredient's new allergen alerts the open orders with that allergy, on their tickets and station rows", async () => {
    const open = await placeOrder(t, [menu.salad.id], 'patron', { allergies: ['sesame'] });
    const unaffected = await placeOrder(t, [menu.salad.id], 'patron', { allergies: ['peanuts'] });
    expect(open.tickets[0]!.allergy_alerts).toBeUndefined();
    const changed = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${menu.lettuce.id}`,
      as: 'chef',
      payload: { allergens: ['celery', 'sesame'] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await getOrder(t, open.id)).tickets[0]!.allergy_alerts).toEqual([{ dish_id: menu.salad.id, allergens: ['sesame'] }]);
    expect((await getOrder(t, unaffected.id)).tickets[0]!.allergy_alerts).toBeUndefined();
    const row = await t.inject({ method: 'GET', url: `/stations/cold/tickets?filter=id.eq~${open.id}&fields=tickets`, as: 'chef' });
    expect(row.json<{ results: Order[] }>().results[0]!.tickets[0]!.allergy_alerts).toEqual([
      { dish_id: menu.salad.id, allergens: ['sesame'] },
    ]);
    // Taken away again: the alert goes.
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lettuce.id}`, as: 'chef', payload: { allergens: [] } });
    expect((await getOrder(t, open.id)).tickets[0]!.allergy_alerts).toBeUndefined();
  });

  it("a dish's new ingredient brings its allergen to the open orders' alerts", async () => {
    const sesame = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: 'Sesame Seeds', in_stock_qty: 100, price: 0.1, allergens: ['sesame'] },
    });
    const open = await placeOrder(t, [menu.steak.id], 'patron', { allergies: ['sesame'] });
    const ingredients = [
      { ingredient_id: menu.beef.id, is_essential: true },
      { ingredient_id: sesame.json<{ id: string }>().id, is_essential: false },
    ];
    const changed = await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: { ingredients } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getOrder(t, open.id)).tickets[0]!.allergy_alerts).toEqual([{ dish_id: menu.steak.id, allergens: ['sesame'] }]);
  });
});
