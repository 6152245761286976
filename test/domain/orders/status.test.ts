// The status machine, move by move and role by role: every (from, to) pair for every role gets the
// contract's answer — 200 for an allowed move, 403 for a move the role may not make, 409 (with the
// allowed next statuses) for a move that does not exist — and resending the current status is accepted.
import { describe, expect } from 'vitest';
import { STATUSES, type Order, type OrderStatus } from '../../../models/order.js';
import type { Role } from '../../../models/user.js';
import { ROLES_UNDER_TEST, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { getOrder, moveTo, problemOf } from './support.js';

/** The contract's moves: forward, plus one step back (recall) from In Progress and Ready for Assembly. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  Draft: ['Received'],
  Received: ['In Progress'],
  'In Progress': ['Ready for Assembly', 'Received'],
  'Ready for Assembly': ['On the Way', 'Ready for Pickup', 'In Progress'],
  'On the Way': [],
  'Ready for Pickup': [],
};

const CHEF_MOVES = ['Received>In Progress', 'In Progress>Ready for Assembly', 'In Progress>Received', 'Ready for Assembly>In Progress'];

/** What the contract answers when `role` asks to move its order from `from` to `to`. */
function expected(role: Role, from: OrderStatus, to: OrderStatus): 200 | 403 | 409 {
  if (role === 'patron') {
    // Patrons never change a status; resending it is fine while they may still edit the order.
    return from === to && (from === 'Draft' || from === 'Received') ? 200 : 403;
  }
  if (from === to) return 200;
  if (!NEXT[from].includes(to)) return 409;
  if (role === 'chef' && !CHEF_MOVES.includes(`${from}>${to}`)) return 403;
  return 200;
}

const cases = ROLES_UNDER_TEST.flatMap((role) =>
  STATUSES.flatMap((from) => STATUSES.map((to) => ({ role, from, to, status: expected(role, from, to) }))),
);

let t: TestApp;
let dishIds: string[];

// One app for the file: every case brings a fresh order of its own to its starting status.
it.beforeAll(async ({ startFileApp }) => {
  t = await startFileApp();
  const menu = await seedMenu(t, 10_000);
  dishIds = [menu.salad.id, menu.steak.id];
});

/** A fresh order of the patron's, brought to `status` by a manager. */
async function orderIn(status: OrderStatus): Promise<Order> {
  const scheduled_at = status === 'Draft' ? new Date(t.clock.now().getTime() + 4 * 3_600_000).toISOString() : undefined;
  const order = await placeOrder(t, dishIds, 'patron', scheduled_at ? { scheduled_at } : {});
  expect(order.status).toBe(status === 'Draft' ? 'Draft' : 'Received');
  return moveTo(t, order, status);
}

describe('PATCH status, every pair for every role', () => {
  it('covers 6 × 6 pairs for 4 roles', () => {
    expect(cases).toHaveLength(144);
  });

  it.each(cases)('$role: $from → $to answers $status', async ({ role, from, to, status }) => {
    const order = await orderIn(from);
    const response = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: role, payload: { status: to } });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      expect(response.json<Order>()).toMatchObject({ id: order.id, status: to });
    } else {
      const problem = problemOf(response);
      expect(problem.title).toBe(status === 409 ? 'Conflict' : 'Forbidden');
      if (status === 409) {
        expect(problem.allowed).toEqual(NEXT[from]);
        for (const next of NEXT[from]) expect(problem.detail).toContain(next);
      } else {
        expect(problem.allowed).toBeUndefined();
      }
    }
    expect((await getOrder(t, order.id)).status).toBe(status === 200 ? to : from);
  });
});

describe('PUT carries status moves too', () => {
  function putBody(order: Order, status: OrderStatus) {
    return {
      name: order.name,
      dish_ids: order.dish_ids,
      table_number: order.table_number,
      special_requests: order.special_requests,
      scheduled_at: order.scheduled_at,
      status,
    };
  }

  it('a chef PUT that resends the order and asks for In Progress moves it', async () => {
    const order = await orderIn('Received');
    const response = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'chef', payload: putBody(order, 'In Progress') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>().status).toBe('In Progress');
  });

  it('a chef PUT resending the current status of a Ready for Assembly order is accepted and changes nothing', async () => {
    const order = await orderIn('Ready for Assembly');
    const response = await t.inject({
      method: 'PUT',
      url: `/orders/${order.id}`,
      as: 'chef',
      payload: putBody(order, 'Ready for Assembly'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>()).toMatchObject({ status: 'Ready for Assembly', priority: 3, name: order.name, dish_ids: order.dish_ids });
  });

  it('a chef PUT asking for a delivery move is 403; an impossible one is 409 with the allowed list', async () => {
    const order = await orderIn('Ready for Assembly');
    const forbidden = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'chef', payload: putBody(order, 'On the Way') });
    expect(forbidden.statusCode).toBe(403);
    const impossible = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'expeditor', payload: putBody(order, 'Draft') });
    expect(impossible.statusCode).toBe(409);
    expect(problemOf(impossible).allowed).toEqual(['On the Way', 'Ready for Pickup', 'In Progress']);
    expect((await getOrder(t, order.id)).status).toBe('Ready for Assembly');
  });
});
