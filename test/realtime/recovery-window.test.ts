// POS_RECOVERY_WINDOW: how long a dropped screen's session and the events it misses are kept. Within
// it a reconnecting screen is recovered with what it missed; past it, it starts afresh (and resyncs
// through the REST lists), and the server no longer holds those events for it.
import { Server } from 'socket.io';
import { afterEach, expect } from 'vitest';
import { boundedRecoveryAdapter, isRecoveryBuffer } from '../../realtime/transports/recovery-buffer.js';
import { it } from '../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { addDish } from './fakes/kitchen.js';
import { startBareServer } from './helpers/bare-server.js';
import { sioIn, type SioClient } from './helpers/clients.js';

let hot: SioClient | undefined;

afterEach(() => {
  hot?.close();
  hot = undefined;
});

async function dropAndReturn(client: SioClient, awayMs: number, whileAway: () => Promise<unknown>): Promise<boolean> {
  const gone = new Promise((resolve) => client.socket.once('disconnect', resolve));
  client.socket.io.engine.close();
  await gone;
  await whileAway();
  await new Promise((resolve) => setTimeout(resolve, awayMs));
  const back = new Promise<void>((resolve) => client.socket.once('connect', () => resolve()));
  client.socket.connect();
  await back;
  return client.socket.recovered;
}

it('recovers a screen back within the window and not one back after it', async ({ startApp }) => {
  const t = await startApp({ env: { POS_RECOVERY_WINDOW: '1' } });
  const { steak } = await seedMenu(t);
  hot = await sioIn(t.url, 'hot station', t.tokens.chef, ['station:hot']);
  // socket.io recovers from the last event a client received: it needs one first.
  const first = await placeOrder(t, [steak.id]);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === first.id, 'the first order');

  let missed: { id: string } | undefined;
  expect(await dropAndReturn(hot, 100, async () => (missed = await placeOrder(t, [steak.id])))).toBe(true);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === missed?.id, 'the order placed while away');

  const before = hot.inbox.envelopes.length;
  expect(await dropAndReturn(hot, 1_500, () => placeOrder(t, [steak.id]))).toBe(false);
  // Not recovered: a fresh session, in no room until it subscribes again, and nothing replayed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hot.inbox.envelopes.length).toBe(before);
  expect(await hot.subscribe(['station:hot'])).toEqual({ ok: true, rooms: ['station:hot'] });
});

it('keeps at most POS_RECOVERY_MAX_EVENTS broadcasts: a screen whose last event has left the buffer starts afresh', async ({
  startApp,
}) => {
  const t = await startApp({ env: { POS_RECOVERY_MAX_EVENTS: '10' } });
  const { steak } = await seedMenu(t);
  hot = await sioIn(t.url, 'hot station', t.tokens.chef, ['station:hot']);
  const first = await placeOrder(t, [steak.id]);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === first.id, 'the first order');

  // Each order is at least three broadcasts (its station, the expeditor, the menu's stock): eight
  // orders push the screen's last event out of a buffer of ten.
  const recovered = await dropAndReturn(hot, 50, async () => {
    for (let i = 0; i < 8; i++) await placeOrder(t, [steak.id]);
  });
  expect(recovered).toBe(false);
});

it('the bounded buffer keeps the newest broadcasts, never more than a tenth over its size', () => {
  // Not attached to an HTTP server: nothing to listen on or close.
  const io = new Server({
    connectionStateRecovery: { maxDisconnectionDuration: 120_000 },
    adapter: boundedRecoveryAdapter({ windowMs: 120_000, maxEvents: 10 }),
  });
  const adapter = io.of('/').adapter;
  if (!isRecoveryBuffer(adapter)) throw new Error('not the bounded recovery adapter');
  // A client in the room (the adapter's own record of one): broadcasts to empty rooms are dropped.
  adapter.addAll('a-screen', new Set(['menu']));
  const sizes: number[] = [];
  for (let i = 1; i <= 25; i++) {
    io.to('menu').emit('tick', i);
    sizes.push(adapter.bufferedEvents);
  }
  // Up to eleven, then back to ten whenever it would pass eleven.
  expect(sizes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11, 10, 11]);
  expect(adapter.bufferedData().map((data) => data[1])).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
});

it('drops a broadcast to rooms nobody is in, and keeps one for a screen that dropped from them within the window', async () => {
  const server = await startBareServer();
  try {
    const adapter = server.app.realtime.io.of('/').adapter as unknown as { bufferedEvents: number };
    await addDish(server.store, { name: 'Tea', station: 'beverages' });
    expect(adapter.bufferedEvents).toBe(0);
    hot = await sioIn(server.url, 'menu', undefined, ['menu']);
    const soup = await addDish(server.store, { name: 'Soup', station: 'hot' });
    await hot.inbox.waitFor((e) => e.type === 'dish.created' && e.data.id === soup.id, 'the soup');
    expect(adapter.bufferedEvents).toBe(1);
    let away: { id: string } | undefined;
    expect(await dropAndReturn(hot, 50, async () => (away = await addDish(server.store, { name: 'Salad', station: 'cold' })))).toBe(true);
    await hot.inbox.waitFor((e) => e.type === 'dish.created' && e.data.id === away?.id, 'the dish added while away');
    expect(adapter.bufferedEvents).toBe(2);
  } finally {
    hot?.close();
    hot = undefined;
    await server.close();
  }
});
