// The my-orders room on both transports: two patrons and a chef each place orders; every one of
// them hears of their own orders (created, updated, deleted, with dishes) and of nobody else's.
import { afterEach, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { Dish } from '../../models/dish.js';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { addDish, addIngredient } from '../helpers/menu.js';
import { connectSio, connectWs, sioIn, wsIn, type SioClient, type WsClient } from './helpers/clients.js';

let t: TestApp;
let clients: (SioClient | WsClient)[] = [];
it.beforeEach(async ({ app }) => {
  t = app;
});
afterEach(async () => {
  clients.forEach((client) => client.close());
  clients = [];
});

async function signUpPatron(userName: string): Promise<string> {
  const created = await t.inject({
    method: 'POST',
    url: '/users',
    payload: { user_name: userName, email: `${userName}@example.com`, password: PASSWORD, role: 'patron' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const login = await t.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', user_name: userName, password: PASSWORD },
  });
  return login.json<{ access_token: string }>().access_token;
}

async function place(token: string, name: string, dish: Dish): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/orders',
    headers: { authorization: `Bearer ${token}` },
    payload: { name, dish_ids: [dish.id] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

it('a patron in my-orders receives their own orders only, on socket.io and /ws', async () => {
  const rice = await addIngredient(t, 'Rice', 100);
  const risotto = await addDish(t, { name: 'Risotto', station: 'hot', ingredients: [{ ingredient_id: rice.id, is_essential: true }] });
  const tokens = { ana: await signUpPatron('ana'), ben: await signUpPatron('ben'), chef: t.tokens.chef };
  const screens = Object.fromEntries(
    await Promise.all(
      Object.entries(tokens).map(async ([who, token]) => {
        const pair = [await sioIn(t.url, `socket.io ${who}`, token, ['my-orders']), await wsIn(t.url, `ws ${who}`, token, ['my-orders'])];
        clients.push(...pair);
        return [who, pair] as const;
      }),
    ),
  ) as Record<keyof typeof tokens, (SioClient | WsClient)[]>;

  const anas = await place(tokens.ana, 'Ana', risotto);
  const bens = await place(tokens.ben, 'Ben', risotto);
  const chefs = await place(tokens.chef, 'Staff', risotto);
  expect((await t.inject({ method: 'PATCH', url: `/orders/${anas}`, as: 'chef', payload: { status: 'In Progress' } })).statusCode).toBe(
    200,
  );
  expect(
    (await t.inject({ method: 'DELETE', url: `/orders/${bens}`, headers: { authorization: `Bearer ${tokens.ben}` } })).statusCode,
  ).toBe(204);
  // A last order each: once it has arrived, everything committed before it has too.
  const last = {
    ana: await place(tokens.ana, 'Ana', risotto),
    ben: await place(tokens.ben, 'Ben', risotto),
    chef: await place(tokens.chef, 'Staff', risotto),
  };
  const expected = {
    ana: [`order.created ${anas}`, `order.updated ${anas}`, `order.created ${last.ana}`],
    ben: [`order.created ${bens}`, `order.deleted ${bens}`, `order.created ${last.ben}`],
    chef: [`order.created ${chefs}`, `order.created ${last.chef}`],
  };
  for (const who of ['ana', 'ben', 'chef'] as const) {
    for (const screen of screens[who]) {
      await screen.inbox.waitFor((e) => (e.data as { id?: string }).id === last[who], `${who}'s last order`);
      expect({ screen: screen.inbox.name, got: screen.inbox.summary() }).toEqual({ screen: screen.inbox.name, got: expected[who] });
    }
  }
  const updated = screens.ana[1]!.inbox.envelopes[1]!.data;
  expect(updated).toMatchObject({
    id: anas,
    status: 'In Progress',
    dishes: [{ id: risotto.id, name: 'Risotto' }],
    tickets: [{ station: 'hot', status: 'In Progress' }],
  });
  expect(updated).not.toHaveProperty('owner_id');
});

it('answers the subscription with my-orders, and refuses it to anonymous clients', async () => {
  const patron = await sioIn(t.url, 'socket.io patron', t.tokens.patron, ['menu']);
  clients.push(patron);
  expect(await patron.subscribe(['my-orders'])).toEqual({ ok: true, rooms: ['menu', 'my-orders'] });
  const ws = await connectWs(t.url, 'ws patron', { token: t.tokens.patron });
  clients.push(ws);
  expect(await ws.subscribe(['my-orders', 'menu'])).toEqual({ type: 'subscribed', rooms: ['my-orders', 'menu'] });
  const anonymous = await connectSio(t.url, 'socket.io anonymous');
  clients.push(anonymous);
  expect(await anonymous.subscribe(['my-orders'])).toMatchObject({ ok: false, status: 401 });
  const anonymousWs = await connectWs(t.url, 'ws anonymous');
  clients.push(anonymousWs);
  expect(await anonymousWs.subscribe(['my-orders'])).toMatchObject({ type: 'error', status: 401 });
});
