// The direct writes (POS_SOCKETIO_WRITES=direct): one commit's envelopes to the socket.io clients,
// each room broadcast encoded once, and each client's share of the commit written with one write of
// bytes shared by every client that gets the same share. Off by default: it relies on internals of
// socket.io, socket.io-adapter, engine.io and ws (INTERNALS below), checked at the first connection
// and by test/realtime/socketio-internals.test.ts; when one is missing the server says which and
// writes through socket.io's public API instead.
//
// socket.io encodes a room broadcast once and builds its WebSocket frame once, but then hands it to
// each client's engine.io connection: a packet object, a trip through the engine's buffer, and for a
// WebSocket two writes (header and payload) with a callback, per packet per client. With 50 screens
// and a commit of several orders that per-client work was most of what the screens cost. Here the
// broadcasts still go through io.to(rooms).emit (so connection-state recovery keeps them, with
// their offsets), but the adapter hands each client's share to us; once the last envelope that
// reaches a client is encoded, its frames, concatenated once per distinct share, go to its TCP
// socket in one write. A station screen, which gets only the first envelopes of a commit, is
// written before the ones that follow are even encoded.
//
// Straight to the TCP socket only when nothing else can be waiting to go before it: a WebSocket
// transport free to write, nothing held by engine.io, ws sending nothing compressed or queued.
// Otherwise (polling, a write in progress) the share goes through engine.io as socket.io would.
import type { Namespace, Socket } from 'socket.io';
import type { Adapter } from 'socket.io-adapter';
import type { Sent } from '../events.js';
import { corked, tcpSocketOf } from './cork.js';

/**
 * What the direct writes use of the dependencies' internals: when one of these changes in an
 * upgrade, missingInternals names it (and the server falls back to the public API).
 */
export const INTERNALS = [
  "socket.io-adapter Adapter#_encode(packet, options): a broadcast's encoding, done once",
  "socket.io-adapter Adapter#apply(options, callback): a broadcast's call for each socket of its rooms",
  'socket.io Client#writeToEngine(encoded, options): a packet to the engine.io connection',
  'engine.io Socket#writeBuffer: the packets it holds back (an array)',
  "engine.io WebSocket transport's socket: ws's WebSocket",
  'ws WebSocket#_sender._state and ._queue: whether it is compressing or queueing a frame',
  'ws WebSocket#_socket: the TCP socket (write, writable, destroyed, writableLength)',
] as const;

/** What socket.io-adapter hands each socket's engine: the encoded packets and their options. */
export interface EncodedBroadcast {
  packet: unknown;
  encoded: unknown[];
  /** `wsPreEncodedFrame` holds the WebSocket frame (header and payload buffers) when it could be built. */
  options: { wsPreEncodedFrame?: Buffer[]; volatile?: boolean; [key: string]: unknown };
}

/** One socket's share of an intercepted broadcast. */
export type ShareSink = (socket: Socket, broadcast: EncodedBroadcast) => void;

export interface InterceptingAdapter {
  /** Runs `broadcast` (one io.to(...).emit) with every socket's share handed to `sink`, not written. */
  intercept(sink: ShareSink, broadcast: () => void): void;
}

/** `_encode` and `apply` are the in-memory adapter's private steps of a broadcast. */
interface AdapterSteps {
  _encode?: (packet: unknown, options: EncodedBroadcast['options']) => unknown[];
  apply?: (opts: unknown, callback: (socket: Socket) => void) => void;
}

/** `Base` (the recovery buffer) whose broadcasts can be intercepted: each socket's share handed over, not written. */
export function interceptingAdapter(Base: typeof Adapter): typeof Adapter {
  return class extends Base implements InterceptingAdapter {
    #sink: ShareSink | null = null;
    #encoded: EncodedBroadcast | null = null;

    constructor(...args: ConstructorParameters<typeof Adapter>) {
      super(...args);
      const steps = this as unknown as AdapterSteps;
      const encode = steps._encode?.bind(this);
      const apply = steps.apply?.bind(this);
      if (!encode || !apply) return;
      steps._encode = (packet, options) => {
        const encoded = encode(packet, options);
        if (this.#sink) this.#encoded = { packet, encoded, options };
        return encoded;
      };
      steps.apply = (opts, callback) => {
        const sink = this.#sink;
        const encoded = this.#encoded;
        if (!sink || !encoded) return apply(opts, callback);
        apply(opts, (socket) => sink(socket, encoded));
      };
    }

    intercept(sink: ShareSink, broadcast: () => void): void {
      this.#sink = sink;
      try {
        broadcast();
      } finally {
        this.#sink = null;
        this.#encoded = null;
      }
    }
  };
}

/** The internals (INTERNALS' wording) a connected WebSocket client and its namespace's adapter lack. */
export function missingInternals(socket: Socket): string[] {
  const adapter = socket.nsp.adapter as unknown as AdapterSteps;
  const internal = socket as unknown as Partial<Internal>;
  const ws = internal.conn?.transport?.socket;
  const checks: boolean[] = [
    typeof adapter._encode === 'function',
    typeof adapter.apply === 'function',
    typeof internal.client?.writeToEngine === 'function',
    Array.isArray(internal.conn?.writeBuffer),
    typeof ws?.readyState === 'number',
    typeof ws?._sender?._state === 'number' && Array.isArray(ws._sender._queue),
    typeof ws?._socket?.write === 'function' && typeof ws._socket.writableLength === 'number',
  ];
  return INTERNALS.filter((_, i) => !checks[i]);
}

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
  _socket?: { writable: boolean; destroyed: boolean; writableLength: number; write(bytes: Buffer): boolean };
  bufferedAmount: number;
  terminate(): void;
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
  if (typeof adapter.intercept !== 'function') throw new Error('the direct writes need the adapter made by interceptingAdapter()');
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

/**
 * Bytes waiting for a client: packets engine.io holds back, plus what its WebSocket has not sent.
 * Checked for every client before every commit's broadcast: a client holding nothing whose
 * transport is free to write has had engine.io's last write completed, so only what the direct
 * writes put straight on its TCP socket can wait, read from the socket's stream; its WebSocket's
 * buffered amount (a getter walking its stream, the costly part) is not read.
 */
export function directBacklog(socket: Socket): number {
  const { conn } = socket as unknown as Internal;
  if ((conn.writeBuffer?.length ?? 0) === 0 && conn.transport?.writable === true)
    return conn.transport.socket?._socket?.writableLength ?? 0;
  const held = (conn.writeBuffer ?? []).reduce((sum: number, packet) => {
    const { data } = packet as { data?: unknown };
    return sum + (typeof data === 'string' ? data.length : 0);
  }, 0);
  return held + (conn.transport?.socket?.bufferedAmount ?? 0);
}

/** Destroys a client's WebSocket at once (one cut off that would not take its close frame). */
export function terminate(socket: Socket): void {
  (socket as unknown as Internal).conn.transport?.socket?.terminate();
}
