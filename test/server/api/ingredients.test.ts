// /ingredients through HTTP: every endpoint's success and each of its error answers.
import { describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addDish, addIngredient } from '../../helpers/menu.js';
import type { IngredientDoc } from '../../../models/ingredient.js';
import {
  aTimestamp,
  anId,
  expectCreated,
  expectInvalid,
  expectNoContent,
  expectProblem,
  expectQueryError,
  expectUnauthorized,
  MENU_EDITORS_ONLY,
  UNKNOWN_ID,
} from './support.js';

// Tests that read the carrot, add their own ingredients or are refused share one app for the file;
// a test that changes or deletes the carrot, builds dishes on it, or lists every ingredient starts a
// fresh app with its own carrot (`fresh`).
let t: TestApp;
let carrot: IngredientDoc;
fileScene(
  async (app) => ({ t: app, carrot: await addIngredient(app, 'Carrot', 40, 0.35) }),
  (scene) => ({ t, carrot } = scene),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
  carrot = await addIngredient(t, 'Carrot', 40, 0.35);
}

describe('POST /ingredients', () => {
  it('creates the ingredient: 201, Location and the stored record', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'manager',
      payload: { name: 'Basil', in_stock_qty: -2.5, price: 0 },
    });
    const created = expectCreated(response, '/ingredients');
    expect(created).toStrictEqual({
      id: anId(),
      created_at: aTimestamp(),
      updated_at: created.created_at,
      name: 'Basil',
      in_stock_qty: -2.5,
      price: 0,
      unit: null,
      allergens: [],
    });
    expect((await t.inject({ method: 'GET', url: `/ingredients/${created.id}` })).json()).toStrictEqual(created);
  });

  it('400 naming each invalid or missing field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: 'x'.repeat(121), in_stock_qty: '3', price: -0.01 },
    });
    expectInvalid(response, 'body', [
      { path: 'name', message: 'must NOT have more than 120 characters' },
      { path: 'in_stock_qty', message: 'must be number' },
      { path: 'price', message: 'must be >= 0' },
    ]);
    expectInvalid(await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', payload: { name: 'Basil' } }), 'body', [
      { path: 'in_stock_qty', message: 'is required' },
      { path: 'price', message: 'is required' },
    ]);
  });

  it('401 without a token, 403 for a patron or an expeditor', async () => {
    const payload = { name: 'Basil', in_stock_qty: 1, price: 1 };
    expectUnauthorized(await t.inject({ method: 'POST', url: '/ingredients', payload }));
    expectProblem(await t.inject({ method: 'POST', url: '/ingredients', as: 'patron', payload }), 403, MENU_EDITORS_ONLY('patron'));
    expectProblem(await t.inject({ method: 'POST', url: '/ingredients', as: 'expeditor', payload }), 403, MENU_EDITORS_ONLY('expeditor'));
  });

  it('415 for a form-encoded body', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Basil',
    });
    expectProblem(response, 415, 'Send the body as application/json.');
  });
});

describe('GET /ingredients and /ingredients/{id}', () => {
  it('lists the ingredients', async ({ startApp }) => {
    await fresh(startApp);
    const basil = await addIngredient(t, 'Basil', 3);
    const response = await t.inject({ method: 'GET', url: '/ingredients' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ results: [carrot, basil], total_results: 2 });
  });

  it('400 for a bad list parameter', async () => {
    expectQueryError(
      await t.inject({ method: 'GET', url: '/ingredients?sort=colour' }),
      'sort',
      "Cannot sort by 'colour'; sortable properties: created_at, id, in_stock_qty, name, price, updated_at",
    );
  });

  it('returns one ingredient, whole or projected', async () => {
    expect((await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}` })).json()).toStrictEqual(carrot);
    expect((await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}?fields=in_stock_qty|id` })).json()).toStrictEqual({
      in_stock_qty: 40,
      id: carrot.id,
    });
  });

  it('404 for an unknown or malformed id; 400 for an unknown field', async () => {
    expectProblem(await t.inject({ method: 'GET', url: `/ingredients/${UNKNOWN_ID}` }), 404, `No ingredient with id ${UNKNOWN_ID}.`);
    expectProblem(
      await t.inject({ method: 'GET', url: `/ingredients/${carrot.id.toUpperCase()}` }),
      404,
      `No ingredient with id ${carrot.id.toUpperCase()}.`,
    );
    expectQueryError(
      await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}?fields=stock` }),
      'fields',
      "Unknown field 'stock' in fields; valid fields: allergens, created_at, id, in_stock_qty, name, price, unit, updated_at",
    );
  });
});

describe('PUT /ingredients/{id}', () => {
  it('replaces name, in_stock_qty and price', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({
      method: 'PUT',
      url: `/ingredients/${carrot.id}`,
      as: 'chef',
      payload: { name: 'Baby carrot', in_stock_qty: 12, price: 0.5 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ ...carrot, updated_at: aTimestamp(), name: 'Baby carrot', in_stock_qty: 12, price: 0.5 });
  });

  it('400 when a field is missing or read-only', async () => {
    expectInvalid(
      await t.inject({ method: 'PUT', url: `/ingredients/${carrot.id}`, as: 'chef', payload: { name: 'Carrot', price: 1 } }),
      'body',
      [{ path: 'in_stock_qty', message: 'is required' }],
    );
    expectInvalid(
      await t.inject({
        method: 'PUT',
        url: `/ingredients/${carrot.id}`,
        as: 'chef',
        payload: { name: 'Carrot', in_stock_qty: 1, price: 1, updated_at: carrot.updated_at },
      }),
      'body',
      [{ path: 'updated_at', message: 'is read-only and cannot be set' }],
    );
  });

  it('401, 403 and 404', async () => {
    const payload = { name: 'Carrot', in_stock_qty: 1, price: 1 };
    expectUnauthorized(await t.inject({ method: 'PUT', url: `/ingredients/${carrot.id}`, payload }));
    expectProblem(
      await t.inject({ method: 'PUT', url: `/ingredients/${carrot.id}`, as: 'expeditor', payload }),
      403,
      MENU_EDITORS_ONLY('expeditor'),
    );
    expectProblem(
      await t.inject({ method: 'PUT', url: `/ingredients/${UNKNOWN_ID}`, as: 'chef', payload }),
      404,
      `No ingredient with id ${UNKNOWN_ID}.`,
    );
  });
});

describe('PATCH /ingredients/{id}', () => {
  it('sets in_stock_qty, or adds in_stock_delta to it', async ({ startApp }) => {
    await fresh(startApp);
    const set = await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'chef', payload: { in_stock_qty: 10 } });
    expect(set.json()).toStrictEqual({ ...carrot, updated_at: aTimestamp(), in_stock_qty: 10 });
    const down = await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'chef', payload: { in_stock_delta: -12 } });
    expect(down.json().in_stock_qty).toBe(-2);
    const up = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${carrot.id}`,
      as: 'manager',
      payload: { in_stock_delta: 10, price: 0.4 },
    });
    expect(up.json()).toStrictEqual({ ...carrot, updated_at: aTimestamp(), in_stock_qty: 8, price: 0.4 });
  });

  it('applies concurrent deltas atomically', async ({ startApp }) => {
    await fresh(startApp);
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'chef', payload: { in_stock_delta: -1 } }),
      ),
    );
    expect((await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}?fields=in_stock_qty` })).json()).toStrictEqual({
      in_stock_qty: 30,
    });
  });

  it('400 for in_stock_qty together with in_stock_delta, for an empty body and for a non-finite number', async () => {
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'chef', payload: { in_stock_qty: 1, in_stock_delta: 1 } }),
      400,
      'Send either in_stock_qty (to set the stock) or in_stock_delta (to adjust it), not both.',
      { errors: [{ path: 'in_stock_delta', message: 'cannot be combined with in_stock_qty' }] },
    );
    expectInvalid(await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'chef', payload: {} }), 'body', [
      { path: 'body', message: 'must NOT have fewer than 1 properties' },
    ]);
    // JSON has no Infinity: a huge exponent is the nearest a client can send, and it must not pass.
    const response = await t.inject({
      method: 'PATCH',
      url: `/ingredients/${carrot.id}`,
      as: 'chef',
      headers: { 'content-type': 'application/json' },
      payload: '{"in_stock_qty":1e999}',
    });
    expectInvalid(response, 'body', [{ path: 'in_stock_qty', message: 'must be number' }]);
  });

  it('401, 403 and 404', async () => {
    expectUnauthorized(await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, payload: { price: 1 } }));
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/ingredients/${carrot.id}`, as: 'patron', payload: { price: 1 } }),
      403,
      MENU_EDITORS_ONLY('patron'),
    );
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/ingredients/${UNKNOWN_ID}`, as: 'chef', payload: { in_stock_delta: 1 } }),
      404,
      `No ingredient with id ${UNKNOWN_ID}.`,
    );
  });
});

describe('the unit of an ingredient', () => {
  it('is written on create and PATCH, kept by a PUT that omits it, cleared with null, and 1 to 12 characters', async () => {
    const basil = expectCreated(
      await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Basil', in_stock_qty: 55, price: 0.2, unit: 'bunch' },
      }),
      '/ingredients',
    );
    expect(basil).toMatchObject({ name: 'Basil', in_stock_qty: 55, unit: 'bunch' });
    const put = await t.inject({
      method: 'PUT',
      url: `/ingredients/${basil.id}`,
      as: 'chef',
      payload: { name: 'Basil', in_stock_qty: 50, price: 0.2 },
    });
    expect(put.json()).toMatchObject({ in_stock_qty: 50, unit: 'bunch' });
    const patched = await t.inject({ method: 'PATCH', url: `/ingredients/${basil.id}`, as: 'chef', payload: { unit: 'g' } });
    expect(patched.json()).toMatchObject({ in_stock_qty: 50, unit: 'g' });
    const cleared = await t.inject({
      method: 'PUT',
      url: `/ingredients/${basil.id}`,
      as: 'chef',
      payload: { name: 'Basil', in_stock_qty: 50, price: 0.2, unit: null },
    });
    expect(cleared.json().unit).toBeNull();
    for (const unit of ['', 'thirteen-char']) {
      const refused = await t.inject({ method: 'PATCH', url: `/ingredients/${basil.id}`, as: 'chef', payload: { unit } });
      expect({ unit, status: refused.statusCode, path: refused.json().errors?.[0]?.path }).toStrictEqual({
        unit,
        status: 400,
        path: 'unit',
      });
    }
    // An ingredient stored before units existed reads as having none.
    const old = await t.store.collection('ingredients').insert({ name: 'Old salt', in_stock_qty: 3, price: 0.1 } as IngredientDoc);
    expect((await t.inject({ method: 'GET', url: `/ingredients/${old.id}` })).json()).toMatchObject({ unit: null, allergens: [] });
  });
});

describe('DELETE /ingredients/{id}', () => {
  it('204 with no body; the ingredient is gone', async ({ startApp }) => {
    await fresh(startApp);
    expectNoContent(await t.inject({ method: 'DELETE', url: `/ingredients/${carrot.id}`, as: 'chef' }));
    expectProblem(await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}` }), 404, `No ingredient with id ${carrot.id}.`);
  });

  it('409 naming the dishes that use it, essential or not', async ({ startApp }) => {
    await fresh(startApp);
    const soup = await addDish(t, { name: 'Carrot Soup', station: 'hot', ingredients: [{ ingredient_id: carrot.id, is_essential: true }] });
    const cake = await addDish(t, {
      name: 'Carrot Cake',
      station: 'cold',
      ingredients: [{ ingredient_id: carrot.id, is_essential: false }],
    });
    const response = await t.inject({ method: 'DELETE', url: `/ingredients/${carrot.id}`, as: 'manager' });
    expectProblem(
      response,
      409,
      `The ingredient is used by the dishes "Carrot Soup" (${soup.id}), "Carrot Cake" (${cake.id}); remove it from them first.`,
    );
    expect((await t.inject({ method: 'GET', url: `/ingredients/${carrot.id}` })).statusCode).toBe(200);
  });

  it('401, 403 and 404', async () => {
    expectUnauthorized(await t.inject({ method: 'DELETE', url: `/ingredients/${carrot.id}` }));
    expectProblem(
      await t.inject({ method: 'DELETE', url: `/ingredients/${carrot.id}`, as: 'expeditor' }),
      403,
      MENU_EDITORS_ONLY('expeditor'),
    );
    expectProblem(await t.inject({ method: 'DELETE', url: '/ingredients/carrot', as: 'chef' }), 404, 'No ingredient with id carrot.');
  });
});
