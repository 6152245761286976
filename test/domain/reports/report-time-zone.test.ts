// The kitchen report buckets local days and hours of the settings' time zone: a daylight-saving day
// in Europe/Berlin lasts 23 or 25 hours, Asia/Kolkata's days and hours start at :30 UTC, and
// `today` is the local midnight that began the current day.
import { describe, expect } from 'vitest';
import type { KitchenReport } from '../../../models/report.js';
import { bucketStarts, Tally } from '../../../domain/reports/report-window.js';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it, type StartApp } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock } from '../orders/support.js';

const ms = (iso: string) => Date.parse(iso);

describe('report buckets in a time zone (pure)', () => {
  it('gives a 23-hour day at the spring change and a 25-hour day at the autumn change in Europe/Berlin', () => {
    const spring = bucketStarts({
      start: ms('2026-03-28T12:00:00Z'),
      end: ms('2026-03-30T12:00:00Z'),
      bucket: 'day',
      timeZone: 'Europe/Berlin',
    });
    expect(spring).toStrictEqual(['2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    const autumn = bucketStarts({
      start: ms('2026-10-24T12:00:00Z'),
      end: ms('2026-10-26T12:00:00Z'),
      bucket: 'day',
      timeZone: 'Europe/Berlin',
    });
    expect(autumn).toStrictEqual(['2026-10-23T22:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    // The repeated local hour 02:00-03:00 is two buckets, an hour each.
    const hours = bucketStarts({
      start: ms('2026-10-24T23:00:00Z'),
      end: ms('2026-10-25T03:00:00Z'),
      bucket: 'hour',
      timeZone: 'Europe/Berlin',
    });
    expect(hours).toStrictEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
  });

  it('starts the days and hours of Asia/Kolkata at :30 UTC, and counts each value in its local bucket', () => {
    const window = {
      start: ms('2026-11-26T10:00:00Z'),
      end: ms('2026-11-26T12:00:00Z'),
      bucket: 'hour' as const,
      timeZone: 'Asia/Kolkata',
    };
    expect(bucketStarts(window)).toStrictEqual(['2026-11-26T09:30:00.000Z', '2026-11-26T10:30:00.000Z', '2026-11-26T11:30:00.000Z']);
    const tally = new Tally(window);
    for (const [at, seconds] of [
      ['2026-11-26T10:29:59Z', 1],
      ['2026-11-26T10:30:00Z', 2],
      ['2026-11-26T11:45:00Z', 3],
    ] as const)
      tally.add(ms(at), seconds);
    expect([0, 1, 2].map((index) => tally.values(index))).toStrictEqual([[1], [2], [3]]);
    const days = bucketStarts({
      start: ms('2026-11-26T10:00:00Z'),
      end: ms('2026-11-27T20:00:00Z'),
      bucket: 'day',
      timeZone: 'Asia/Kolkata',
    });
    expect(days).toStrictEqual(['2026-11-25T18:30:00.000Z', '2026-11-26T18:30:00.000Z', '2026-11-27T18:30:00.000Z']);
    const late = new Tally({ start: ms('2026-11-26T10:00:00Z'), end: ms('2026-11-27T20:00:00Z'), bucket: 'day', timeZone: 'Asia/Kolkata' });
    late.add(ms('2026-11-26T18:15:00Z'), 1);
    late.add(ms('2026-11-26T18:45:00Z'), 2);
    late.add(ms('2026-11-27T19:00:00Z'), 3);
    expect([0, 1, 2].map((index) => late.values(index))).toStrictEqual([[1], [2], [3]]);
  });

  it('keeps UTC buckets as they were without a time zone', () => {
    expect(bucketStarts({ start: ms('2026-11-26T10:30:00Z'), end: ms('2026-11-26T12:00:00Z'), bucket: 'hour' })).toStrictEqual([
      '2026-11-26T10:00:00.000Z',
      '2026-11-26T11:00:00.000Z',
    ]);
  });
});

describe('GET /reports/kitchen in the settings time zone', () => {
  let t: TestApp | undefined;
  let clock: FrozenClock;
  /** The test's startApp fixture (it closes the app when the test ends). */
  let startApp: StartApp;
  it.beforeEach(({ startApp: start }) => {
    startApp = start;
  });

  async function startAt(iso: string, timeZone: string) {
    clock = new FrozenClock();
    clock.advance(ms(iso) - clock.now().getTime());
    t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
    const set = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { time_zone: timeZone } });
    expect(set.statusCode).toBe(200);
    return seedMenu(t);
  }

  /** A steak placed at `placed` whose hot ticket is readied at `readied`. */
  async function steakReadyAt(steakId: string, placed: string, readied: string) {
    clock.advance(ms(placed) - clock.now().getTime());
    const order = await placeOrder(t!, [steakId]);
    clock.advance(ms(readied) - clock.now().getTime());
    for (const status of ['In Progress', 'Ready']) {
      expect(
        (await t!.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode,
      ).toBe(200);
    }
  }

  /** The frozen clock crosses more than a token's lifetime: new tokens for the roles used. */
  async function signInAgain() {
    for (const role of ['patron', 'chef', 'manager'] as const) {
      const response = await t!.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'password', user_name: `${role}1`, password: PASSWORD },
      });
      t!.tokens[role] = response.json<{ access_token: string }>().access_token;
    }
  }

  async function report(query: string): Promise<KitchenReport> {
    const response = await t!.inject({ method: 'GET', url: `/reports/kitchen?${query}`, as: 'manager' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<KitchenReport>();
  }

  const hotCounts = (body: KitchenReport) =>
    body.stations.find((station) => station.station === 'hot')!.buckets.map((bucket) => [bucket.start, bucket.tickets]);

  it('Europe/Berlin: the autumn change makes a 25-hour day, and tickets land in their local day', async () => {
    const { steak } = await startAt('2026-10-24T20:00:00Z', 'Europe/Berlin');
    await steakReadyAt(steak.id, '2026-10-24T21:00:00Z', '2026-10-24T21:30:00Z'); // 23:30 on the 24th, local
    await steakReadyAt(steak.id, '2026-10-24T22:10:00Z', '2026-10-24T22:40:00Z'); // 00:40 on the 25th
    clock.advance(ms('2026-10-25T21:00:00Z') - clock.now().getTime());
    await signInAgain();
    await steakReadyAt(steak.id, '2026-10-25T22:00:00Z', '2026-10-25T22:50:00Z'); // 23:50 on the 25th (CET now)
    await steakReadyAt(steak.id, '2026-10-25T23:00:00Z', '2026-10-25T23:20:00Z'); // 00:20 on the 26th
    clock.advance(ms('2026-10-26T09:00:00Z') - clock.now().getTime());
    const body = await report('from=2026-10-24T00:00:00.000Z&to=2026-10-27T00:00:00.000Z&bucket=day');
    expect(body.time_zone).toBe('Europe/Berlin');
    expect(body.today).toBe('2026-10-25T23:00:00.000Z');
    expect(hotCounts(body)).toStrictEqual([
      ['2026-10-23T22:00:00.000Z', 1],
      ['2026-10-24T22:00:00.000Z', 2],
      ['2026-10-25T23:00:00.000Z', 1],
      ['2026-10-26T23:00:00.000Z', 0],
    ]);
    expect(body.orders.buckets.map((bucket) => bucket.placed)).toStrictEqual([1, 2, 1, 0]);
  });

  it('Asia/Kolkata: days start at 18:30 UTC, so one UTC day splits into two local ones', async () => {
    const { steak } = await startAt('2026-11-26T17:00:00Z', 'Asia/Kolkata');
    await steakReadyAt(steak.id, '2026-11-26T17:50:00Z', '2026-11-26T18:15:00Z'); // 23:45 on the 26th, local
    await steakReadyAt(steak.id, '2026-11-26T18:20:00Z', '2026-11-26T18:45:00Z'); // 00:15 on the 27th
    const body = await report('from=2026-11-26T00:00:00.000Z&to=2026-11-26T19:00:00.000Z&bucket=day');
    expect(body.today).toBe('2026-11-26T18:30:00.000Z');
    expect(hotCounts(body)).toStrictEqual([
      ['2026-11-25T18:30:00.000Z', 1],
      ['2026-11-26T18:30:00.000Z', 1],
    ]);
    const hours = await report('from=2026-11-26T17:00:00.000Z&to=2026-11-26T19:00:00.000Z&bucket=hour');
    expect(hotCounts(hours)).toStrictEqual([
      ['2026-11-26T16:30:00.000Z', 0],
      ['2026-11-26T17:30:00.000Z', 1],
      ['2026-11-26T18:30:00.000Z', 1],
    ]);
  });
});
