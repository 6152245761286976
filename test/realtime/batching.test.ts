// A commit's envelopes leave for each client in one write: real socket.io (websocket and polling)
// and /ws clients get them all, in order, while the server's TCP socket of each WebSocket client
// sees one write for the whole batch (socket.io: one buffer holding the commit's frames, shared by
// every client that gets the same share; /ws: one writev); recovery still replays batches a client
// missed.
import type { Socket as TcpSocket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { bareServerPerTest, commitIngredients } from './helpers/bare-server.js';
import { connectSio, sioIn, wsIn, type SioClient, type WsClient } from './helpers/clients.js';
import { idOf } from './helpers/screens.js';

// A commit's share in one write is the direct writes' (POS_SOCKETIO_WRITES=direct).
const { server, track } = bareServerPerTest({ socketIoWrites: 'direct' });

/** Counts the system-call-level writes of a TCP socket: `_write` for one chunk, `_writev` for several. */
function countWrites(tcp: TcpSocket): { write: number; writev: number } {
  const counts = { write: 0, writev: 0 };
  const socket = tcp as unknown as { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
  const [write, writev] = [socket._write, socket._writev];
  socket._write = (...args) => (counts.write++, write.apply(tcp, args));
  socket._writev = (...args) => (counts.writev++, writev.apply(tcp, args));
  return counts;
}

const tcpOf = (websocket: unknown) => (websocket as { _socket: TcpSocket })._socket;

function serverTcpOfSocketIo(): TcpSocket {
  const [socket] = server.app.realtime.io.of('/').sockets.values();
  return tcpOf((socket!.conn.transport as unknown as { socket: unknown }).socket);
}

function serverTcpOfWs(): TcpSocket {
  const [ws] = server.app.websocketServer.clients as Set<WebSocket>;
  return tcpOf(ws);
}

const received = (client: SioClient | WsClient, ids: string[]) =>
  Promise.all(ids.map((id) => client.inbox.waitFor((e) => e.type === 'ingredient.created' && idOf(e) === id, `ingredient ${id}`)));

describe('one write per client per commit', () => {
  it('writes a socket.io client its share of a commit in one write, in order', async () => {
    const menu = track(await sioIn(server.url, 'sio menu', undefined, ['menu']));
    const writes = countWrites(serverTcpOfSocketIo());
    const ids = commitIngredients(server, 4);
    const got = await received(menu, ids);
    expect(got.map((e) => idOf(e))).toEqual(ids);
    expect(menu.inbox.envelopes.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(writes).toEqual({ write: 1, writev: 0 });
  });

  it('writes a /ws client its share of a commit in one writev, in order', async () => {
    const menu = track(await wsIn(server.url, 'ws menu', undefined, ['menu']));
    const writes = countWrites(serverTcpOfWs());
    const ids = commitIngredients(server, 4);
    await received(menu, ids);
    expect(menu.inbox.envelopes.map((e) => [e.id, idOf(e)])).toEqual(ids.map((id, i) => [i + 1, id]));
    expect(writes).toEqual({ write: 0, writev: 1 });
  });

  it('still delivers every envelope, in order, over polling and to clients outside the rooms none', async () => {
    const polling = track(await connectSio(server.url, 'sio polling', { transports: ['polling'] }));
    expect(await polling.subscribe(['menu'])).toMatchObject({ ok: true });
    const hot = track(await sioIn(server.url, 'sio hot', server.verifier.issue('chef'), ['station:hot']));
    const first = commitIngredients(server, 3);
    const second = commitIngredients(server, 2);
    await received(polling, [...first, ...second]);
    expect(polling.inbox.envelopes.map((e) => idOf(e))).toEqual([...first, ...second]);
    expect(polling.inbox.envelopes.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    // A fence on the hot screen's own connection: it got nothing of the menu's batches.
    expect(await hot.subscribe(['station:hot'])).toMatchObject({ ok: true });
    expect(hot.inbox.envelopes).toEqual([]);
  });

  it('replays the batches a socket.io client missed during a brief disconnect, in order', async () => {
    const menu = track(await sioIn(server.url, 'sio menu', undefined, ['menu']));
    const before = commitIngredients(server, 2);
    await received(menu, before);
    const gone = new Promise((resolve) => menu.socket.once('disconnect', resolve));
    menu.socket.io.engine.close();
    expect(await gone).toBe('forced close');
    const missed = [...commitIngredients(server, 3), ...commitIngredients(server, 2)];
    // The feed has sent them (to nobody) once a live client has them.
    const witness = track(await sioIn(server.url, 'sio witness', undefined, ['menu']));
    const after = commitIngredients(server, 1);
    await received(witness, after);

    const back = new Promise<void>((resolve) => menu.socket.once('connect', () => resolve()));
    menu.socket.connect();
    await back;
    expect(menu.socket.recovered).toBe(true);
    await received(menu, after);
    expect(menu.inbox.envelopes.map((e) => idOf(e))).toEqual([...before, ...missed, ...after]);
    expect(menu.inbox.envelopes.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
