// One commit's envelopes to the socket.io clients: each room broadcast encoded once, and each
// client's share of the commit written with one write of bytes shared by every client that gets
// the same share.
//
// socket.io encodes a room broadcast once and builds its WebSocket frame once, but then hands it to
// each client's engine.io connection: a packet object, a trip through the engine's buffer, and for a
// WebSocket two writes (header and payload) with a callback, per packet per client. With 50 screens
// and a commit of several orders that per-client work was most of what the screens cost. Here the
// broadcasts still go through io.to(rooms).emit (so connection-state recovery keeps them, with
// their offsets), but the adapter hands each client's share to us (recovery-buffer.ts); once the
// last envelope that reaches a client is encoded, its frames, concatenated once per distinct share,
// go to its TCP socket in one write. A station screen, which gets only the first envelopes of a
// commit, is written before the ones that follow are even encoded.
//
// Straight to the TCP socket only when nothing else can be waiting to go before it: a WebSocket
// transport free to write, nothing held by engine.io, ws sending nothing compressed or queued.
// Otherwise (polling, a write in progress) the share goes through engine.io as socket.io would.
import type { Namespace, Socket } from 'socket.io';
import type { Sent } from '../events.js';
import { corked, tcpSocketOf } from './cork.js';
import type { EncodedBroadcast, InterceptingAdapter } from './recovery-buffer.js';

/** What this module touches of an engine.io connection (`socket.conn`) and ws's WebSocket under it. */
interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  flush(): void;
  transport: { name: string; writable: boolean; perMessageDeflate?: unknown; socket?: WsSocket };
}
interface WsSocket {
  readyState: number;
  _sender?: { _state?: number; _queue?: unknown[] };
  _socket?: { writable: boolean; destroyed: boolean; write(bytes: Buffer): boolean };
}
/** The parts of a socket.io Socket used here, private ones included (writeToEngine is Client's). */
interface Internal {
  rooms: ReadonlySet<string>;
  conn: EngineConnection;
  client: { writeToEngine(encoded: unknown[], options: unknown): void };
  notifyOutgoingListeners?: (packet: unknown) => void;
}

interface Share {
  socket: Internal;
  /** Index of the batch's last envelope that reaches this client. */
  last: number;
  /** The indexes of the envelopes it gets: clients with the same key get the same bytes. */
  key: string;
  /** What it got since it was last written. */
  broadcasts: EncodedBroadcast[];
}

/** Broadcasts `batch` in order through `emit` (one io.to(rooms).emit each), writing each client once. */
export function fanOutBatch(nsp: Namespace, batch: readonly Sent[], emit: (sent: Sent) => void): void {
  const adapter = nsp.adapter as unknown as InterceptingAdapter;
  const lastFor = lastIndexes(batch);
  const shares = new Map<Socket, Share>();
  const frames = new Map<string, Buffer>();
  const write = (share: Share) => {
    writeShare(share, frames);
    share.broadcasts = [];
    share.key = '';
  };
  try {
    batch.forEach((sent, i) =>
      adapter.intercept(
        (socket, broadcast) => {
          let share = shares.get(socket);
          if (!share)
            shares.set(
              socket,
              (share = { socket: socket as unknown as Internal, last: lastFor(socket as unknown as Internal), key: '', broadcasts: [] }),
            );
          share.socket.notifyOutgoingListeners?.(broadcast.packet);
          share.broadcasts.push(broadcast);
          share.key += `${i},`;
          // Past its last envelope only if the rooms changed mid-batch: then each goes at once.
          if (i >= share.last) write(share);
        },
        () => emit(sent),
      ),
    );
  } finally {
    // Only if something threw: every client still gets what was broadcast to it.
    for (const share of shares.values()) if (share.broadcasts.length > 0) write(share);
  }
}

/** For a socket, the index of the last envelope of the batch addressed to one of its rooms. */
function lastIndexes(batch: readonly Sent[]): (socket: Internal) => number {
  const byRoom = new Map<string, number>();
  let everyone = -1;
  batch.forEach(({ rooms }, i) => {
    if (rooms === 'everyone') everyone = i;
    else for (const room of rooms) byRoom.set(room, i);
  });
  return (socket) => {
    let last = everyone;
    for (const room of socket.rooms) last = Math.max(last, byRoom.get(room) ?? -1);
    return last;
  };
}

function writeShare(share: Share, frames: Map<string, Buffer>): void {
  const tcp = share.broadcasts.every((b) => b.options.wsPreEncodedFrame) ? idleTcpSocket(share.socket.conn) : null;
  if (!tcp) return writeThroughEngine(share);
  let bytes = frames.get(share.key);
  if (!bytes) frames.set(share.key, (bytes = Buffer.concat(share.broadcasts.flatMap((b) => b.options.wsPreEncodedFrame!))));
  tcp.write(bytes);
}

/** The TCP socket under a WebSocket connection when nothing else is waiting to be written to it. */
function idleTcpSocket(conn: EngineConnection): { write(bytes: Buffer): boolean } | null {
  const { transport } = conn;
  if (
    conn.readyState !== 'open' ||
    transport.name !== 'websocket' ||
    !transport.writable ||
    transport.perMessageDeflate ||
    conn.writeBuffer.length > 0
  )
    return null;
  const ws = transport.socket;
  // ws: OPEN is 1; its sender queues frames only while compressing or reading a Blob (state 0 is idle).
  if (ws?.readyState !== 1 || ws._sender?._state !== 0 || (ws._sender._queue?.length ?? 0) > 0) return null;
  const tcp = ws._socket;
  return tcp && tcp.writable && !tcp.destroyed ? tcp : null;
}

/** As socket.io writes a broadcast, but a WebSocket client's packets held and flushed in one corked write. */
function writeThroughEngine({ socket, broadcasts }: Share): void {
  const { conn, client } = socket;
  const hold = conn.transport.name === 'websocket' && conn.transport.writable && broadcasts.length > 1;
  if (hold) conn.transport.writable = false;
  try {
    for (const { encoded, options } of broadcasts) client.writeToEngine(encoded, options);
  } finally {
    if (hold) {
      conn.transport.writable = true;
      corked(tcpSocketOf(conn.transport.socket), () => conn.flush());
    }
  }
}
