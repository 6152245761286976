// Realtime limits, on both transports: sockets per client address, messages per socket, and bytes
// waiting for a client that does not read. A client over a limit is refused (a 429 Problem) or
// disconnected with a reason, so no client can grow the server's memory without bound.
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Socket } from 'socket.io';
import type { WebSocket } from 'ws';
import { tooManyRequests } from '../domain/errors.js';
import type { RealtimeIo, SocketIoTransport } from './transports/socketio.js';

export interface SocketLimits {
  /** Open sockets per client address, socket.io and /ws each; 0: no limit. */
  maxPerAddress: number;
  /** Messages a client may send per socket per minute; 0: no limit. */
  maxMessagesPerMinute: number;
  /** Bytes queued for one client before it is cut off as too slow. */
  maxBufferedBytes: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { maxPerAddress: 100, maxMessagesPerMinute: 120, maxBufferedBytes: 4 * 1024 * 1024 };

/** socket.io: the `session.ended` notice, in the shape of the layer's other endings. */
export const TOO_MANY_MESSAGES = {
  reason: 'too_many_messages',
  title: 'Too Many Requests',
  detail: 'This socket sent too many messages; connect again in a minute.',
} as const;
export const SLOW_CONSUMER = {
  reason: 'slow_consumer',
  title: 'Service Unavailable',
  detail: 'Events were not read fast enough; connect again and reload from the REST lists.',
} as const;
/** /ws close frames (4000–4999 are the application's): 4029 like HTTP 429, 4008 a client too slow. */
export const WS_TOO_MANY_MESSAGES = { code: 4029, reason: 'too many messages' } as const;
export const WS_SLOW_CONSUMER = { code: 4008, reason: 'too slow reading events' } as const;

/** A client cut off gets this long to take its close frame before its connection is destroyed. */
const TERMINATE_AFTER_MS = 1000;
const SWEEP_EVERY_MS = 1000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The host itself (health checks, local tools, benchmarks) is never limited; a relayed request always is. */
export const isLocal = (address: string | undefined, headers: IncomingMessage['headers']) =>
  address !== undefined && LOOPBACK.has(address) && headers['x-forwarded-for'] === undefined;

/** Open connections per address: a reservation is taken on admission and released once. */
export class AddressCounter {
  readonly #open = new Map<string, number>();
  constructor(private readonly max: number) {}

  reserve(address: string): (() => void) | null {
    const open = this.#open.get(address) ?? 0;
    if (this.max > 0 && open >= this.max) return null;
    this.#open.set(address, open + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(address) ?? 1) - 1;
      if (left > 0) this.#open.set(address, left);
      else this.#open.delete(address);
    };
  }
}

/** A fixed one-minute window: true while the socket is within its allowance. */
export function messageBudget(maxPerMinute: number, now: () => number = Date.now): () => boolean {
  let windowStart = now();
  let count = 0;
  return () => {
    if (maxPerMinute === 0) return true;
    if (now() - windowStart >= 60_000) {
      windowStart = now();
      count = 0;
    }
    return ++count <= maxPerMinute;
  };
}

const tooManySockets = () => tooManyRequests('Too many realtime connections from your address; close some and try again.', 60);

export interface RealtimeGuard {
  /** The /ws route's onRequest hook: refuses an address over its socket budget before the upgrade. */
  admitWs: onRequestHookHandler;
  /** Cuts off clients with too much unread; run before each broadcast and every second. */
  sweep(): void;
  stop(): void;
}

/**
 * `addressOf` names the client of a socket.io handshake the way fastify's request.ip does for HTTP
 * and /ws (same trusted proxy hops): behind nginx, the TCP peer would be nginx for every client.
 */
export function guardRealtime(
  app: FastifyInstance,
  { io, backlog, terminate }: Pick<SocketIoTransport, 'backlog' | 'terminate'> & { io: RealtimeIo },
  limits: SocketLimits,
  addressOf: (request: IncomingMessage) => string,
): RealtimeGuard {
  const log: FastifyBaseLogger = app.log;
  const wsCounter = new AddressCounter(limits.maxPerAddress);
  const ioCounter = new AddressCounter(limits.maxPerAddress);

  // /ws: refused before the upgrade (the app's error handler answers 429); released when its TCP socket closes.
  const admitWs: onRequestHookHandler = (request, _reply, done) => {
    if (isLocal(request.ip, request.headers)) return done();
    const release = wsCounter.reserve(request.ip);
    if (!release) return done(tooManySockets());
    request.raw.socket.once('close', release);
    done();
  };
  app.websocketServer.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const withinBudget = messageBudget(limits.maxMessagesPerMinute);
    ws.on('message', () => {
      if (!withinBudget()) endWs(ws, WS_TOO_MANY_MESSAGES, request.socket.remoteAddress);
    });
  });

  // socket.io: after the token check, so a refused handshake never holds a reservation.
  io.use((socket, next) => {
    const address = addressOf(socket.request);
    if (isLocal(address, socket.request.headers)) return next();
    const release = ioCounter.reserve(address);
    if (!release)
      return next(Object.assign(new Error('Too many realtime connections from your address.'), { data: problemData(tooManySockets()) }));
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    next();
  });
  io.on('connection', (socket) => {
    const withinBudget = messageBudget(limits.maxMessagesPerMinute);
    socket.use((_packet, next) => (withinBudget() ? next() : endSocketIo(socket, TOO_MANY_MESSAGES)));
  });

  function endWs(ws: WebSocket, ending: { code: number; reason: string }, address: string | undefined) {
    if (ws.readyState !== ws.OPEN) return;
    log.warn({ address, reason: ending.reason }, 'realtime: /ws client cut off');
    ws.close(ending.code, ending.reason);
    setTimeout(() => ws.terminate(), TERMINATE_AFTER_MS).unref();
  }

  /** `session.ended` is typed for the layer's own endings; these two share its shape. */
  function endSocketIo(socket: Socket, notice: typeof TOO_MANY_MESSAGES | typeof SLOW_CONSUMER) {
    if (socket.disconnected) return;
    log.warn({ address: addressOf(socket.request), reason: notice.reason }, 'realtime: socket.io client cut off');
    socket.emit('session.ended', notice);
    socket.disconnect(true);
    setTimeout(() => terminate(socket), TERMINATE_AFTER_MS).unref();
  }

  const sweep = () => {
    for (const ws of app.websocketServer.clients) {
      if (ws.bufferedAmount > limits.maxBufferedBytes) endWs(ws, WS_SLOW_CONSUMER, undefined);
    }
    for (const socket of io.of('/').sockets.values()) {
      if (backlog(socket) > limits.maxBufferedBytes) endSocketIo(socket, SLOW_CONSUMER);
    }
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return { admitWs, sweep, stop: () => clearInterval(timer) };
}

function problemData(problem: ReturnType<typeof tooManyRequests>) {
  return { type: 'about:blank', title: problem.title, status: problem.status, detail: problem.detail };
}
