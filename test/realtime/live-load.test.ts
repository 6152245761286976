// End to end under load: 100 screens across every room and both transports each receive exactly
// their events for 50 orders, none missed, none twice, in commit order.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Station } from '../../models/dish.js';
import type { Order } from '../../models/order.js';
import { ALL_ROOMS, type Room } from '../../realtime/rooms.js';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { sioIn, wsIn } from './helpers/clients.js';
import { startLiveApp } from './helpers/live-app.js';
import type { Screen } from './helpers/screens.js';

const SCREENS = 100;
const ORDERS = 50;
let t: TestApp;
let screens: { room: Room; screen: Screen }[] = [];

beforeEach(async () => {
  t = await startLiveApp();
});
afterEach(async () => {
  screens.forEach(({ screen }) => screen.close());
  await t.close();
});

describe('100 screens, 50 orders', () => {
  it('delivers every order event to every screen of its rooms exactly once, in commit order', { timeout: 120_000 }, async () => {
    const { steak, salad, lemonade } = await seedMenu(t, 1000);
    const menus = [[steak.id], [salad.id, lemonade.id], [lemonade.id, steak.id, steak.id], [salad.id]];
    const stationOf: Record<string, Station> = { [steak.id]: 'hot', [salad.id]: 'cold', [lemonade.id]: 'beverages' };
    screens = await Promise.all(
      Array.from({ length: SCREENS }, async (_, i) => {
        const room = ALL_ROOMS[i % ALL_ROOMS.length]!;
        const token = room === 'menu' ? undefined : t.tokens.chef;
        const screen = i % 2 === 0 ? await sioIn(t.url, `socket.io #${i} ${room}`, token, [room]) : await wsIn(t.url, `ws #${i} ${room}`, token, [room]);
        return { room, screen };
      }),
    );

    // One after another, so commit order is the order they were placed in.
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i++) orders.push(await placeOrder(t, menus[i % menus.length]!));
    const expectedFor = (room: Room) =>
      orders.filter((order) => room === 'expeditor' || order.dish_ids.some((id) => `station:${stationOf[id]}` === room)).map((order) => order.id);

    const ingredientUpdates = (screen: Screen) => screen.inbox.envelopes.filter((e) => e.type === 'ingredient.updated').map((e) => e.id);
    const reference = screens.find(({ room }) => room === 'expeditor')!.screen;
    await reference.inbox.waitForCount((e) => e.type === 'order.created', ORDERS, 'order.created', 60_000);
    for (const { room, screen } of screens) {
      const expected = expectedFor(room);
      // Ingredient updates reach every room: the last one marks the end of the run for menu screens too.
      await screen.inbox.waitForCount((e) => e.type === 'ingredient.updated', ingredientUpdates(reference).length, 'ingredient.updated', 60_000);
      const received = screen.inbox.envelopes.filter((e) => e.type === 'order.created').map((e) => e.data.id);
      expect({ screen: screen.inbox.name, received }).toEqual({ screen: screen.inbox.name, received: expected });
      expect(ingredientUpdates(screen)).toEqual(ingredientUpdates(reference));
      const ids = screen.inbox.envelopes.map((e) => e.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    }
    expect(screens.filter(({ room }) => room === 'station:hot').length).toBe(20);
  });
});
