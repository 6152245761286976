// Who may edit an order, and how: priority is the expeditor's and manager's, chefs only move status,
// patrons change their own orders only while Draft or Received; PUT replaces, PATCH changes what is given.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { fileScene, it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { getOrder, moveTo, problemOf } from './support.js';

// Every test edits orders it places itself: the file's tests share one app, menu and second
// patron, made once.
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
let otherPatron: string;

fileScene(
  async (app) => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { user_name: 'patron2', email: 'patron2@example.com', password: PASSWORD, role: 'patron' },
    });
    expect(signUp.statusCode).toBe(201);
    const login = await app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: 'patron2', password: PASSWORD },
    });
    return { t: app, menu: await seedMenu(app, 10_000), otherPatron: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  },
  (scene) => ({ t, menu, otherPatron } = scene),
);

const newOrder = () => placeOrder(t, [menu.salad.id], 'patron', { special_requests: 'No onions' });

describe('priority', () => {
  it.each([
    ['patron', 403],
    ['chef', 403],
    ['expeditor', 200],
    ['manager', 200],
  ] as const)('%s changing priority: %d', async (role, status) => {
    const order = await newOrder();
    const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: role, payload: { priority: 0 } });
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(problemOf(response).title).toBe('Forbidden');
    expect((await getOrder(t, order.id)).priority).toBe(status === 200 ? 0 : 3);
  });

  it('may be changed by an expeditor whatever the status, within 0–5', async () => {
    const order = await moveTo(t, await newOrder(), 'Ready for Pickup');
    const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { priority: 5 } });
    expect(response.json<Order>()).toMatchObject({ priority: 5, status: 'Ready for Pickup' });
    const outOfRange = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { priority: 6 } });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('resent unchanged by a chef is not a change', async () => {
    const order = await newOrder();
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'chef',
      payload: { priority: 3, status: 'In Progress' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({ priority: 3, status: 'In Progress' });
  });
});

describe('chefs', () => {
  it('may not change anything but the status, nor delete', async () => {
    const order = await newOrder();
    const rename = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'chef',
      payload: { name: 'Chef', status: 'In Progress' },
    });
    expect(rename.statusCode).toBe(403);
    expect(await getOrder(t, order.id)).toMatchObject({ name: 'Ben', status: 'Received' });
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'chef' })).statusCode).toBe(403);
  });
});

describe("a patron's own order", () => {
  it('can be changed while Received and while Draft', async () => {
    const received = await newOrder();
    const patched = await t.inject({
      method: 'PATCH',
      url: `/orders/${received.id}`,
      as: 'patron',
      payload: { name: 'Anna', table_number: 9 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Order>()).toMatchObject({
      name: 'Anna',
      table_number: 9,
      special_requests: 'No onions',
      status: 'Received',
      priority: 3,
    });

    const scheduled_at = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString();
    const draft = await placeOrder(t, [menu.salad.id], 'patron', { scheduled_at });
    const changed = await t.inject({
      method: 'PATCH',
      url: `/orders/${draft.id}`,
      as: 'patron',
      payload: { special_requests: 'Extra lemon' },
    });
    expect(changed.json<Order>()).toMatchObject({ special_requests: 'Extra lemon', status: 'Draft' });
  });

  it('keeps what a PUT omits: special requests and the schedule survive a PUT of the original OpenAPI body', async () => {
    const scheduled_at = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString();
    const order = await placeOrder(t, [menu.salad.id], 'patron', { scheduled_at, special_requests: 'No onions' });
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.salad.id, menu.salad.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>()).toMatchObject({
      name: order.name,
      dish_ids: [menu.salad.id, menu.salad.id],
      table_number: order.table_number,
      special_requests: 'No onions',
      scheduled_at,
      status: 'Draft',
      priority: 3,
    });
  });

  it('clears a nullable property a PUT sends as null, and takes an empty PUT as no change', async () => {
    const order = await newOrder();
    const cleared = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { special_requests: null, table_number: null },
    });
    expect(cleared.json<Order>()).toMatchObject({ special_requests: null, table_number: null, name: order.name, dish_ids: order.dish_ids });
    const empty = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'patron', payload: {} });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Order>()).toMatchObject({ special_requests: null, table_number: null, name: order.name, status: 'Received' });
  });

  it('cannot be changed or deleted once the kitchen has started (403)', async () => {
    const order = await moveTo(t, await newOrder(), 'In Progress');
    const patch = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'patron', payload: { name: 'Anna' } });
    expect(patch.statusCode).toBe(403);
    const put = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { name: 'Anna', dish_ids: order.dish_ids },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(403);
    expect(await getOrder(t, order.id)).toMatchObject({ name: 'Ben', status: 'In Progress' });
  });

  it('can be deleted while Received', async () => {
    const order = await newOrder();
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).statusCode).toBe(404);
  });

  it('is invisible to another patron: 404 on read, change and delete', async () => {
    const order = await newOrder();
    const headers = { authorization: otherPatron };
    expect((await t.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/orders/${order.id}`, headers, payload: { name: 'Mallory' } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/orders/${order.id}`, headers })).statusCode).toBe(404);
    expect((await getOrder(t, order.id)).name).toBe('Ben');
  });
});

describe('staff edits', () => {
  it('an expeditor may rename a started order but not change its dishes (409)', async () => {
    const order = await moveTo(t, await newOrder(), 'Ready for Assembly');
    const rename = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { name: 'Anna' } });
    expect(rename.json<Order>()).toMatchObject({ name: 'Anna', status: 'Ready for Assembly' });
    const dishes = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: { dish_ids: [menu.steak.id] } });
    expect(dishes.statusCode).toBe(409);
    expect((await getOrder(t, order.id)).dish_ids).toEqual([menu.salad.id]);
  });

  it('a manager PUT changes the details and may move the status in the same request', async () => {
    const order = await newOrder();
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'manager',
      payload: { name: 'Anna', dish_ids: [menu.salad.id], table_number: 2, status: 'In Progress', priority: 1 },
    });
    expect(response.json<Order>()).toMatchObject({
      name: 'Anna',
      table_number: 2,
      special_requests: 'No onions',
      status: 'In Progress',
      priority: 1,
    });
  });
});
