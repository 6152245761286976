// /dishes through HTTP: every endpoint's success and each of its error answers.
import { describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addIngredient, placeOrder, seedMenu } from '../../helpers/menu.js';
import {
  aTimestamp,
  anId,
  expectCreated,
  expectInvalid,
  expectNoContent,
  expectProblem,
  expectQueryError,
  expectUnauthorized,
  JSON_TYPE,
  MENU_EDITORS_ONLY,
  UNKNOWN_ID,
} from './support.js';

// Tests that read the menu, add their own dishes or are refused share one app and menu for the
// file; a test that changes a menu dish or its stock, or counts every dish, starts a fresh app with
// its own menu (`fresh`).
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
fileScene(
  async (app) => ({ t: app, menu: await seedMenu(app) }),
  (scene) => ({ t, menu } = scene),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
  menu = await seedMenu(t);
}

const tiramisu = (ingredientId: string) => ({
  name: 'Tiramisu',
  description: 'Mascarpone, coffee and cocoa',
  category: 'Dessert',
  image_name: 'tiramisu.png',
  ingredients: [{ ingredient_id: ingredientId, is_essential: true }],
  preparation_time: 7.5,
  price: 6.25,
  station: 'cold',
});

describe('POST /dishes', () => {
  it('creates the dish: 201, Location, the dish with generated fields and is_available', async () => {
    const mascarpone = await addIngredient(t, 'Mascarpone', 4);
    const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload: tiramisu(mascarpone.id) });
    const created = expectCreated(response, '/dishes');
    expect(created).toStrictEqual({
      id: anId(),
      created_at: aTimestamp(),
      updated_at: created.created_at,
      ...tiramisu(mascarpone.id),
      modifier_groups: [],
      is_available: true,
      portions_left: 4,
      allergens: [],
    });
    const read = await t.inject({ method: 'GET', url: `/dishes/${created.id}` });
    expect(read.json()).toStrictEqual(created);
  });

  it('creates a dish whose essential ingredient is out of stock, marked unavailable', async () => {
    const mascarpone = await addIngredient(t, 'Mascarpone', 0);
    const created = expectCreated(
      await t.inject({ method: 'POST', url: '/dishes', as: 'manager', payload: tiramisu(mascarpone.id) }),
      '/dishes',
    );
    expect(created.is_available).toBe(false);
  });

  it('400 naming every invalid field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      payload: { ...tiramisu(menu.lettuce.id), name: '', category: 'Soup', preparation_time: 0, price: -1, station: 'grill' },
    });
    expectInvalid(response, 'body', [
      { path: 'name', message: 'must NOT have fewer than 1 characters' },
      { path: 'category', message: 'must be one of: Appetizer, Main Course, Dessert, Drinks' },
      { path: 'preparation_time', message: 'must be > 0' },
      { path: 'price', message: 'must be >= 0' },
      { path: 'station', message: 'must be one of: cold, hot, beverages' },
    ]);
  });

  it('400 naming a missing required field', async () => {
    const { station: _station, ...withoutStation } = tiramisu(menu.lettuce.id);
    expectInvalid(await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload: withoutStation }), 'body', [
      { path: 'station', message: 'is required' },
    ]);
  });

  it('400 for no ingredients and for more than 50', async () => {
    const none = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload: { ...tiramisu(menu.lettuce.id), ingredients: [] } });
    expectInvalid(none, 'body', [{ path: 'ingredients', message: 'must NOT have fewer than 1 items' }]);
    const entry = { ingredient_id: menu.lettuce.id, is_essential: true };
    const many = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      payload: { ...tiramisu(menu.lettuce.id), ingredients: Array(51).fill(entry) },
    });
    expectInvalid(many, 'body', [{ path: 'ingredients', message: 'must NOT have more than 50 items' }]);
  });

  it('400 listing unknown ingredient ids, and nothing is created', async ({ startApp }) => {
    await fresh(startApp);
    const payload = {
      ...tiramisu(menu.lettuce.id),
      ingredients: [
        { ingredient_id: menu.lettuce.id, is_essential: true },
        { ingredient_id: UNKNOWN_ID, is_essential: false },
      ],
    };
    const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload });
    expectProblem(response, 400, `Unknown ingredient ids: ${UNKNOWN_ID}.`, {
      errors: [{ path: 'ingredients', message: `unknown ingredient ids: ${UNKNOWN_ID}` }],
    });
    expect((await t.inject({ method: 'GET', url: '/dishes' })).json().total_results).toBe(3);
  });

  it('400 for an unknown property of an ingredient entry', async () => {
    const payload = { ...tiramisu(menu.lettuce.id), ingredients: [{ ingredient_id: menu.lettuce.id, is_essential: true, qty: 2 }] };
    expectInvalid(await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload }), 'body', [
      { path: 'ingredients.0.qty', message: 'is not a known property' },
    ]);
  });

  it('401 without a token, 403 for a patron or an expeditor', async () => {
    expectUnauthorized(await t.inject({ method: 'POST', url: '/dishes', payload: tiramisu(menu.lettuce.id) }));
    for (const role of ['patron', 'expeditor'] as const) {
      expectProblem(
        await t.inject({ method: 'POST', url: '/dishes', as: role, payload: tiramisu(menu.lettuce.id) }),
        403,
        MENU_EDITORS_ONLY(role),
      );
    }
  });

  it('415 for a body that is not JSON', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/dishes',
      as: 'chef',
      headers: { 'content-type': 'text/plain' },
      payload: 'Tiramisu',
    });
    expectProblem(response, 415, 'Send the body as application/json.');
  });
});

describe('GET /dishes', () => {
  it('lists every dish, oldest first, with availability', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({ method: 'GET', url: '/dishes' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(JSON_TYPE);
    expect(response.json()).toStrictEqual({ results: [menu.salad, menu.steak, menu.lemonade], total_results: 3 });
  });

  it('400 for a bad list parameter', async () => {
    expectQueryError(await t.inject({ method: 'GET', url: '/dishes?order=desc' }), 'order', 'order can only be used together with sort');
  });
});

describe('GET /dishes/{id}', () => {
  it('returns the dish', async () => {
    const response = await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual(menu.steak);
  });

  it('returns only the named fields', async () => {
    const response = await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}?fields=name|is_available|price` });
    expect(response.json()).toStrictEqual({ name: 'Steak', is_available: true, price: 12.5 });
  });

  it('answers an out-of-stock essential ingredient with is_available false, a non-essential one not', async ({ startApp }) => {
    await fresh(startApp);
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.salt.id}`, as: 'chef', payload: { in_stock_qty: -3 } });
    expect((await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}?fields=is_available` })).json()).toStrictEqual({
      is_available: true,
    });
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } });
    expect((await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}?fields=is_available` })).json()).toStrictEqual({
      is_available: false,
    });
  });

  it('answers the whole dish as it is now, every time: after the dish changes and after its availability flips', async ({ startApp }) => {
    await fresh(startApp);
    const get = (method: 'GET' | 'HEAD' = 'GET') => t.inject({ method, url: `/dishes/${menu.steak.id}` });
    const first = await get();
    const again = await get();
    expect([again.statusCode, again.headers['content-type'], again.body]).toStrictEqual([200, JSON_TYPE, first.body]);
    const head = await get('HEAD');
    expect([head.statusCode, head.headers['content-length'], head.body]).toStrictEqual([200, String(Buffer.byteLength(first.body)), '']);

    const changed = await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: { price: 14 } });
    expect(changed.json().price).toBe(14);
    expect((await get()).json()).toStrictEqual(changed.json());
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } });
    expect((await get()).json()).toStrictEqual({ ...changed.json(), is_available: false, portions_left: 0 });
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 5 } });
    expect((await get()).body).toBe(JSON.stringify({ ...changed.json(), portions_left: 5 }));
  });

  it('404 for an unknown id and for a malformed one', async () => {
    expectProblem(await t.inject({ method: 'GET', url: `/dishes/${UNKNOWN_ID}` }), 404, `No dish with id ${UNKNOWN_ID}.`);
    expectProblem(await t.inject({ method: 'GET', url: '/dishes/not-an-id' }), 404, 'No dish with id not-an-id.');
  });

  it('400 for an unknown field', async () => {
    expectQueryError(
      await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}?fields=name|cost` }),
      'fields',
      "Unknown field 'cost' in fields; valid fields: allergens, category, created_at, description, id, " +
        'image_name, ingredients, is_available, name, portions_left, preparation_time, price, station, ' +
        'updated_at',
    );
  });
});

describe('GET /dishes/{id}/ingredients', () => {
  it("lists the dish's ingredients with their stock", async () => {
    const response = await t.inject({ method: 'GET', url: `/dishes/${menu.salad.id}/ingredients` });
    expect(response.statusCode).toBe(200);
    const stocked = (await t.inject({ method: 'GET', url: '/ingredients' })).json().results as { id: string }[];
    const byId = (id: string) => stocked.find((ingredient) => ingredient.id === id);
    expect(response.json()).toStrictEqual({ results: [byId(menu.lettuce.id), byId(menu.salt.id)], total_results: 2 });
  });

  it('applies the list parameters to those ingredients only', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `/dishes/${menu.salad.id}/ingredients?sort=name&order=desc&fields=name&limit=1`,
    });
    expect(response.json()).toStrictEqual({ results: [{ name: 'Salt' }], total_results: 2 });
  });

  it('404 for an unknown or malformed dish id', async () => {
    expectProblem(await t.inject({ method: 'GET', url: `/dishes/${UNKNOWN_ID}/ingredients` }), 404, `No dish with id ${UNKNOWN_ID}.`);
    expectProblem(await t.inject({ method: 'GET', url: '/dishes/123/ingredients' }), 404, 'No dish with id 123.');
  });

  it('400 for a bad list parameter', async () => {
    expectQueryError(
      await t.inject({ method: 'GET', url: `/dishes/${menu.salad.id}/ingredients?limit=0` }),
      'limit',
      'limit must be an integer from 1 to 30',
    );
  });
});

describe('PUT /dishes/{id}', () => {
  it('replaces every writable field and keeps id and created_at', async ({ startApp }) => {
    await fresh(startApp);
    t.clock.advance(60_000);
    const replacement = { ...tiramisu(menu.lemon.id), name: 'Lemon Sorbet', station: 'beverages' };
    const response = await t.inject({ method: 'PUT', url: `/dishes/${menu.salad.id}`, as: 'chef', payload: replacement });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toStrictEqual({
      id: menu.salad.id,
      created_at: menu.salad.created_at,
      updated_at: aTimestamp(),
      ...replacement,
      modifier_groups: [],
      is_available: true,
      portions_left: 20,
      allergens: [],
    });
    expect(body.updated_at > menu.salad.updated_at).toBe(true);
    expect((await t.inject({ method: 'GET', url: `/dishes/${menu.salad.id}` })).json()).toStrictEqual(body);
  });

  it('400 when a field is missing (PUT replaces the whole dish)', async () => {
    const { description: _description, ...partial } = tiramisu(menu.lemon.id);
    expectInvalid(await t.inject({ method: 'PUT', url: `/dishes/${menu.salad.id}`, as: 'chef', payload: partial }), 'body', [
      { path: 'description', message: 'is required' },
    ]);
  });

  it('400 for read-only properties', async () => {
    const payload = { ...tiramisu(menu.lemon.id), id: menu.salad.id, is_available: true };
    expectInvalid(await t.inject({ method: 'PUT', url: `/dishes/${menu.salad.id}`, as: 'chef', payload }), 'body', [
      { path: 'id', message: 'is read-only and cannot be set' },
      { path: 'is_available', message: 'is read-only and cannot be set' },
    ]);
  });

  it('400 for an unknown ingredient', async () => {
    const response = await t.inject({ method: 'PUT', url: `/dishes/${menu.salad.id}`, as: 'manager', payload: tiramisu(UNKNOWN_ID) });
    expectProblem(response, 400, `Unknown ingredient ids: ${UNKNOWN_ID}.`, {
      errors: [{ path: 'ingredients', message: `unknown ingredient ids: ${UNKNOWN_ID}` }],
    });
  });

  it('401, 403 and 404', async () => {
    const url = `/dishes/${menu.salad.id}`;
    expectUnauthorized(await t.inject({ method: 'PUT', url, payload: tiramisu(menu.lemon.id) }));
    expectProblem(
      await t.inject({ method: 'PUT', url, as: 'expeditor', payload: tiramisu(menu.lemon.id) }),
      403,
      MENU_EDITORS_ONLY('expeditor'),
    );
    expectProblem(
      await t.inject({ method: 'PUT', url: `/dishes/${UNKNOWN_ID}`, as: 'chef', payload: tiramisu(menu.lemon.id) }),
      404,
      `No dish with id ${UNKNOWN_ID}.`,
    );
  });
});

describe('PATCH /dishes/{id}', () => {
  it('changes only the given fields', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({
      method: 'PATCH',
      url: `/dishes/${menu.steak.id}`,
      as: 'chef',
      payload: { price: 31.9, preparation_time: 30 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ ...menu.steak, price: 31.9, preparation_time: 30, updated_at: aTimestamp() });
  });

  it('recomputes availability when the ingredients change', async ({ startApp }) => {
    await fresh(startApp);
    const empty = await addIngredient(t, 'Saffron', 0);
    const response = await t.inject({
      method: 'PATCH',
      url: `/dishes/${menu.steak.id}`,
      as: 'manager',
      payload: { ingredients: [{ ingredient_id: empty.id, is_essential: true }] },
    });
    expect(response.json().is_available).toBe(false);
  });

  it('400 for an empty body and for an unknown property', async () => {
    expectInvalid(await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: {} }), 'body', [
      { path: 'body', message: 'must NOT have fewer than 1 properties' },
    ]);
    expectInvalid(await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: { colour: 'red' } }), 'body', [
      { path: 'colour', message: 'is not a known property' },
    ]);
  });

  it('400 for an unknown ingredient', async () => {
    const response = await t.inject({
      method: 'PATCH',
      url: `/dishes/${menu.steak.id}`,
      as: 'chef',
      payload: { ingredients: [{ ingredient_id: UNKNOWN_ID, is_essential: true }] },
    });
    expectProblem(response, 400, `Unknown ingredient ids: ${UNKNOWN_ID}.`, {
      errors: [{ path: 'ingredients', message: `unknown ingredient ids: ${UNKNOWN_ID}` }],
    });
  });

  it('401, 403 and 404', async () => {
    const url = `/dishes/${menu.steak.id}`;
    expectUnauthorized(await t.inject({ method: 'PATCH', url, payload: { price: 1 } }));
    expectProblem(await t.inject({ method: 'PATCH', url, as: 'patron', payload: { price: 1 } }), 403, MENU_EDITORS_ONLY('patron'));
    expectProblem(await t.inject({ method: 'PATCH', url: '/dishes/zzz', as: 'chef', payload: { price: 1 } }), 404, 'No dish with id zzz.');
  });
});

describe('DELETE /dishes/{id}', () => {
  it('204 with no body; the dish is gone', async ({ startApp }) => {
    await fresh(startApp);
    expectNoContent(await t.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'chef' }));
    expectProblem(await t.inject({ method: 'GET', url: `/dishes/${menu.lemonade.id}` }), 404, `No dish with id ${menu.lemonade.id}.`);
  });

  it('409 while an unfinished order holds the dish; allowed once the order is finished', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.lemonade.id]);
    const response = await t.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'manager' });
    expectProblem(response, 409, `The dish is in unfinished orders (${order.id}); finish or delete them first.`);
    for (const status of ['In Progress', 'Ready for Assembly', 'Ready for Pickup']) {
      expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(200);
    }
    expectNoContent(await t.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'manager' }));
  });

  it('401, 403 and 404', async () => {
    const url = `/dishes/${menu.lemonade.id}`;
    expectUnauthorized(await t.inject({ method: 'DELETE', url }));
    expectProblem(await t.inject({ method: 'DELETE', url, as: 'expeditor' }), 403, MENU_EDITORS_ONLY('expeditor'));
    expectProblem(await t.inject({ method: 'DELETE', url: `/dishes/${UNKNOWN_ID}`, as: 'chef' }), 404, `No dish with id ${UNKNOWN_ID}.`);
  });
});
