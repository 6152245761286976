// Realtime limits: too many sockets from one address are refused with a 429 Problem, too many
// messages on one socket end it with a reason, on socket.io and /ws alike; the host itself is exempt.
import { afterEach, describe, expect } from 'vitest';
import { io as connectIo, type Socket as ClientSocket } from 'socket.io-client';
import WebSocket from 'ws';
import { AddressCounter, messageBudget, TOO_MANY_MESSAGES, WS_TOO_MANY_MESSAGES } from '../../../realtime/guard.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';

/** A loopback address that is not the host's own 127.0.0.1, so the limits apply to it. */
const REMOTE = '127.0.0.2';
const MAX_SOCKETS = 3;
const MAX_MESSAGES = 5;

describe('the counters', () => {
  it('an address gets its allowance back as its sockets close, each reservation released once', () => {
    const counter = new AddressCounter(2);
    const first = counter.reserve('a');
    const second = counter.reserve('a');
    expect([first, second].every(Boolean)).toBe(true);
    expect(counter.reserve('a')).toBeNull();
    expect(counter.reserve('b')).not.toBeNull();
    first?.();
    first?.();
    expect(counter.reserve('a')).not.toBeNull();
    expect(counter.reserve('a')).toBeNull();
  });

  it('a socket’s message budget renews every minute; 0 means no limit', () => {
    let now = 0;
    const budget = messageBudget(2, () => now);
    expect([budget(), budget(), budget()]).toEqual([true, true, false]);
    now += 60_000;
    expect(budget()).toBe(true);
    const unlimited = messageBudget(0, () => now);
    expect(Array.from({ length: 1000 }, unlimited).every(Boolean)).toBe(true);
  });
});

describe('over real connections', () => {
  let t: TestApp;
  const open: { close(): void }[] = [];
  // A fresh app per test, so no test's sockets count against another's allowance; the clients are
  // closed before the startApp fixture closes the app.
  it.beforeEach(async ({ startApp }) => {
    t = await startApp({ env: { POS_SOCKET_MAX_PER_ADDRESS: String(MAX_SOCKETS), POS_SOCKET_MAX_MESSAGES: String(MAX_MESSAGES) } });
  });
  afterEach(() => {
    open.splice(0).forEach((client) => client.close());
  });

  function ioClient(localAddress: string): ClientSocket {
    const client = connectIo(t.url, { transports: ['websocket'], reconnection: false, localAddress } as Parameters<typeof connectIo>[1]);
    open.push(client);
    return client;
  }
  const connected = (client: ClientSocket) =>
    new Promise<{ ok: true } | { ok: false; data: unknown }>((resolve) => {
      client.once('connect', () => resolve({ ok: true }));
      client.once('connect_error', (error: Error & { data?: unknown }) => resolve({ ok: false, data: error.data }));
    });

  function wsClient(localAddress: string): WebSocket {
    const client = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, { localAddress });
    open.push(client);
    return client;
  }
  const wsOpened = (client: WebSocket) =>
    new Promise<{ ok: true } | { ok: false; status: number; body: string; type: string | undefined }>((resolve, reject) => {
      client.once('open', () => resolve({ ok: true }));
      client.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ ok: false, status: response.statusCode ?? 0, body, type: response.headers['content-type'] }));
      });
      client.once('error', reject);
    });

  /** Tries until a connection is admitted (the server may take a moment to see a close); fails after 5 s. */
  async function admittedEventually(attempt: () => Promise<{ ok: boolean }>): Promise<boolean> {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
      if ((await attempt()).ok) return true;
    }
    return false;
  }

  it(`socket.io: the socket after ${MAX_SOCKETS} from one address is refused with a 429 Problem, and admitted once one closes`, async () => {
    const admitted = Array.from({ length: MAX_SOCKETS }, () => ioClient(REMOTE));
    expect(await Promise.all(admitted.map(connected))).toEqual(admitted.map(() => ({ ok: true })));
    const refused = await connected(ioClient(REMOTE));
    expect(refused).toEqual({
      ok: false,
      data: {
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail: 'Too many realtime connections from your address; close some and try again.',
      },
    });

    admitted[0]?.close();
    expect(await admittedEventually(() => connected(ioClient(REMOTE)))).toBe(true);
    admitted.forEach((client) => client.close());
  });

  it(`/ws: the socket after ${MAX_SOCKETS} from one address is refused before the upgrade with a 429 Problem`, async () => {
    const admitted = Array.from({ length: MAX_SOCKETS }, () => wsClient(REMOTE));
    expect(await Promise.all(admitted.map(wsOpened))).toEqual(admitted.map(() => ({ ok: true })));
    const refused = await wsOpened(wsClient(REMOTE));
    expect(refused).toMatchObject({ ok: false, status: 429, type: 'application/problem+json; charset=utf-8' });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({ title: 'Too Many Requests', status: 429 });

    const closed = new Promise((resolve) => admitted[0]?.once('close', resolve));
    admitted[0]?.close();
    await closed;
    expect(await admittedEventually(() => wsOpened(wsClient(REMOTE)))).toBe(true);
    admitted.forEach((client) => client.close());
  });

  it('the host itself is not limited', async () => {
    const clients = Array.from({ length: MAX_SOCKETS * 3 }, () => ioClient('127.0.0.1'));
    expect((await Promise.all(clients.map(connected))).every((result) => result.ok)).toBe(true);
    const sockets = Array.from({ length: MAX_SOCKETS * 3 }, () => wsClient('127.0.0.1'));
    expect((await Promise.all(sockets.map(wsOpened))).every((result) => result.ok)).toBe(true);
    clients.forEach((client) => client.close());
    sockets.forEach((client) => client.close());
  });

  it(`socket.io: message ${MAX_MESSAGES + 1} within a minute ends the session with the reason`, async () => {
    const client = ioClient('127.0.0.1');
    await connected(client);
    const ended = new Promise((resolve) => client.once('session.ended', resolve));
    const disconnected = new Promise((resolve) => client.once('disconnect', resolve));
    for (let i = 0; i <= MAX_MESSAGES; i++) client.emit('subscribe', { rooms: ['menu'] }, () => {});
    expect(await ended).toEqual(TOO_MANY_MESSAGES);
    expect(await disconnected).toBe('io server disconnect');
  });

  it(`/ws: message ${MAX_MESSAGES + 1} within a minute closes the socket with code ${WS_TOO_MANY_MESSAGES.code}`, async () => {
    const client = wsClient('127.0.0.1');
    await wsOpened(client);
    const closed = new Promise<[number, string]>((resolve) => client.once('close', (code, reason) => resolve([code, reason.toString()])));
    for (let i = 0; i <= MAX_MESSAGES; i++) client.send(JSON.stringify({ type: 'subscribe', rooms: ['menu'] }));
    expect(await closed).toEqual([WS_TOO_MANY_MESSAGES.code, WS_TOO_MANY_MESSAGES.reason]);
  });

  it('/ws: a message over 64 KiB closes the socket (1009) instead of being buffered', async () => {
    const client = wsClient('127.0.0.1');
    await wsOpened(client);
    const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
    client.send('x'.repeat(65 * 1024));
    expect(await closed).toBe(1009);
  });
});
