// The socket.io fan-out (transports/socketio-fanout.ts) with real socket.io clients: clients with the
// same share of a commit are written the very same bytes, one write each; a client whose engine.io
// connection is busy gets its share through engine.io instead, after what was already waiting.
import type { Socket as TcpSocket } from 'node:net';
import { expect, it } from 'vitest';
import { bareServerPerTest, commitIngredients } from './helpers/bare-server.js';
import { sioIn, type SioClient } from './helpers/clients.js';
import { idOf } from './helpers/screens.js';

// The direct writes are what this file is about (POS_SOCKETIO_WRITES=direct).
const { server, clients } = bareServerPerTest<SioClient>({ socketIoWrites: 'direct' });

interface Conn {
  writeBuffer: unknown[];
  flush(): void;
  transport: { writable: boolean; socket: { _socket: TcpSocket } };
}
/** The engine.io connections of the server's sockets, in the order the clients connected. */
const serverConns = () => [...server.app.realtime.io.of('/').sockets.values()].map((socket) => socket.conn as unknown as Conn);

/** Records every chunk the server writes to a TCP socket. */
function chunksWritten(tcp: TcpSocket): unknown[] {
  const chunks: unknown[] = [];
  const socket = tcp as unknown as { _write: (chunk: unknown, ...rest: unknown[]) => void; _writev: (...args: unknown[]) => void };
  const [write, writev] = [socket._write, socket._writev];
  socket._write = (chunk, ...rest) => (chunks.push(chunk), write.call(tcp, chunk, ...rest));
  socket._writev = (...args) => (chunks.push('writev'), writev.apply(tcp, args));
  return chunks;
}

const received = (client: SioClient, ids: string[]) =>
  Promise.all(ids.map((id) => client.inbox.waitFor((e) => e.type === 'ingredient.created' && idOf(e) === id, `ingredient ${id}`)));

it('writes the clients of one room the same buffer, one write each, the envelopes in order', async () => {
  clients.push(await sioIn(server.url, 'menu 1', undefined, ['menu']), await sioIn(server.url, 'menu 2', undefined, ['menu']));
  const [first, second] = serverConns().map((conn) => chunksWritten(conn.transport.socket._socket));
  const ids = commitIngredients(server, 3);
  for (const client of clients) {
    await received(client, ids);
    expect(client.inbox.envelopes.map((e) => [e.id, idOf(e)])).toEqual(ids.map((id, i) => [i + 1, id]));
  }
  expect(first).toHaveLength(1);
  expect(second).toHaveLength(1);
  expect(first![0]).toBeInstanceOf(Buffer);
  expect(second![0]).toBe(first![0]);
});

it('sends a busy client its share through engine.io, after what engine.io already held', async () => {
  clients.push(await sioIn(server.url, 'idle', undefined, ['menu']), await sioIn(server.url, 'busy', undefined, ['menu']));
  const [, busy] = serverConns();
  const [idleClient, busyClient] = clients;
  // As while a write of engine.io's is in progress: it holds what comes, and sends it on drain.
  busy!.transport.writable = false;
  const held = commitIngredients(server, 2);
  await received(idleClient!, held);
  expect(busy!.writeBuffer).toHaveLength(2);
  const next = commitIngredients(server, 1);
  await received(idleClient!, next);
  expect(busy!.writeBuffer).toHaveLength(3);
  expect(busyClient!.inbox.envelopes).toEqual([]);

  busy!.transport.writable = true;
  busy!.flush();
  await received(busyClient!, [...held, ...next]);
  expect(busyClient!.inbox.envelopes.map((e) => [e.id, idOf(e)])).toEqual([...held, ...next].map((id, i) => [i + 1, id]));
  // Free again, it is written straight away, after all of it.
  const last = commitIngredients(server, 1);
  await received(busyClient!, last);
  expect(busyClient!.inbox.envelopes.map((e) => e.id)).toEqual([1, 2, 3, 4]);
});
