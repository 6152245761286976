// GET /reports/kitchen: ticket and order times from the stored timestamps, per station and bucket,
// late tickets, and how long the stock lasts at the window's pace.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { KitchenReport } from '../../../models/report.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, problemOf } from '../orders/support.js';

const HOUR = 60 * MINUTE;
let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
let hourStart: number;

/** Moves the frozen clock to `minutes` after the first whole hour of the test. */
const at = (minutes: number) => clock.advance(hourStart + minutes * MINUTE - clock.now().getTime());

async function bump(order: Order, station: string, status: string, minutes: number) {
  at(minutes);
  const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
}

async function report(query: string): Promise<KitchenReport> {
  const response = await t.inject({ method: 'GET', url: `/reports/kitchen?${query}`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KitchenReport>();
}

const empty = { tickets: 0, median_seconds: null, p90_seconds: null, late: 0 };

// The tests only read the service built once here (startFileApp, with its frozen clock).
it.beforeAll(async ({ startFileApp }) => {
  clock = new FrozenClock();
  t = await startFileApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  hourStart = Math.ceil(clock.now().getTime() / HOUR) * HOUR + 3 * HOUR;
  at(-150);
  menu = await seedMenu(t, 20);
  // Before the window: readied and gone, never counted.
  const early = await placeOrder(t, [menu.steak.id]);
  await bump(early, 'hot', 'In Progress', -140);
  await bump(early, 'hot', 'Ready', -100);
  // Steak (hot, 25 min) and Salad (cold, 10 min): hot in 20 minutes, cold late at 16.
  at(0);
  const both = await placeOrder(t, [menu.steak.id, menu.salad.id]);
  await bump(both, 'hot', 'In Progress', 2);
  await bump(both, 'cold', 'In Progress', 5);
  await bump(both, 'cold', 'Ready', 16);
  await bump(both, 'hot', 'Ready', 20);
  at(25);
  expect(
    (await t.inject({ method: 'PATCH', url: `/orders/${both.id}`, as: 'expeditor', payload: { status: 'Ready for Pickup' } })).statusCode,
  ).toBe(200);
  // A steak that takes 40 minutes, readied in the next hour: late.
  at(30);
  const slow = await placeOrder(t, [menu.steak.id]);
  await bump(slow, 'hot', 'In Progress', 31);
  await bump(slow, 'hot', 'Ready', 70);
  at(80);
});

describe('GET /reports/kitchen', () => {
  it('measures tickets per station and hour, with late ones, from the stored times', async () => {
    const from = new Date(hourStart).toISOString();
    const to = new Date(hourStart + 2 * HOUR).toISOString();
    const body = await report(`from=${from}&to=${to}&bucket=hour`);
    const [first, second] = [from, new Date(hourStart + HOUR).toISOString()];
    expect(body.from).toBe(from);
    expect(body.to).toBe(to);
    expect(body.bucket).toBe('hour');
    expect(body.stations).toEqual([
      {
        station: 'cold',
        tickets: 1,
        median_seconds: 960,
        p90_seconds: 960,
        late: 1,
        buckets: [
          { start: first, tickets: 1, median_seconds: 960, p90_seconds: 960, late: 1 },
          { start: second, ...empty },
        ],
      },
      {
        station: 'hot',
        tickets: 2,
        median_seconds: 1200,
        p90_seconds: 2400,
        late: 1,
        buckets: [
          { start: first, tickets: 1, median_seconds: 1200, p90_seconds: 1200, late: 0 },
          { start: second, tickets: 1, median_seconds: 2400, p90_seconds: 2400, late: 1 },
        ],
      },
      {
        station: 'beverages',
        ...empty,
        buckets: [
          { start: first, ...empty },
          { start: second, ...empty },
        ],
      },
    ]);
  });

  it('measures orders placed, readied and closed, and how long the stock lasts at that pace', async () => {
    const body = await report(`from=${new Date(hourStart).toISOString()}&to=${new Date(hourStart + 2 * HOUR).toISOString()}`);
    expect(body.orders).toMatchObject({
      placed: 2,
      ready: 2,
      closed: 1,
      placed_to_ready: { median_seconds: 1200, p90_seconds: 2400 },
      ready_to_closed: { median_seconds: 300, p90_seconds: 300 },
    });
    expect(
      body.orders.buckets.map((bucket) => [bucket.placed, bucket.ready, bucket.closed, bucket.ready_to_closed.median_seconds]),
    ).toEqual([
      [2, 1, 1, 300],
      [0, 1, 0, null],
    ]);
    // Both orders took beef and salt (the salad more salt), the first one lettuce: 16 salt left at 1.5 an order.
    expect(body.stock).toEqual([
      { ingredient_id: menu.salt.id, name: 'Salt', in_stock_qty: 16, units_used: 3, orders_covered: 10, unit: null },
      { ingredient_id: menu.beef.id, name: 'Beef', in_stock_qty: 17, units_used: 2, orders_covered: 17, unit: null },
      { ingredient_id: menu.lettuce.id, name: 'Lettuce', in_stock_qty: 19, units_used: 1, orders_covered: 38, unit: null },
    ]);
  });

  it('buckets by the quarter hour on request', async () => {
    const from = new Date(hourStart).toISOString();
    const to = new Date(hourStart + 2 * HOUR).toISOString();
    const body = await report(`from=${from}&to=${to}&bucket=quarter_hour`);
    expect(body.bucket).toBe('quarter_hour');
    expect(body.orders.buckets.map((bucket) => bucket.start)).toStrictEqual(
      Array.from({ length: 8 }, (_, i) => new Date(hourStart + i * 15 * 60_000).toISOString()),
    );
    expect(body.orders.buckets.map((bucket) => bucket.placed)).toStrictEqual([1, 0, 1, 0, 0, 0, 0, 0]);
    // Readied at 20 and 70 minutes (hot), 16 (cold): the 15–30 and 60–75 minute buckets.
    expect(body.stations.map((station) => station.buckets.map((bucket) => bucket.tickets))).toStrictEqual([
      [0, 1, 0, 0, 0, 0, 0, 0],
      [0, 1, 0, 0, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
    ]);
  });

  it('covers the last 24 hours by default, and buckets by day on request', async () => {
    const body = await report('bucket=day');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(24 * HOUR);
    expect(body.to).toBe(clock.now().toISOString());
    expect(body.stations.find((station) => station.station === 'hot')?.tickets).toBe(3);
    expect(body.orders.buckets.reduce((sum, bucket) => sum + bucket.placed, 0)).toBe(3);
  });

  it('refuses a window that ends before it starts, spans over 93 days, or an unknown bucket (400)', async () => {
    const now = clock.now().getTime();
    for (const query of [
      `from=${new Date(now).toISOString()}&to=${new Date(now - HOUR).toISOString()}`,
      `from=${new Date(now - 94 * 24 * HOUR).toISOString()}&to=${new Date(now).toISOString()}`,
      'bucket=week',
      'from=yesterday',
    ]) {
      const response = await t.inject({ method: 'GET', url: `/reports/kitchen?${query}`, as: 'manager' });
      expect(response.statusCode, query).toBe(400);
      expect(problemOf(response).title).toBe('Bad Request');
    }
  });

  it('is for managers only', async () => {
    for (const [as, status] of [
      [null, 401],
      ['patron', 403],
      ['chef', 403],
      ['expeditor', 403],
    ] as const) {
      expect((await t.inject({ method: 'GET', url: '/reports/kitchen', as })).statusCode).toBe(status);
    }
  });
});
