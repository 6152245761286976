// End to end: the menu hears dish.availability on every flip, whatever changed the stock (an order,
// a deleted order, a PATCH), once per real change, on both transports.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../helpers/menu.js';
import { openScreens, type Screen, type Screens } from './helpers/screens.js';

let t: TestApp;
let screens: Screens;
const flipsOf = (screen: Screen) => screen.inbox.envelopes.filter((e) => e.type === 'dish.availability').map((e) => e.data);
const patchIngredient = async (id: string, payload: object) => {
  const response = await t.inject({ method: 'PATCH', url: `/ingredients/${id}`, as: 'chef', payload });
  expect(response.statusCode).toBe(200);
};

it.beforeEach(async ({ app }) => {
  t = app;
  screens = await openScreens(t);
});
afterEach(async () => {
  screens.close();
});

describe('dish availability', () => {
  it('flips both ways as orders take and give back stock and as stock is patched', async () => {
    const basil = await addIngredient(t, 'Basil', 1);
    const pesto = await addDish(t, { name: 'Pesto', station: 'cold', ingredients: [{ ingredient_id: basil.id, is_essential: true }] });
    const order = await placeOrder(t, [pesto.id]);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    await patchIngredient(basil.id, { in_stock_qty: 0 });
    await patchIngredient(basil.id, { in_stock_delta: 3 });
    await patchIngredient(basil.id, { in_stock_delta: -1 });
    await screens.fence();
    // Every change is at or below low_portions (10): each is told, with the portions left.
    const flips = [
      [false, 0],
      [true, 1],
      [false, 0],
      [true, 3],
      [true, 2],
    ].map(([is_available, portions_left]) => ({ id: pesto.id, is_available, portions_left }));
    for (const screen of [...screens.byRoom.menu, ...screens.byRoom['station:cold']]) expect(flipsOf(screen)).toEqual(flips);
    // The room of the dish's station hears it too, no other station room does.
    for (const screen of screens.all.filter((s) => !screens.byRoom.menu.includes(s) && !screens.byRoom['station:cold'].includes(s)))
      expect(flipsOf(screen)).toEqual([]);
  });

  it('flips a dish once when one order empties two of its essentials, and only the dishes that flip', async () => {
    const tomato = await addIngredient(t, 'Tomato', 1);
    const mozzarella = await addIngredient(t, 'Mozzarella', 1);
    const oil = await addIngredient(t, 'Oil', 1);
    const caprese = await addDish(t, {
      name: 'Caprese',
      station: 'cold',
      ingredients: [
        { ingredient_id: tomato.id, is_essential: true },
        { ingredient_id: mozzarella.id, is_essential: true },
        { ingredient_id: oil.id, is_essential: false },
      ],
    });
    const bruschetta = await addDish(t, {
      name: 'Bruschetta',
      station: 'hot',
      ingredients: [{ ingredient_id: oil.id, is_essential: false }],
    });
    await placeOrder(t, [caprese.id]);
    await screens.fence();
    for (const screen of screens.byRoom.menu) expect(flipsOf(screen)).toEqual([{ id: caprese.id, is_available: false, portions_left: 0 }]);
    const dishes = await t.inject({ method: 'GET', url: `/dishes?filter=is_available.eq~true&fields=id` });
    expect(dishes.json()).toMatchObject({ results: [{ id: bruschetta.id }] });
  });

  it("follows the restaurant's low_portions setting: a change at or below it is told, one above it is not", async () => {
    const rice = await addIngredient(t, 'Rice', 6);
    const risotto = await addDish(t, { name: 'Risotto', station: 'hot', ingredients: [{ ingredient_id: rice.id, is_essential: true }] });
    const settings = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { low_portions: 4 } });
    expect(settings.statusCode).toBe(200);
    await patchIngredient(rice.id, { in_stock_delta: -1 }); // 5 left: above 4, not told
    await patchIngredient(rice.id, { in_stock_delta: -1 }); // 4 left: told
    await patchIngredient(rice.id, { in_stock_delta: -1 }); // 3 left: told
    await screens.fence();
    const told = [4, 3].map((portions_left) => ({ id: risotto.id, is_available: true, portions_left }));
    for (const screen of [...screens.byRoom.menu, ...screens.byRoom['station:hot']]) expect(flipsOf(screen)).toEqual(told);
  });
});
