// Station tickets through the API: each station bumps its own part of an order, the order follows,
// and the seed's own status moves still work for clients that know nothing of tickets.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { ChangeEvent } from '../../../store/types.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import { FrozenClock, getOrder, MINUTE, problemOf } from './support.js';

// The tests bump tickets of orders they place themselves and share one app and menu for the file,
// on a clock that stands still (the store's stamps and the tickets' times are then the same
// instant). A test that moves the clock starts a fresh app of its own (`fresh`).
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
fileScene(
  async (app) => ({ t: app, menu: await seedMenu(app, 10_000) }),
  (scene) => ({ t, menu } = scene),
  { clock: new FrozenClock() },
);
async function fresh(startApp: StartApp) {
  t = await startApp({ clock: new FrozenClock() });
  menu = await seedMenu(t, 10_000);
}

/** A Steak (hot) and a Green Salad (cold): a ticket for each of two stations. */
const burgerAndSalad = () => placeOrder(t, [menu.steak.id, menu.salad.id]);

async function bump(order: Order, station: string, status: string, as: 'chef' | 'expeditor' | 'manager' | 'patron' = 'chef') {
  return t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as, payload: { status } });
}

async function bumped(order: Order, station: string, status: string): Promise<Order> {
  const response = await bump(order, station, status);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Order>();
}

describe('tickets on a new order', () => {
  it('has one Received ticket per station, in the order cold, hot, beverages, fired at creation', async () => {
    const order = await placeOrder(t, [menu.lemonade.id, menu.steak.id, menu.salad.id, menu.steak.id]);
    expect(order.tickets).toEqual(
      ['cold', 'hot', 'beverages'].map((station) => ({
        station,
        status: 'Received',
        fired_at: order.tickets[0]!.fired_at,
        started_at: null,
        ready_at: null,
        bumped_by: null,
        course: 1,
        fire_at: order.tickets[0]!.fired_at,
        changes: [],
        round: 1,
        // Each ticket lists the items of its station: the two steaks are two items of one unit each.
        items: order.items
          .filter((item) => [menu.salad, menu.steak, menu.lemonade].find((dish) => dish.id === item.dish_id)?.station === station)
          .map((item) => expect.objectContaining({ item_id: item.id, quantity: 1, status: 'Received' })),
      })),
    );
    expect(Date.parse(order.tickets[0]!.fired_at!)).toBeCloseTo(Date.parse(order.created_at), -2);
    expect(order).toMatchObject({ status: 'Received', ready_at: null, closed_at: null });
  });

  it('has Draft tickets for a scheduled order, fired when it is released', async () => {
    const scheduled_at = new Date(t.clock.now().getTime() + 3 * 60 * MINUTE).toISOString();
    const draft = await placeOrder(t, [menu.steak.id], 'patron', { scheduled_at });
    expect(draft.tickets).toEqual([
      {
        station: 'hot',
        status: 'Draft',
        fired_at: null,
        started_at: null,
        ready_at: null,
        bumped_by: null,
        course: 1,
        fire_at: draft.fire_at,
        changes: [],
        round: 1,
        items: [expect.objectContaining({ item_id: draft.items[0]!.id, status: 'Received' })],
      },
    ]);
    const released = await t.inject({ method: 'PATCH', url: `/orders/${draft.id}`, as: 'expeditor', payload: { status: 'Received' } });
    const ticket = released.json<Order>().tickets[0]!;
    expect(ticket).toMatchObject({ station: 'hot', status: 'Received', bumped_by: t.userIds.expeditor });
    expect(ticket.fired_at).toBe(released.json<Order>().updated_at);
  });

  it('rejects tickets, ready_at and closed_at in a request body as read-only (400)', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.steak.id], tickets: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(problemOf(response).errors).toEqual([{ path: 'tickets', message: 'is read-only and cannot be set' }]);
  });
});

describe('PATCH /orders/{id}/tickets/{station}', () => {
  it("moves only that station's ticket: the hot line's Done leaves the salad waiting at cold", async () => {
    const order = await burgerAndSalad();
    const started = await bumped(order, 'hot', 'In Progress');
    expect(started.status).toBe('In Progress');
    const hotDone = await bumped(order, 'hot', 'Ready');
    expect(hotDone).toMatchObject({ status: 'In Progress', ready_at: null });
    const [cold, hot] = hotDone.tickets;
    expect(cold).toEqual(order.tickets[0]);
    expect(hot).toMatchObject({ station: 'hot', status: 'Ready', started_at: started.tickets[1]!.started_at, bumped_by: t.userIds.chef });
    expect(hot!.ready_at).toBe(hotDone.updated_at);

    await bumped(order, 'cold', 'In Progress');
    const allDone = await bumped(order, 'cold', 'Ready');
    expect(allDone.status).toBe('Ready for Assembly');
    expect(allDone.ready_at).toBe(allDone.updated_at);
  });

  it('takes a Ready for Assembly order back to In Progress when one station recalls its ticket', async () => {
    const order = await burgerAndSalad();
    for (const station of ['hot', 'cold']) {
      await bumped(order, station, 'In Progress');
      await bumped(order, station, 'Ready');
    }
    const recalled = await bumped(order, 'cold', 'In Progress');
    expect(recalled).toMatchObject({ status: 'In Progress', ready_at: null });
    expect(recalled.tickets.map((ticket) => [ticket.station, ticket.status, ticket.ready_at === null])).toEqual([
      ['cold', 'In Progress', true],
      ['hot', 'Ready', false],
    ]);
    const back = await bumped(order, 'cold', 'Received');
    expect(back.status).toBe('In Progress');
  });

  it('accepts the status a ticket already has and changes nothing', async () => {
    const order = await burgerAndSalad();
    const again = await bumped(order, 'hot', 'Received');
    expect(again).toEqual(order);
  });

  it('refuses a move that does not exist with 409 and the allowed next statuses', async () => {
    const order = await burgerAndSalad();
    const response = await bump(order, 'hot', 'Ready');
    expect(response.statusCode).toBe(409);
    expect(problemOf(response)).toMatchObject({ title: 'Conflict', allowed: ['In Progress'] });
    expect(await getOrder(t, order.id)).toEqual(order);
  });

  it('refuses every move once the order has left the pass (409)', async () => {
    const order = await placeOrder(t, [menu.steak.id]);
    await bumped(order, 'hot', 'In Progress');
    await bumped(order, 'hot', 'Ready');
    const closed = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'expeditor',
      payload: { status: 'Ready for Pickup' },
    });
    expect(closed.json<Order>().closed_at).toBe(closed.json<Order>().updated_at);
    const response = await bump(order, 'hot', 'In Progress');
    expect(response.statusCode).toBe(409);
    expect(problemOf(response).allowed).toEqual([]);
  });

  it.each([
    ['patron', 403],
    ['chef', 200],
    ['expeditor', 200],
    ['manager', 200],
  ] as const)('lets a %s move a ticket: %d', async (role, status) => {
    const order = await burgerAndSalad();
    const response = await bump(order, 'hot', 'In Progress', role);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(problemOf(response).title).toBe('Forbidden');
  });

  it('answers 401 without a token, and 404 for an unknown station, a station with no ticket, or an unknown order', async () => {
    const order = await burgerAndSalad();
    const anonymous = await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, payload: { status: 'In Progress' } });
    expect(anonymous.statusCode).toBe(401);
    for (const [url, detail] of [
      [`/orders/${order.id}/tickets/grill`, 'No station "grill"; the stations are cold, hot, beverages.'],
      [`/orders/${order.id}/tickets/beverages`, `Order ${order.id} has no beverages ticket: none of its dishes are made there.`],
      ['/orders/6a0000000000000000000099/tickets/hot', 'No order with id 6a0000000000000000000099.'],
    ]) {
      const response = await t.inject({ method: 'PATCH', url, as: 'chef', payload: { status: 'In Progress' } });
      expect(response.statusCode).toBe(404);
      expect(problemOf(response).detail).toBe(detail);
    }
  });

  it('refuses an unknown status or extra properties (400)', async () => {
    const order = await burgerAndSalad();
    for (const payload of [{ status: 'Done' }, { status: 'Draft' }, { status: 'Ready', station: 'hot' }, {}]) {
      expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload })).statusCode).toBe(400);
    }
  });

  it('ends two stations bumping at once with the order Ready for Assembly exactly once, one event per change', async () => {
    const order = await burgerAndSalad();
    await bumped(order, 'hot', 'In Progress');
    await bumped(order, 'cold', 'In Progress');
    const events: ChangeEvent[] = [];
    const stop = t.store.onChange((event) => event.collection === 'orders' && event.id === order.id && events.push(event));
    const [hot, cold] = await Promise.all([bump(order, 'hot', 'Ready'), bump(order, 'cold', 'Ready', 'expeditor')]);
    stop();
    expect([hot.statusCode, cold.statusCode]).toEqual([200, 200]);
    expect((await getOrder(t, order.id)).status).toBe('Ready for Assembly');
    expect(events).toHaveLength(2);
    const statusOf = (doc: ChangeEvent['after']) => (doc as Order | null)?.status;
    const becameReady = events.filter(
      (event) => statusOf(event.after) === 'Ready for Assembly' && statusOf(event.before) !== 'Ready for Assembly',
    );
    expect(becameReady).toHaveLength(1);
  });
});

describe("the seed's status moves apply to every ticket", () => {
  it('starts every Received ticket, leaves Ready ones Ready, and readies them all', async () => {
    const order = await burgerAndSalad();
    await bumped(order, 'hot', 'In Progress');
    await bumped(order, 'hot', 'Ready');
    const hotReadyAt = (await getOrder(t, order.id)).tickets[1]!.ready_at;
    const ready = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { status: 'Ready for Assembly' } });
    expect(ready.json<Order>().tickets.map((ticket) => ticket.status)).toEqual(['Ready', 'Ready']);
    expect(ready.json<Order>().tickets[1]!.ready_at).toBe(hotReadyAt);
    const recalled = await t.inject({ method: 'PUT', url: `/orders/${order.id}`, as: 'chef', payload: { status: 'In Progress' } });
    expect(recalled.json<Order>()).toMatchObject({ status: 'In Progress', ready_at: null });
    expect(recalled.json<Order>().tickets.map((ticket) => ticket.status)).toEqual(['In Progress', 'In Progress']);
    const received = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { status: 'Received' } });
    expect(received.json<Order>().tickets.map((ticket) => ticket.status)).toEqual(['Received', 'Received']);
  });

  it('adds tickets when the dishes change, and voids the fired ones left without a dish (contract: Pacing)', async () => {
    const voided = (ticket: Order['tickets'][number]) => ticket.items.map((entry) => ({ ...entry, status: 'Voided' }));
    const order = await placeOrder(t, [menu.steak.id]);
    const withSalad = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.steak.id, menu.salad.id, menu.lemonade.id] },
    });
    const tickets = withSalad.json<Order>().tickets;
    expect(tickets.map((ticket) => [ticket.station, ticket.status])).toEqual([
      ['cold', 'Received'],
      ['hot', 'Received'],
      ['beverages', 'Received'],
    ]);
    expect(tickets[1]).toEqual(order.tickets[0]);
    const saladOnly = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'patron', payload: { dish_ids: [menu.salad.id] } });
    const at = saladOnly.json<Order>().updated_at;
    expect(saladOnly.json<Order>().tickets).toEqual([
      tickets[0],
      // The items that left are struck through on the tickets that fired.
      { ...tickets[1], status: 'Voided', changes: [{ at, added: [], removed: [menu.steak.id] }], items: voided(tickets[1]!) },
      { ...tickets[2], status: 'Voided', changes: [{ at, added: [], removed: [menu.lemonade.id] }], items: voided(tickets[2]!) },
    ]);
  });

  it('releases the tickets of a Draft with the scheduler', async ({ startApp }) => {
    await fresh(startApp);
    const scheduled_at = new Date(t.clock.now().getTime() + 2 * 60 * MINUTE).toISOString();
    const draft = await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { scheduled_at });
    t.clock.advance(2 * 60 * MINUTE);
    expect(await new OrderScheduler(t.store, t.clock.now).releaseDue()).toContain(draft.id);
    // Read from the store: two hours on, the test's access tokens have expired.
    const released = (await t.store.collection('orders').get(draft.id))!;
    expect(released.tickets.map((ticket) => [ticket.status, ticket.fired_at, ticket.bumped_by])).toEqual([
      ['Received', released.updated_at, null],
      ['Received', released.updated_at, null],
    ]);
  });
});
