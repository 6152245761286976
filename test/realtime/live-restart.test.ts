// End to end: order.deleted reaches the rooms of the order's dishes also for an order placed before
// the server restarted, since routing reads the deleted document, not anything kept in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { startLiveApp } from './helpers/live-app.js';
import { about, openScreens, type Screens } from './helpers/screens.js';

const dataDir = mkdtempSync(join(tmpdir(), 'pos-realtime-restart-'));
let t: TestApp | undefined;
let screens: Screens | undefined;

afterEach(async () => {
  screens?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('deletion after a restart', () => {
  it('routes order.deleted to the stations of the order placed before the restart', async () => {
    const before = await startLiveApp({ dataDir });
    const { steak, salad } = await seedMenu(before);
    const order = await placeOrder(before, [salad.id, steak.id]);
    await before.close();

    t = await startLiveApp({ dataDir, reopen: true });
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
