// How far one order can grow: every addition, void of some units and remake adds to it, and each of
// its station's ticket rows carries the whole order, so an order that grew without end (a patron
// adding and voiding in a loop) made its station's list grow with the square of its rounds. At 150
// items (voided ones included) or 60 tickets, a change that would grow it is a 409, nothing written.
import { expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import { MAX_ORDER_ITEMS, MAX_ORDER_TICKETS } from '../../../models/order-item.js';
import type { Role } from '../../../models/user.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, addIngredient } from '../../helpers/menu.js';
import { expectProblem } from '../../server/api/support.js';

let t: TestApp;
it.beforeEach(async ({ startApp }) => {
  t = await startApp();
});

const send = (url: string, payload: object, as: Role) => t.inject({ method: 'POST', url, as, payload });
const stockOf = async (id: string): Promise<number> => (await t.inject({ method: 'GET', url: `/ingredients/${id}` })).json().in_stock_qty;
const full = (id: string) =>
  `Order ${id} holds as much as one order can (${MAX_ORDER_ITEMS} items, voided ones included, ` +
  `and ${MAX_ORDER_TICKETS} tickets): place a new order for more.`;

async function kitchen() {
  const malt = await addIngredient(t, 'Malt', 1000);
  const beef = await addIngredient(t, 'Beef', 1000);
  const beer = await addDish(t, {
    name: 'Beer',
    station: 'beverages',
    category: 'Drinks',
    ingredients: [{ ingredient_id: malt.id, is_essential: true }],
  });
  const steak = await addDish(t, { name: 'Steak', station: 'hot', ingredients: [{ ingredient_id: beef.id, is_essential: true }] });
  return { malt, beef, beer, steak };
}

it('a patron adding and voiding in a loop stops at 150 items: the next addition or split void is a 409, nothing changed', async () => {
  const { malt, beer } = await kitchen();
  const placed = await send('/orders', { name: 'Loop', table_number: 3, items: [{ dish_id: beer.id, quantity: 2 }] }, 'patron');
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<Order>().id;
  for (let entries = 1; entries < MAX_ORDER_ITEMS; entries += 1) {
    const added = await send(`/orders/${id}/items`, { items: [{ dish_id: beer.id }] }, 'patron');
    expect(added.statusCode, added.body).toBe(200);
    const item = added.json<Order>().items.at(-1)!;
    expect((await send(`/orders/${id}/items/${item.id}/void`, {}, 'patron')).statusCode).toBe(200);
  }
  const before = await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' });
  expect(before.json<Order>().items).toHaveLength(MAX_ORDER_ITEMS);
  const stock = await stockOf(malt.id);

  expectProblem(await send(`/orders/${id}/items`, { items: [{ dish_id: beer.id }] }, 'patron'), 409, full(id));
  // Voiding one of the first item's two units would add a Voided item beside it.
  const first = before.json<Order>().items[0]!;
  expectProblem(await send(`/orders/${id}/items/${first.id}/void`, { quantity: 1 }, 'patron'), 409, full(id));

  const after = await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' });
  expect(after.body).toBe(before.body);
  expect(await stockOf(malt.id)).toBe(stock);
  // What does not grow it still goes: the whole item voided.
  const voided = await send(`/orders/${id}/items/${first.id}/void`, {}, 'patron');
  expect(voided.statusCode, voided.body).toBe(200);
  expect(voided.json<Order>().items).toHaveLength(MAX_ORDER_ITEMS);
});

it('remakes stop at 60 tickets: the next is a 409, its stock not taken', async () => {
  const { beef, steak } = await kitchen();
  const placed = await send('/orders', { name: 'Remakes', table_number: 4, dish_ids: [steak.id] }, 'patron');
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<Order>();
  for (let tickets = 1; tickets < MAX_ORDER_TICKETS; tickets += 1) {
    const remade = await send(`/orders/${order.id}/items/${order.items[0]!.id}/remake`, { reason: 'sent back' }, 'chef');
    expect(remade.statusCode, remade.body).toBe(200);
  }
  const stock = await stockOf(beef.id);
  expectProblem(
    await send(`/orders/${order.id}/items/${order.items[0]!.id}/remake`, { reason: 'dropped' }, 'expeditor'),
    409,
    full(order.id),
  );
  const after = await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' });
  expect(after.json<Order>().tickets).toHaveLength(MAX_ORDER_TICKETS);
  expect(await stockOf(beef.id)).toBe(stock);
});
