// The audit trail (issue 35 item 19): GET /orders/{id}/audit lists who placed, changed, bumped,
// fired, voided and deleted an order, oldest first, for managers only; a refused write and an
// idempotent replay leave no entry; the scheduler's fires are its own.
import { afterEach, describe, expect } from 'vitest';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import type { Order } from '../../../models/order.js';
import { expectProblem, expectUnauthorized } from '../../server/api/support.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, setStock } from './support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
let start = 0;

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock });
  menu = await seedMenu(t, 1000);
  start = clock.now().getTime();
});

// Every test starts at the same instant, so the tokens taken at the start stay valid.
afterEach(() => {
  clock.advance(start - clock.now().getTime());
});

type Role = 'patron' | 'chef' | 'expeditor' | 'manager';
const iso = (ms: number) => new Date(ms).toISOString();
const by = (role: Role) => ({ user_id: t.userIds[role], user_name: `${role}1` });
const audit = (id: string, as: Role | null = 'manager') => t.inject({ method: 'GET', url: `/orders/${id}/audit`, as });
async function trail(id: string) {
  const response = await audit(id);
  expect(response.statusCode).toBe(200);
  return response.json<{ results: unknown[]; total_results: number }>();
}

describe('GET /orders/{id}/audit', () => {
  it('records placed, changed, bumped, fired and deleted with who did each, oldest first, and stays readable once the order is deleted', async () => {
    const at = clock.now().getTime();
    const changed: string[] = [];
    const stop = t.store.onChange((event) => changed.push(event.collection));
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    clock.advance(MINUTE);
    expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { priority: 1 } })).statusCode).toBe(
      200,
    );
    clock.advance(MINUTE);
    expect(
      (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/cold`, as: 'chef', payload: { status: 'In Progress' } }))
        .statusCode,
    ).toBe(200);
    clock.advance(MINUTE);
    expect((await t.inject({ method: 'POST', url: `/orders/${order.id}/courses/2/fire`, as: 'expeditor' })).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'manager' })).statusCode).toBe(204);
    stop();
    // The entries make no change event, so nothing of them reaches the realtime layer.
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((collection) => collection === 'order_audit')).toEqual([]);
    expect(await trail(order.id)).toEqual({
      results: [
        {
          at: iso(at),
          ...by('patron'),
          action: 'placed',
          changes: {
            name: { before: null, after: 'Ben' },
            dish_ids: { before: null, after: [menu.salad.id, menu.steak.id] },
            table_number: { before: null, after: 4 },
            allergies: { before: null, after: [] },
            priority: { before: null, after: 3 },
            status: { before: null, after: 'Received' },
            pacing: { before: null, after: 'courses' },
          },
        },
        { at: iso(at + MINUTE), ...by('expeditor'), action: 'changed', changes: { priority: { before: 3, after: 1 } } },
        {
          at: iso(at + 2 * MINUTE),
          ...by('chef'),
          action: 'bumped',
          changes: { station: 'cold', course: 1, from: 'Received', to: 'In Progress' },
        },
        { at: iso(at + 3 * MINUTE), ...by('expeditor'), action: 'fired', changes: { course: 2, tickets: [{ station: 'hot', course: 2 }] } },
        { at: iso(at + 4 * MINUTE), ...by('manager'), action: 'deleted', changes: { status: { before: 'In Progress', after: null } } },
      ],
      total_results: 5,
    });
  });

  it('records the tickets an edit voided beside the change, and a rush of every held ticket', async () => {
    const paced = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    expect((await t.inject({ method: 'POST', url: `/orders/${paced.id}/fire`, as: 'manager' })).statusCode).toBe(200);
    expect((await trail(paced.id)).results.slice(1)).toEqual([
      { at: iso(start), ...by('manager'), action: 'fired', changes: { course: null, tickets: [{ station: 'hot', course: 2 }] } },
    ]);

    const order = await placeOrder(t, [menu.salad.id, menu.lemonade.id]);
    const edited = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.salad.id, menu.salad.id] },
    });
    expect(edited.json<Order>().tickets.map((ticket) => ticket.status)).toEqual(['Received', 'Voided']);
    expect((await trail(order.id)).results.slice(1)).toEqual([
      {
        at: iso(start),
        ...by('patron'),
        action: 'changed',
        changes: { dish_ids: { before: [menu.salad.id, menu.lemonade.id], after: [menu.salad.id, menu.salad.id] } },
      },
      { at: iso(start), ...by('patron'), action: 'voided', changes: { tickets: [{ station: 'beverages', course: 1 }] } },
    ]);
  });

  it('records a fire by the clock as the scheduler (user_id null)', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'together' });
    // The salad fires so as to be Ready with the steak (behind what the hot line already has).
    const fireAt = order.tickets.find((ticket) => ticket.station === 'cold')!.fire_at!;
    const wait = Date.parse(fireAt) - clock.now().getTime();
    clock.advance(wait);
    expect(await new OrderScheduler(t.store, clock.now).releaseDue()).toEqual([order.id]);
    // Back to the start, where the manager's access token is still valid.
    clock.advance(-wait);
    expect((await trail(order.id)).results.slice(1)).toEqual([
      {
        at: fireAt,
        user_id: null,
        user_name: 'scheduler',
        action: 'fired',
        changes: { course: null, tickets: [{ station: 'cold', course: 1 }] },
      },
    ]);
  });

  it('a refused write (409) and an edit that changes nothing leave no entry; an idempotent replay writes none', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    await setStock(t, menu.lemon.id, 0);
    const refused = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.salad.id, menu.lemonade.id] },
    });
    await setStock(t, menu.lemon.id, 1000);
    expect(refused.statusCode).toBe(409);
    expect(
      (await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'patron', payload: { name: 'Ben', dish_ids: [menu.salad.id] } }))
        .statusCode,
    ).toBe(200);
    expect((await trail(order.id)).results.map((entry) => (entry as { action: string }).action)).toEqual(['placed']);

    const payload = { name: 'Kim', dish_ids: [menu.salad.id] };
    const post = () =>
      t.inject({ method: 'POST', url: '/orders', as: 'patron', headers: { 'idempotency-key': 'audit-replay-1' }, payload });
    const [first, again] = [await post(), await post()];
    expect(again.json<Order>().id).toBe(first.json<Order>().id);
    const patch = () =>
      t.inject({
        method: 'PATCH',
        url: `/orders/${first.json<Order>().id}`,
        as: 'expeditor',
        headers: { 'idempotency-key': 'audit-replay-2' },
        payload: { priority: 0 },
      });
    expect([(await patch()).statusCode, (await patch()).statusCode]).toEqual([200, 200]);
    expect((await trail(first.json<Order>().id)).results.map((entry) => (entry as { action: string }).action)).toEqual([
      'placed',
      'changed',
    ]);
  });

  it('managers only: anonymous 401, patrons, chefs and expeditors 403; an unknown order 404', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectUnauthorized(await audit(order.id, null));
    for (const role of ['patron', 'chef', 'expeditor'] as const) {
      expectProblem(await audit(order.id, role), 403, `Your role (${role}) may not read an order's audit trail; this needs manager.`);
    }
    expectProblem(await audit('c'.repeat(24)), 404, `No order with id ${'c'.repeat(24)}, and no audit trail for it.`);
    expect((await trail(order.id)).total_results).toBe(1);
  });
});
