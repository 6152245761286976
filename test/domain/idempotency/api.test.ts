// Idempotency-Key through the API: one order however often a tablet retries, the same answer every
// time, 422 for a different request with the key, 400 for a malformed key, and keys that expire.
import { describe, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { FrozenClock, PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, addIngredient } from '../../helpers/menu.js';

let t: TestApp;
let dishId: string;
let saffronId: string;

async function risotto() {
  const saffron = await addIngredient(t, 'Saffron', 50);
  saffronId = saffron.id;
  dishId = (await addDish(t, { name: 'Risotto', station: 'hot', ingredients: [{ ingredient_id: saffron.id, is_essential: true }] })).id;
}

it.beforeEach(async ({ startApp }) => {
  t = await startApp();
  await risotto();
});

const orderBody = (extra: Record<string, unknown> = {}) => ({ name: 'Ben', table_number: 4, dish_ids: [dishId, dishId], ...extra });
const postOrder = (key: string, payload = orderBody(), as: 'patron' | 'chef' = 'patron') =>
  t.inject({ method: 'POST', url: '/orders', as, headers: { 'idempotency-key': key }, payload });
const setStock = (qty: number) =>
  t.inject({ method: 'PATCH', url: `/ingredients/${saffronId}`, as: 'chef', payload: { in_stock_qty: qty } });
const stock = async () =>
  (await t.inject({ method: 'GET', url: `/ingredients/${saffronId}`, as: 'chef' })).json<{ in_stock_qty: number }>().in_stock_qty;
const orderCount = async () => (await t.store.collection('orders').find([])).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a tablet does: on 409 with Retry-After it waits that long and sends the same request again. */
async function sendUntilAnswered(send: () => Promise<LightMyRequestResponse>): Promise<{ first: number; final: LightMyRequestResponse }> {
  let response = await send();
  const first = response.statusCode;
  while (response.statusCode === 409 && response.headers['retry-after']) {
    await sleep(Number(response.headers['retry-after']) * 1000);
    response = await send();
  }
  return { first, final: response };
}

describe('Idempotency-Key on POST /orders', () => {
  it('20 concurrent sends with one key make one order, take stock once, and all get the same 201', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => sendUntilAnswered(() => postOrder('tablet-7-checkout-1'))));
    const finals = results.map((result) => result.final);
    expect(finals.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    // While the first ran, the others were told to come back (409 + Retry-After), never run.
    expect(results.every((result) => result.first === 201 || result.first === 409)).toBe(true);
    const [original] = finals.filter((response) => response.headers['idempotent-replayed'] === undefined);
    expect(finals.filter((response) => response.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(finals.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    for (const response of finals) {
      expect(response.body).toBe(original!.body);
      expect(response.headers.location).toBe(`/orders/${original!.json<{ id: string }>().id}`);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(48);
  });

  it('a replay answers the stored 201 even after the order changed, and writes nothing', async () => {
    const first = await postOrder('k-1');
    const order = first.json<{ id: string }>();
    await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { status: 'In Progress' } });
    const again = await postOrder('k-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.json<{ status: string }>().status).toBe('Received');
    expect(await orderCount()).toBe(1);
  });

  it('the same key with a different body is a 422 Problem and changes nothing', async () => {
    await postOrder('k-2');
    const other = await postOrder('k-2', orderBody({ table_number: 5 }));
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toContain('application/problem+json');
    expect(other.json()).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(48);
  });

  it('the same body with its properties in another order is the same request', async () => {
    const first = await postOrder('k-order');
    const { name, table_number, dish_ids } = orderBody();
    const again = await postOrder('k-order', { dish_ids, table_number, name } as ReturnType<typeof orderBody>);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('keys belong to their caller: another user with the same key places their own order', async () => {
    const mine = await postOrder('shared-key');
    const theirs = await postOrder('shared-key', orderBody(), 'chef');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
    expect(await orderCount()).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['a space', 'two words'],
    ['256 characters', 'k'.repeat(256)],
    ['non-ASCII', 'clé'],
  ])('a key with %s is a 400 Problem and nothing is written', async (_what, key) => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      headers: { 'idempotency-key': key },
      payload: orderBody(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      errors: [{ path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' }],
    });
    expect(await orderCount()).toBe(0);
  });

  it('accepts 255 visible characters', async () => {
    expect((await postOrder('~'.repeat(255))).statusCode).toBe(201);
  });

  it('keys expire after 24 hours: the key then starts afresh', async ({ startApp }) => {
    // A clock that moves only when told: the day ends to the second, however long the sign-in takes.
    t = await startApp({ clock: new FrozenClock() });
    await risotto();
    await postOrder('k-day');
    t.clock.advance(24 * 60 * 60 * 1000 - 1000);
    // A day later the patron's access token has long expired: they sign in again.
    const login = await t.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: 'patron1', password: PASSWORD },
    });
    t.tokens.patron = login.json<{ access_token: string }>().access_token;
    expect((await postOrder('k-day', orderBody({ table_number: 9 }))).statusCode).toBe(422);
    t.clock.advance(2000);
    const fresh = await postOrder('k-day', orderBody({ table_number: 9 }));
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount()).toBe(2);
  });

  it('a replay after the stock ran out still answers the stored 201; its refused run leaves nothing', async () => {
    const first = await postOrder('k-out');
    await setStock(1);
    const again = await postOrder('k-out');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(1);
  });

  it('a 409 (out of stock) is stored and replayed; a 5xx or 429 would not be', async () => {
    await setStock(1);
    const refused = await postOrder('k-stock');
    expect(refused.statusCode).toBe(409);
    await setStock(10);
    const again = await postOrder('k-stock');
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);
    expect(await orderCount()).toBe(0);
  });
});

describe('Idempotency-Key on other writes', () => {
  it('DELETE replays its 204 and gives the stock back once', async () => {
    const { id } = (await postOrder('k-place')).json<{ id: string }>();
    const remove = () => t.inject({ method: 'DELETE', url: `/orders/${id}`, as: 'patron', headers: { 'idempotency-key': 'k-cancel' } });
    const first = await remove();
    const second = await remove();
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await stock()).toBe(50);
  });

  it('PATCH replays the stored 200 body', async () => {
    const patch = () =>
      t.inject({
        method: 'PATCH',
        url: `/ingredients/${saffronId}`,
        as: 'chef',
        headers: { 'idempotency-key': 'k-restock' },
        payload: { in_stock_delta: 5 },
      });
    const first = await patch();
    const second = await patch();
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toBe(first.body);
    expect(await stock()).toBe(55);
  });

  it('an anonymous sign-up is scoped to its route and replayed without the password hash', async () => {
    const payload = { user_name: 'guest_ana', email: 'ana@example.com', password: 'Table@18x', role: 'patron' };
    const signUp = () => t.inject({ method: 'POST', url: '/users', headers: { 'idempotency-key': 'signup-1' }, payload });
    const first = await signUp();
    const second = await signUp();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(first.headers.location).toBe(`/users/${first.json<{ id: string }>().id}`);
    expect(second.body).not.toContain('password');
    const [record] = await t.store.collection('idempotency_keys').find([]);
    expect(record?.scope).toBe('route:POST /users');
    expect(JSON.stringify(record)).not.toContain('password_hash');
  });

  it('a write that stores nothing of its own (unlock) replays its 204; the key for another user is a 422', async () => {
    const unlock = (role: 'chef' | 'expeditor') =>
      t.inject({ method: 'POST', url: `/users/${t.userIds[role]}/unlock`, as: 'manager', headers: { 'idempotency-key': 'k-unlock' } });
    const first = await unlock('chef');
    const second = await unlock('chef');
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    const other = await unlock('expeditor');
    expect(other.statusCode).toBe(422);
    expect(other.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(other.json()).toMatchObject({ status: 422, title: 'Unprocessable Entity' });
    expect(await t.store.collection('idempotency_keys').find([])).toHaveLength(1);
  });

  it('a login with a key still logs in, and no token is stored', async () => {
    const login = () =>
      t.inject({
        method: 'POST',
        url: '/auth/token',
        headers: { 'idempotency-key': 'login-1' },
        payload: { grant_type: 'password', user_name: 'chef1', password: PASSWORD },
      });
    expect((await login()).statusCode).toBe(201);
    expect((await login()).headers['idempotent-replayed']).toBeUndefined();
    expect(await t.store.collection('idempotency_keys').find([])).toEqual([]);
  });
});
