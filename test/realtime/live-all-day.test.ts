// station.all_day: each station room hears its new counts whenever an order changes them, on both
// transports, and hears nothing when a change leaves them as they were.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { Envelope } from '../../realtime/events.js';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { openScreens, type Screens } from './helpers/screens.js';

let t: TestApp;
let screens: Screens;

it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  screens?.close();
});

const allDays = (screen: Screens['all'][number]) =>
  screen.inbox.envelopes
    .filter((e): e is Extract<Envelope, { type: 'station.all_day' }> => e.type === 'station.all_day')
    .map((e) => e.data);

describe('station.all_day', () => {
  it('follows orders placed, bumped and deleted, to the stations concerned only', async () => {
    const { steak, salad } = await seedMenu(t);
    screens = await openScreens(t);
    const order = await placeOrder(t, [steak.id, salad.id, steak.id]);
    // Starting keeps the counts (In Progress still counts), and so does a priority change.
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status: 'In Progress' } }))
        .statusCode,
    ).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { priority: 1 } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status: 'Ready' } })).statusCode,
    ).toBe(200);
    const second = await placeOrder(t, [salad.id]);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${second.id}`, as: 'expeditor' })).statusCode).toBe(204);
    await screens.fence();

    const steaks = (quantity: number) => ({
      station: 'hot',
      items: quantity ? [{ dish_id: steak.id, name: 'Steak', quantity }] : [],
      upcoming: [],
    });
    const salads = (quantity: number) => ({ station: 'cold', items: [{ dish_id: salad.id, name: 'Green Salad', quantity }], upcoming: [] });
    for (const screen of screens.byRoom['station:hot']) expect(allDays(screen)).toEqual([steaks(2), steaks(0)]);
    for (const screen of screens.byRoom['station:cold']) expect(allDays(screen)).toEqual([salads(1), salads(2), salads(1)]);
    for (const room of ['station:beverages', 'expeditor', 'menu'] as const) {
      for (const screen of screens.byRoom[room]) expect(allDays(screen)).toEqual([]);
    }
    const rest = await t.inject({ method: 'GET', url: '/stations/cold/all-day', as: 'chef' });
    expect(rest.json()).toEqual(salads(1));
  });

  it('counts the orders placed while no screen was connected once one is', async () => {
    const { steak } = await seedMenu(t);
    await placeOrder(t, [steak.id]);
    await placeOrder(t, [steak.id, steak.id]);
    screens = await openScreens(t);
    await placeOrder(t, [steak.id]);
    await screens.fence();
    for (const screen of screens.byRoom['station:hot'])
      expect(allDays(screen)).toEqual([{ station: 'hot', items: [{ dish_id: steak.id, name: 'Steak', quantity: 4 }], upcoming: [] }]);
  });

  it('counts a scheduled order as upcoming once it fires within 30 minutes', async () => {
    const { steak } = await seedMenu(t);
    screens = await openScreens(t);
    // Steak takes 25 minutes: due in 40 minutes, it fires in 15.
    const scheduled_at = new Date(t.clock.now().getTime() + 40 * 60_000).toISOString();
    await placeOrder(t, [steak.id], 'patron', { scheduled_at });
    await screens.fence();
    const upcoming = { station: 'hot', items: [], upcoming: [{ dish_id: steak.id, name: 'Steak', quantity: 1 }] };
    for (const screen of screens.byRoom['station:hot']) expect(allDays(screen)).toEqual([upcoming]);
  });
});
