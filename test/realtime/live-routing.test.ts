// End to end through the REST API: every event type reaches exactly the rooms it should, on both
// transports; station rooms see only their dishes; no event carries a private field.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../helpers/menu.js';
import { about, openScreens, type Screens } from './helpers/screens.js';

let t: TestApp;
let screens: Screens;
const ok = async (response: Promise<{ statusCode: number; body: string }>, status: number) => {
  const { statusCode, body } = await response;
  if (statusCode !== status) throw new Error(`expected ${status}, got ${statusCode}: ${body}`);
  return body ? JSON.parse(body) : undefined;
};

it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  screens?.close();
});

describe('routing through the REST API', () => {
  it('sends each event type to exactly the rooms it should, and to no other', async () => {
    screens = await openScreens(t);
    const thyme = await addIngredient(t, 'Thyme', 100); // above low_portions: no dish.availability
    const stew = await addDish(t, { name: 'Stew', station: 'hot', ingredients: [{ ingredient_id: thyme.id, is_essential: true }] });
    await ok(t.inject({ method: 'PATCH', url: `/dishes/${stew.id}`, as: 'chef', payload: { price: 15 } }), 200);
    const order = await placeOrder(t, [stew.id]);
    await ok(t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { priority: 1 } }), 200);
    await ok(t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'expeditor' }), 204);
    await ok(t.inject({ method: 'DELETE', url: `/dishes/${stew.id}`, as: 'chef' }), 204);
    await ok(t.inject({ method: 'DELETE', url: `/ingredients/${thyme.id}`, as: 'chef' }), 204);
    await screens.fence();

    const orderEvents = [`order.created ${order.id}`, `order.updated ${order.id}`, `order.deleted ${order.id}`];
    const dishEvents = [`dish.created ${stew.id}`, `dish.updated ${stew.id}`, `dish.deleted ${stew.id}`];
    // Taken by the order and given back by its deletion: stock, to the menu room only. The touches by
    // the dish's creation and deletion (see touchIngredients in domain/menu/dishes.ts) change nothing a
    // client sees, and send nothing.
    const ingredientEvents = ['ingredient.created', 'stock.updated', 'stock.updated', 'ingredient.deleted'].map(
      (type) => `${type} ${thyme.id}`,
    );
    const expected = {
      'station:cold': [],
      'station:hot': orderEvents,
      'station:beverages': [],
      expeditor: orderEvents,
      menu: dishEvents,
    };
    for (const [room, events] of Object.entries(expected)) {
      for (const screen of screens.byRoom[room as keyof typeof expected]) {
        expect({ room, got: about(screen, order.id, stew.id) }).toEqual({ room, got: events });
        expect({ room, got: about(screen, thyme.id) }).toEqual({ room, got: room === 'menu' ? ingredientEvents : [] });
      }
    }
  });

  it('gives each station its own dishes of an order, in order with duplicates, and the expeditor all', async () => {
    const { steak, salad, lemonade } = await seedMenu(t);
    screens = await openScreens(t);
    const dishIds = [steak.id, salad.id, steak.id, lemonade.id];
    const order = await placeOrder(t, dishIds);
    await screens.fence();
    const restOrder = await ok(t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' }), 200);
    const restDish = async (id: string) => ok(t.inject({ method: 'GET', url: `/dishes/${id}` }), 200);
    const [steakNow, saladNow, lemonadeNow] = await Promise.all([steak, salad, lemonade].map((dish) => restDish(dish.id)));
    const expected = {
      'station:hot': { ...restOrder, dishes: [steakNow, steakNow] },
      'station:cold': { ...restOrder, dishes: [saladNow] },
      'station:beverages': { ...restOrder, dishes: [lemonadeNow] },
      expeditor: { ...restOrder, dishes: [steakNow, saladNow, steakNow, lemonadeNow] },
    };
    for (const [room, data] of Object.entries(expected)) {
      for (const screen of screens.byRoom[room as keyof typeof expected]) {
        const created = screen.inbox.envelopes.filter((e) => e.type === 'order.created');
        expect(created.map((e) => e.data)).toEqual([data]);
      }
    }
    for (const screen of screens.byRoom.menu) expect(about(screen, order.id)).toEqual([]);
  });

  it('never puts owners, passwords, hashes or tokens in any event', async () => {
    screens = await openScreens(t);
    const { steak } = await seedMenu(t);
    await ok(
      t.inject({
        method: 'POST',
        url: '/users',
        payload: { user_name: 'newbie', email: 'newbie@example.com', password: 'Secret@Pass9', role: 'patron' },
      }),
      201,
    );
    await ok(
      t.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: 'newbie', password: 'Secret@Pass9' } }),
      201,
    );
    const order = await placeOrder(t, [steak.id]);
    await ok(t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { status: 'In Progress' } }), 200);
    await screens.fence();
    const everything = JSON.stringify(screens.all.map((screen) => screen.inbox.envelopes));
    expect(everything).toContain(order.id);
    for (const secret of [
      'owner_id',
      'stock_taken',
      t.userIds.patron,
      'password',
      'hash',
      '$2',
      'newbie',
      'token',
      ...Object.values(t.tokens),
    ]) {
      expect({ secret, found: everything.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});
