// The realtime layer as one fastify plugin: socket.io and /ws on the app's own port, fed by the
// store's change feed. Before the server stops, every client is told why and closed.
import websocket from '@fastify/websocket';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenVerifier } from '../domain/accounts/principal.js';
import type { Store } from '../store/types.js';
import { asyncApiDocument } from './asyncapi.js';
import { DEFAULT_SOCKET_LIMITS, guardRealtime, type SocketLimits } from './guard.js';
import type { LiveMenu } from '../domain/menu/menu.js';
import { startChangeFeed } from './feed.js';
import { WS_HEARTBEAT_MS, WS_SERVER_SHUTDOWN } from './transports/endings.js';
import { attachSocketIo, SOCKET_IO_PATH, type RealtimeIo, type SocketIoWrites } from './transports/socketio.js';
import { relayUpgrades } from './transports/upgrade-relay.js';
import { BoardPresence } from './presence.js';
import { WsRooms } from './transports/ws-rooms.js';
import { registerWsRoute } from './transports/ws.js';

export interface RealtimeOptions {
  store: Store;
  verifier: AccessTokenVerifier;
  /** How long socket.io keeps a disconnected client's missed events (default 2 minutes). */
  recoveryWindowMs?: number;
  /** And at most this many of the newest broadcasts (default 10,000), whatever the event rate. */
  recoveryMaxEvents?: number;
  /** How socket.io broadcasts are written (POS_SOCKETIO_WRITES; default 'public'). */
  socketIoWrites?: SocketIoWrites;
  /** The clock token expiry is measured by (the app's injectable clock). */
  now?: () => Date;
  /** The live menu: the feed reads dishes and stock from it. */
  menu: LiveMenu;
  /** The `low_portions` setting now: dish.availability tells portions left at or below it. */
  lowPortions?: () => number;
  /** Sockets per address, messages per socket, unread bytes per client (see guard.ts). */
  limits?: SocketLimits;
  /** The client's address behind the trusted proxies, as HTTP's request.ip (default: the TCP peer). */
  clientAddress?: (request: IncomingMessage) => string;
  /** socket.io's heartbeat (default: socket.io's own, a ping every 25 s answered within 20 s). */
  heartbeat?: { intervalMs: number; timeoutMs: number };
}

export interface Realtime {
  io: RealtimeIo;
  connectedClients(): { socketio: number; ws: number; total: number };
  /** Clients per room and transport, for /metrics (socket.io's own per-socket rooms left out). */
  socketsPerRoom(): { transport: 'socketio' | 'ws'; room: string; sockets: number }[];
  /** Envelopes handed to the transports since start (each once, however many clients hear it). */
  eventsPushed(): number;
  /** Which stations have a live board (the printers' takeover). */
  presence: BoardPresence;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * A refused /ws handshake is thrown to the host app's error handler, which answers with a Problem:
 * register this plugin in an app that has one.
 */
async function realtime(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const now = () => (options.now?.() ?? new Date()).getTime();
  const upgradeRelay = relayUpgrades(app.server, SOCKET_IO_PATH);
  // Clients are closed below, with a reason, so the plugin's own preClose has nothing to do.
  // maxPayload: clients only ever send small subscribe messages (ws would buffer up to 100 MiB).
  await app.register(websocket, { options: { server: upgradeRelay, maxPayload: 64 * 1024 }, preClose: (done) => done() });
  const wsRooms = new WsRooms();
  const socketIo = attachSocketIo(app.server, {
    verifier: options.verifier,
    recoveryWindowMs: options.recoveryWindowMs ?? 120_000,
    recoveryMaxEvents: options.recoveryMaxEvents ?? 10_000,
    log: app.log,
    now,
    writes: options.socketIoWrites,
    heartbeat: options.heartbeat,
  });
  const addressOf = options.clientAddress ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '');
  const guard = guardRealtime(app, socketIo, options.limits ?? DEFAULT_SOCKET_LIMITS, addressOf);
  registerWsRoute(app, { verifier: options.verifier, rooms: wsRooms, now, admit: guard.admitWs });
  let pushed = 0;
  const feed = startChangeFeed(
    options.store,
    {
      batch: (batch) => {
        pushed += batch.length;
        // Clients with too much unread are cut off before more is queued for them.
        guard.sweep();
        socketIo.broadcast(batch);
        wsRooms.broadcast(batch);
      },
      // A /ws client that drops reloads from the REST lists: only socket.io's can be away and recover.
      audience: () => wsRooms.size > 0 || socketIo.audible(),
    },
    app.log,
    { now: () => options.now?.() ?? new Date(), menu: options.menu, lowPortions: options.lowPortions },
  );

  const heartbeat = setInterval(() => wsRooms.sweep(), WS_HEARTBEAT_MS).unref();

  app.get('/asyncapi.json', { schema: { hide: true } }, async () => asyncApiDocument);
  app.decorate('realtime', {
    io: socketIo.io,
    connectedClients: () => {
      const counts = { socketio: socketIo.clientCount(), ws: wsRooms.size };
      return { ...counts, total: counts.socketio + counts.ws };
    },
    socketsPerRoom: () => {
      const namespace = socketIo.io.of('/');
      const socketio = [...namespace.adapter.rooms]
        .filter(([room]) => !namespace.sockets.has(room))
        .map(([room, members]) => ({ transport: 'socketio' as const, room, sockets: members.size }));
      const ws = [...wsRooms.roomSizes()].map(([room, sockets]) => ({ transport: 'ws' as const, room, sockets }));
      return [...socketio, ...ws];
    },
    eventsPushed: () => pushed,
    presence: new BoardPresence(socketIo.io, wsRooms, now),
  });
  app.addHook('preClose', async () => {
    // Changes already committed still go out before the sockets close.
    await feed.stop();
    clearInterval(heartbeat);
    guard.stop();
    await Promise.all([socketIo.close(), wsRooms.closeAll(WS_SERVER_SHUTDOWN.code, WS_SERVER_SHUTDOWN.reason)]);
    app.websocketServer.close();
  });
}

export default fp(realtime, { name: 'pos-realtime', fastify: '5.x' });
