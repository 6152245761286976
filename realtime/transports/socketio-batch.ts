// One commit's envelopes to the socket.io clients, each client's share written at once.
//
// engine.io writes every packet of a WebSocket client with its own system call: the first packet
// goes out at once, and those that come while it is being written wait in the client's buffer and
// then leave one call each. For a commit of several envelopes that is one call per envelope per
// client, the costliest part of a broadcast to many screens. So while a batch is broadcast, every
// client it reaches holds its packets (its transport counts as busy), and then each is flushed once
// with its TCP socket corked: the packets leave in order, in one write. The broadcasts themselves
// stay io.to(rooms).emit, so connection-state recovery keeps every one of them.
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
 * client it reaches until the end, then flushes each client once, corked. Clients are flushed in the
 * order the batch reaches them: the rooms of the first envelope (an order's station) first.
 */
export function broadcastBatch(nsp: Namespace, batch: readonly Sent[], emit: (sent: Sent) => void): void {
  // One envelope is one packet per client, written at once anyway.
  if (batch.length === 1) return emit(batch[0]!);
  // Only a transport free to write is held; a busy one keeps its packets until it drains anyway.
  const held = [...clientsReached(nsp, batch)].filter((conn) => conn.transport.writable && typeof conn.flush === 'function');
  for (const conn of held) conn.transport.writable = false;
  try {
    batch.forEach(emit);
  } finally {
    for (const conn of held) release(conn);
  }
}

/** Lets the transport write again and sends what it held in one corked write. */
function release(conn: Flushable): void {
  conn.transport.writable = true;
  corked(tcpSocketUnder(conn), () => conn.flush?.());
}

/** The engine.io connections of every client in any of the batch's rooms, in the order first reached. */
function clientsReached(nsp: Namespace, batch: readonly Sent[]): Set<Flushable> {
  const reached = new Set<Flushable>();
  const add = (socket: Socket | undefined) => {
    if (socket) reached.add(socket.conn as unknown as Flushable);
  };
  for (const { rooms } of batch) {
    for (const id of socketIdsIn(nsp, rooms)) add(nsp.sockets.get(id));
  }
  return reached;
}

function* socketIdsIn(nsp: Namespace, rooms: Audience): Iterable<string> {
  if (rooms === 'everyone') {
    yield* nsp.sockets.keys();
    return;
  }
  for (const room of rooms) yield* nsp.adapter.rooms.get(room) ?? [];
}
