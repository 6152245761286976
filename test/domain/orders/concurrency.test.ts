// Concurrent orders never oversell: real HTTP requests, all in flight together, against a listening
// server; at most as many orders succeed as there are units of the essential ingredient.
import { expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, addIngredient } from '../../helpers/menu.js';
import { orderCount, stockById } from './support.js';

let t: TestApp;

it.beforeEach(async ({ startApp }) => {
  t = await startApp();
});

async function burst(count: number, dishIds: string[]): Promise<{ status: number; body: Record<string, unknown> }[]> {
  const post = async () => {
    const response = await fetch(`${t.url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.tokens.patron}` },
      body: JSON.stringify({ name: 'Ben', dish_ids: dishIds }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return Promise.all(Array.from({ length: count }, post));
}

const count = (responses: { status: number }[], status: number) => responses.filter((response) => response.status === status).length;

it('50 simultaneous orders for a dish whose essential ingredient has 10 units: exactly 10 succeed, 40 get 409, stock ends at 0', async () => {
  const truffle = await addIngredient(t, 'Truffle', 10);
  const butter = await addIngredient(t, 'Butter', 10);
  const dish = await addDish(t, {
    name: 'Truffle Risotto',
    station: 'hot',
    ingredients: [
      { ingredient_id: butter.id, is_essential: false },
      { ingredient_id: truffle.id, is_essential: true },
    ],
  });

  const responses = await burst(50, [dish.id]);

  expect(count(responses, 201)).toBe(10);
  expect(count(responses, 409)).toBe(40);
  for (const { status, body } of responses.filter((response) => response.status === 409)) {
    expect(status).toBe(409);
    expect(body.title).toBe('Conflict');
    expect(body.detail).toContain('"Truffle Risotto"');
    expect(body.detail).toContain('"Truffle"');
  }
  const stock = await stockById(t);
  expect(stock[truffle.id]).toBe(0);
  expect(stock[butter.id]).toBe(0);
  expect(await orderCount(t)).toBe(10);
  const created = responses.filter((response) => response.status === 201).map((response) => (response.body as unknown as Order).id);
  expect(new Set(created).size).toBe(10);
});

it('orders needing two units each never take the last odd unit, nor go below zero', async () => {
  const lobster = await addIngredient(t, 'Lobster', 11);
  const dish = await addDish(t, {
    name: 'Lobster Roll',
    station: 'cold',
    ingredients: [{ ingredient_id: lobster.id, is_essential: true }],
  });

  const responses = await burst(30, [dish.id, dish.id]);

  expect(count(responses, 201)).toBe(5);
  expect(count(responses, 409)).toBe(25);
  expect((await stockById(t))[lobster.id]).toBe(1);
  expect(await orderCount(t)).toBe(5);
});

it('racing orders for the last units: each refused order takes nothing, not even the ingredients it wrote before its refusal', async () => {
  // Stock is taken in ingredient id order (ids roughly follow creation): a refused order has
  // usually written Onion and Butter before Truffle refuses, and only the rollback gives them back.
  const onion = await addIngredient(t, 'Onion', 100);
  const butter = await addIngredient(t, 'Butter', 100);
  const truffle = await addIngredient(t, 'Truffle', 3);
  const soup = await addDish(t, { name: 'Onion Soup', station: 'hot', ingredients: [{ ingredient_id: onion.id, is_essential: true }] });
  const risotto = await addDish(t, {
    name: 'Truffle Risotto',
    station: 'hot',
    ingredients: [
      { ingredient_id: butter.id, is_essential: false },
      { ingredient_id: truffle.id, is_essential: true },
    ],
  });
  const stockEvents: { id: string; qty: number }[] = [];
  t.store.onChange((event) => {
    if (event.collection === 'ingredients') stockEvents.push({ id: event.id, qty: (event.after as { in_stock_qty: number }).in_stock_qty });
  });

  const responses = await burst(20, [soup.id, risotto.id]);

  expect(count(responses, 201)).toBe(3);
  expect(count(responses, 409)).toBe(17);
  const stock = await stockById(t);
  expect([stock[onion.id], stock[butter.id], stock[truffle.id]]).toEqual([97, 97, 0]);
  expect(await orderCount(t)).toBe(3);
  // Only the three orders made changes anyone heard of: one event per ingredient each, stock falling by one.
  expect(stockEvents.filter((event) => event.id === truffle.id).map((event) => event.qty)).toEqual([2, 1, 0]);
  expect(stockEvents.filter((event) => event.id === onion.id).map((event) => event.qty)).toEqual([99, 98, 97]);
  expect(stockEvents).toHaveLength(9);
});
