// expected_ready_at reaches the screens: when the tickets ahead of an order are bumped and its
// estimate moves by a minute or more, the expeditor and the order's owner hear an order.updated
// carrying the new time (the quoted time unchanged), exactly once. A change that adds work (an
// items list, new dish_ids, items added while it cooks) moves expected_ready_at the same way and
// never the promise made when the order was placed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { Envelope } from '../../../realtime/events.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE, getOrder } from '../orders/support.js';
import { sioIn, wsIn, type SioClient, type WsClient } from '../../realtime/helpers/clients.js';

let t: TestApp;
let clock: FrozenClock;
let screens: (SioClient | WsClient)[] = [];

beforeEach(async () => {
  clock = new FrozenClock();
  t = await startTestApp({ clock, listen: true, reestimate: true, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
});
afterEach(async () => {
  screens.forEach((screen) => screen.close());
  screens = [];
  await t.close();
});

it('pushes the new expected_ready_at of the order behind to the expeditor and its owner', async () => {
  const menu = await seedMenu(t);
  const t0 = clock.now().getTime();
  const iso = (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString();
  const expeditor = await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor']);
  const owner = await wsIn(t.url, 'owner', t.tokens.patron, ['my-orders']);
  screens = [expeditor, owner];
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
  const menu = await seedMenu(t);
  const t0 = clock.now().getTime();
  const iso = (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString();
  const expeditor = await sioIn(t.url, 'expeditor', t.tokens.expeditor, ['expeditor']);
  const owner = await wsIn(t.url, 'owner', t.tokens.patron, ['my-orders']);
  screens = [expeditor, owner];
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
  expect(await getOrder(t, order.id)).toMatchObject({ quoted_ready_at: iso(3), expected_ready_at: iso(50) });
});
