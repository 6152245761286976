// A replayed request writes nothing, so no screen hears of it: the kitchen sees one order.created
// however often the tablet retries (checked with a real socket.io client in the expeditor room).
import { afterEach, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import type { TestApp } from '../../helpers/app.js';
import { addDish, addIngredient } from '../../helpers/menu.js';
import { sioIn, type SioClient } from '../../realtime/helpers/clients.js';

let t: TestApp;
let screen: SioClient | undefined;
it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  screen?.close();
});

it('a replay pushes no event to any room', async () => {
  const rice = await addIngredient(t, 'Rice', 1);
  const dish = await addDish(t, { name: 'Risotto', station: 'hot', ingredients: [{ ingredient_id: rice.id, is_essential: true }] });
  const lemon = await addIngredient(t, 'Lemon', 100);
  const other = await addDish(t, {
    name: 'Lemonade',
    station: 'beverages',
    ingredients: [{ ingredient_id: lemon.id, is_essential: true }],
  });
  screen = await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor', 'station:hot', 'menu']);
  const place = () =>
    t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      headers: { 'idempotency-key': 'k-live' },
      payload: { name: 'Ben', dish_ids: [dish.id] },
    });

  const first = (await place()).json<{ id: string }>();
  await screen.inbox.waitFor((e) => e.type === 'dish.availability', 'the sell-out, last of the commit');
  const before = screen.inbox.summary();
  for (let retry = 0; retry < 3; retry += 1) expect((await place()).headers['idempotent-replayed']).toBe('true');
  // A later write's events arrive after anything the replays could have caused.
  const marker = (await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Ana', dish_ids: [other.id] } })).json<{
    id: string;
  }>();
  await screen.inbox.waitFor(
    (e) => e.type === 'stock.updated' && e.data.ingredients.some((level) => level.id === lemon.id),
    "the marker order's stock",
  );

  // The first order reached the hot station (with its new counts), the expeditor, then its stock
  // and the sell-out the menu: once each.
  expect(before).toEqual([
    `order.created ${first.id}`,
    'station.all_day',
    `order.created ${first.id}`,
    'stock.updated',
    `dish.availability ${dish.id}`,
  ]);
  expect(screen.inbox.summary().slice(before.length)).toEqual([`order.created ${marker.id}`, 'stock.updated']);
});
