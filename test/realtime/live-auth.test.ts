// End to end with the real jose tokens: refused handshakes on both transports, role rules on
// subscribe, and the AsyncAPI document served by the app.
import { afterEach, describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { connectSio, connectWs, type SioClient, type WsClient } from './helpers/clients.js';

let t: TestApp;
let clients: (SioClient | WsClient)[] = [];

// The tests write nothing and share one app for the file; the one that moves the clock takes an
// app of its own.
it.beforeEach(async ({ fileApp }) => {
  t = fileApp;
  clients = [];
});
afterEach(async () => {
  clients.forEach((client) => client.close());
});

describe('handshake with real access tokens', () => {
  it('refuses a tampered token: socket.io with a connect_error, /ws with a 401 Problem before the upgrade', async () => {
    const tampered = `${t.tokens.chef.slice(0, -4)}AAAA`;
    const sio = await connectSio(t.url, 'tampered', { token: tampered }).catch((error: unknown) => error);
    expect(sio).toMatchObject({ message: 'The access token is invalid.', data: { status: 401, title: 'Unauthorized' } });
    const ws = await connectWs(t.url, 'tampered', { token: tampered }).catch((error: { status: number; body: string }) => error);
    expect((ws as { status: number }).status).toBe(401);
    expect(JSON.parse((ws as { body: string }).body)).toEqual({
      type: 'about:blank',
      status: 401,
      title: 'Unauthorized',
      detail: 'The access token is invalid.',
    });
  });

  it('refuses an expired token', async ({ app }) => {
    t = app;
    t.clock.advance(16 * 60_000);
    const sio = await connectSio(t.url, 'expired', { token: t.tokens.chef }).catch((error: unknown) => error);
    expect(sio).toMatchObject({ data: { status: 401, detail: 'The access token has expired; refresh it at /auth/refresh-token.' } });
    const ws = await connectWs(t.url, 'expired', { token: t.tokens.chef, via: 'query' }).catch((error: unknown) => error);
    expect(ws).toMatchObject({ status: 401 });
  });

  it('refuses a malformed Authorization header on /ws', async () => {
    const ws = await connectWs(t.url, 'basic', { token: 'x y z' }).catch((error: unknown) => error);
    expect(ws).toMatchObject({ status: 401 });
  });

  it('lets kitchen roles into kitchen rooms and keeps patrons to the menu', async () => {
    for (const role of ['chef', 'expeditor', 'manager'] as const) {
      const client = await connectSio(t.url, role, { token: t.tokens[role] });
      clients.push(client);
      expect(await client.subscribe(['station:cold', 'expeditor'])).toEqual({ ok: true, rooms: ['station:cold', 'expeditor'] });
    }
    const patron = await connectWs(t.url, 'patron', { token: t.tokens.patron });
    clients.push(patron);
    expect(await patron.subscribe(['station:hot'])).toMatchObject({ type: 'error', status: 403, title: 'Forbidden' });
    expect(await patron.subscribe(['menu'])).toEqual({ type: 'subscribed', rooms: ['menu'] });
  });
});

describe('AsyncAPI', () => {
  it('is served at /asyncapi.json', async () => {
    const response = await t.inject({ method: 'GET', url: '/asyncapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      asyncapi: '3.1.0',
      servers: { socketio: { pathname: '/socket.io' }, websocket: { pathname: '/ws' } },
    });
  });
});
