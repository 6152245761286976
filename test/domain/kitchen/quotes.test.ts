// GET /quote with a frozen clock, quoted_ready_at / expected_ready_at on orders, and the wait limit
// that refuses patrons (nothing stored or taken) but never staff.
import { describe, expect, vi } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { Quote } from '../../../models/quote.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, getOrder, orderCount, stockById } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
let t0: number;

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, reestimate: true, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  menu = await seedMenu(t, 50);
  t0 = clock.now().getTime();
});

const iso = (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString();
const at = (minutes: number) => clock.advance(t0 + minutes * MINUTE - clock.now().getTime());

async function quote(ids: string[], as?: 'patron'): Promise<Quote> {
  const response = await t.inject({ method: 'GET', url: `/quote?dish_ids=${ids.join(',')}`, ...(as ? { as } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Quote>();
}

async function bump(order: Order, station: string, status: string) {
  const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
}

describe('GET /quote', () => {
  it("an empty kitchen: each station its dishes' preparation_time, the slowest decides, anonymous callers too", async () => {
    expect(await quote([menu.salad.id, menu.steak.id, menu.lemonade.id])).toStrictEqual({
      ready_at: iso(25),
      minutes: 25,
      stations: [
        { station: 'cold', ready_at: iso(10), ahead: 0 },
        { station: 'hot', ready_at: iso(25), ahead: 0 },
        { station: 'beverages', ready_at: iso(3), ahead: 0 },
      ],
    });
    expect(await quote([menu.lemonade.id], 'patron')).toStrictEqual({
      ready_at: iso(3),
      minutes: 3,
      stations: [{ station: 'beverages', ready_at: iso(3), ahead: 0 }],
    });
  });

  it('follows the pacing: together fires the salad late to be ready with the steak; courses quotes the first course only', async () => {
    const paced = async (pacing: string) =>
      (await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.salad.id},${menu.steak.id}&pacing=${pacing}` })).json<Quote>();
    expect(await paced('together')).toStrictEqual({
      ready_at: iso(25),
      minutes: 25,
      stations: [
        { station: 'cold', ready_at: iso(25), ahead: 0 },
        { station: 'hot', ready_at: iso(25), ahead: 0 },
      ],
    });
    // The salad is the starter (course 1); the steak waits for the table, so no time is promised for it.
    expect(await paced('courses')).toStrictEqual({
      ready_at: iso(10),
      minutes: 10,
      stations: [{ station: 'cold', ready_at: iso(10), ahead: 0 }],
    });
  });

  it('a loaded station: the tickets ahead and the time left on the one cooking', async () => {
    const first = await placeOrder(t, [menu.steak.id]);
    await placeOrder(t, [menu.steak.id, menu.steak.id]);
    // Two steak tickets ahead, 25 minutes each, one cook known so far: 50 minutes of waiting.
    expect(await quote([menu.steak.id])).toStrictEqual({
      ready_at: iso(75),
      minutes: 75,
      stations: [{ station: 'hot', ready_at: iso(75), ahead: 2 }],
    });
    await bump(first, 'hot', 'In Progress');
    at(10);
    // 15 minutes left on the first, 25 for the second, then its own 25.
    expect(await quote([menu.steak.id])).toStrictEqual({
      ready_at: iso(75),
      minutes: 65,
      stations: [{ station: 'hot', ready_at: iso(75), ahead: 2 }],
    });
    at(10.5);
    expect((await quote([menu.steak.id])).minutes).toBe(65);
  });

  it('several stations: a busy hot line decides even for a quick salad beside it; Draft and Ready tickets are not ahead', async () => {
    await placeOrder(t, [menu.steak.id]);
    const salad = await placeOrder(t, [menu.salad.id]);
    await bump(salad, 'cold', 'In Progress');
    await bump(salad, 'cold', 'Ready');
    // A scheduled order (a Draft) is not ahead of anyone yet.
    await placeOrder(t, [menu.salad.id], 'patron', { scheduled_at: iso(120) });
    expect(await quote([menu.salad.id, menu.steak.id])).toStrictEqual({
      ready_at: iso(50),
      minutes: 50,
      stations: [
        { station: 'cold', ready_at: iso(10), ahead: 0 },
        { station: 'hot', ready_at: iso(50), ahead: 1 },
      ],
    });
  });

  it('refuses unknown dish ids as orders do, and a malformed list', async () => {
    const unknown = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const response = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id},${unknown}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toStrictEqual([{ path: 'dish_ids', message: `unknown dish ids: ${unknown}` }]);
    for (const query of [
      '',
      'dish_ids=',
      `dish_ids=${menu.steak.id},,`,
      `dish_ids=${menu.steak.id}&pacing=slow`,
      `dish_ids=${menu.steak.id}&scheduled_at=${iso(-5)}`,
    ]) {
      expect((await t.inject({ method: 'GET', url: `/quote?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('a scheduled order is never quoted before its time', async () => {
    const response = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}&scheduled_at=${iso(90)}` });
    expect(response.json()).toStrictEqual({ ready_at: iso(90), minutes: 90, stations: [{ station: 'hot', ready_at: iso(90), ahead: 0 }] });
  });
});

describe('quoted_ready_at and expected_ready_at', () => {
  it('an order keeps its quote, and its expected time follows the tickets ahead until it equals ready_at', async () => {
    const a = await placeOrder(t, [menu.steak.id]);
    const b = await placeOrder(t, [menu.steak.id, menu.lemonade.id]);
    expect([a.quoted_ready_at, a.expected_ready_at]).toStrictEqual([iso(25), iso(25)]);
    expect([b.quoted_ready_at, b.expected_ready_at]).toStrictEqual([iso(50), iso(50)]);

    // The first steak comes out early: the second order now expects 10 + 20 minutes (the line, after
    // one ticket of 10 real minutes for 25 on the menu, cooks at 0.8 of the menu: the menu counts as two tickets).
    await bump(a, 'hot', 'In Progress');
    at(10);
    await bump(a, 'hot', 'Ready');
    await vi.waitFor(async () => expect((await getOrder(t, b.id)).expected_ready_at).toBe(iso(30)), { timeout: 5000, interval: 20 });
    expect((await getOrder(t, a.id)).expected_ready_at).toBe(iso(10));
    expect((await getOrder(t, a.id)).ready_at).toBe(iso(10));

    // Started two minutes later: two minutes later (a move under a minute is not written): 12 + 20.
    at(12);
    await bump(b, 'hot', 'In Progress');
    await vi.waitFor(async () => expect((await getOrder(t, b.id)).expected_ready_at).toBe(iso(32)), { timeout: 5000, interval: 20 });
    at(12.5);
    await bump(b, 'beverages', 'In Progress');
    await bump(b, 'beverages', 'Ready');
    at(30);
    const done = await bump(b, 'hot', 'Ready');
    expect(done.status).toBe('Ready for Assembly');
    expect(done.expected_ready_at).toBe(iso(30));
    expect(done.ready_at).toBe(iso(30));
    expect(done.quoted_ready_at).toBe(iso(50));
  });

  it('are read-only', async () => {
    for (const field of ['quoted_ready_at', 'expected_ready_at']) {
      const response = await t.inject({
        method: 'POST',
        url: '/orders',
        as: 'patron',
        payload: { name: 'Ben', dish_ids: [menu.steak.id], [field]: iso(5) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toStrictEqual([{ path: field, message: 'is read-only and cannot be set' }]);
    }
  });
});

describe('the kitchen is full', () => {
  it("refuses a patron's order quoted beyond max_wait_minutes with nothing stored or taken, and takes staff orders", async () => {
    expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: 30 } })).statusCode).toBe(200);
    await placeOrder(t, [menu.steak.id]);
    // A salad alone is quick: taken.
    await placeOrder(t, [menu.salad.id]);
    const stock = await stockById(t);
    const orders = await orderCount(t);
    const refused = await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ben', dish_ids: [menu.steak.id] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe(String(20 * 60));
    expect(refused.json()).toMatchObject({ title: 'The kitchen is full', status: 409, ready_at: iso(50), minutes: 50 });
    expect(refused.json().detail).toContain('50 minutes');
    expect(await stockById(t)).toStrictEqual(stock);
    expect(await orderCount(t)).toBe(orders);

    for (const role of ['chef', 'expeditor', 'manager'] as const) {
      const taken = await t.inject({ method: 'POST', url: '/orders', as: role, payload: { name: 'Staff', dish_ids: [menu.steak.id] } });
      expect(taken.statusCode, role).toBe(201);
    }
    // No limit: the patron is served again.
    await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: null } });
    expect(
      (await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ben', dish_ids: [menu.steak.id] } })).statusCode,
    ).toBe(201);
  });
});
