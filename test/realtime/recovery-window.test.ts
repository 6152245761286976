// POS_RECOVERY_WINDOW: how long a dropped screen's session and the events it misses are kept. Within
// it a reconnecting screen is recovered with what it missed; past it, it starts afresh (and resyncs
// through the REST lists), and the server no longer holds those events for it.
import { afterEach, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { sioIn, type SioClient } from './helpers/clients.js';

let t: TestApp | undefined;
let hot: SioClient | undefined;

afterEach(async () => {
  hot?.close();
  await t?.close();
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

it('recovers a screen back within the window and not one back after it', async () => {
  t = await startTestApp({ listen: true, env: { POS_RECOVERY_WINDOW: '1' } });
  const { steak } = await seedMenu(t);
  hot = await sioIn(t.url, 'hot station', t.tokens.chef, ['station:hot']);
  // socket.io recovers from the last event a client received: it needs one first.
  const first = await placeOrder(t, [steak.id]);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === first.id, 'the first order');

  let missed: { id: string } | undefined;
  expect(await dropAndReturn(hot, 100, async () => (missed = await placeOrder(t as TestApp, [steak.id])))).toBe(true);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === missed?.id, 'the order placed while away');

  const before = hot.inbox.envelopes.length;
  expect(await dropAndReturn(hot, 1_500, () => placeOrder(t as TestApp, [steak.id]))).toBe(false);
  // Not recovered: a fresh session, in no room until it subscribes again, and nothing replayed.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hot.inbox.envelopes.length).toBe(before);
  expect(await hot.subscribe(['station:hot'])).toEqual({ ok: true, rooms: ['station:hot'] });
});
