// socket.io transport: handshake auth, the subscribe protocol, room broadcasts (which connection-
// state recovery can replay after a short disconnect), token expiry and a graceful close.
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AccessTokenVerifier } from '../../domain/accounts/principal.js';
import { identify, whenExpired, type Viewer } from '../auth.js';
import type { Envelope, EventType, Sent } from '../events.js';
import { channelsOf, isChannel, roomOf, roomsOpenTo } from '../rooms.js';
import { CLOSE_GRACE_MS, SERVER_SHUTDOWN, settledWithin, TOKEN_EXPIRED, type SessionEnded } from './endings.js';
import { emitJsonOnly, envelopeParser } from './envelope-parser.js';
import { directBacklog, fanOutBatch, interceptingAdapter, missingInternals, terminate } from './socketio-fanout.js';
import { boundedRecoveryAdapter, isRecoveryBuffer } from './recovery-buffer.js';
import { handshakeError, subscribeReply, type SubscribeAck } from './socketio-protocol.js';

export const SOCKET_IO_PATH = '/socket.io';

interface ClientEvents {
  subscribe: (request: unknown, ack: (reply: SubscribeAck) => void) => void;
}
type ServerEvents = { [T in EventType]: (envelope: Envelope) => void } & { 'session.ended': (notice: SessionEnded) => void };
interface SocketData {
  viewer: Viewer;
}
export type RealtimeIo = Server<ClientEvents, ServerEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientEvents, ServerEvents, Record<string, never>, SocketData>;

/** How room broadcasts reach the clients: socket.io's public API, or the direct writes (socketio-fanout.ts). */
export type SocketIoWrites = 'public' | 'direct';

export interface SocketIoTransport {
  io: RealtimeIo;
  /** One commit's envelopes, in order. */
  broadcast(batch: readonly Sent[]): void;
  /** Bytes waiting for a client that has not read them (the slow-consumer limit, ../guard.ts). */
  backlog(socket: Socket): number;
  /** Ends a client cut off at once, where the direct writes can; otherwise ws's close timeout does. */
  terminate(socket: Socket): void;
  clientCount(): number;
  /** Whether a client is connected, or away but able to recover what it misses. */
  audible(): boolean;
  close(): Promise<void>;
}

export interface SocketIoOptions {
  verifier: AccessTokenVerifier;
  recoveryWindowMs: number;
  /** At most this many broadcasts are kept for recovery, the newest (see recovery-buffer.ts). */
  recoveryMaxEvents: number;
  log: FastifyBaseLogger;
  now: () => number;
  /** 'public' unless POS_SOCKETIO_WRITES says otherwise. */
  writes?: SocketIoWrites;
  /** A ping every `intervalMs`, answered within `timeoutMs` (default: socket.io's 25 s and 20 s). */
  heartbeat?: { intervalMs: number; timeoutMs: number } | undefined;
}

export function attachSocketIo(
  server: HttpServer,
  { verifier, recoveryWindowMs, recoveryMaxEvents, log, now, writes = 'public', heartbeat }: SocketIoOptions,
): SocketIoTransport {
  const recovery = boundedRecoveryAdapter({ windowMs: recoveryWindowMs, maxEvents: recoveryMaxEvents });
  let direct = writes === 'direct';
  const io: RealtimeIo = new Server(server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    // Upgrades of other paths (/ws) belong to @fastify/websocket: engine.io must not end them.
    destroyUpgrade: false,
    // Middlewares run again on recovery, so a reconnecting client's token is checked again.
    connectionStateRecovery: { maxDisconnectionDuration: recoveryWindowMs, skipMiddlewares: false },
    adapter: direct ? interceptingAdapter(recovery) : recovery,
    // Envelopes are encoded without searching them for binary data (envelope-parser.ts).
    parser: envelopeParser,
    ...(heartbeat && { pingInterval: heartbeat.intervalMs, pingTimeout: heartbeat.timeoutMs }),
  });
  io.use((socket, next) => {
    identify(verifier, socket.handshake.auth.token).then(
      (viewer) => {
        socket.data.viewer = viewer;
        next();
      },
      (err: unknown) => next(handshakeError(err, log)),
    );
  });
  const upgraded = upgradedConnections(server);
  io.on('connection', (socket) => serve(socket, now));
  const held = new WeakMap<Socket, () => number>();
  io.on('connection', (socket) => held.set(socket, heldBytes(socket)));
  if (direct) {
    // Checked on the first WebSocket client: an upgrade of a dependency may have changed what they use.
    const check = (socket: RealtimeSocket) => {
      if (!direct || socket.conn.transport.name !== 'websocket') return false;
      const missing = missingInternals(socket);
      if (missing.length > 0) {
        direct = false;
        log.error(
          { missing },
          'realtime: POS_SOCKETIO_WRITES=direct needs internals this socket.io no longer has; writing through its public API',
        );
      }
      return true;
    };
    const untilChecked = (socket: RealtimeSocket) => {
      if (check(socket)) io.off('connection', untilChecked);
      else socket.conn.once('upgrade', () => check(socket));
    };
    io.on('connection', untilChecked);
  }
  // io.to(...).emit, never socket.emit: only room broadcasts are kept for recovery.
  const emit = ({ rooms, envelope }: Sent) =>
    emitJsonOnly(envelope, () => (rooms === 'everyone' ? io : io.to([...rooms])).emit(envelope.type, envelope));
  return {
    io,
    broadcast: (batch) => (direct ? fanOutBatch(io.of('/'), batch, emit) : batch.forEach(emit)),
    backlog: (socket) => (direct ? directBacklog(socket) : (held.get(socket)?.() ?? 0)),
    terminate: (socket) => direct && terminate(socket),
    clientCount: () => io.of('/').sockets.size,
    audible: () => {
      const { adapter } = io.of('/');
      return io.of('/').sockets.size > 0 || (isRecoveryBuffer(adapter) && adapter.heldSessions > 0);
    },
    close: () => closeAll(io, upgraded),
  };
}

/**
 * Bytes engine.io holds for a client, from its documented events: a packet is created, then handed
 * to the transport at a flush. A WebSocket that has not finished its last write holds the packets
 * that follow, so a client that stops reading shows here within one write.
 */
function heldBytes(socket: RealtimeSocket): () => number {
  let held = 0;
  socket.conn.on('packetCreate', (packet: { data?: unknown }) => {
    const { data } = packet;
    held += typeof data === 'string' ? data.length : Buffer.isBuffer(data) ? data.length : 0;
  });
  socket.conn.on('flush', () => {
    held = 0;
  });
  return () => held;
}

function serve(socket: RealtimeSocket, now: () => number): void {
  const { viewer } = socket.data;
  // A recovered session keeps its rooms; the token presented now may open fewer of them.
  const open: string[] = channelsOf(roomsOpenTo(viewer), viewer);
  for (const room of socket.rooms) if (isChannel(room) && !open.includes(room)) void socket.leave(room);
  const cancelExpiry = whenExpired(viewer, () => endSession(socket, TOKEN_EXPIRED), now);
  socket.on('disconnect', cancelExpiry);
  socket.on('subscribe', (request, ack) => {
    const reply = subscribeReply(request, viewer, (rooms) => {
      void socket.join(channelsOf(rooms, viewer));
      return [...socket.rooms].flatMap((room) => {
        const named = roomOf(room, viewer);
        return named ? [named] : [];
      });
    });
    if (typeof ack === 'function') ack(reply);
  });
}

function endSession(socket: RealtimeSocket, notice: SessionEnded): void {
  socket.emit('session.ended', notice);
  socket.disconnect(true);
}

/**
 * Every client gets the shutdown notice; closing only the transport lets clients reconnect on their
 * own (a refused handshake would stop socket.io-client from retrying). One that reconnects during
 * the grace period is cut off by the engine's close and keeps retrying until the server is back.
 */
async function closeAll(io: RealtimeIo, upgraded: Set<Duplex>): Promise<void> {
  const sockets = [...io.of('/').sockets.values()];
  const closed = sockets.map((socket) => new Promise((resolve) => socket.conn.once('close', resolve)));
  for (const socket of sockets) {
    socket.emit('session.ended', SERVER_SHUTDOWN);
    socket.conn.close();
  }
  await settledWithin(CLOSE_GRACE_MS, closed);
  io.engine.close();
  // The engine's close asks each WebSocket to close and ws waits 30 s for the answer: a tablet gone
  // from the network never gives one, and would hold the server's close up that long. Cut them.
  for (const connection of upgraded) connection.destroy();
}

/**
 * The connections upgraded to a WebSocket on socket.io's path, while they are open (Node's server
 * forgets a connection once it is upgraded, so its own closeAllConnections cannot end them).
 */
function upgradedConnections(server: HttpServer): Set<Duplex> {
  const open = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, connection: Duplex) => {
    if (!request.url?.startsWith(`${SOCKET_IO_PATH}/`)) return;
    open.add(connection);
    connection.once('close', () => open.delete(connection));
  });
  return open;
}
