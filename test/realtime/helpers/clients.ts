// Real clients for the tests: socket.io-client and ws, each recording what it receives in an Inbox.
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { Envelope } from '../../../realtime/events.js';
import type { SessionEnded } from '../../../realtime/transports/endings.js';
import { Inbox, WAIT_MS } from './inbox.js';

export interface SioClient {
  socket: Socket;
  inbox: Inbox;
  notices: SessionEnded[];
  subscribe(rooms: string[]): Promise<unknown>;
  close(): void;
}

export interface SioOptions {
  token?: unknown;
  transports?: ('websocket' | 'polling')[];
  reconnection?: boolean;
}

/** Connects and resolves once connected; rejects with the connect_error. */
export function connectSio(url: string, name: string, options: SioOptions = {}): Promise<SioClient> {
  const socket = io(url, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    auth: options.token === undefined ? {} : { token: options.token },
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  const client: SioClient = {
    socket,
    inbox: new Inbox(name),
    notices: [],
    subscribe: (rooms) => socket.timeout(WAIT_MS).emitWithAck('subscribe', { rooms }),
    close: () => void socket.disconnect(),
  };
  socket.on('session.ended', (notice: SessionEnded) => client.notices.push(notice));
  socket.onAny((type: string, envelope: Envelope) => {
    if (type === envelope?.type) client.inbox.push(envelope);
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export async function sioIn(url: string, name: string, token: unknown, rooms: string[]): Promise<SioClient> {
  const client = await connectSio(url, name, { token });
  const ack = await client.subscribe(rooms);
  if (!(ack as { ok?: boolean }).ok) throw new Error(`${name}: subscribe refused: ${JSON.stringify(ack)}`);
  return client;
}

export interface WsClient {
  socket: WebSocket;
  inbox: Inbox;
  /** Protocol answers (subscribed, error), in order. */
  answers: unknown[];
  subscribe(rooms: string[]): Promise<unknown>;
  send(message: string): Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export interface WsOptions {
  token?: string;
  via?: 'header' | 'query';
}

/** Opens /ws; rejects with the HTTP status when the upgrade is refused. */
export function connectWs(url: string, name: string, { token, via = 'header' }: WsOptions = {}): Promise<WsClient> {
  const address = new URL('/ws', url.replace(/^http/, 'ws'));
  if (token !== undefined && via === 'query') address.searchParams.set('access_token', token);
  const headers = token !== undefined && via === 'header' ? { authorization: `Bearer ${token}` } : undefined;
  const socket = new WebSocket(address, { headers });
  const inbox = new Inbox(name);
  const answers: unknown[] = [];
  const waiting: ((answer: unknown) => void)[] = [];
  socket.on('message', (data, isBinary) => {
    // The protocol is JSON text: a binary frame is the server's mistake, and fails the test run.
    if (isBinary) throw new Error(`${name} received a binary frame`);
    const message = JSON.parse(data.toString()) as { id?: number };
    if (typeof message.id === 'number') return inbox.push(message as Envelope);
    answers.push(message);
    waiting.shift()?.(message);
  });
  const send = (message: string) => new Promise<unknown>((resolve) => (waiting.push(resolve), socket.send(message)));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const client: WsClient = {
    socket,
    inbox,
    answers,
    send,
    closed,
    subscribe: (rooms) => send(JSON.stringify({ type: 'subscribe', rooms })),
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        reject(Object.assign(new Error(`HTTP ${response.statusCode}`), { status: response.statusCode, headers: response.headers, body })),
      );
    });
    socket.once('error', reject);
  });
}

export async function wsIn(url: string, name: string, token: string | undefined, rooms: string[]): Promise<WsClient> {
  const client = await connectWs(url, name, { token });
  const answer = await client.subscribe(rooms);
  if ((answer as { type?: string }).type !== 'subscribed') throw new Error(`${name}: subscribe refused: ${JSON.stringify(answer)}`);
  return client;
}
