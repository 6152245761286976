// /orders through HTTP: every endpoint's success and each of its error answers. (The order life
// cycle in depth — every status move, scheduling, stock races — has its own suite in test/orders.)
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../../helpers/menu.js';
import { ticketItem } from '../../helpers/ticket-items.js';
import {
  aTimestamp,
  anId,
  expectCreated,
  expectInvalid,
  expectNoContent,
  expectProblem,
  expectQueryError,
  expectUnauthorized,
  UNKNOWN_ID,
} from './support.js';

// Most tests act on orders they place themselves and share one app and menu for the file (stocked
// deep, so their orders never run it out). A test that counts stock or portions, or lists every
// order, starts a fresh app with the usual menu of 20 of each (`fresh`).
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
fileScene(
  async (app) => ({ t: app, menu: await seedMenu(app, 1000) }),
  (scene) => ({ t, menu } = scene),
);
async function fresh(startApp: StartApp) {
  t = await startApp();
  menu = await seedMenu(t);
}

const stockOf = async (id: string) =>
  (await t.inject({ method: 'GET', url: `/ingredients/${id}?fields=in_stock_qty` })).json().in_stock_qty as number;

describe('POST /orders', () => {
  it('creates a Received order with priority 3: 201, Location, the order; stock is taken per dish occurrence', async ({ startApp }) => {
    await fresh(startApp);
    const payload = {
      name: 'Ben',
      dish_ids: [menu.salad.id, menu.salad.id, menu.lemonade.id],
      table_number: 0,
      special_requests: 'No croutons',
    };
    const created = expectCreated(await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload }), '/orders');
    // dish_ids is a view of the items: one of quantity 1 per entry, in order.
    const item = (dish: typeof menu.salad) => ({
      id: anId(),
      dish_id: dish.id,
      quantity: 1,
      seat: null,
      option_ids: [],
      note: null,
      course: 1,
      name: dish.name,
      price: dish.price,
      minutes: dish.preparation_time,
      allergens: [],
      modifiers: [],
      status: 'Active',
    });
    const items = created.items as Order['items'];
    const entry = (index: number) => ticketItem({ item_id: items[index]!.id, name: items[index]!.name });
    expect(created).toStrictEqual({
      id: anId(),
      created_at: aTimestamp(),
      updated_at: created.created_at,
      ...payload,
      items: [item(menu.salad), item(menu.salad), item(menu.lemonade)],
      total: menu.salad.price * 2 + menu.lemonade.price,
      scheduled_at: null,
      allergies: [],
      seat_allergies: [],
      priority: 3,
      status: 'Received',
      fire_at: null,
      pacing: 'at_once',
      course_gap_minutes: null,
      tickets: [
        {
          station: 'cold',
          status: 'Received',
          fired_at: aTimestamp(),
          started_at: null,
          ready_at: null,
          bumped_by: null,
          course: 1,
          fire_at: aTimestamp(),
          changes: [],
          round: 1,
          items: [entry(0), entry(1)],
        },
        {
          station: 'beverages',
          status: 'Received',
          fired_at: aTimestamp(),
          started_at: null,
          ready_at: null,
          bumped_by: null,
          course: 1,
          fire_at: aTimestamp(),
          changes: [],
          round: 1,
          items: [entry(2)],
        },
      ],
      ready_at: null,
      closed_at: null,
      quoted_ready_at: aTimestamp(),
      expected_ready_at: created.quoted_ready_at,
    });
    expect([
      await stockOf(menu.lettuce.id),
      await stockOf(menu.salt.id),
      await stockOf(menu.lemon.id),
      await stockOf(menu.beef.id),
    ]).toStrictEqual([18, 18, 19, 20]);
  });

  it('creates a Draft for an order due later than its longest dish plus 5 minutes, fired at scheduled_at minus that time', async () => {
    const scheduledAt = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    const order = await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', { scheduled_at: scheduledAt.toISOString() });
    expect({ status: order.status, scheduled_at: order.scheduled_at, fire_at: order.fire_at }).toStrictEqual({
      status: 'Draft',
      scheduled_at: scheduledAt.toISOString(),
      fire_at: new Date(scheduledAt.getTime() - 25 * 60_000).toISOString(),
    });
  });

  it('any signed-in role may order', async () => {
    for (const role of ['chef', 'expeditor', 'manager'] as const) {
      expectCreated(
        await t.inject({ method: 'POST', url: '/orders', as: role, payload: { name: role, dish_ids: [menu.lemonade.id] } }),
        '/orders',
      );
    }
  });

  it('400 naming each invalid field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben Smith', dish_ids: [], table_number: 1.5, special_requests: 'x'.repeat(501), scheduled_at: 'tomorrow' },
    });
    expectInvalid(response, 'body', [
      { path: 'name', message: 'must not contain whitespace' },
      { path: 'dish_ids', message: 'must NOT have fewer than 1 items' },
      { path: 'table_number', message: 'must be integer' },
      { path: 'special_requests', message: 'must NOT have more than 500 characters' },
      { path: 'scheduled_at', message: 'must match format "date-time"' },
    ]);
  });

  it('400 for more than 100 dishes, and for a negative table number', async () => {
    const many = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: Array(101).fill(menu.lemonade.id) },
    });
    expectInvalid(many, 'body', [{ path: 'dish_ids', message: 'must NOT have more than 100 items' }]);
    const table = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.lemonade.id], table_number: -1 },
    });
    expectInvalid(table, 'body', [{ path: 'table_number', message: 'must be >= 0' }]);
  });

  it('400 listing unknown dish ids; nothing is consumed', async ({ startApp }) => {
    await fresh(startApp);
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id, UNKNOWN_ID, UNKNOWN_ID] },
    });
    expectProblem(response, 400, `Unknown dish ids: ${UNKNOWN_ID}.`, {
      errors: [{ path: 'dish_ids', message: `unknown dish ids: ${UNKNOWN_ID}` }],
    });
    expect(await stockOf(menu.lettuce.id)).toBe(20);
  });

  it('400 for a scheduled_at in the past', async () => {
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id], scheduled_at: past },
    });
    expectProblem(response, 400, 'scheduled_at lies in the past; send a future time, or null for now.', {
      errors: [{ path: 'scheduled_at', message: 'must be in the future' }],
    });
  });

  it('409 naming the dish and the essential ingredient when it would run out; nothing is consumed', async ({ startApp }) => {
    await fresh(startApp);
    const saffron = await addIngredient(t, 'Saffron', 1);
    const risotto = await addDish(t, {
      name: 'Risotto',
      station: 'hot',
      ingredients: [
        { ingredient_id: saffron.id, is_essential: true },
        { ingredient_id: menu.salt.id, is_essential: false },
      ],
    });
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id, risotto.id, risotto.id] },
    });
    expectProblem(
      response,
      409,
      `Dish "Risotto" (${risotto.id}) cannot be made: its essential ingredient "Saffron" (${saffron.id}) has 1 in stock and the order needs 2.`,
    );
    expect([await stockOf(saffron.id), await stockOf(menu.lettuce.id), await stockOf(menu.salt.id)]).toStrictEqual([1, 20, 20]);
  });

  it('401 without a token; 415 for a non-JSON body', async () => {
    expectUnauthorized(await t.inject({ method: 'POST', url: '/orders', payload: { name: 'Ben', dish_ids: [menu.salad.id] } }));
    expectProblem(
      await t.inject({ method: 'POST', url: '/orders', as: 'patron', headers: { 'content-type': 'text/csv' }, payload: 'Ben,1' }),
      415,
      'Send the body as application/json.',
    );
  });
});

describe('GET /orders', () => {
  it('staff see every order; a patron only their own', async ({ startApp }) => {
    await fresh(startApp);
    const mine = await placeOrder(t, [menu.salad.id], 'patron');
    const theirs = await placeOrder(t, [menu.steak.id], 'expeditor');
    const staff = await t.inject({ method: 'GET', url: '/orders', as: 'chef' });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toStrictEqual({ results: [mine, theirs], total_results: 2 });
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'patron' })).json()).toStrictEqual({ results: [mine], total_results: 1 });
  });

  it('401 without a token; 400 for a bad list parameter', async () => {
    expectUnauthorized(await t.inject({ method: 'GET', url: '/orders' }));
    expectQueryError(
      await t.inject({ method: 'GET', url: '/orders?filter=status.eq~Cooking', as: 'expeditor' }),
      'filter',
      "Invalid value 'Cooking' for 'status' in filter condition 'status.eq~Cooking'; expected one of Draft, " +
        'Received, In Progress, Ready for Assembly, On the Way, Ready for Pickup',
    );
  });

  it("a patron cannot reach others' orders by filtering", async () => {
    const theirs = await placeOrder(t, [menu.steak.id], 'manager');
    const response = await t.inject({ method: 'GET', url: `/orders?filter=id.eq~${theirs.id}`, as: 'patron' });
    expect(response.json()).toStrictEqual({ results: [], total_results: 0 });
    expectQueryError(
      await t.inject({ method: 'GET', url: `/orders?filter=owner_id.eq~${t.userIds.manager}`, as: 'patron' }),
      'filter',
      `Unknown property 'owner_id' in filter condition 'owner_id.eq~${t.userIds.manager}'; filterable ` +
        `properties: allergies, closed_at, course_gap_minutes, created_at, dish_ids, expected_ready_at, ` +
        `fire_at, id, items.dish_id, name, pacing, priority, quoted_ready_at, ready_at, scheduled_at, special_requests, ` +
        `status, table_number, tickets.station, tickets.status, total, updated_at`,
    );
  });
});

describe('GET /orders/{id}', () => {
  it('returns the order, whole or projected', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expect((await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'patron' })).json()).toStrictEqual(order);
    expect((await t.inject({ method: 'GET', url: `/orders/${order.id}?fields=status|priority`, as: 'expeditor' })).json()).toStrictEqual({
      status: 'Received',
      priority: 3,
    });
  });

  it("404 for an unknown id, a malformed one, and another patron's order", async () => {
    const theirs = await placeOrder(t, [menu.salad.id], 'chef');
    expectProblem(await t.inject({ method: 'GET', url: `/orders/${UNKNOWN_ID}`, as: 'manager' }), 404, `No order with id ${UNKNOWN_ID}.`);
    expectProblem(await t.inject({ method: 'GET', url: '/orders/42', as: 'manager' }), 404, 'No order with id 42.');
    expectProblem(await t.inject({ method: 'GET', url: `/orders/${theirs.id}`, as: 'patron' }), 404, `No order with id ${theirs.id}.`);
  });

  it('401 without a token; 400 for an unknown field', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectUnauthorized(await t.inject({ method: 'GET', url: `/orders/${order.id}` }));
    expectQueryError(
      await t.inject({ method: 'GET', url: `/orders/${order.id}?fields=owner_id`, as: 'manager' }),
      'fields',
      "Unknown field 'owner_id' in fields; valid fields: allergies, closed_at, course_gap_minutes, " +
        'created_at, dish_ids, expected_ready_at, fire_at, id, items, name, pacing, priority, quoted_ready_at, ' +
        'ready_at, scheduled_at, seat_allergies, special_requests, status, table_number, tickets, total, updated_at',
    );
  });
});

describe('GET /orders/{id}/dishes', () => {
  it('one Dish per dish_ids entry, duplicates kept, in order', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.steak.id, menu.salad.id, menu.steak.id, menu.lemonade.id]);
    const response = await t.inject({ method: 'GET', url: `/orders/${order.id}/dishes`, as: 'patron' });
    expect(response.statusCode).toBe(200);
    // As the dishes are now: the order took two steaks' and one salad's and lemonade's worth of stock.
    const [steak, salad, lemonade] = [
      { ...menu.steak, portions_left: 18 },
      { ...menu.salad, portions_left: 19 },
      { ...menu.lemonade, portions_left: 19 },
    ];
    expect(response.json()).toStrictEqual({ results: [steak, salad, steak, lemonade], total_results: 4 });
  });

  it('applies the list parameters after expanding the entries', async () => {
    const order = await placeOrder(t, [menu.steak.id, menu.salad.id, menu.steak.id, menu.lemonade.id]);
    const page = await t.inject({ method: 'GET', url: `/orders/${order.id}/dishes?offset=1&limit=2&fields=name`, as: 'chef' });
    expect(page.json()).toStrictEqual({ results: [{ name: 'Green Salad' }, { name: 'Steak' }], total_results: 4 });
    const hot = await t.inject({ method: 'GET', url: `/orders/${order.id}/dishes?filter=station.eq~hot&fields=id`, as: 'chef' });
    expect(hot.json()).toStrictEqual({ results: [{ id: menu.steak.id }, { id: menu.steak.id }], total_results: 2 });
    const quick = await t.inject({
      method: 'GET',
      url: `/orders/${order.id}/dishes?sort=preparation_time&order=desc&fields=name`,
      as: 'chef',
    });
    expect(quick.json()).toStrictEqual({
      results: [{ name: 'Steak' }, { name: 'Steak' }, { name: 'Green Salad' }, { name: 'Lemonade' }],
      total_results: 4,
    });
  });

  it('sorts ties by id in the sort direction, like every list', async () => {
    // Salad and steak cost the same: the lower id comes first ascending, last descending, and the
    // steak's two entries stay together.
    const order = await placeOrder(t, [menu.steak.id, menu.salad.id, menu.steak.id]);
    const ascending = menu.salad.id < menu.steak.id ? ['Green Salad', 'Steak', 'Steak'] : ['Steak', 'Steak', 'Green Salad'];
    for (const [direction, expected] of [
      ['asc', ascending],
      ['desc', [...ascending].reverse()],
    ] as const) {
      const response = await t.inject({
        method: 'GET',
        url: `/orders/${order.id}/dishes?sort=price&order=${direction}&fields=name`,
        as: 'chef',
      });
      expect(response.json()).toStrictEqual({ results: expected.map((name) => ({ name })), total_results: 3 });
    }
  });

  it("404 for an unknown id and another patron's order; 401 without a token; 400 for a bad parameter", async () => {
    const theirs = await placeOrder(t, [menu.salad.id], 'expeditor');
    expectProblem(
      await t.inject({ method: 'GET', url: `/orders/${UNKNOWN_ID}/dishes`, as: 'chef' }),
      404,
      `No order with id ${UNKNOWN_ID}.`,
    );
    expectProblem(
      await t.inject({ method: 'GET', url: `/orders/${theirs.id}/dishes`, as: 'patron' }),
      404,
      `No order with id ${theirs.id}.`,
    );
    expectUnauthorized(await t.inject({ method: 'GET', url: `/orders/${theirs.id}/dishes` }));
    expectQueryError(
      await t.inject({ method: 'GET', url: `/orders/${theirs.id}/dishes?offset=-1`, as: 'chef' }),
      'offset',
      'offset must be an integer of 0 or more',
    );
  });
});

describe('PUT /orders/{id}', () => {
  it('sets what it carries and keeps what it omits (special requests survive a PUT that cannot see them)', async () => {
    const order = await placeOrder(t, [menu.salad.id], 'patron', { special_requests: 'Extra dressing' });
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { name: 'Benjamin', dish_ids: [menu.salad.id] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ ...order, updated_at: aTimestamp(), name: 'Benjamin' });
  });

  it('accepts the status and priority an order already has (clients generated from the OpenAPI resend them)', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const payload = {
      name: 'Ben',
      dish_ids: [menu.salad.id],
      table_number: 4,
      special_requests: null,
      scheduled_at: null,
      status: 'Received',
      priority: 3,
    };
    const response = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'patron', payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ ...order, updated_at: aTimestamp() });
  });

  it("takes the original OpenAPI's UpdateOrderRequest, with nothing required, and refuses an invalid field (400)", async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const status = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'manager', payload: { status: 'In Progress' } });
    expect(status.json()).toMatchObject({
      name: order.name,
      dish_ids: order.dish_ids,
      table_number: order.table_number,
      status: 'In Progress',
    });
    expectInvalid(await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'manager', payload: { dish_ids: [] } }), 'body', [
      { path: 'dish_ids', message: 'must NOT have fewer than 1 items' },
    ]);
  });

  it('409 listing the allowed next statuses for a move that does not exist', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'expeditor',
      payload: { name: 'Ben', dish_ids: [menu.salad.id], status: 'On the Way' },
    });
    expectProblem(response, 409, 'An order cannot move from Received to On the Way; allowed next: In Progress.', {
      allowed: ['In Progress'],
    });
  });

  it('401, 403 and 404', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const payload = { name: 'Ben', dish_ids: [menu.salad.id], table_number: 9 };
    expectUnauthorized(await t.inject({ method: 'PUT', url: `/orders/${order.id}`, payload }));
    expectProblem(
      await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'chef', payload }),
      403,
      'Chefs may change only the status of an order, not table_number.',
    );
    expectProblem(
      await t.inject({ method: 'PUT', url: `/orders/${UNKNOWN_ID}`, as: 'manager', payload }),
      404,
      `No order with id ${UNKNOWN_ID}.`,
    );
  });
});

describe('PATCH /orders/{id}', () => {
  it('changes only the given fields', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'expeditor',
      payload: { priority: 0, status: 'In Progress' },
    });
    expect(response.statusCode).toBe(200);
    // A ticket's move applies to its items.
    const items = order.tickets[0]!.items.map((entry) => ({ ...entry, status: 'In Progress', started_at: aTimestamp() }));
    const tickets = [{ ...order.tickets[0], status: 'In Progress', started_at: aTimestamp(), bumped_by: t.userIds.expeditor, items }];
    expect(response.json()).toStrictEqual({ ...order, updated_at: aTimestamp(), priority: 0, status: 'In Progress', tickets });
  });

  it('changing dish_ids while Received moves stock for the difference', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.salad.id, menu.salad.id]);
    const response = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.salad.id, menu.steak.id] },
    });
    expect(response.json().dish_ids).toStrictEqual([menu.salad.id, menu.steak.id]);
    expect([await stockOf(menu.lettuce.id), await stockOf(menu.beef.id), await stockOf(menu.salt.id)]).toStrictEqual([19, 19, 18]);
  });

  it('400 for an empty body, a bad priority and an unknown property', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectInvalid(await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: {} }), 'body', [
      { path: 'body', message: 'must NOT have fewer than 1 properties' },
    ]);
    expectInvalid(await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: { priority: 6 } }), 'body', [
      { path: 'priority', message: 'must be <= 5' },
    ]);
    expectInvalid(await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: { table: 5 } }), 'body', [
      { path: 'table', message: 'is not a known property' },
    ]);
  });

  it('409 for a move that does not exist', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'manager', payload: { status: 'Draft' } }),
      409,
      'An order cannot move from Received to Draft; allowed next: In Progress.',
      {
        allowed: ['In Progress'],
      },
    );
  });

  it('401, 403 and 404', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectUnauthorized(await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, payload: { priority: 1 } }));
    expectProblem(
      await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { priority: 1 } }),
      403,
      'Only expeditors and managers may change the priority of an order.',
    );
    expectProblem(
      await t.inject({ method: 'PATCH', url: '/orders/nope', as: 'manager', payload: { priority: 1 } }),
      404,
      'No order with id nope.',
    );
  });
});

describe('DELETE /orders/{id}', () => {
  it('204 with no body; the stock comes back; the order is gone', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [menu.salad.id, menu.salad.id]);
    expectNoContent(await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'patron' }));
    expect(await stockOf(menu.lettuce.id)).toBe(20);
    expectProblem(await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' }), 404, `No order with id ${order.id}.`);
  });

  it('401, 403 and 404', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectUnauthorized(await t.inject({ method: 'DELETE', url: `/orders/${order.id}` }));
    expectProblem(await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'chef' }), 403, 'Chefs may not delete orders.');
    expectProblem(
      await t.inject({ method: 'DELETE', url: `/orders/${UNKNOWN_ID}`, as: 'expeditor' }),
      404,
      `No order with id ${UNKNOWN_ID}.`,
    );
  });
});
