// End to end under load: 100 screens across every room and both transports each receive exactly
// their events for 50 orders, none missed, none twice, in commit order.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { Station } from '../../models/dish.js';
import type { Order } from '../../models/order.js';
import type { Room } from '../../realtime/rooms.js';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { sioIn, wsIn } from './helpers/clients.js';
import { SCREEN_ROOMS, type Screen } from './helpers/screens.js';

const SCREENS = 100;
const ORDERS = 50;
let t: TestApp;
let screens: { room: Room; screen: Screen }[] = [];

it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  screens.forEach(({ screen }) => screen.close());
});

describe('100 screens, 50 orders', () => {
  it('delivers every order event to every screen of its rooms exactly once, in commit order', { timeout: 120_000 }, async () => {
    const { steak, salad, lemonade, lemon } = await seedMenu(t, 1000);
    const menus = [[steak.id], [salad.id, lemonade.id], [lemonade.id, steak.id, steak.id], [salad.id]];
    const stationOf: Record<string, Station> = { [steak.id]: 'hot', [salad.id]: 'cold', [lemonade.id]: 'beverages' };
    screens = await Promise.all(
      Array.from({ length: SCREENS }, async (_, i) => {
        const room = SCREEN_ROOMS[i % SCREEN_ROOMS.length]!;
        const token = room === 'menu' ? undefined : t.tokens.chef;
        const screen =
          i % 2 === 0 ? await sioIn(t.url, `socket.io #${i} ${room}`, token, [room]) : await wsIn(t.url, `ws #${i} ${room}`, token, [room]);
        return { room, screen };
      }),
    );
    // A stock screen in the kitchen: the expeditor's orders and the menu's stock on one connection.
    const both: Screen[] = [
      await sioIn(t.url, 'socket.io expeditor+menu', t.tokens.chef, ['expeditor', 'menu']),
      await wsIn(t.url, 'ws expeditor+menu', t.tokens.chef, ['expeditor', 'menu']),
    ];
    screens.push(...both.map((screen) => ({ room: 'expeditor' as const, screen })));

    // One after another, so commit order is the order they were placed in.
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i++) orders.push(await placeOrder(t, menus[i % menus.length]!));
    const expectedFor = (room: Room) =>
      orders
        .filter((order) => room === 'expeditor' || order.dish_ids.some((id) => `station:${stationOf[id]}` === room))
        .map((order) => order.id);

    const stockUpdates = (screen: Screen) => screen.inbox.envelopes.filter((e) => e.type === 'stock.updated').map((e) => e.id);
    // A rename (an ingredient.updated) marks the end of the run for the screens that follow stock.
    const renamed = await t.inject({ method: 'PATCH', url: `/ingredients/${lemon.id}`, as: 'chef', payload: { name: 'Lemons' } });
    expect(renamed.statusCode).toBe(200);
    const followsStock = (room: Room, screen: Screen) => room === 'menu' || both.includes(screen);
    const theEnd = (screen: Screen) =>
      screen.inbox.waitFor((e) => e.type === 'ingredient.updated' && e.data.name === 'Lemons', 'the rename after the last order', 60_000);
    const reference = both[0]!;
    await theEnd(reference);
    const stock = stockUpdates(reference);
    // One stock event per order, however many ingredients it took.
    expect(stock.length).toBe(ORDERS);
    for (const { room, screen } of screens) {
      const expected = expectedFor(room);
      await screen.inbox.waitForCount((e) => e.type === 'order.created', expected.length, 'order.created', 60_000);
      if (followsStock(room, screen)) await theEnd(screen);
      const received = screen.inbox.envelopes.filter((e) => e.type === 'order.created').map((e) => e.data.id);
      expect({ screen: screen.inbox.name, received }).toEqual({ screen: screen.inbox.name, received: expected });
      // Stock goes to the menu room only.
      expect({ screen: screen.inbox.name, stock: stockUpdates(screen) }).toEqual({
        screen: screen.inbox.name,
        stock: followsStock(room, screen) ? stock : [],
      });
      const ids = screen.inbox.envelopes.map((e) => e.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    }
    // Within each transaction the order leads and the stock it took follows, before the next order;
    // the rename at the end is the one ingredient.updated.
    for (const screen of both) {
      const types = screen.inbox.envelopes.map((e) => e.type).join(' ');
      expect(types).toMatch(new RegExp(`^(order\\.created stock\\.updated ){${ORDERS}}ingredient\\.updated$`));
    }
    expect(screens.filter(({ room }) => room === 'station:hot').length).toBe(SCREENS / SCREEN_ROOMS.length);
  });
});
