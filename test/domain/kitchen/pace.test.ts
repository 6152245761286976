// GET /stations/{station}/pace: the pace a station's board judges lateness by, the quotes' own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../models/order.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;

beforeEach(async () => {
  clock = new FrozenClock();
  t = await startTestApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  menu = await seedMenu(t, 50);
});
afterEach(async () => t.close());

const pace = (station: string, as: 'chef' | 'patron' = 'chef') => t.inject({ method: 'GET', url: `/stations/${station}/pace`, as });
const bump = async (order: Order, status: string) =>
  expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode).toBe(
    200,
  );

describe('GET /stations/{station}/pace', () => {
  it("is the menu's times (factor 1) until the station has readied five tickets, then what they took", async () => {
    expect((await pace('hot')).json()).toStrictEqual({ station: 'hot', factor: 1, learned: false, late_margin_minutes: 5 });
    // Five steaks (25 menu minutes) each take 30 real minutes: the station runs at 1.2.
    for (let i = 0; i < 5; i += 1) {
      const order = await placeOrder(t, [menu.steak.id]);
      await bump(order, 'In Progress');
      clock.advance(30 * MINUTE);
      await bump(order, 'Ready');
    }
    expect((await pace('hot')).json()).toStrictEqual({ station: 'hot', factor: 1.2, learned: true, late_margin_minutes: 5 });
    expect((await pace('cold')).json()).toStrictEqual({ station: 'cold', factor: 1, learned: false, late_margin_minutes: 5 });
  });

  it('is for kitchen staff, about a station that exists', async () => {
    expect((await pace('hot', 'patron')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/stations/hot/pace' })).statusCode).toBe(401);
    const unknown = await pace('grill');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No station "grill"; the stations are cold, hot, beverages.');
  });
});
