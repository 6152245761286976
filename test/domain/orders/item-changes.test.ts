// Items while the order cooks: bumped one by one (the ticket and the order follow), a round added
// after firing, an item voided (stock back only before it started), an item remade with a reason
// (contract: "Order items", changes while the order cooks).
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { Role } from '../../../models/user.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addBurger, addDish, addIngredient } from '../../helpers/menu.js';
import { FrozenClock } from './support.js';

// A clock that stands still: a change's time and the order's updated_at are one instant. Each test
// builds its own kitchen and orders and shares one app for the file; a test that moves the clock or
// reads the kitchen report (every order's items) starts a fresh app of its own (`fresh`).
let t: TestApp;
fileScene(
  async (app) => app,
  (app) => (t = app),
  { clock: new FrozenClock() },
);
async function fresh(startApp: StartApp) {
  t = await startApp({ clock: new FrozenClock() });
}

const stockOf = async (id: string): Promise<number> => (await t.inject({ method: 'GET', url: `/ingredients/${id}` })).json().in_stock_qty;
const send = (method: 'POST' | 'PATCH', url: string, payload: object, as: Role = 'chef', key?: string) =>
  t.inject({ method, url, as, payload, ...(key && { headers: { 'idempotency-key': key } }) });
const auditOf = async (id: string): Promise<{ action: string; changes: Record<string, unknown> }[]> =>
  (await t.inject({ method: 'GET', url: `/orders/${id}/audit`, as: 'manager' })).json().results;

/** A steak and fries at hot, beer at beverages. */
async function kitchen() {
  const beef = await addIngredient(t, 'Beef', 10);
  const potato = await addIngredient(t, 'Potato', 10);
  const malt = await addIngredient(t, 'Malt', 10);
  const steak = await addDish(t, {
    name: 'Steak',
    station: 'hot',
    ingredients: [{ ingredient_id: beef.id, is_essential: true }],
    price: 20,
  });
  const fries = await addDish(t, {
    name: 'Fries',
    station: 'hot',
    ingredients: [{ ingredient_id: potato.id, is_essential: true }],
    price: 4,
  });
  const beer = await addDish(t, {
    name: 'Beer',
    station: 'beverages',
    category: 'Drinks',
    ingredients: [{ ingredient_id: malt.id, is_essential: true }],
    price: 5,
  });
  return { beef, potato, malt, steak, fries, beer };
}

async function place(
  items: { dish_id: string; quantity?: number; seat?: number; option_ids?: string[] }[],
  as: Role = 'patron',
): Promise<Order> {
  const response = await send('POST', '/orders', { name: 'Table', table_number: 5, items }, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const itemOn = (order: Order, station: string, itemId: string, round = 1) =>
  order.tickets.find((ticket) => ticket.station === station && ticket.round === round)!.items.find((entry) => entry.item_id === itemId)!;

/**
 * The station starts its ticket (or only `itemId` on it), then the chef recalls the ticket: the order
 * is Received again, so its dishes may change. Answers the recalled order.
 */
async function startThenRecall(order: Order, station: string, itemId?: string): Promise<Order> {
  const ticket = `/orders/${order.id}/tickets/${station}`;
  const started = await send('PATCH', itemId ? `${ticket}/items/${itemId}` : ticket, { status: 'In Progress' });
  expect(started.statusCode, started.body).toBe(200);
  const recalled = await send('PATCH', ticket, { status: 'Received' });
  expect(recalled.statusCode, recalled.body).toBe(200);
  const back = recalled.json<Order>();
  expect(back.status).toBe('Received');
  return back;
}

describe('item-level bump', () => {
  it('moves one item; the ticket follows its items and the order its tickets', async () => {
    const { steak, fries } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: fries.id }]);
    const [steakItem, friesItem] = order.items;
    const url = (item: string) => `/orders/${order.id}/tickets/hot/items/${item}`;
    const started = (await send('PATCH', url(friesItem!.id), { status: 'In Progress' })).json<Order>();
    expect([
      started.status,
      started.tickets[0]!.status,
      itemOn(started, 'hot', friesItem!.id).status,
      itemOn(started, 'hot', steakItem!.id).status,
    ]).toStrictEqual(['In Progress', 'In Progress', 'In Progress', 'Received']);
    // The fries are done alone: struck through, kept on the ticket, which waits for the steak.
    const fried = (await send('PATCH', url(friesItem!.id), { status: 'Ready' })).json<Order>();
    expect([
      fried.tickets[0]!.status,
      itemOn(fried, 'hot', friesItem!.id).status,
      itemOn(fried, 'hot', friesItem!.id).ready_at,
    ]).toStrictEqual(['In Progress', 'Ready', fried.updated_at]);
    const again = await send('PATCH', url(friesItem!.id), { status: 'Ready' });
    expect(again.json<Order>().updated_at).toBe(fried.updated_at);
    const skip = await send('PATCH', url(steakItem!.id), { status: 'Ready' });
    expect([skip.statusCode, skip.json().allowed]).toStrictEqual([409, ['In Progress']]);
    await send('PATCH', url(steakItem!.id), { status: 'In Progress' });
    const done = (await send('PATCH', url(steakItem!.id), { status: 'Ready' })).json<Order>();
    expect([done.status, done.tickets[0]!.status, done.ready_at]).toStrictEqual(['Ready for Assembly', 'Ready', done.updated_at]);
    const audit = await auditOf(order.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'bumped',
      changes: { station: 'hot', course: 1, item_id: steakItem!.id, from: 'In Progress', to: 'Ready' },
    });
    expect((await send('PATCH', url(steakItem!.id), { status: 'Ready' }, 'patron')).statusCode).toBe(403);
    expect((await send('PATCH', `/orders/${order.id}/tickets/cold/items/${steakItem!.id}`, { status: 'Ready' })).statusCode).toBe(404);
  });

  it('answers a retry of an item bump with the same Idempotency-Key from the first, moving nothing again', async ({ startApp }) => {
    await fresh(startApp);
    const { steak, fries } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: fries.id }]);
    const url = `/orders/${order.id}/tickets/hot/items/${order.items[1]!.id}`;
    const started = await send('PATCH', url, { status: 'In Progress' }, 'chef', 'bump-1');
    expect(started.statusCode, started.body).toBe(200);
    t.clock.advance(1000);
    const retry = await send('PATCH', url, { status: 'In Progress' }, 'chef', 'bump-1');
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.json()]).toStrictEqual([200, 'true', started.json()]);
    const stored = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
    expect(stored).toStrictEqual(started.json());
    expect((await auditOf(order.id)).filter((entry) => entry.action === 'bumped')).toHaveLength(1);
  });

  it('a ticket move moves every item on it', async () => {
    const { steak, fries } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: fries.id }]);
    const moved = (await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' })).json<Order>();
    expect(moved.tickets[0]!.items.map((entry) => [entry.status, entry.started_at])).toStrictEqual([
      ['In Progress', moved.updated_at],
      ['In Progress', moved.updated_at],
    ]);
  });
});

describe('adding items while the order cooks', () => {
  it('joins the ticket nobody has started, and comes as a new round, fired at once, once it has started', async () => {
    const { steak, beer, malt } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: beer.id }]);
    // Nobody started the beverages yet: a second beer joins that ticket, marked added.
    const joined = await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: beer.id, seat: 2 }] }, 'expeditor');
    expect(joined.statusCode, joined.body).toBe(200);
    const withBeer = joined.json<Order>();
    const drinks = withBeer.tickets.find((ticket) => ticket.station === 'beverages')!;
    expect([drinks.round, drinks.items.length, drinks.changes.map((entry) => entry.added)]).toStrictEqual([
      1,
      2,
      [[withBeer.items[2]!.id]],
    ]);
    expect([withBeer.dish_ids, withBeer.total]).toStrictEqual([[steak.id, beer.id, beer.id], 30]);
    await send('PATCH', `/orders/${order.id}/tickets/beverages`, { status: 'In Progress' });
    // A round of beers after the bar started: a new ticket, round 2, fired now.
    const round = (
      await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: beer.id, quantity: 4 }] }, 'expeditor', 'round-1')
    ).json<Order>();
    const second = round.tickets.find((ticket) => ticket.station === 'beverages' && ticket.round === 2)!;
    expect([second.status, second.fired_at, second.items.map((entry) => entry.quantity)]).toStrictEqual([
      'Received',
      round.updated_at,
      [4],
    ]);
    expect(round.tickets.map((ticket) => [ticket.station, ticket.round])).toStrictEqual([
      ['hot', 1],
      ['beverages', 1],
      ['beverages', 2],
    ]);
    expect(await stockOf(malt.id)).toBe(4);
    // A retry with the same key is answered from the first, taking nothing twice.
    const retry = await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: beer.id, quantity: 4 }] }, 'expeditor', 'round-1');
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.json()]).toStrictEqual([200, 'true', round]);
    expect(await stockOf(malt.id)).toBe(4);
    // Two beverages tickets: a ticket move names the round.
    const ambiguous = await send('PATCH', `/orders/${order.id}/tickets/beverages`, { status: 'Ready' });
    expect([ambiguous.statusCode, ambiguous.json().errors]).toStrictEqual([400, [{ path: 'round', message: 'required: one of 1, 2' }]]);
    expect((await send('PATCH', `/orders/${order.id}/tickets/beverages`, { status: 'In Progress', round: 2 })).statusCode).toBe(200);
    expect((await auditOf(order.id)).map((entry) => entry.action)).toContain('items_added');
  });

  it('refuses what it cannot take (stock 409, a patron after the kitchen started 403, a finished order 409), adding nothing', async () => {
    const { steak, beef } = await kitchen();
    const order = await place([{ dish_id: steak.id }]);
    const short = await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: steak.id, quantity: 10 }] }, 'patron');
    expect(short.statusCode).toBe(409);
    expect([
      (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'patron' })).json<Order>().items.length,
      await stockOf(beef.id),
    ]).toStrictEqual([1, 9]);
    await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' });
    expect((await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: steak.id }] }, 'patron')).statusCode).toBe(403);
    await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'Ready' });
    await send('PATCH', `/orders/${order.id}`, { status: 'Ready for Pickup' }, 'expeditor');
    expect((await send('POST', `/orders/${order.id}/items`, { items: [{ dish_id: steak.id }] }, 'expeditor')).statusCode).toBe(409);
    expect(await stockOf(beef.id)).toBe(9);
  });
});

describe('voiding items', () => {
  it('gives the stock back before anyone started, and keeps it as waste after; some units leave a Voided item beside the rest', async () => {
    const { fries, potato } = await kitchen();
    const order = await place([{ dish_id: fries.id, quantity: 3 }]);
    const [item] = order.items;
    const partial = await send('POST', `/orders/${order.id}/items/${item!.id}/void`, { quantity: 1, reason: 'Changed mind' }, 'expeditor');
    expect(partial.statusCode, partial.body).toBe(200);
    const split = partial.json<Order>();
    expect(split.items.map((each) => [each.id === item!.id, each.quantity, each.status])).toStrictEqual([
      [true, 2, 'Active'],
      [false, 1, 'Voided'],
    ]);
    expect([split.dish_ids.length, split.total, await stockOf(potato.id)]).toStrictEqual([2, 8, 8]);
    const hot = split.tickets[0]!;
    expect(hot.items.map((entry) => [entry.quantity, entry.status])).toStrictEqual([
      [2, 'Received'],
      [1, 'Voided'],
    ]);
    expect(hot.changes.at(-1)).toStrictEqual({ at: split.updated_at, added: [], removed: [], voided: [split.items[1]!.id] });
    // Started: the rest is voided as waste, its units not given back.
    await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' });
    const wasted = (await send('POST', `/orders/${order.id}/items/${item!.id}/void`, {}, 'expeditor')).json<Order>();
    expect([wasted.tickets[0]!.status, await stockOf(potato.id)]).toStrictEqual(['Voided', 8]);
    const audit = await auditOf(order.id);
    expect(
      audit.filter((entry) => entry.action === 'item_voided').map((entry) => [entry.changes.quantity, entry.changes.started]),
    ).toStrictEqual([
      [1, false],
      [2, true],
    ]);
    const twice = await send('POST', `/orders/${order.id}/items/${item!.id}/void`, {}, 'expeditor');
    expect(twice.statusCode).toBe(409);
    // Voided already: a 409 before its units are counted.
    const voidedAgain = await send('POST', `/orders/${order.id}/items/${split.items[0]!.id}/void`, { quantity: 5 }, 'expeditor');
    expect(voidedAgain.statusCode).toBe(409);
  });

  it('refuses more units than the item has (400) and an item already voided (409), changing nothing', async () => {
    const { fries, potato } = await kitchen();
    const order = await place([{ dish_id: fries.id, quantity: 2 }]);
    const [item] = order.items;
    const tooMany = await send('POST', `/orders/${order.id}/items/${item!.id}/void`, { quantity: 3 }, 'expeditor');
    expect([tooMany.statusCode, tooMany.json().errors]).toStrictEqual([400, [{ path: 'quantity', message: 'at most 2' }]]);
    const stored = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
    expect([stored, await stockOf(potato.id)]).toStrictEqual([order, 8]);
    const voided = (await send('POST', `/orders/${order.id}/items/${item!.id}/void`, {}, 'expeditor')).json<Order>();
    const again = await send('POST', `/orders/${order.id}/items/${item!.id}/void`, { quantity: 1 }, 'expeditor');
    expect(again.statusCode).toBe(409);
    const after = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
    expect([after, await stockOf(potato.id)]).toStrictEqual([voided, 10]);
    expect((await auditOf(order.id)).filter((entry) => entry.action === 'item_voided')).toHaveLength(1);
  });

  it('answers a retry with the same Idempotency-Key from the first void: no unit voided or given back twice', async () => {
    const { fries, potato } = await kitchen();
    const order = await place([{ dish_id: fries.id, quantity: 3 }]);
    const [item] = order.items;
    const url = `/orders/${order.id}/items/${item!.id}/void`;
    const first = await send('POST', url, { quantity: 1, reason: 'Changed mind' }, 'expeditor', 'void-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(potato.id)).toBe(8);
    const retry = await send('POST', url, { quantity: 1, reason: 'Changed mind' }, 'expeditor', 'void-1');
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.json()]).toStrictEqual([200, 'true', first.json()]);
    const stored = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
    expect(stored.items.map((each) => [each.quantity, each.status])).toStrictEqual([
      [2, 'Active'],
      [1, 'Voided'],
    ]);
    expect(await stockOf(potato.id)).toBe(8);
    expect((await auditOf(order.id)).filter((entry) => entry.action === 'item_voided')).toHaveLength(1);
  });
});

describe('an edit of the dishes after a recall', () => {
  it('keeps units the kitchen had started as waste (Voided, stock not given back) and gives back only units nobody started', async ({
    startApp,
  }) => {
    await fresh(startApp);
    const { steak, fries, beer, beef, potato, malt } = await kitchen();
    const order = await place([{ dish_id: steak.id, quantity: 2 }, { dish_id: fries.id }, { dish_id: beer.id }]);
    const [steaks, chips, pint] = order.items;
    expect([await stockOf(beef.id), await stockOf(potato.id), await stockOf(malt.id)]).toStrictEqual([8, 9, 9]);
    // The hot line starts, then the chef recalls the ticket: the order is Received again, so its dishes may change.
    const recalled = await startThenRecall(order, 'hot');
    const startedAt = recalled.tickets[0]!.items[0]!.started_at;
    expect(startedAt).not.toBeNull();

    // One steak, the fries and the beer go: the steak and the fries had started, the beer had not.
    const edited = await send('PATCH', `/orders/${order.id}`, { dish_ids: [steak.id] }, 'patron');
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Order>();
    const wastedSteak = after.items.find((item) => item.id !== steaks!.id && item.dish_id === steak.id)!;
    expect(after.items.map((item) => [item.id, item.dish_id, item.quantity, item.status])).toStrictEqual([
      [steaks!.id, steak.id, 1, 'Active'],
      [wastedSteak.id, steak.id, 1, 'Voided'],
      [chips!.id, fries.id, 1, 'Voided'],
    ]);
    expect(after.items.some((item) => item.id === pint!.id)).toBe(false);
    expect([after.dish_ids, after.total]).toStrictEqual([[steak.id], 20]);
    // Started units are not given back; the beer nobody started is.
    expect([await stockOf(beef.id), await stockOf(potato.id), await stockOf(malt.id)]).toStrictEqual([8, 9, 10]);
    const hot = after.tickets.find((ticket) => ticket.station === 'hot')!;
    expect(hot.items.map((entry) => [entry.item_id, entry.quantity, entry.status, entry.started_at])).toStrictEqual([
      [steaks!.id, 1, 'Received', startedAt],
      [wastedSteak.id, 1, 'Voided', startedAt],
      [chips!.id, 1, 'Voided', startedAt],
    ]);
    expect(after.tickets.map((ticket) => [ticket.station, ticket.status])).toStrictEqual([
      ['hot', 'Received'],
      ['beverages', 'Voided'],
    ]);

    // The report counts them as voided after they started; the beer nobody started is simply gone.
    t.clock.advance(1);
    const report = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json();
    expect(report.items.dishes).toStrictEqual([
      { dish_id: steak.id, name: 'Steak', sold: 1, voided_before_start: 0, voided_after_start: 1 },
      { dish_id: fries.id, name: 'Fries', sold: 0, voided_before_start: 0, voided_after_start: 1 },
    ]);

    // Deleting the order now gives back only what it still holds: the steak left on it.
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'manager' })).statusCode).toBe(204);
    expect([await stockOf(beef.id), await stockOf(potato.id), await stockOf(malt.id)]).toStrictEqual([9, 9, 10]);
  });
});

describe("an edit of a started item's options after a recall", () => {
  /** The burger (test/helpers/menu.ts), 10 units of each ingredient, and its stock: bun, beef, onion, cheese. */
  async function burgerKitchen() {
    const { burger, option, bun, beef, onion, cheese } = await addBurger(t);
    const stock = async () => [await stockOf(bun.id), await stockOf(beef.id), await stockOf(onion.id), await stockOf(cheese.id)];
    return { burger, option, stock };
  }

  it('wastes the started preparation (its stock not given back, counted as voided after starting) and takes stock for the new one', async ({
    startApp,
  }) => {
    await fresh(startApp);
    const { burger, option, stock } = await burgerKitchen();
    const medium = [option('Medium')];
    const order = await place([
      { dish_id: burger.id, seat: 1, option_ids: medium },
      { dish_id: burger.id, seat: 2, option_ids: medium },
    ]);
    const [first, second] = order.items;
    // Bun, beef, onion, cheese: two medium burgers took a bun, two beef and an onion each.
    expect(await stock()).toStrictEqual([8, 6, 8, 10]);
    // The hot line starts seat 1's burger alone, then the chef recalls the ticket: the order is Received again.
    const recalled = await startThenRecall(order, 'hot', first!.id);
    const startedAt = itemOn(recalled, 'hot', first!.id).started_at;
    expect([startedAt === null, itemOn(recalled, 'hot', second!.id).started_at]).toStrictEqual([false, null]);

    // Both guests change their minds: seat 1's (started) well done without onions and with cheese,
    // seat 2's (not started) well done without onions.
    const changed = [option('Well done'), option('No onions'), option('Extra cheese')];
    const edited = await send(
      'PATCH',
      `/orders/${order.id}`,
      {
        items: [
          { id: first!.id, dish_id: burger.id, seat: 1, option_ids: changed },
          { id: second!.id, dish_id: burger.id, seat: 2, option_ids: [option('Well done'), option('No onions')] },
        ],
      },
      'patron',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Order>();
    const wasted = after.items.find((item) => ![first!.id, second!.id].includes(item.id))!;
    expect(after.items.map((item) => [item.id, item.seat, item.quantity, item.option_ids, item.price, item.status])).toStrictEqual([
      [first!.id, 1, 1, changed, 15.5, 'Active'],
      [second!.id, 2, 1, [option('Well done'), option('No onions')], 14, 'Active'],
      [wasted.id, 1, 1, medium, 14, 'Voided'],
    ]);
    expect([after.dish_ids, after.total]).toStrictEqual([[burger.id, burger.id], 29.5]);
    // Seat 1's first burger is waste: its bun, two beef and onion are not given back; its new
    // preparation takes a bun, two beef and a cheese. Seat 2's onion, never started, goes back.
    expect(await stock()).toStrictEqual([7, 4, 9, 9]);
    // On the hot board: the started burger struck through with its start, the new one waiting to be started.
    expect(
      after.tickets[0]!.items.map((entry) => [entry.item_id, entry.status, entry.started_at, entry.modifiers.map((each) => each.name)]),
    ).toStrictEqual([
      [first!.id, 'Received', null, ['Well done', 'No onions', 'Extra cheese']],
      [wasted.id, 'Voided', startedAt, ['Medium']],
      [second!.id, 'Received', null, ['Well done', 'No onions']],
    ]);
    expect([after.status, after.tickets[0]!.status]).toStrictEqual(['Received', 'Received']);

    // The report counts the started burger as voided after it started; both burgers are sold.
    t.clock.advance(1);
    const report = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json();
    expect(report.items.dishes).toStrictEqual([
      { dish_id: burger.id, name: 'Burger', sold: 2, voided_before_start: 0, voided_after_start: 1 },
    ]);

    // The new preparation has not started: voiding it now gives its stock back, counted before starting.
    const voided = await send('POST', `/orders/${order.id}/items/${first!.id}/void`, {}, 'expeditor');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await stock()).toStrictEqual([8, 6, 9, 10]);
    t.clock.advance(1);
    const later = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json();
    expect(later.items.dishes).toStrictEqual([
      { dish_id: burger.id, name: 'Burger', sold: 1, voided_before_start: 1, voided_after_start: 1 },
    ]);
    // Deleting the order gives back what it still holds (seat 2's burger): the waste stays gone.
    expect((await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'manager' })).statusCode).toBe(204);
    expect(await stock()).toStrictEqual([9, 8, 9, 10]);
  });
});

describe('an item edited under its id to another station or course', () => {
  const tickets = (order: Order) =>
    order.tickets.map((ticket) => [
      ticket.station,
      ticket.course,
      ticket.status,
      ticket.items.map((entry) => [entry.item_id, entry.name, entry.status, entry.started_at]),
    ]);

  it("leaves its old ticket (struck through once fired) and is listed on its new station's ticket", async () => {
    const { steak, fries, beer, beef, malt } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: fries.id }]);
    const [steakItem, friesItem] = order.items;
    // The guest makes the steak a beer: the same item, now poured at the bar.
    const edited = await send(
      'PATCH',
      `/orders/${order.id}`,
      {
        items: [
          { id: steakItem!.id, dish_id: beer.id },
          { id: friesItem!.id, dish_id: fries.id },
        ],
      },
      'patron',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Order>();
    expect(tickets(after)).toStrictEqual([
      [
        'hot',
        1,
        'Received',
        [
          [steakItem!.id, 'Steak', 'Voided', null],
          [friesItem!.id, 'Fries', 'Received', null],
        ],
      ],
      ['beverages', 1, 'Received', [[steakItem!.id, 'Beer', 'Received', null]]],
    ]);
    expect([await stockOf(beef.id), await stockOf(malt.id)]).toStrictEqual([10, 9]);
    // The bar starts it where it is now listed.
    const poured = await send('PATCH', `/orders/${order.id}/tickets/beverages/items/${steakItem!.id}`, { status: 'In Progress' });
    expect(poured.statusCode, poured.body).toBe(200);
  });

  it('after a recall, leaves what the kitchen started on the old ticket as waste and cooks the new dish afresh', async ({ startApp }) => {
    await fresh(startApp);
    const { steak, fries, beer, beef, malt } = await kitchen();
    const order = await place([{ dish_id: steak.id }, { dish_id: fries.id }]);
    const [steakItem, friesItem] = order.items;
    const recalled = await startThenRecall(order, 'hot');
    const startedAt = itemOn(recalled, 'hot', steakItem!.id).started_at;
    const after = (
      await send(
        'PATCH',
        `/orders/${order.id}`,
        {
          items: [
            { id: steakItem!.id, dish_id: beer.id },
            { id: friesItem!.id, dish_id: fries.id },
          ],
        },
        'patron',
      )
    ).json<Order>();
    const wasted = after.items.find((item) => item.status === 'Voided')!;
    expect(after.items.map((item) => [item.id, item.name, item.status])).toStrictEqual([
      [steakItem!.id, 'Beer', 'Active'],
      [friesItem!.id, 'Fries', 'Active'],
      [wasted.id, 'Steak', 'Voided'],
    ]);
    expect(tickets(after)).toStrictEqual([
      [
        'hot',
        1,
        'Received',
        [
          [wasted.id, 'Steak', 'Voided', startedAt],
          [friesItem!.id, 'Fries', 'Received', startedAt],
        ],
      ],
      ['beverages', 1, 'Received', [[steakItem!.id, 'Beer', 'Received', null]]],
    ]);
    // The started steak's beef is waste (not given back); the beer takes its malt.
    expect([await stockOf(beef.id), await stockOf(malt.id)]).toStrictEqual([9, 9]);
    t.clock.advance(1);
    const report = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json();
    expect(report.items.dishes).toStrictEqual([
      { dish_id: beer.id, name: 'Beer', sold: 1, voided_before_start: 0, voided_after_start: 0 },
      { dish_id: fries.id, name: 'Fries', sold: 1, voided_before_start: 0, voided_after_start: 0 },
      { dish_id: steak.id, name: 'Steak', sold: 0, voided_before_start: 0, voided_after_start: 1 },
    ]);
  });

  it("moves to its new course's ticket when paced by courses", async () => {
    const { steak, beer } = await kitchen();
    const placed = await send(
      'POST',
      '/orders',
      { name: 'Table', table_number: 5, pacing: 'courses', items: [{ dish_id: beer.id }, { dish_id: steak.id, course: 2 }] },
      'patron',
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const [pint, main] = order.items;
    expect([pint!.course, main!.course]).toStrictEqual([1, 2]);
    // The beer is to come with the main.
    const edited = await send(
      'PATCH',
      `/orders/${order.id}`,
      {
        items: [
          { id: pint!.id, dish_id: beer.id, course: 2 },
          { id: main!.id, dish_id: steak.id, course: 2 },
        ],
      },
      'patron',
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(tickets(edited.json<Order>())).toStrictEqual([
      ['beverages', 1, 'Voided', [[pint!.id, 'Beer', 'Voided', null]]],
      ['hot', 2, 'Draft', [[main!.id, 'Steak', 'Received', null]]],
      ['beverages', 2, 'Draft', [[pint!.id, 'Beer', 'Received', null]]],
    ]);
  });

  it('after a recall, leaves a started item moved to a later course as waste and cooks it afresh with that course', async () => {
    const { steak, beer, malt } = await kitchen();
    const order = (
      await send(
        'POST',
        '/orders',
        { name: 'Table', table_number: 5, pacing: 'courses', items: [{ dish_id: beer.id }, { dish_id: steak.id, course: 2 }] },
        'patron',
      )
    ).json<Order>();
    const [pint, main] = order.items;
    const recalled = await startThenRecall(order, 'beverages');
    const startedAt = itemOn(recalled, 'beverages', pint!.id).started_at;
    const after = (
      await send(
        'PATCH',
        `/orders/${order.id}`,
        {
          items: [
            { id: pint!.id, dish_id: beer.id, course: 2 },
            { id: main!.id, dish_id: steak.id, course: 2 },
          ],
        },
        'patron',
      )
    ).json<Order>();
    const wasted = after.items.find((item) => item.status === 'Voided')!;
    expect(tickets(after)).toStrictEqual([
      ['beverages', 1, 'Voided', [[wasted.id, 'Beer', 'Voided', startedAt]]],
      ['hot', 2, 'Draft', [[main!.id, 'Steak', 'Received', null]]],
      ['beverages', 2, 'Draft', [[pint!.id, 'Beer', 'Received', null]]],
    ]);
    // The poured beer is waste; the one for the mains takes its own malt.
    expect(await stockOf(malt.id)).toBe(8);
  });
});

describe('remaking items', () => {
  it('cooks it again on a REMAKE ticket of the next round, takes its stock again and reopens a Ready order', async () => {
    const { steak, beef } = await kitchen();
    const order = await place([{ dish_id: steak.id, seat: 2 }]);
    const [item] = order.items;
    await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' });
    const ready = (await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'Ready' })).json<Order>();
    expect(ready.status).toBe('Ready for Assembly');
    const remade = await send(
      'POST',
      `/orders/${order.id}/items/${item!.id}/remake`,
      { reason: 'sent back', note: 'Medium, not well done' },
      'expeditor',
      'remake-1',
    );
    expect(remade.statusCode, remade.body).toBe(200);
    const again = remade.json<Order>();
    const remake = again.tickets[1]!;
    expect([again.status, again.ready_at, remake.round, remake.remake_of, remake.remake_reason, remake.status]).toStrictEqual([
      'In Progress',
      null,
      2,
      item!.id,
      'sent back',
      'Received',
    ]);
    expect(remake.items.map((entry) => [entry.item_id, entry.seat, entry.note])).toStrictEqual([[item!.id, 2, 'Medium, not well done']]);
    expect(remake.changes).toStrictEqual([{ at: again.updated_at, added: [], removed: [], remade: [item!.id] }]);
    expect(again.total).toBe(20);
    expect(await stockOf(beef.id)).toBe(8);
    const retry = await send(
      'POST',
      `/orders/${order.id}/items/${item!.id}/remake`,
      { reason: 'sent back', note: 'Medium, not well done' },
      'expeditor',
      'remake-1',
    );
    expect([retry.headers['idempotent-replayed'], await stockOf(beef.id)]).toStrictEqual(['true', 8]);
    // The remake is bumped on its own ticket (the latest round listing the item).
    await send('PATCH', `/orders/${order.id}/tickets/hot/items/${item!.id}`, { status: 'In Progress' });
    const done = (await send('PATCH', `/orders/${order.id}/tickets/hot/items/${item!.id}`, { status: 'Ready' })).json<Order>();
    expect(done.status).toBe('Ready for Assembly');
    expect((await send('POST', `/orders/${order.id}/items/${item!.id}/remake`, { reason: 'dropped' }, 'patron')).statusCode).toBe(403);
  });

  it('refuses a remake the stock cannot make (409), changing nothing', async () => {
    const { steak, beef } = await kitchen();
    const order = await place([{ dish_id: steak.id, quantity: 10 }]);
    const refused = await send('POST', `/orders/${order.id}/items/${order.items[0]!.id}/remake`, { reason: 'wrong' }, 'chef');
    expect(refused.statusCode).toBe(409);
    const after = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<Order>();
    expect([after.tickets.length, after.updated_at, await stockOf(beef.id)]).toStrictEqual([1, order.updated_at, 0]);
  });
});

describe('the kitchen report of items', () => {
  it('counts units sold and voided before and after starting per dish, and remakes per station and reason', async ({ startApp }) => {
    await fresh(startApp);
    const { steak, fries } = await kitchen();
    const order = await place([{ dish_id: fries.id, quantity: 3 }, { dish_id: steak.id }]);
    const [friesItem, steakItem] = order.items;
    await send('POST', `/orders/${order.id}/items/${friesItem!.id}/void`, { quantity: 1 }, 'expeditor');
    await send('PATCH', `/orders/${order.id}/tickets/hot`, { status: 'In Progress' });
    await send('POST', `/orders/${order.id}/items/${friesItem!.id}/void`, {}, 'expeditor');
    await send('POST', `/orders/${order.id}/items/${steakItem!.id}/remake`, { reason: 'sent back' }, 'chef');
    await send('POST', `/orders/${order.id}/items/${steakItem!.id}/remake`, { reason: 'dropped' }, 'chef');
    t.clock.advance(1);
    const report = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json();
    expect(report.items.dishes).toStrictEqual([
      { dish_id: steak.id, name: 'Steak', sold: 1, voided_before_start: 0, voided_after_start: 0 },
      { dish_id: fries.id, name: 'Fries', sold: 0, voided_before_start: 1, voided_after_start: 2 },
    ]);
    expect(report.remakes.counts).toStrictEqual([
      { station: 'hot', reason: 'dropped', count: 1 },
      { station: 'hot', reason: 'sent back', count: 1 },
    ]);
    const bucket = report.remakes.buckets.find((each: { counts: unknown[] }) => each.counts.length > 0);
    expect(bucket.counts).toStrictEqual(report.remakes.counts);
  });
});
