// One commit's envelopes to the socket.io clients, each client's share written at once.
//
// engine.io writes every packet of a WebSocket client with its own system call: the first packet
// goes out at once, and those that come while it is being written wait in the client's buffer and
// then leave one call each. For a commit of several envelopes that is one call per envelope per
// client, the costliest part of a broadcast to many screens. So while a batch is broadcast, every
// client it reaches holds its packets (its transport counts as busy), and once the last envelope for
// it is out, it is flushed with its TCP socket corked: its packets leave in order, in one write.
// The broadcasts themselves stay io.to(rooms).emit, so connection-state recovery keeps them all.
import type { Namespace, Socket } from 'socket.io';
import type { Audience, Sent } from '../events.js';
import { corked, tcpSocketOf, type Corkable } from './cork.js';

/** What this module touches of an engine.io connection (`socket.conn`). */
export interface EngineConnection {
  transport: { name: string; writable: boolean; socket?: unknown };
}

/** engine.io's `flush` is private in its typings; it sends the held packets if the transport may write. */
type Flushable = EngineConnection & { flush?: () => void };

/** The TCP socket under a WebSocket transport; null for other transports (polling sends in one response). */
function tcpSocketUnder(conn: EngineConnection): Corkable | null {
  return conn.transport.name === 'websocket' ? tcpSocketOf(conn.transport.socket) : null;
}

/**
 * Broadcasts `batch` in order through `emit` (one room broadcast each), holding the packets of every
 * client it reaches; each client is flushed, once and corked, right after the last envelope that
 * reaches it. So a station screen, which gets only the first envelope of an order's commit, is
 * written before the stock updates that follow it go to the menu.
 */
export function broadcastBatch(nsp: Namespace, batch: readonly Sent[], emit: (sent: Sent) => void): void {
  // One envelope is one packet per client, written at once anyway.
  if (batch.length === 1) return emit(batch[0]!);
  const { held, releaseAfter } = holdUntilLast(nsp, batch);
  const release = (conn: Flushable) => {
    if (!held.delete(conn)) return;
    conn.transport.writable = true;
    corked(tcpSocketUnder(conn), () => conn.flush?.());
  };
  try {
    batch.forEach((sent, i) => {
      emit(sent);
      releaseAfter[i]!.forEach(release);
    });
  } finally {
    // Only if something threw: no client may stay held.
    held.forEach(release);
  }
}

/**
 * Holds every client the batch reaches whose transport is free to write (a busy one keeps its packets
 * until it drains anyway), and lists them by the index of the last envelope that reaches them.
 */
function holdUntilLast(nsp: Namespace, batch: readonly Sent[]): { held: Set<Flushable>; releaseAfter: Flushable[][] } {
  const last = new Map<Flushable, number>();
  batch.forEach(({ rooms }, i) => {
    for (const id of socketIdsIn(nsp, rooms)) {
      const socket: Socket | undefined = nsp.sockets.get(id);
      if (socket) last.set(socket.conn as unknown as Flushable, i);
    }
  });
  const held = new Set<Flushable>();
  const releaseAfter: Flushable[][] = batch.map(() => []);
  for (const [conn, i] of last) {
    if (!conn.transport.writable || typeof conn.flush !== 'function') continue;
    conn.transport.writable = false;
    held.add(conn);
    releaseAfter[i]!.push(conn);
  }
  return { held, releaseAfter };
}

function* socketIdsIn(nsp: Namespace, rooms: Audience): Iterable<string> {
  if (rooms === 'everyone') {
    yield* nsp.sockets.keys();
    return;
  }
  for (const room of rooms) yield* nsp.adapter.rooms.get(room) ?? [];
}
