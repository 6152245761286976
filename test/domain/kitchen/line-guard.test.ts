// The line's guard on every path that can put work on it or bring it forward: an edit of a patron's
// order that adds a dish, fires a held course, or brings a scheduled order to now passes the same
// kitchen-full check as placing it (refused: nothing stored, nothing taken), and only an expeditor
// or a manager fires a course held for the table, by an edit or by items added while it cooks. A
// fired order's schedule no longer moves.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, getOrder, problemOf, stockById } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  menu = await seedMenu(t, 50);
});

const iso = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString();

async function setLimit(minutes: number | null): Promise<void> {
  const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: minutes } });
  expect(response.statusCode).toBe(200);
}

const patch = (order: Order, payload: object, as: 'patron' | 'expeditor' | 'manager' = 'patron') =>
  t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as, payload });

/** The hot line full for a 30-minute limit: a steak on it (25 minutes), so another would be 50. */
async function fillHotLine(): Promise<void> {
  await setLimit(30);
  await placeOrder(t, [menu.steak.id], 'manager');
}

/** What a refused change must leave exactly as it was: the order, and every stock level. */
async function unchanged(order: Order, stock: Record<string, number>): Promise<void> {
  expect(await getOrder(t, order.id)).toStrictEqual(order);
  expect(await stockById(t)).toStrictEqual(stock);
}

describe('the kitchen-full check on edits', () => {
  it("refuses a patron's PATCH adding a steak to a lemonade when the hot line is full: 409, nothing stored or taken", async () => {
    await fillHotLine();
    const lemonade = await placeOrder(t, [menu.lemonade.id]);
    const stock = await stockById(t);
    const response = await patch(lemonade, { dish_ids: [menu.lemonade.id, menu.steak.id, menu.steak.id] });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe(String(20 * 60));
    expect(response.json()).toMatchObject({ title: 'The kitchen is full', ready_at: iso(50), minutes: 50 });
    await unchanged(lemonade, stock);

    // The same by PUT.
    const put = await t.inject({ method: 'PUT', url: `/orders/${lemonade.id}`, as: 'patron', payload: { dish_ids: [menu.steak.id] } });
    expect(put.statusCode).toBe(409);
    await unchanged(lemonade, stock);
  });

  it('takes the same edit once the kitchen has room: expected when the steak is done, the promise kept as placed', async () => {
    await fillHotLine();
    const lemonade = await placeOrder(t, [menu.lemonade.id]);
    expect(lemonade.quoted_ready_at).toBe(iso(3));
    await setLimit(60);
    const response = await patch(lemonade, { dish_ids: [menu.lemonade.id, menu.steak.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>()).toMatchObject({ quoted_ready_at: iso(3), expected_ready_at: iso(50), status: 'Received' });
  });

  it("quotes only the work a change adds: a lemonade added to a patron's steak on the full hot line is taken, the promise kept", async () => {
    await setLimit(30);
    const steak = await placeOrder(t, [menu.steak.id]);
    expect(steak.quoted_ready_at).toBe(iso(25));
    // Another steak would wait 50 minutes: the hot line is full.
    expect(
      (await t.inject({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Bo', dish_ids: [menu.steak.id] } })).statusCode,
    ).toBe(409);
    const more = await patch(steak, { dish_ids: [menu.steak.id, menu.lemonade.id] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json<Order>()).toMatchObject({ quoted_ready_at: iso(25), expected_ready_at: iso(25) });
    const another = await patch(steak, { dish_ids: [menu.steak.id, menu.lemonade.id, menu.steak.id] });
    expect(another.statusCode).toBe(409);
  });

  it('a removal or a later time adds no work: taken even when the kitchen is full', async () => {
    const order = await placeOrder(t, [menu.lemonade.id, menu.salad.id]);
    await fillHotLine();
    const smaller = await patch(order, { dish_ids: [menu.lemonade.id] });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(smaller.json<Order>().quoted_ready_at).toBe(order.quoted_ready_at);
  });

  it("refuses bringing a patron's scheduled order to now (scheduled_at null) when the kitchen is full", async () => {
    const draft = await placeOrder(t, [menu.steak.id], 'patron', { scheduled_at: iso(6 * 60) });
    expect(draft.status).toBe('Draft');
    await fillHotLine();
    const stock = await stockById(t);
    const now = await patch(draft, { scheduled_at: null });
    expect(now.statusCode).toBe(409);
    expect(problemOf(now).title).toBe('The kitchen is full');
    await unchanged(draft, stock);
    // An expeditor's is never refused.
    const staff = await patch(draft, { scheduled_at: null }, 'expeditor');
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json<Order>().status).toBe('Received');
  });

  it('staff edits are never refused by the wait limit', async () => {
    await fillHotLine();
    const lemonade = await placeOrder(t, [menu.lemonade.id]);
    const response = await patch(lemonade, { dish_ids: [menu.lemonade.id, menu.steak.id] }, 'manager');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('only expeditors and managers fire a held course', () => {
  it("refuses a patron's pacing change from courses to at_once, which would fire the held main: 403, nothing stored", async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    expect(order.tickets.map((ticket) => [ticket.station, ticket.course, ticket.status])).toEqual([
      ['cold', 1, 'Received'],
      ['hot', 2, 'Draft'],
    ]);
    const stock = await stockById(t);
    for (const pacing of ['at_once', 'together'] as const) {
      const response = await patch(order, { pacing });
      expect(response.statusCode, pacing).toBe(403);
      expect(problemOf(response).detail).toContain('may not fire a course held for the table');
      await unchanged(order, stock);
    }
    const byPass = await patch(order, { pacing: 'at_once' }, 'expeditor');
    expect(byPass.statusCode, byPass.body).toBe(200);
    expect(byPass.json<Order>().tickets.map((ticket) => [ticket.station, ticket.status])).toEqual([
      ['cold', 'Received'],
      ['hot', 'Received'],
    ]);
  });

  it('lets a patron add a dish to a held course (it waits with it) and to a fired one (kitchen-full checked)', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    const more = await patch(order, { dish_ids: [menu.salad.id, menu.steak.id, menu.steak.id, menu.salad.id] });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json<Order>().tickets.map((ticket) => [ticket.station, ticket.course, ticket.status])).toEqual([
      ['cold', 1, 'Received'],
      ['hot', 2, 'Draft'],
    ]);
  });
});

describe('items added while the order cooks (POST /orders/{id}/items) pass the same guard', () => {
  const addItems = (order: Order, items: object[], as: 'patron' | 'expeditor' = 'patron') =>
    t.inject({ method: 'POST', url: `/orders/${order.id}/items`, as, payload: { items } });

  it("refuses a patron's steak for now while the table's steak is held for the mains: 403, nothing stored or taken", async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    const stock = await stockById(t);
    const response = await addItems(order, [{ dish_id: menu.steak.id, course: 1 }]);
    expect(response.statusCode).toBe(403);
    expect(problemOf(response)).toStrictEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail:
        'Your role (patron) may not fire a course held for the table; this change would. ' +
        'Ask the expeditor (or a manager) to fire it (POST /orders/{id}/courses/{n}/fire).',
    });
    await unchanged(order, stock);
    const byExpeditor = await addItems(order, [{ dish_id: menu.steak.id, course: 1 }], 'expeditor');
    expect(byExpeditor.statusCode, byExpeditor.body).toBe(200);
    expect(byExpeditor.json<Order>().tickets.map((ticket) => [ticket.station, ticket.course, ticket.status])).toEqual([
      ['cold', 1, 'Received'],
      ['hot', 1, 'Received'],
      ['hot', 2, 'Draft'],
    ]);
  });

  it('lets a patron add a steak to the held mains (it waits with them) and a lemonade to the fired starters', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', { pacing: 'courses' });
    const response = await addItems(order, [{ dish_id: menu.steak.id }, { dish_id: menu.lemonade.id }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Order>().tickets.map((ticket) => [ticket.station, ticket.course, ticket.round, ticket.status])).toEqual([
      ['cold', 1, 1, 'Received'],
      ['beverages', 1, 1, 'Received'],
      ['hot', 2, 1, 'Draft'],
    ]);
  });

  it("refuses a patron's steak added when the hot line is full: 409 with the quote, nothing stored or taken", async () => {
    await fillHotLine();
    const lemonade = await placeOrder(t, [menu.lemonade.id]);
    const stock = await stockById(t);
    const response = await addItems(lemonade, [{ dish_id: menu.steak.id, quantity: 2 }]);
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBe(String(20 * 60));
    expect(response.json()).toMatchObject({ title: 'The kitchen is full', ready_at: iso(50), minutes: 50 });
    await unchanged(lemonade, stock);
    // The expeditor's addition is never refused, and the order is expected when the steaks are done.
    const staff = await addItems(lemonade, [{ dish_id: menu.steak.id, quantity: 2 }], 'expeditor');
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json<Order>()).toMatchObject({ quoted_ready_at: lemonade.quoted_ready_at, expected_ready_at: iso(50) });
  });
});

describe("a fired order's schedule", () => {
  it('no longer moves: 409, its fired tickets keep their times', async () => {
    const order = await placeOrder(t, [menu.salad.id, menu.steak.id]);
    expect(order.status).toBe('Received');
    const response = await patch(order, { scheduled_at: iso(3 * 60) });
    expect(response.statusCode).toBe(409);
    expect(problemOf(response).detail).toBe(
      'The order is Received and its tickets have fired: its schedule can change only while it is Draft.',
    );
    expect(await getOrder(t, order.id)).toStrictEqual(order);
  });

  it('moves while Draft', async () => {
    const draft = await placeOrder(t, [menu.steak.id], 'patron', { scheduled_at: iso(3 * 60) });
    const later = await patch(draft, { scheduled_at: iso(5 * 60) });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<Order>()).toMatchObject({ status: 'Draft', scheduled_at: iso(5 * 60), fire_at: iso(5 * 60 - 25) });
  });
});
