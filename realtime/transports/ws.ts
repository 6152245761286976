// The plain WebSocket endpoint /ws: the token is checked by an ordinary fastify hook before the
// upgrade (a bad one is thrown to the app's one error handler: a 401 Problem, no socket), then JSON
// messages carry the subscribe protocol.
import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { badRequest, ProblemError, unauthorized } from '../../domain/errors.js';
import type { AccessTokenVerifier } from '../../domain/accounts/principal.js';
import { identify, whenExpired, type Viewer } from '../auth.js';
import { channelsOf, roomOf, type Room } from '../rooms.js';
import { admit, problemBody } from '../subscribe.js';
import { WS_TOKEN_EXPIRED } from './endings.js';
import type { WsRooms } from './ws-rooms.js';

export interface WsRouteOptions {
  verifier: AccessTokenVerifier;
  rooms: WsRooms;
  now: () => number;
  /** Runs before the upgrade, on this route alone (the per-address socket budget). */
  admit: onRequestHookHandler;
}

export function registerWsRoute(app: FastifyInstance, { verifier, rooms, now, admit }: WsRouteOptions): void {
  const viewers = new WeakMap<FastifyRequest, Viewer>();
  app.route({
    method: 'GET',
    url: '/ws',
    schema: { hide: true },
    // `?access_token=` is in the URL: keep request lines out of the info-level logs.
    logLevel: 'warn',
    onRequest: admit,
    preValidation: async (request) => {
      viewers.set(request, await identify(verifier, tokenOf(request)));
    },
    // A plain GET (a browser tab, a curl): say what the endpoint wants instead of an empty 404.
    handler: async () => {
      throw new ProblemError(
        426,
        'Upgrade Required',
        '/ws is a WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket). See docs/realtime.md.',
        {
          headers: { upgrade: 'websocket', connection: 'Upgrade' },
        },
      );
    },
    wsHandler: (socket, request) => serveClient(socket, viewers.get(request) ?? null, rooms, now),
  });
}

/** `Authorization: Bearer <token>` first, else `?access_token=`; neither means anonymous. */
function tokenOf(request: FastifyRequest): unknown {
  const header = request.headers.authorization;
  if (header === undefined) return (request.query as { access_token?: unknown }).access_token;
  const token = /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (!token) throw unauthorized('Send the access token as `Authorization: Bearer <token>`.');
  return token;
}

function serveClient(socket: WebSocket, viewer: Viewer, rooms: WsRooms, now: () => number): void {
  rooms.add(socket);
  const cancelExpiry = whenExpired(viewer, () => socket.close(WS_TOKEN_EXPIRED.code, WS_TOKEN_EXPIRED.reason), now);
  const join = (admitted: Room[]) => rooms.join(socket, channelsOf(admitted, viewer)).flatMap((channel) => roomOf(channel, viewer) ?? []);
  socket.on('message', (data) => socket.send(JSON.stringify(answer(data, viewer, join))));
  socket.on('close', () => {
    cancelExpiry();
    rooms.remove(socket);
  });
}

type Answer = { type: 'subscribed'; rooms: Room[] } | ({ type: 'error' } & ReturnType<typeof problemBody>);

/** `join` adds the admitted rooms and returns every room the client is now in. */
function answer(data: RawData, viewer: Viewer, join: (rooms: Room[]) => Room[]): Answer {
  const message = parse(data);
  if (message?.type !== 'subscribe') {
    return { type: 'error', ...problemBody(badRequest('Send JSON: { "type": "subscribe", "rooms": ["menu"] }.')) };
  }
  const admission = admit(message, viewer);
  return admission.ok ? { type: 'subscribed', rooms: join(admission.rooms) } : { type: 'error', ...problemBody(admission.problem) };
}

function parse(data: RawData): { type?: unknown } | null {
  try {
    const message: unknown = JSON.parse(data.toString());
    return typeof message === 'object' && message !== null ? message : null;
  } catch {
    return null;
  }
}
