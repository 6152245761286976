// Stock follows orders: consumed on creation, refused for a short essential ingredient, returned
// on deletion before the kitchen starts, moved with a change of dishes; availability follows stock.
import { describe, expect } from 'vitest';
import type { Dish } from '../../../models/dish.js';
import type { IngredientDoc } from '../../../models/ingredient.js';
import type { Order } from '../../../models/order.js';
import { MAX_STOCK } from '../../../models/limits.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../../helpers/menu.js';
import { getOrder, moveTo, orderCount, problemOf, setStock, stockById } from './support.js';

// Every test has its own menu of 20 units each (ingredients and dishes of its own, named alike) on the
// file's one app, and reads the stock of its own ingredients. A test that compares every
// ingredient's stock before and after, counts every order or lists every dish starts a fresh app
// of its own (`fresh`).
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;

fileScene(
  async (app) => app,
  (app) => (t = app),
);
it.beforeEach(async () => {
  menu = await seedMenu(t, 20);
});
async function fresh(startApp: StartApp) {
  t = await startApp();
  menu = await seedMenu(t, 20);
}

/** The in_stock_qty of the test's own four ingredients (and `more`), by id. */
async function menuStock(...more: IngredientDoc[]): Promise<Record<string, number>> {
  const ingredients = [menu.lettuce, menu.beef, menu.lemon, menu.salt, ...more];
  const read = async ({ id }: IngredientDoc) => {
    const response = await t.inject({ method: 'GET', url: `/ingredients/${id}` });
    expect(response.statusCode).toBe(200);
    return [id, response.json<IngredientDoc>().in_stock_qty] as const;
  };
  return Object.fromEntries(await Promise.all(ingredients.map(read)));
}

/** Stock relative to the seeded 20 units of each ingredient. */
async function stockChange(): Promise<Record<'lettuce' | 'beef' | 'lemon' | 'salt', number>> {
  const stock = await menuStock();
  const of = (ingredient: IngredientDoc) => (stock[ingredient.id] ?? Number.NaN) - 20;
  return { lettuce: of(menu.lettuce), beef: of(menu.beef), lemon: of(menu.lemon), salt: of(menu.salt) };
}

describe('creating an order', () => {
  it('takes one unit of every ingredient per dish occurrence: a dish listed twice takes twice', async () => {
    await placeOrder(t, [menu.salad.id, menu.salad.id, menu.steak.id]);
    expect(await stockChange()).toEqual({ lettuce: -2, beef: -1, lemon: 0, salt: -3 });
  });

  it('lets a non-essential ingredient go negative', async () => {
    await setStock(t, menu.salt.id, 0);
    await placeOrder(t, [menu.salad.id, menu.steak.id]);
    const stock = await menuStock();
    expect(stock[menu.salt.id]).toBe(-2);
    expect(stock[menu.lettuce.id]).toBe(19);
    expect(stock[menu.beef.id]).toBe(19);
  });

  it('stops a non-essential ingredient at the stock floor of -1e9 (its schema), and a give-back at +1e9', async () => {
    await setStock(t, menu.salt.id, -MAX_STOCK);
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id]);
    expect((await menuStock())[menu.salt.id]).toBe(-MAX_STOCK);
    await setStock(t, menu.salt.id, MAX_STOCK - 1);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    const stock = await menuStock();
    expect(stock[menu.salt.id]).toBe(MAX_STOCK);
    expect(stock[menu.lettuce.id]).toBe(20);
    expect(stock[menu.beef.id]).toBe(20);
  });

  it('takes the last unit of an essential ingredient', async () => {
    await setStock(t, menu.beef.id, 1);
    await placeOrder(t, [menu.steak.id]);
    expect((await menuStock())[menu.beef.id]).toBe(0);
  });

  it('refuses with 409 naming the dish and the essential ingredient that would fall below zero, consuming nothing', async ({
    startApp,
  }) => {
    await fresh(startApp);
    await setStock(t, menu.beef.id, 1);
    const before = await stockById(t);
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id, menu.steak.id, menu.lemonade.id, menu.steak.id] },
    });
    expect(response.statusCode).toBe(409);
    const problem = problemOf(response);
    expect(problem.title).toBe('Conflict');
    expect(problem.detail).toContain('"Steak"');
    expect(problem.detail).toContain(menu.steak.id);
    expect(problem.detail).toContain('"Beef"');
    expect(problem.detail).toContain(menu.beef.id);
    expect(await stockById(t)).toEqual(before);
    expect(await orderCount(t)).toBe(0);
  });

  it.for([0, -3])('refuses a dish whose essential ingredient stands at %d, consuming nothing', async (qty, { startApp }) => {
    await fresh(startApp);
    await setStock(t, menu.lemon.id, qty);
    const before = await stockById(t);
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id, menu.lemonade.id] },
    });
    expect(response.statusCode).toBe(409);
    const { detail } = problemOf(response);
    expect(detail).toContain('"Lemonade"');
    expect(detail).toContain('"Lemon"');
    expect(await stockById(t)).toEqual(before);
    expect(await orderCount(t)).toBe(0);
  });

  it('names the dish for which the short ingredient is essential, even if another dish uses it as optional', async () => {
    const cheese = await addIngredient(t, 'Cheese', 1);
    const pasta = await addDish(t, { name: 'Pasta', station: 'hot', ingredients: [{ ingredient_id: cheese.id, is_essential: false }] });
    const toast = await addDish(t, {
      name: 'Cheese Toast',
      station: 'hot',
      ingredients: [{ ingredient_id: cheese.id, is_essential: true }],
    });
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [pasta.id, toast.id] },
    });
    expect(response.statusCode).toBe(409);
    const { detail } = problemOf(response);
    expect(detail).toContain('"Cheese Toast"');
    expect(detail).toContain('"Cheese"');
    expect((await menuStock(cheese))[cheese.id]).toBe(1);
  });
});

describe('deleting an order', () => {
  it('gives the units of a Received order back', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.salad.id, menu.steak.id]);
    const response = await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' });
    expect(response.statusCode).toBe(204);
    expect(await stockChange()).toEqual({ lettuce: 0, beef: 0, lemon: 0, salt: 0 });
  });

  it('gives the units of a Draft order back', async () => {
    const scheduled_at = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString();
    const order = await placeOrder(t, [menu.steak.id], 'patron', { scheduled_at });
    expect(order.status).toBe('Draft');
    expect(await stockChange()).toEqual({ lettuce: 0, beef: -1, lemon: 0, salt: -1 });
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    expect(await stockChange()).toEqual({ lettuce: 0, beef: 0, lemon: 0, salt: 0 });
  });

  it('gives back exactly the units it took, even after a chef changed the recipe', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const recipe = await t.inject({
      method: 'PATCH',
      url: `/dishes/${menu.salad.id}`,
      as: 'chef',
      payload: { ingredients: [{ ingredient_id: menu.lemon.id, is_essential: true }] },
    });
    expect(recipe.statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    expect(await stockChange()).toEqual({ lettuce: 0, beef: 0, lemon: 0, salt: 0 });
  });

  it('keeps the units of an order the kitchen has started (In Progress, deleted by an expeditor)', async () => {
    const order = await moveTo(t, await placeOrder(t, [menu.salad.id, menu.steak.id]), 'In Progress');
    const response = await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'expeditor' });
    expect(response.statusCode).toBe(204);
    expect(await stockChange()).toEqual({ lettuce: -1, beef: -1, lemon: 0, salt: -2 });
  });
});

describe('changing the dishes of an order', () => {
  it('consumes the added dishes and returns the removed ones (PATCH)', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.salad.id]);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.steak.id, menu.steak.id, menu.salad.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>().dish_ids).toEqual([menu.steak.id, menu.steak.id, menu.salad.id]);
    expect(await stockChange()).toEqual({ lettuce: -1, beef: -2, lemon: 0, salt: -3 });
  });

  it('moves stock the same way through PUT', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.lemonade.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(await stockChange()).toEqual({ lettuce: 0, beef: 0, lemon: -1, salt: 0 });
  });

  it('refuses with 409 naming dish and ingredient when the added dishes are short, changing nothing', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.salad.id]);
    await setStock(t, menu.beef.id, 1);
    const before = await stockById(t);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.lemonade.id, menu.steak.id, menu.steak.id] },
    });
    expect(response.statusCode).toBe(409);
    const { detail } = problemOf(response);
    expect(detail).toContain('"Steak"');
    expect(detail).toContain('"Beef"');
    expect(await stockById(t)).toEqual(before);
    expect((await getOrder(t, order.id)).dish_ids).toEqual([menu.salad.id]);
  });

  it('refuses a change of dishes once the kitchen has started (409), keeping stock', async ({ startApp }) => {
    await fresh(startApp);
    const order = await moveTo(t, await placeOrder(t, [menu.salad.id]), 'In Progress');
    const before = await stockById(t);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'expeditor',
      payload: { dish_ids: [menu.steak.id] },
    });
    expect(response.statusCode).toBe(409);
    expect(await stockById(t)).toEqual(before);
    expect((await getOrder(t, order.id)).dish_ids).toEqual([menu.salad.id]);
  });

  it('leaves stock alone when the same dishes are sent again', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id]);
    const before = await stockById(t);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.salad.id, menu.steak.id], name: 'Anna' },
    });
    expect(response.statusCode).toBe(200);
    expect(await stockById(t)).toEqual(before);
  });
});

describe('availability', () => {
  async function availability(): Promise<Record<string, boolean>> {
    const response = await t.inject({ method: 'GET', url: '/dishes' });
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(response.json<{ results: Dish[] }>().results.map((dish) => [dish.name, dish.is_available]));
  }

  async function namesWhere(filter: string): Promise<string[]> {
    const response = await t.inject({ method: 'GET', url: `/dishes?filter=${encodeURIComponent(filter)}&sort=name` });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: Dish[] }>().results.map((dish) => dish.name);
  }

  it('flips in GET /dishes and the is_available filter as orders and stock updates change stock', async ({ startApp }) => {
    await fresh(startApp);
    await setStock(t, menu.beef.id, 1);
    expect(await availability()).toEqual({ 'Green Salad': true, Steak: true, Lemonade: true });

    const order = await placeOrder(t, [menu.steak.id]);
    expect(await availability()).toEqual({ 'Green Salad': true, Steak: false, Lemonade: true });
    expect(await namesWhere('is_available.eq~true')).toEqual(['Green Salad', 'Lemonade']);
    expect(await namesWhere('is_available.eq~false')).toEqual(['Steak']);
    const single = await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}` });
    expect(single.json<Dish>().is_available).toBe(false);

    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    expect(await namesWhere('is_available.eq~false')).toEqual([]);

    const drained = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_delta: -20 } });
    expect(drained.json<IngredientDoc>().in_stock_qty).toBe(0);
    expect(await namesWhere('is_available.eq~true')).toEqual(['Green Salad', 'Steak']);
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_delta: 2 } });
    expect(await namesWhere('is_available.eq~true')).toEqual(['Green Salad', 'Lemonade', 'Steak']);
  });

  it('ignores non-essential ingredients', async ({ startApp }) => {
    await fresh(startApp);
    await setStock(t, menu.salt.id, -5);
    expect(await availability()).toEqual({ 'Green Salad': true, Steak: true, Lemonade: true });
  });
});

describe('ingredient stock updates', () => {
  it('PATCH in_stock_qty sets the stock and in_stock_delta adds to it', async () => {
    const set = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_qty: 7 } });
    expect(set.statusCode).toBe(200);
    expect(set.json<IngredientDoc>().in_stock_qty).toBe(7);
    const down = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'manager', payload: { in_stock_delta: -2 } });
    expect(down.json<IngredientDoc>().in_stock_qty).toBe(5);
    const up = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { in_stock_delta: 10, price: 0.5 },
    });
    expect(up.json<IngredientDoc>()).toMatchObject({ in_stock_qty: 15, price: 0.5, name: 'Lemon' });
  });

  it('adds concurrent deltas without losing any', async () => {
    const responses = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_delta: 2 } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(25).fill(200));
    expect((await menuStock())[menu.lemon.id]).toBe(70);
  });

  it('refuses in_stock_qty and in_stock_delta together with 400, changing nothing', async () => {
    const response = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { in_stock_qty: 3, in_stock_delta: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ path: 'in_stock_delta', message: 'cannot be combined with in_stock_qty' }]);
    expect((await menuStock())[menu.lemon.id]).toBe(20);
  });

  it('refuses with 400 an in_stock_delta that would take the stock past ±1e9 (what a kitchen can hold), changing nothing', async () => {
    await setStock(t, menu.lemon.id, 999_999_999);
    const response = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { in_stock_delta: 2 },
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ path: 'in_stock_delta', message: 'would take in_stock_qty beyond ±1000000000' }]);
    expect((await menuStock())[menu.lemon.id]).toBe(999_999_999);
    const down = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { in_stock_delta: -1_000_000_000 },
    });
    expect(down.json<IngredientDoc>().in_stock_qty).toBe(-1);
  });

  it('refuses with 400 an in_stock_qty or in_stock_delta beyond ±1e9, naming the field', async () => {
    for (const payload of [{ in_stock_qty: 1.7976931348623157e308 }, { in_stock_qty: -1_000_000_001 }, { in_stock_delta: 1e10 }]) {
      const response = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(problemOf(response).errors?.map((error) => error.path)).toEqual(Object.keys(payload));
    }
    expect((await menuStock())[menu.lemon.id]).toBe(20);
  });

  it('PUT replaces name, in_stock_qty and price, and needs all three', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { name: 'Lime', in_stock_qty: 4, price: 0.3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<IngredientDoc>()).toMatchObject({ id: menu.lemon.id, name: 'Lime', in_stock_qty: 4, price: 0.3 });
    const partial = await t.inject({
      method: 'PUT',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { name: 'Lime', price: 0.3 },
    });
    expect(partial.statusCode).toBe(400);
    expect(problemOf(partial).errors).toEqual([{ path: 'in_stock_qty', message: 'is required' }]);
    const delta = await t.inject({
      method: 'PUT',
      url: `/ingredients/${menu.lemon.id}`,
      as: 'chef',
      payload: { name: 'Lime', in_stock_qty: 4, price: 0.3, in_stock_delta: 1 },
    });
    expect(delta.statusCode).toBe(400);
    expect((await menuStock())[menu.lemon.id]).toBe(4);
  });
});

describe('referential rules', () => {
  it('refuses to delete an ingredient a dish uses (409 naming the dishes) and deletes an unused one', async () => {
    const response = await t.inject({ method: 'DELETE', url: `/ingredients/${menu.salt.id}`, as: 'chef' });
    expect(response.statusCode).toBe(409);
    const { detail } = problemOf(response);
    expect(detail).toContain(`"Green Salad" (${menu.salad.id})`);
    expect(detail).toContain(`"Steak" (${menu.steak.id})`);
    expect((await t.inject({ method: 'GET', url: `/ingredients/${menu.salt.id}` })).statusCode).toBe(200);

    const unused = await addIngredient(t, 'Saffron', 3);
    expect((await t.inject({ method: 'DELETE', url: `/ingredients/${unused.id}`, as: 'chef' })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/ingredients/${unused.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete a dish in an unfinished order (409), and deletes it once the order is finished', async () => {
    const order = await placeOrder(t, [menu.lemonade.id]);
    for (const status of ['Received', 'In Progress', 'Ready for Assembly'] as const) {
      await moveTo(t, await getOrder(t, order.id), status);
      const response = await t.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'chef' });
      expect(response.statusCode, status).toBe(409);
      expect(problemOf(response).detail).toContain(order.id);
    }
    await moveTo(t, await getOrder(t, order.id), 'Ready for Pickup');
    expect((await t.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'chef' })).statusCode).toBe(204);
  });

  it('refuses to delete a dish in a Draft order (409)', async () => {
    const scheduled_at = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString();
    const order = await placeOrder(t, [menu.salad.id], 'patron', { scheduled_at });
    expect(order.status).toBe('Draft');
    expect((await t.inject({ method: 'DELETE', url: `/dishes/${menu.salad.id}`, as: 'manager' })).statusCode).toBe(409);
  });
});
