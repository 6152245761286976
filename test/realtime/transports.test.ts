// The transports on a bare server (in-memory store, fake verifier): both protocols on one port,
// handshake auth, the subscribe protocol, token expiry, shutdown and the AsyncAPI route.
import { describe, expect, it } from 'vitest';
import { TOKEN_EXPIRED, SERVER_SHUTDOWN } from '../../realtime/transports/endings.js';
import { addDish } from './fakes/kitchen.js';
import { bareServerPerTest } from './helpers/bare-server.js';
import { connectSio, connectWs, sioIn, wsIn, type SioClient } from './helpers/clients.js';

const { server, track } = bareServerPerTest();
const disconnected = (client: SioClient) => new Promise<string>((resolve) => client.socket.once('disconnect', resolve));

describe('one port, two protocols', () => {
  it('serves socket.io over websocket and polling, and /ws, side by side', async () => {
    const websocket = track(await sioIn(server.url, 'sio websocket', undefined, ['menu']));
    const polling = track(await connectSio(server.url, 'sio polling', { transports: ['polling'] }));
    expect(await polling.subscribe(['menu'])).toEqual({ ok: true, rooms: ['menu'] });
    const plain = track(await wsIn(server.url, 'ws', undefined, ['menu']));
    expect(websocket.socket.io.engine.transport.name).toBe('websocket');
    expect(polling.socket.io.engine.transport.name).toBe('polling');
    const dish = await addDish(server.store, { name: 'Tea', station: 'beverages' });
    for (const client of [websocket, polling, plain]) {
      expect(await client.inbox.waitFor((e) => e.type === 'dish.created', 'dish.created')).toMatchObject({
        id: 1,
        data: { id: dish.id, is_available: true },
      });
    }
    expect(server.app.realtime.connectedClients()).toEqual({ socketio: 2, ws: 1, total: 3 });
  });

  it('answers a plain GET /ws (no upgrade) with a 426 Problem naming the protocol, not an empty 404', async () => {
    const response = await fetch(`${server.url}/ws`);
    expect(response.status).toBe(426);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(response.headers.get('upgrade')).toBe('websocket');
    expect(await response.json()).toStrictEqual({
      type: 'about:blank',
      status: 426,
      title: 'Upgrade Required',
      detail: '/ws is a WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket). See docs/realtime.md.',
    });
  });

  it('serves the AsyncAPI document of the events', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/asyncapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      asyncapi: string;
      channels: Record<string, { address: string; messages: Record<string, unknown> }>;
      components: { messages: Record<string, { name: string }> };
    }>();
    expect(document.asyncapi).toBe('3.1.0');
    expect(Object.values(document.channels).map((channel) => channel.address)).toEqual([
      'station:cold',
      'station:hot',
      'station:beverages',
      'expeditor',
      'my-orders',
      'printers',
      'menu',
    ]);
    // Stock goes to the menu room only; the kitchen rooms carry orders.
    expect(
      Object.values(document.channels).map((channel) => [
        channel.address,
        Object.keys(channel.messages).filter((key) => key.startsWith('ingredient') || key.startsWith('stock')),
      ]),
    ).toEqual([
      ['station:cold', []],
      ['station:hot', []],
      ['station:beverages', []],
      ['expeditor', []],
      ['my-orders', []],
      ['printers', []],
      ['menu', ['ingredientCreated', 'ingredientUpdated', 'ingredientDeleted', 'stockUpdated']],
    ]);
    expect(Object.values(document.components.messages).map((message) => message.name)).toEqual([
      'order.created',
      'order.updated',
      'order.deleted',
      'dish.created',
      'dish.updated',
      'dish.deleted',
      'dish.availability',
      'ingredient.created',
      'ingredient.updated',
      'ingredient.deleted',
      'stock.updated',
      'station.all_day',
      'settings.updated',
      'printer.state',
      'resync',
    ]);
    // One commit's stock changes are one event: the ingredients it changed, each with its new stock.
    const stock = document.components.messages.stockUpdated as unknown as { payload: { properties: { data: unknown } } };
    expect(stock.payload.properties.data).toEqual({ $ref: '#/components/schemas/StockUpdate' });
    expect(
      (document.components as unknown as { schemas: Record<string, { properties: Record<string, { items: { required: string[] } }> }> })
        .schemas.StockUpdate!.properties.ingredients!.items.required,
    ).toEqual(['id', 'updated_at', 'in_stock_qty']);
    // All-day counts go to the station rooms only.
    expect(
      Object.values(document.channels)
        .filter((channel) => 'stationAll_day' in channel.messages)
        .map((channel) => channel.address),
    ).toEqual(['station:cold', 'station:hot', 'station:beverages']);
  });
});

describe('handshake auth', () => {
  it('refuses a bad socket.io token with a connect_error carrying the Problem', async () => {
    const refusal = await connectSio(server.url, 'forged', { token: 'forged' }).catch((error: Error & { data?: unknown }) => error);
    expect(refusal).toMatchObject({
      message: 'The access token is not valid.',
      data: { status: 401, title: 'Unauthorized', detail: 'The access token is not valid.' },
    });
  });

  it('refuses a bad /ws token with a 401 Problem before the upgrade, by header or query', async () => {
    for (const via of ['header', 'query'] as const) {
      const refusal = await connectWs(server.url, 'forged', { token: 'forged', via }).catch(
        (error: { status: number; headers: Record<string, string>; body: string }) => error,
      );
      expect(refusal).toMatchObject({
        status: 401,
        headers: { 'content-type': 'application/problem+json; charset=utf-8', 'www-authenticate': 'Bearer realm="pos"' },
      });
      expect(JSON.parse((refusal as { body: string }).body)).toEqual({
        type: 'about:blank',
        status: 401,
        title: 'Unauthorized',
        detail: 'The access token is not valid.',
      });
    }
  });

  it('accepts a good token by header or by query', async () => {
    for (const via of ['header', 'query'] as const) {
      const client = track(await connectWs(server.url, `chef by ${via}`, { token: server.verifier.issue('chef'), via }));
      expect(await client.subscribe(['station:hot'])).toEqual({ type: 'subscribed', rooms: ['station:hot'] });
    }
  });
});

describe('subscribe protocol', () => {
  it('lets anonymous clients into the menu only', async () => {
    const sio = track(await connectSio(server.url, 'anonymous sio'));
    expect(await sio.subscribe(['station:hot'])).toEqual({
      ok: false,
      status: 401,
      title: 'Unauthorized',
      detail: 'Room(s) station:hot are for kitchen staff (chef, expeditor, manager). Connect with an access token.',
    });
    expect(await sio.subscribe(['menu'])).toEqual({ ok: true, rooms: ['menu'] });
    const ws = track(await connectWs(server.url, 'anonymous ws'));
    expect(await ws.subscribe(['expeditor'])).toEqual({
      type: 'error',
      status: 401,
      title: 'Unauthorized',
      detail: 'Room(s) expeditor are for kitchen staff (chef, expeditor, manager). Connect with an access token.',
    });
  });

  it('keeps patrons out of kitchen rooms with a 403 and lets staff join several rooms', async () => {
    const patron = track(await connectSio(server.url, 'patron', { token: server.verifier.issue('patron') }));
    expect(await patron.subscribe(['expeditor'])).toMatchObject({ ok: false, status: 403, title: 'Forbidden' });
    const chef = track(await connectWs(server.url, 'chef', { token: server.verifier.issue('chef') }));
    expect(await chef.subscribe(['station:cold'])).toEqual({ type: 'subscribed', rooms: ['station:cold'] });
    expect(await chef.subscribe(['expeditor', 'menu'])).toEqual({ type: 'subscribed', rooms: ['station:cold', 'expeditor', 'menu'] });
  });

  it('answers malformed /ws messages with a Problem-style error', async () => {
    const ws = track(await connectWs(server.url, 'sloppy'));
    const problem = { type: 'error', status: 400, title: 'Bad Request', detail: 'Send JSON: { "type": "subscribe", "rooms": ["menu"] }.' };
    expect(await ws.send('not json')).toEqual(problem);
    expect(await ws.send(JSON.stringify({ type: 'join', rooms: ['menu'] }))).toEqual(problem);
    expect(await ws.send(JSON.stringify({ type: 'subscribe', rooms: ['kitchen'] }))).toMatchObject({
      type: 'error',
      status: 400,
      title: 'Bad Request',
    });
  });
});

describe('token expiry', () => {
  it('ends a socket.io session with a notice, then a server disconnect', async () => {
    const chef = track(await sioIn(server.url, 'chef', server.verifier.issue('chef', 300), ['station:hot']));
    expect(await disconnected(chef)).toBe('io server disconnect');
    expect(chef.notices).toEqual([TOKEN_EXPIRED]);
  });

  it('closes a /ws socket with 4001 and a reason', async () => {
    const chef = track(await wsIn(server.url, 'chef', server.verifier.issue('chef', 300), ['station:hot']));
    expect(await chef.closed).toEqual({ code: 4001, reason: 'access token expired' });
  });
});

describe('shutdown', () => {
  it('tells every client why, closes them, and app.close() returns', async () => {
    const sio = track(await sioIn(server.url, 'sio', undefined, ['menu']));
    const ws = track(await wsIn(server.url, 'ws', undefined, ['menu']));
    // A screen that reconnects on its own at once must not keep the server from closing.
    const eager = track(await connectSio(server.url, 'eager', { reconnection: true }));
    const sioGone = disconnected(sio);
    await server.app.close();
    expect(eager.notices).toEqual([SERVER_SHUTDOWN]);
    expect(await sioGone).toBe('transport close');
    expect(sio.notices).toEqual([SERVER_SHUTDOWN]);
    expect(await ws.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(server.app.realtime.connectedClients()).toEqual({ socketio: 0, ws: 0, total: 0 });
  });
});

describe('recovery', () => {
  it('takes a recovered client out of the rooms its new token no longer opens', async () => {
    const chef = track(await connectSio(server.url, 'chef', { token: server.verifier.issue('chef') }));
    expect(await chef.subscribe(['station:hot', 'menu'])).toEqual({ ok: true, rooms: ['station:hot', 'menu'] });
    // Recovery resumes from the last event received: there must be one.
    await addDish(server.store, { name: 'Tea', station: 'beverages' });
    await chef.inbox.waitFor((e) => e.type === 'dish.created', 'dish.created');
    const gone = disconnected(chef);
    chef.socket.io.engine.close();
    await gone;
    chef.socket.auth = {};
    const back = new Promise<void>((resolve) => chef.socket.once('connect', () => resolve()));
    chef.socket.connect();
    await back;
    expect(chef.socket.recovered).toBe(true);
    expect(await chef.subscribe(['menu'])).toEqual({ ok: true, rooms: ['menu'] });
  });
});

describe('resync', () => {
  it('reaches every client, subscribed to a room or not', async () => {
    const sio = track(await connectSio(server.url, 'sio'));
    const ws = track(await connectWs(server.url, 'ws'));
    server.store.signalResync('change stream lost');
    for (const client of [sio, ws]) {
      expect(await client.inbox.waitFor((e) => e.type === 'resync', 'resync')).toMatchObject({
        type: 'resync',
        data: { reason: 'change stream lost' },
      });
    }
  });
});
