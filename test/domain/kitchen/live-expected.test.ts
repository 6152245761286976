// expected_ready_at reaches the screens: when the tickets ahead of an order are bumped and its
// estimate moves by a minute or more, the expeditor and the order's owner hear an order.updated
// carrying the new time (the quoted time unchanged), exactly once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { Envelope } from '../../../realtime/events.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';
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
