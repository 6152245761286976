// expected_ready_at reaches the screens: when the tickets ahead of an order are bumped and its
// estimate moves by a minute or more, the expeditor and the order's owner hear an order.updated
// carrying the new time (the quoted time unchanged), exactly once. A change that adds work (an
// items list, new dish_ids, items added while it cooks) moves expected_ready_at the same way and
// never the promise made when the order was placed.
import { afterEach, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { Envelope } from '../../../realtime/events.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, getOrder } from '../orders/support.js';
import { sioIn, wsIn, type SioClient, type WsClient } from '../../realtime/helpers/clients.js';

let t: TestApp;
let clock: FrozenClock;
let screens: (SioClient | WsClient)[] = [];

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, reestimate: true, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
});
afterEach(async () => {
  screens.forEach((screen) => screen.close());
  screens = [];
});

/** The test menu, and a time `minutes` from the frozen now as the answers write it. */
async function seeded() {
  const menu = await seedMenu(t);
  const t0 = clock.now().getTime();
  return { menu, iso: (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString() };
}

/** The expeditor's screen (socket.io) and the owner's (/ws): both hear every order.updated checked here. */
const expeditorAndOwner = async () => [
  await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor']),
  await wsIn(t.url, 'owner', t.tokens.patron, ['my-orders']),
];

it('pushes the new expected_ready_at of the order behind to the expeditor and its owner', async () => {
  const { menu, iso } = await seeded();
  screens = await expeditorAndOwner();
  const first = await placeOrder(t, [menu.steak.id]);
  const second = await placeOrder(t, [menu.steak.id]);
  expect(second.quoted_ready_at).toBe(iso(50));

  const bump = async (order: Order, status: string) =>
    expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode).toBe(
      200,
    );
  await bump(first, 'In Progress');
  clock.advance(10 * MINUTE);
  await bump(first, 'Ready');
  // Done in 10 of its 25 menu minutes: the line, learning, now cooks at 0.8 of the menu (10 + 20).
  const moved = (envelope: Envelope) =>
    envelope.type === 'order.updated' && envelope.data.id === second.id && envelope.data.expected_ready_at === iso(30);
  for (const screen of screens) {
    const envelope = await screen.inbox.waitFor(moved, `${second.id} expected at +30`);
    expect(envelope.type === 'order.updated' && [envelope.data.quoted_ready_at, envelope.data.status]).toStrictEqual([iso(50), 'Received']);
  }
  const updatesOfSecond = (screen: SioClient | WsClient) =>
    screen.inbox.envelopes.filter((e) => e.type === 'order.updated' && e.data.id === second.id).length;
  expect(screens.map(updatesOfSecond)).toStrictEqual([1, 1]);
});

it('keeps the promise as placed on every change that adds work: PATCH items, PATCH dish_ids and POST items move only expected_ready_at, pushed', async () => {
  const { menu, iso } = await seeded();
  screens = await expeditorAndOwner();
  const order = await placeOrder(t, [menu.lemonade.id]);
  expect([order.quoted_ready_at, order.expected_ready_at]).toStrictEqual([iso(3), iso(3)]);

  /** The answer's and the screens' [quoted_ready_at, expected_ready_at] after a change taken. */
  const heard = async (
    change: { method: 'PATCH' | 'POST'; url: string; payload: object },
    expected: string,
    as: 'patron' | 'expeditor' = 'patron',
  ) => {
    const response = await t.inject({ ...change, as });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<Order>();
    const pushed = (envelope: Envelope) =>
      envelope.type === 'order.updated' && envelope.data.id === order.id && envelope.data.expected_ready_at === expected;
    const events = await Promise.all(screens.map((screen) => screen.inbox.waitFor(pushed, `${order.id} expected at ${expected}`)));
    return [
      [answer.quoted_ready_at, answer.expected_ready_at],
      ...events.map((envelope) => envelope.type === 'order.updated' && [envelope.data.quoted_ready_at, envelope.data.expected_ready_at]),
    ];
  };
  const lemonadeItem = order.items[0]!.id;
  // A salad (10 minutes on the empty cold line) by the items list.
  const salad = {
    method: 'PATCH' as const,
    url: `/orders/${order.id}`,
    payload: { items: [{ id: lemonadeItem, dish_id: menu.lemonade.id }, { dish_id: menu.salad.id }] },
  };
  expect(await heard(salad, iso(10))).toStrictEqual(Array(3).fill([iso(3), iso(10)]));
  // A steak (25 minutes on the empty hot line) by dish_ids.
  const steak = {
    method: 'PATCH' as const,
    url: `/orders/${order.id}`,
    payload: { dish_ids: [menu.lemonade.id, menu.salad.id, menu.steak.id] },
  };
  expect(await heard(steak, iso(25))).toStrictEqual(Array(3).fill([iso(3), iso(25)]));
  // The hot ticket started, the expeditor adds a second steak on a new round behind it: 25 more minutes.
  const started = await t.inject({
    method: 'PATCH',
    url: `/orders/${order.id}/tickets/hot`,
    as: 'chef',
    payload: { status: 'In Progress' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const another = { method: 'POST' as const, url: `/orders/${order.id}/items`, payload: { items: [{ dish_id: menu.steak.id }] } };
  expect(await heard(another, iso(50), 'expeditor')).toStrictEqual(Array(3).fill([iso(3), iso(50)]));
  // The round's steak queues behind the one cooking, each a ticket of the hot line's queue.
  const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}` });
  expect(quote.json<{ stations: unknown[] }>().stations).toStrictEqual([{ station: 'hot', ready_at: iso(75), ahead: 2 }]);
  // And the background re-estimate (a second after the queues move) keeps it: the round is a
  // ticket of its own there, not the one cooking (it read +25 when both shared one key).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await getOrder(t, order.id)).toMatchObject({ quoted_ready_at: iso(3), expected_ready_at: iso(50) });
});

it('answers a change that takes work away or moves the order later with its new expected time, the promise kept', async () => {
  const { menu, iso } = await seeded();
  const change = async (id: string, payload: object) => {
    const response = await t.inject({ method: 'PATCH', url: `/orders/${id}`, as: 'patron', payload });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<Order>();
    return [answer.quoted_ready_at, answer.expected_ready_at];
  };
  // For 19:00 (three hours ahead), moved to five hours ahead, then brought back to one.
  const later = await placeOrder(t, [menu.steak.id], 'patron', { scheduled_at: iso(180) });
  expect([later.quoted_ready_at, later.expected_ready_at]).toStrictEqual([iso(180), iso(180)]);
  expect(await change(later.id, { scheduled_at: iso(300) })).toStrictEqual([iso(180), iso(300)]);
  expect(await change(later.id, { scheduled_at: iso(60) })).toStrictEqual([iso(180), iso(60)]);
  // A steak and a lemonade now: the steak taken away leaves the lemonade's 3 minutes.
  const now = await placeOrder(t, [menu.steak.id, menu.lemonade.id]);
  expect(now.expected_ready_at).toBe(iso(25));
  expect(await change(now.id, { dish_ids: [menu.lemonade.id] })).toStrictEqual([iso(25), iso(3)]);
  expect(await getOrder(t, later.id)).toMatchObject({ quoted_ready_at: iso(180), expected_ready_at: iso(60) });
});
