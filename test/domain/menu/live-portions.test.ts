// Issue 33 on real sockets: dish.availability carries portions_left and reaches the menu and the
// dish's own station only around low_portions; a shortage reaches the station, the expeditor and
// the guest who placed the order.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import type { Envelope } from '../../../realtime/events.js';
import type { TestApp } from '../../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../../helpers/menu.js';
import { sioIn, type SioClient } from '../../realtime/helpers/clients.js';
import { openScreens, type Screen, type Screens } from '../../realtime/helpers/screens.js';

let t: TestApp;
let screens: Screens;
let guest: SioClient | undefined;
const availabilityOf = (screen: Screen | SioClient) =>
  screen.inbox.envelopes.filter((e) => e.type === 'dish.availability').map((e) => e.data);

it.beforeEach(async ({ app }) => {
  t = app;
  screens = await openScreens(t);
});
afterEach(async () => {
  screens.close();
  guest?.close();
  guest = undefined;
});

describe('dish.availability around low_portions', () => {
  it('tells the menu and the station of the dish each portion at or below 10, nothing above it, no other station', async () => {
    const beef = await addIngredient(t, 'Beef', 13);
    const steak = await addDish(t, { name: 'Steak', station: 'hot', ingredients: [{ ingredient_id: beef.id, is_essential: true }] });
    await placeOrder(t, [steak.id]); // 13 → 12: above low_portions, nobody is told
    await placeOrder(t, [steak.id]); // 12 → 11: still above
    await placeOrder(t, [steak.id]); // 11 → 10: told
    await placeOrder(t, [steak.id, steak.id]); // 10 → 8 in one order: told once
    await screens.fence();
    const told = [
      { id: steak.id, is_available: true, portions_left: 10 },
      { id: steak.id, is_available: true, portions_left: 8 },
    ];
    for (const screen of [...screens.byRoom.menu, ...screens.byRoom['station:hot']]) expect(availabilityOf(screen)).toEqual(told);
    for (const room of ['station:cold', 'station:beverages', 'expeditor'] as const) {
      for (const screen of screens.byRoom[room]) expect(availabilityOf(screen)).toEqual([]);
    }
  });
});

describe('shortages on the boards', () => {
  it('sends order.updated with the short ticket to the station, the expeditor and the guest', async () => {
    guest = await sioIn(t.url, 'socket.io guest', t.tokens.patron, ['my-orders']);
    const beef = await addIngredient(t, 'Beef', 2);
    const steak = await addDish(t, { name: 'Steak', station: 'hot', ingredients: [{ ingredient_id: beef.id, is_essential: true }] });
    const order = await placeOrder(t, [steak.id], 'patron');
    const patched = await t.inject({ method: 'PATCH', url: `/ingredients/${beef.id}`, as: 'chef', payload: { in_stock_delta: -2 } });
    expect(patched.json().in_stock_qty).toBe(-1);
    await screens.fence();
    const isShort = (e: Envelope) => e.type === 'order.updated' && e.data.id === order.id;
    const mark = [{ ingredient_id: beef.id, name: 'Beef', units: 1 }];
    const received = [...screens.byRoom['station:hot'], ...screens.byRoom.expeditor].map((screen) =>
      screen.inbox.envelopes.filter(isShort),
    );
    for (const updates of received)
      expect(updates.map((e) => (e.data as { tickets: { short?: unknown }[] }).tickets[0]?.short)).toEqual([mark]);
    const mine = await guest.inbox.waitFor(isShort, 'guest hears the shortage');
    expect((mine.data as { tickets: { status: string; short?: unknown }[] }).tickets).toMatchObject([
      { station: 'hot', status: 'Received', short: mark },
    ]);
    for (const room of ['station:cold', 'station:beverages'] as const) {
      for (const screen of screens.byRoom[room]) expect(screen.inbox.envelopes.filter(isShort)).toEqual([]);
    }
  });
});
