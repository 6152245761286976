// Issue 33 through the API: portions left, allergens on ingredients and dishes, allergies on orders
// (the 409 and allergy_confirmed), allergy alerts on the station that cooks the dish, and shortages.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addDish, addIngredient, placeOrder } from '../../helpers/menu.js';
import { expectProblem } from '../../server/api/support.js';

// Most tests make their own ingredients, dishes and orders and share one app for the file; a test
// that lists every dish, order or ticket, or moves the clock between its orders, starts a fresh
// app of its own (`fresh`).
let t: TestApp;
fileScene(
  async (app) => app,
  (app) => (t = app),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
}

const dish = async (id: string) => (await t.inject({ method: 'GET', url: `/dishes/${id}` })).json();
const stockOf = async (id: string) => (await t.inject({ method: 'GET', url: `/ingredients/${id}` })).json().in_stock_qty;
const patch = async (url: string, payload: object, as: 'chef' | 'manager' | 'patron' = 'chef') =>
  t.inject({ method: 'PATCH', url, as, payload });
const ingredientWith = async (name: string, in_stock_qty: number, allergens: string[]) => {
  const response = await t.inject({
    method: 'POST',
    url: '/ingredients',
    as: 'chef',
    payload: { name, in_stock_qty, price: 1, allergens },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
};
const orderOf = async (id: string): Promise<Order> => (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json();

describe('portions_left', () => {
  it('is the least over essential ingredients of stock divided by the units one dish takes, rounded down', async () => {
    const rice = await addIngredient(t, 'Rice', 7);
    const saffron = await addIngredient(t, 'Saffron', 5);
    const salt = await addIngredient(t, 'Salt', 0);
    // Rice listed twice: one risotto takes two units (7 / 2 = 3); saffron allows 5; salt is optional.
    const risotto = await addDish(t, {
      name: 'Risotto',
      station: 'hot',
      ingredients: [
        { ingredient_id: rice.id, is_essential: true },
        { ingredient_id: rice.id, is_essential: true },
        { ingredient_id: saffron.id, is_essential: true },
        { ingredient_id: salt.id, is_essential: false },
      ],
    });
    expect(risotto.portions_left).toBe(3);
    const broth = await addDish(t, { name: 'Broth', station: 'hot', ingredients: [{ ingredient_id: salt.id, is_essential: false }] });
    expect(broth.portions_left).toBeNull();
    await patch(`/ingredients/${saffron.id}`, { in_stock_qty: 2 });
    expect((await dish(risotto.id)).portions_left).toBe(2);
    await patch(`/ingredients/${saffron.id}`, { in_stock_qty: -4 });
    expect(await dish(risotto.id)).toMatchObject({ portions_left: 0, is_available: false });
  });

  it('counts down by two for a dish listed twice in an order, in lists and filters alike', async ({ startApp }) => {
    await fresh(startApp);
    const beef = await addIngredient(t, 'Beef', 9);
    const steak = await addDish(t, { name: 'Steak', station: 'hot', ingredients: [{ ingredient_id: beef.id, is_essential: true }] });
    await placeOrder(t, [steak.id, steak.id]);
    expect((await dish(steak.id)).portions_left).toBe(7);
    const list = await t.inject({ method: 'GET', url: '/dishes?fields=id|portions_left' });
    expect(list.json()).toStrictEqual({ results: [{ id: steak.id, portions_left: 7 }], total_results: 1 });
  });
});

describe('allergens', () => {
  it('are written on ingredients; an unknown name is a 400 naming the field and listing the valid names', async () => {
    const sesame = await ingredientWith('Sesame', 5, ['sesame']);
    expect(sesame.allergens).toStrictEqual(['sesame']);
    const bad = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: 'X', in_stock_qty: 1, price: 1, allergens: ['gluten'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('allergens.0');
    expect(bad.json().detail).toContain(
      'celery, cereals_gluten, crustaceans, eggs, fish, lupin, milk, molluscs, mustard, nuts, peanuts, sesame, soybeans, sulphites',
    );
  });

  it('PUT keeps them when the body omits them and replaces them when it carries them', async () => {
    const milk = await ingredientWith('Milk', 5, ['milk']);
    const kept = await t.inject({
      method: 'PUT',
      url: `/ingredients/${milk.id}`,
      as: 'chef',
      payload: { name: 'Whole milk', in_stock_qty: 6, price: 2 },
    });
    expect(kept.json()).toMatchObject({ name: 'Whole milk', in_stock_qty: 6, allergens: ['milk'] });
    const replaced = await t.inject({
      method: 'PUT',
      url: `/ingredients/${milk.id}`,
      as: 'chef',
      payload: { name: 'Oat drink', in_stock_qty: 6, price: 2, allergens: [] },
    });
    expect(replaced.json().allergens).toStrictEqual([]);
  });

  it('on a dish are the union over all its ingredients, follow an ingredient change, and filter with eq and ne', async ({ startApp }) => {
    await fresh(startApp);
    const bun = await ingredientWith('Bun', 10, ['cereals_gluten', 'sesame']);
    const patty = await ingredientWith('Patty', 10, []);
    const cheese = await ingredientWith('Cheese', 10, ['milk']);
    const burger = await addDish(t, {
      name: 'Burger',
      station: 'hot',
      ingredients: [
        { ingredient_id: bun.id, is_essential: true },
        { ingredient_id: patty.id, is_essential: true },
        { ingredient_id: cheese.id, is_essential: false },
      ],
    });
    const steak = await addDish(t, { name: 'Steak', station: 'hot', ingredients: [{ ingredient_id: patty.id, is_essential: true }] });
    expect(burger.allergens).toStrictEqual(['cereals_gluten', 'milk', 'sesame']);
    expect(steak.allergens).toStrictEqual([]);
    expect((await patch(`/ingredients/${patty.id}`, { allergens: ['mustard'] })).statusCode).toBe(200);
    expect((await dish(burger.id)).allergens).toStrictEqual(['cereals_gluten', 'milk', 'mustard', 'sesame']);
    expect((await dish(steak.id)).allergens).toStrictEqual(['mustard']);
    const ids = async (filter: string) =>
      (await t.inject({ method: 'GET', url: `/dishes?filter=${filter}&fields=id` })).json().results.map((d: { id: string }) => d.id);
    expect(await ids('allergens.eq~sesame')).toStrictEqual([burger.id]);
    expect(await ids('allergens.ne~sesame')).toStrictEqual([steak.id]);
    expect(await ids('allergens.eq~mustard')).toStrictEqual([burger.id, steak.id]);
    expect(await ids('allergens.ne~peanuts')).toStrictEqual([burger.id, steak.id]);
    // A dish's own allergens are derived, never written.
    expect((await patch(`/dishes/${steak.id}`, { allergens: [] })).statusCode).toBe(400);
  });
});

describe('allergies on orders', () => {
  async function kitchen() {
    const peanut = await ingredientWith('Peanut', 10, ['peanuts']);
    const lime = await ingredientWith('Lime', 10, []);
    const satay = await addDish(t, { name: 'Satay', station: 'hot', ingredients: [{ ingredient_id: peanut.id, is_essential: true }] });
    const salad = await addDish(t, {
      name: 'Peanut salad',
      station: 'cold',
      ingredients: [{ ingredient_id: peanut.id, is_essential: false }],
    });
    const soda = await addDish(t, {
      name: 'Lime soda',
      station: 'beverages',
      ingredients: [{ ingredient_id: lime.id, is_essential: true }],
    });
    return { peanut, lime, satay, salad, soda };
  }

  it('refuses an order whose dishes meet its allergies with 409 naming them; nothing stored, no stock taken', async ({ startApp }) => {
    await fresh(startApp);
    const { peanut, lime, satay, salad, soda } = await kitchen();
    const payload = { name: 'Ann', dish_ids: [satay.id, soda.id, salad.id], allergies: ['peanuts', 'milk'] };
    const refused = await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload });
    expectProblem(
      refused,
      409,
      `The order's allergies meet its dishes: "Satay" (${satay.id}) contains peanuts; "Peanut salad" ` +
        `(${salad.id}) contains peanuts. Send "allergy_confirmed": true to place it anyway.`,
      {
        errors: [
          { path: 'dish_ids', message: `dish ${satay.id} ("Satay") contains peanuts` },
          { path: 'dish_ids', message: `dish ${salad.id} ("Peanut salad") contains peanuts` },
        ],
      },
    );
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'manager' })).json().total_results).toBe(0);
    expect([await stockOf(peanut.id), await stockOf(lime.id)]).toStrictEqual([10, 10]);
  });

  it('comes before the stock check: a refused allergy is told even when stock is short', async () => {
    const { peanut, satay } = await kitchen();
    await patch(`/ingredients/${peanut.id}`, { in_stock_qty: 0 });
    const refused = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ann', dish_ids: [satay.id], allergies: ['peanuts'] },
    });
    expect([refused.statusCode, refused.json().detail.startsWith("The order's allergies meet its dishes")]).toStrictEqual([409, true]);
  });

  it('accepts it with allergy_confirmed (never stored) and alerts only the stations that cook those dishes', async ({ startApp }) => {
    await fresh(startApp);
    const { satay, salad, soda } = await kitchen();
    const order = await placeOrder(t, [satay.id, soda.id, salad.id], 'patron', { allergies: ['peanuts'], allergy_confirmed: true });
    expect(order.allergies).toStrictEqual(['peanuts']);
    expect(order).not.toHaveProperty('allergy_confirmed');
    expect(order.tickets.map((ticket) => [ticket.station, ticket.allergy_alerts])).toStrictEqual([
      ['cold', [{ dish_id: salad.id, allergens: ['peanuts'] }]],
      ['hot', [{ dish_id: satay.id, allergens: ['peanuts'] }]],
      ['beverages', undefined],
    ]);
    const queue = (await t.inject({ method: 'GET', url: '/stations/beverages/tickets', as: 'chef' })).json();
    expect(queue.results).toHaveLength(1);
  });

  it('refuses a PATCH that adds allergies meeting the dishes (409, unchanged) and takes it when confirmed', async () => {
    const { satay, soda } = await kitchen();
    const order = await placeOrder(t, [satay.id, soda.id]);
    expect(order.tickets.every((ticket) => ticket.allergy_alerts === undefined)).toBe(true);
    const refused = await patch(`/orders/${order.id}`, { allergies: ['peanuts'] }, 'patron');
    expect(refused.statusCode).toBe(409);
    expect((await orderOf(order.id)).allergies).toStrictEqual([]);
    const taken = await patch(`/orders/${order.id}`, { allergies: ['peanuts'], allergy_confirmed: true }, 'patron');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().tickets.map((ticket: { allergy_alerts?: unknown }) => ticket.allergy_alerts)).toStrictEqual([
      [{ dish_id: satay.id, allergens: ['peanuts'] }],
      undefined,
    ]);
    // Taking the allergy off clears the alert; a chef's status move needs no confirmation.
    expect((await patch(`/orders/${order.id}`, { allergies: [] }, 'patron')).json().tickets[0].allergy_alerts).toBeUndefined();
    expect((await patch(`/orders/${order.id}`, { status: 'In Progress' }, 'chef')).statusCode).toBe(200);
  });

  it('refuses a PUT whose new dish_ids meet the allergies, taking no stock', async () => {
    const { peanut, satay, soda } = await kitchen();
    const order = await placeOrder(t, [soda.id], 'patron', { allergies: ['peanuts'] });
    const refused = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'patron', payload: { dish_ids: [soda.id, satay.id] } });
    expect(refused.statusCode).toBe(409);
    expect([(await orderOf(order.id)).dish_ids, await stockOf(peanut.id)]).toStrictEqual([[soda.id], 10]);
  });
});

describe('shortages', () => {
  async function rush() {
    const beef = await addIngredient(t, 'Beef', 6);
    const salt = await addIngredient(t, 'Salt', 9);
    const steak = await addDish(t, {
      name: 'Steak',
      station: 'hot',
      ingredients: [
        { ingredient_id: beef.id, is_essential: true },
        { ingredient_id: salt.id, is_essential: false },
      ],
    });
    const soda = await addDish(t, { name: 'Soda', station: 'beverages', ingredients: [{ ingredient_id: salt.id, is_essential: true }] });
    const orders: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      orders.push(await placeOrder(t, [steak.id, steak.id, soda.id]));
    }
    return { beef, salt, steak, soda, orders };
  }
  const shortOf = async (order: Order) => (await orderOf(order.id)).tickets.map((ticket) => ticket.short);

  it('marks the newest not-started orders until they cover the shortfall, without changing status or stock', async ({ startApp }) => {
    await fresh(startApp);
    const { beef, orders } = await rush();
    const [oldest, middle, newest] = orders as [Order, Order, Order];
    // Every unit is promised (6 taken); a dropped tray: 3 short.
    await patch(`/ingredients/${beef.id}`, { in_stock_delta: -3 });
    const mark = [{ ingredient_id: beef.id, name: 'Beef', units: 2 }];
    expect(await shortOf(newest)).toStrictEqual([mark, undefined]);
    expect(await shortOf(middle)).toStrictEqual([mark, undefined]);
    expect(await shortOf(oldest)).toStrictEqual([undefined, undefined]);
    expect([(await orderOf(newest.id)).status, await stockOf(beef.id)]).toStrictEqual(['Received', -3]);
  });

  it('clears the marks oldest first as stock comes back, and a started ticket keeps its mark', async ({ startApp }) => {
    await fresh(startApp);
    const { beef, orders } = await rush();
    const [, middle, newest] = orders as [Order, Order, Order];
    await patch(`/ingredients/${beef.id}`, { in_stock_qty: -3 });
    expect((await patch(`/orders/${newest.id}/tickets/hot`, { status: 'In Progress' })).statusCode).toBe(200);
    await patch(`/ingredients/${beef.id}`, { in_stock_delta: 2 });
    expect(await shortOf(middle)).toStrictEqual([undefined, undefined]);
    expect((await shortOf(newest))[0]).toStrictEqual([{ ingredient_id: beef.id, name: 'Beef', units: 2 }]);
    await patch(`/ingredients/${beef.id}`, { in_stock_delta: 1 });
    expect(await shortOf(newest)).toStrictEqual([undefined, undefined]);
  });

  it('marks only for essential ingredients: salt short on a steak marks the soda ticket only', async ({ startApp }) => {
    await fresh(startApp);
    const { salt, orders } = await rush();
    const newest = orders[2] as Order;
    await patch(`/ingredients/${salt.id}`, { in_stock_qty: -1 });
    // Each order holds three units of salt (two steaks, one soda); salt is essential to the soda only.
    expect(await shortOf(newest)).toStrictEqual([undefined, [{ ingredient_id: salt.id, name: 'Salt', units: 3 }]]);
    expect(await shortOf(orders[1] as Order)).toStrictEqual([undefined, undefined]);
  });

  it("marks the ticket of the dish's course in an order paced by courses, not the station's other course", async () => {
    const lettuce = await addIngredient(t, 'Lettuce', 10);
    const mascarpone = await addIngredient(t, 'Mascarpone', 1);
    const salad = await addDish(t, {
      name: 'Salad',
      station: 'cold',
      category: 'Appetizer',
      ingredients: [{ ingredient_id: lettuce.id, is_essential: true }],
    });
    const tiramisu = await addDish(t, {
      name: 'Tiramisu',
      station: 'cold',
      category: 'Dessert',
      ingredients: [{ ingredient_id: mascarpone.id, is_essential: true }],
    });
    const order = await placeOrder(t, [salad.id, tiramisu.id], 'patron', { pacing: 'courses' });
    expect(order.tickets.map((ticket) => [ticket.course, ticket.station, ticket.status])).toEqual([
      [1, 'cold', 'Received'],
      [2, 'cold', 'Draft'],
    ]);
    await patch(`/ingredients/${mascarpone.id}`, { in_stock_qty: -1 });
    expect(await shortOf(order)).toStrictEqual([undefined, [{ ingredient_id: mascarpone.id, name: 'Mascarpone', units: 1 }]]);
  });

  it('clears marks oldest first when a deleted or edited order gives its units back', async ({ startApp }) => {
    await fresh(startApp);
    const { beef, steak, soda, orders } = await rush();
    const [oldest, middle, newest] = orders as [Order, Order, Order];
    await patch(`/ingredients/${beef.id}`, { in_stock_qty: -4 });
    expect([(await shortOf(middle))[0], (await shortOf(newest))[0]]).toStrictEqual([
      [{ ingredient_id: beef.id, name: 'Beef', units: 2 }],
      [{ ingredient_id: beef.id, name: 'Beef', units: 2 }],
    ]);
    // The oldest order (unmarked) drops one steak: one unit back, shortfall 3, both still needed.
    expect((await patch(`/orders/${oldest.id}`, { dish_ids: [steak.id, soda.id] }, 'patron')).statusCode).toBe(200);
    expect([await stockOf(beef.id), (await shortOf(middle))[0]?.length]).toStrictEqual([-3, 1]);
    // The oldest is deleted: one more unit back, shortfall 2: the middle order's mark clears.
    expect((await t.inject({ method: 'DELETE', url: `/orders/${oldest.id}`, as: 'patron' })).statusCode).toBe(204);
    expect([await stockOf(beef.id), await shortOf(middle), (await shortOf(newest))[0]?.length]).toStrictEqual([
      -2,
      [undefined, undefined],
      1,
    ]);
  });
});
