// POS_SOCKETIO_WRITES=direct writes each screen's share of a commit straight to its connection,
// through internals of socket.io, socket.io-adapter, engine.io and ws. When an upgrade changes one
// of them, the first test here fails naming it; the server itself then writes through socket.io's
// public API (the default), and says so in its log.
import type { Socket } from 'socket.io';
import { expect } from 'vitest';
import { missingInternals } from '../../realtime/transports/socketio-fanout.js';
import { it } from '../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { startBareServer } from './helpers/bare-server.js';
import { sioIn } from './helpers/clients.js';

it("finds every internal the direct writes use in this install's socket.io, engine.io and ws", async ({ onTestFinished }) => {
  const server = await startBareServer({ socketIoWrites: 'direct' });
  onTestFinished(() => server.close());
  const menu = await sioIn(server.url, 'menu board', undefined, ['menu']);
  onTestFinished(() => menu.close());
  const [socket] = server.app.realtime.io.of('/').sockets.values();
  const missing = socket ? missingInternals(socket as unknown as Socket) : ['no connected socket'];
  expect(
    missing,
    `POS_SOCKETIO_WRITES=direct needs internals this install no longer has: ${missing.join('; ')}. ` +
      'Adapt realtime/transports/socketio-fanout.ts to the new versions, or leave the setting at public.',
  ).toEqual([]);
});

it('with the direct writes, a station screen gets each order of a commit once, in order', async ({ startApp, onTestFinished }) => {
  const t = await startApp({ env: { POS_SOCKETIO_WRITES: 'direct' } });
  const { steak } = await seedMenu(t);
  const hot = await sioIn(t.url, 'hot line', t.tokens.chef, ['station:hot']);
  onTestFinished(() => hot.close());
  const first = await placeOrder(t, [steak.id]);
  const second = await placeOrder(t, [steak.id]);
  await hot.inbox.waitFor((e) => e.type === 'order.created' && e.data.id === second.id, 'the second order');
  const created = hot.inbox.envelopes.filter((e) => e.type === 'order.created').map((e) => (e.data as { id: string }).id);
  expect(created).toEqual([first.id, second.id]);
});

it('names what is missing from a socket that lacks the internals', () => {
  const bare = { nsp: { adapter: {} }, conn: { transport: {} }, client: {} } as unknown as Socket;
  expect(missingInternals(bare)).toEqual([
    "socket.io-adapter Adapter#_encode(packet, options): a broadcast's encoding, done once",
    "socket.io-adapter Adapter#apply(options, callback): a broadcast's call for each socket of its rooms",
    'socket.io Client#writeToEngine(encoded, options): a packet to the engine.io connection',
    'engine.io Socket#writeBuffer: the packets it holds back (an array)',
    "engine.io WebSocket transport's socket: ws's WebSocket",
    'ws WebSocket#_sender._state and ._queue: whether it is compressing or queueing a frame',
    'ws WebSocket#_socket: the TCP socket (write, writable, destroyed, writableLength)',
  ]);
});
