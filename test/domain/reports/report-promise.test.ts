// GET /reports/kitchen, promised vs actual: per bucket of ready_at, the readied orders that had a
// quote, the median and p90 of ready_at − quoted_ready_at (negative when early), and how many were
// readied more than 5 minutes after their promise. The promises are written straight to the store,
// so the figures test the report alone, whatever the estimator quotes.
import { describe, expect } from 'vitest';
import type { KitchenReport } from '../../../models/report.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';

const HOUR = 60 * MINUTE;
let t: TestApp;
let clock: FrozenClock;
let hourStart: number;

const at = (minutes: number) => clock.advance(hourStart + minutes * MINUTE - clock.now().getTime());
const iso = (minutes: number) => new Date(hourStart + minutes * MINUTE).toISOString();

const bump = async (id: string, status: string) => {
  const response = await t.inject({ method: 'PATCH', url: `/orders/${id}/tickets/hot`, as: 'chef', payload: { status } });
  expect(response.statusCode, response.body).toBe(200);
};

async function report(query: string): Promise<KitchenReport> {
  const response = await t.inject({ method: 'GET', url: `/reports/kitchen?${query}`, as: 'manager' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KitchenReport>();
}

// The tests only read the steaks built once here (startFileApp, with its frozen clock).
it.beforeAll(async ({ startFileApp }) => {
  clock = new FrozenClock();
  t = await startFileApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  hourStart = Math.ceil(clock.now().getTime() / HOUR) * HOUR + 3 * HOUR;
  at(-10);
  const menu = await seedMenu(t, 20);
  // [placed, promised (null: placed before quotes), readied (null: still cooking)], minutes into the window.
  const steaks: [number, number | null, number | null][] = [
    [0, 25, 20], // 5 minutes early: −300 s
    [5, 30, 40], // 10 minutes late: 600 s, a promise broken
    [10, 35, 40], // exactly 5 minutes late: 300 s, still kept
    [15, null, 45], // no quote: readied, not compared
    [50, 62, 70], // 8 minutes late, in the second hour: 480 s
    [55, 80, null], // still cooking: not compared
  ];
  // One timeline, the clock only moving forward: each steak placed (and started), each readied.
  const events = steaks.flatMap(([placed, promised, readied], index) => [
    {
      minute: placed,
      index,
      run: async () => {
        const order = await placeOrder(t, [menu.steak.id]);
        ids[index] = order.id;
        await t.store.collection('orders').update(order.id, { set: { quoted_ready_at: promised === null ? null : iso(promised) } });
        await bump(order.id, 'In Progress');
      },
    },
    ...(readied === null ? [] : [{ minute: readied, index, run: () => bump(ids[index]!, 'Ready') }]),
  ]);
  const ids: string[] = [];
  for (const event of events.toSorted((a, b) => a.minute - b.minute || a.index - b.index)) {
    at(event.minute);
    await event.run();
  }
  at(90);
});

describe('GET /reports/kitchen: promised vs actual', () => {
  it('compares each readied order with its quote, per hour and over the window', async () => {
    const body = await report(`from=${iso(0)}&to=${iso(120)}&bucket=hour`);
    expect(body.orders.ready).toBe(5);
    expect(body.orders.ready_vs_quoted).toStrictEqual({ quoted: 4, median_seconds: 300, p90_seconds: 600, late: 2 });
    expect(body.orders.buckets.map((bucket) => [bucket.start, bucket.ready_vs_quoted])).toStrictEqual([
      [iso(0), { quoted: 3, median_seconds: 300, p90_seconds: 600, late: 1 }],
      [iso(60), { quoted: 1, median_seconds: 480, p90_seconds: 480, late: 1 }],
    ]);
  });

  it('says early as negative seconds, and nothing where no readied order had a quote', async () => {
    const body = await report(`from=${iso(0)}&to=${iso(60)}&bucket=quarter_hour`);
    expect(body.orders.buckets.map((bucket) => bucket.ready_vs_quoted)).toStrictEqual([
      { quoted: 0, median_seconds: null, p90_seconds: null, late: 0 },
      { quoted: 1, median_seconds: -300, p90_seconds: -300, late: 0 },
      { quoted: 2, median_seconds: 300, p90_seconds: 600, late: 1 },
      // Readied at 45 without a quote: counted as readied, not compared.
      { quoted: 0, median_seconds: null, p90_seconds: null, late: 0 },
    ]);
    expect(body.orders.buckets.map((bucket) => bucket.ready)).toStrictEqual([0, 1, 2, 1]);
  });
});
