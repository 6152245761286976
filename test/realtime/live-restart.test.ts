// End to end: order.deleted reaches the rooms of the order's dishes also for an order placed before
// the server restarted, since routing reads the deleted document, not anything kept in memory.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { reopenLiveApp } from './helpers/live-app.js';
import { about, openScreens, type Screens } from './helpers/screens.js';

let screens: Screens | undefined;

afterEach(() => {
  screens?.close();
});

describe('deletion after a restart', () => {
  it('routes order.deleted to the stations of the order placed before the restart', async ({ dataDir, startApp }) => {
    const before = await startApp({ dataDir });
    const { steak, salad } = await seedMenu(before);
    const order = await placeOrder(before, [salad.id, steak.id]);
    await before.close();

    const t = await reopenLiveApp(startApp, dataDir);
    screens = await openScreens(t);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'expeditor' })).statusCode).toBe(204);
    await screens.fence();

    const deleted = [`order.deleted ${order.id}`];
    const expected = { 'station:cold': deleted, 'station:hot': deleted, 'station:beverages': [], expeditor: deleted, menu: [] };
    for (const [room, events] of Object.entries(expected)) {
      for (const screen of screens.byRoom[room as keyof typeof expected])
        expect({ room, got: about(screen, order.id) }).toEqual({ room, got: events });
    }
    const dishesAt = (room: 'station:cold' | 'station:hot' | 'expeditor') =>
      screens!.byRoom[room]
        .map((screen) => screen.inbox.envelopes.find((e) => e.type === 'order.deleted')?.data)
        .map((data) => (data as { dishes: { id: string }[] }).dishes.map((d) => d.id));
    expect(dishesAt('station:cold')).toEqual([[salad.id], [salad.id]]);
    expect(dishesAt('station:hot')).toEqual([[steak.id], [steak.id]]);
    expect(dishesAt('expeditor')).toEqual([
      [salad.id, steak.id],
      [salad.id, steak.id],
    ]);
  });
});
