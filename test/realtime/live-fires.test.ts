// A fire reaches the boards: firing a held course is an order.updated to the stations of the order
// and the expeditor, carrying the fired ticket, on both transports.
import { afterEach, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { Envelope } from '../../realtime/events.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../helpers/menu.js';
import { openScreens, type Screens } from './helpers/screens.js';

let t: TestApp;
let screens: Screens;

it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  screens?.close();
});

type Updated = Extract<Envelope, { type: 'order.updated' }>;

it('fires course 2 on the hot board and the pass, and tells the beverages board nothing', async () => {
  const rice = await addIngredient(t, 'Rice', 100);
  const ingredients = [{ ingredient_id: rice.id, is_essential: false }];
  const salad = await addDish(t, { name: 'Salad', station: 'cold', category: 'Appetizer', preparation_time: 5, ingredients });
  const risotto = await addDish(t, { name: 'Risotto', station: 'hot', category: 'Main Course', preparation_time: 18, ingredients });
  const order = await placeOrder(t, [salad.id, risotto.id], 'patron', { pacing: 'courses' });
  screens = await openScreens(t);
  const fired = await t.inject({ method: 'POST', url: `/orders/${order.id}/courses/2/fire`, as: 'expeditor' });
  expect(fired.statusCode).toBe(200);
  await screens.fence();
  const heard = (room: 'station:hot' | 'station:cold' | 'station:beverages' | 'expeditor') =>
    screens.byRoom[room].map((screen) =>
      screen.inbox.envelopes
        .filter((e): e is Updated => e.type === 'order.updated' && e.data.id === order.id)
        .map((e) => e.data.tickets.map((ticket) => [ticket.course, ticket.station, ticket.status])),
    );
  const after = [
    [
      [1, 'cold', 'Received'],
      [2, 'hot', 'Received'],
    ],
  ];
  for (const room of ['station:hot', 'station:cold', 'expeditor'] as const) expect(heard(room)).toEqual([after, after]);
  expect(heard('station:beverages')).toEqual([[], []]);
});
