// Wire conventions every endpoint shares: JSON only, the body limit, strict bodies, ids and
// timestamps, 404/405 answers, and Problems for every error — 500s included, which never leak.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { expectCreated, expectInvalid, expectProblem, ID, ISO, JSON_TYPE, UNKNOWN_ID } from './support.js';

// One app and menu for the file: each test is refused, or creates and reads back only its own
// ingredient or order.
let t: TestApp;
let menu: Awaited<ReturnType<typeof seedMenu>>;
it.beforeAll(async ({ startFileApp }) => {
  t = await startFileApp();
  menu = await seedMenu(t);
});

const ingredientJson = (name: string) => JSON.stringify({ name, in_stock_qty: 1, price: 1 });

describe('media types and body size', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    '415 for a %s body',
    async (type) => {
      const response = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        headers: { 'content-type': type },
        payload: 'name=Basil',
      });
      expectProblem(response, 415, 'Send the body as application/json.');
    },
  );

  it('accepts application/json with a charset', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: ingredientJson('Basil'),
    });
    expect(response.statusCode).toBe(201);
  });

  it('413 for a body over 1 MiB; a body just under it reaches validation', async () => {
    const overhead = ingredientJson('').length;
    const over = ingredientJson('x'.repeat(1_048_576 - overhead + 1));
    expect(Buffer.byteLength(over)).toBe(1_048_577);
    expectProblem(
      await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', headers: { 'content-type': 'application/json' }, payload: over }),
      413,
      'The body is larger than the 1 MiB limit.',
    );
    const under = ingredientJson('x'.repeat(1_048_576 - overhead));
    expect(Buffer.byteLength(under)).toBe(1_048_576);
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      headers: { 'content-type': 'application/json' },
      payload: under,
    });
    expectInvalid(response, 'body', [{ path: 'name', message: 'must NOT have more than 120 characters' }]);
  });

  it('400 for malformed JSON and for an empty JSON body', async () => {
    expectProblem(
      await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Basil",',
      }),
      400,
      'The body is not valid JSON.',
    );
    expectProblem(
      await t.inject({ method: 'POST', url: '/ingredients', as: 'chef', headers: { 'content-type': 'application/json' }, payload: '' }),
      400,
      'The body is empty but the content type says JSON: send a JSON object.',
    );
  });

  it('400 for a body that is not an object', async () => {
    for (const payload of ['[]', '"Basil"', '42', 'null']) {
      const response = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectInvalid(response, 'body', [{ path: 'body', message: 'must be object' }]);
    }
  });
});

describe('strict bodies', () => {
  it('400 naming an unknown property: a typo must not silently drop a schedule', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id], 'scheduled at': '2031-01-01T12:00:00.000Z' },
    });
    expectInvalid(response, 'body', [{ path: 'scheduled at', message: 'is not a known property' }]);
  });

  it('400 naming read-only properties on create: id, created_at, updated_at, status and priority', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: {
        name: 'Ben',
        dish_ids: [menu.salad.id],
        id: UNKNOWN_ID,
        created_at: '2030-01-01T00:00:00.000Z',
        updated_at: '2030-01-01T00:00:00.000Z',
        status: 'Ready for Pickup',
        priority: 0,
      },
    });
    expectInvalid(response, 'body', [
      { path: 'id', message: 'is read-only and cannot be set' },
      { path: 'created_at', message: 'is read-only and cannot be set' },
      { path: 'updated_at', message: 'is read-only and cannot be set' },
      { path: 'status', message: 'is read-only and cannot be set' },
      { path: 'priority', message: 'is read-only and cannot be set' },
    ]);
  });

  it('400 naming read-only properties on update', async () => {
    const order = await placeOrder(t, [menu.salad.id]);
    expectInvalid(
      await t.inject({
        method: 'PATCH',
        url: `/orders/${order.id}`,
        as: 'manager',
        payload: { fire_at: null, created_at: order.created_at },
      }),
      'body',
      [
        { path: 'fire_at', message: 'is read-only and cannot be set' },
        { path: 'created_at', message: 'is read-only and cannot be set' },
      ],
    );
    expectInvalid(
      await t.inject({ method: 'PATCH', url: `/dishes/${menu.salad.id}`, as: 'chef', payload: { is_available: false } }),
      'body',
      [{ path: 'is_available', message: 'is read-only and cannot be set' }],
    );
    expectInvalid(await t.inject({ method: 'PATCH', url: `/users/${t.userIds.chef}`, as: 'chef', payload: { id: UNKNOWN_ID } }), 'body', [
      { path: 'id', message: 'is read-only and cannot be set' },
    ]);
  });

  it('the token and the role are checked before the body is validated', async () => {
    expect((await t.inject({ method: 'POST', url: '/dishes', payload: { nonsense: true } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/dishes', as: 'patron', payload: { nonsense: true } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/orders', payload: { nonsense: true } })).statusCode).toBe(401);
  });

  it('no type coercion in bodies: a numeric string is not a number', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.salad.id], table_number: '4' },
    });
    expectInvalid(response, 'body', [{ path: 'table_number', message: 'must be integer' }]);
  });
});

describe('routes and ids', () => {
  it.each([
    ['/dishes', 'dish'],
    ['/ingredients', 'ingredient'],
  ])('404 for a malformed and an unknown id under %s', async (collection, noun) => {
    for (const id of ['abc', UNKNOWN_ID, `${UNKNOWN_ID}0`, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      expectProblem(await t.inject({ method: 'GET', url: `${collection}/${id}` }), 404, `No ${noun} with id ${id}.`);
    }
  });

  it('404 as a Problem for an unknown route', async () => {
    expectProblem(await t.inject({ method: 'GET', url: '/nothing-here' }), 404, 'There is no route GET /nothing-here.');
    expectProblem(await t.inject({ method: 'POST', url: '/dishes/x/y/z?limit=1' }), 404, 'There is no route POST /dishes/x/y/z.');
  });

  it.each([
    ['DELETE', '/dishes', 'GET, POST'],
    ['PUT', '/orders', 'GET, POST'],
    ['POST', `/dishes/${UNKNOWN_ID}`, 'DELETE, GET, PATCH, PUT'],
    ['DELETE', `/orders/${UNKNOWN_ID}/dishes`, 'GET'],
    ['GET', '/auth/token', 'POST'],
    ['PATCH', '/users', 'GET, POST'],
    ['POST', '/health', 'GET'],
  ])('405 with Allow for %s %s', async (method, url, allow) => {
    const response = await t.inject({ method: method as 'GET', url });
    expectProblem(response, 405, `${method} is not supported on ${url}; use ${allow}.`);
    expect(response.headers.allow).toBe(allow);
  });
});

describe('the shapes every resource shares', () => {
  it('ids are 24 lowercase hex characters; timestamps ISO 8601 UTC with milliseconds and Z', async () => {
    const order = await placeOrder(t, [menu.salad.id], 'patron', {
      scheduled_at: new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString(),
    });
    const user = (await t.inject({ method: 'GET', url: `/users/${t.userIds.chef}`, as: 'chef' })).json();
    const auth = (
      await t.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: 'chef1', password: PASSWORD } })
    ).json();
    for (const resource of [menu.salad, menu.lettuce, order, user]) {
      expect(resource.id).toMatch(ID);
      expect(resource.created_at).toMatch(ISO);
      expect(resource.updated_at).toMatch(ISO);
    }
    expect(order.scheduled_at).toMatch(ISO);
    expect(order.fire_at).toMatch(ISO);
    expect(auth.auth_id).toMatch(ID);
    for (const stamp of [auth.created_at, auth.updated_at, auth.expires_at]) expect(stamp).toMatch(ISO);
    for (const dishId of order.dish_ids) expect(dishId).toMatch(ID);
  });

  it('a scheduled_at sent with an offset comes back in UTC with milliseconds', async () => {
    const due = new Date(t.clock.now().getTime() + 3 * 3_600_000);
    due.setUTCMilliseconds(0);
    const withOffset = due.toISOString().replace('.000Z', '+00:00');
    const order = await placeOrder(t, [menu.salad.id], 'patron', { scheduled_at: withOffset });
    expect(order.scheduled_at).toBe(due.toISOString());
  });

  it('POST answers 201 with a Location that serves the created resource', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      payload: { name: 'Thyme', in_stock_qty: 2, price: 1 },
    });
    const created = expectCreated(response, '/ingredients');
    const again = await t.inject({ method: 'GET', url: response.headers.location as string });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe(JSON_TYPE);
    expect(again.json()).toStrictEqual(created);
  });
});

describe('500s', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let store: ReturnType<typeof openSqliteStore>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-wire-'));
    store = openSqliteStore({ dataDir });
    app = await buildApp({
      config: loadConfig({ POS_DATA_DIR: dataDir, POS_BCRYPT_ROUNDS: '4' }),
      store,
      jwtSecret: 'a-secret-of-at-least-thirty-two-characters',
    });
    // Routes that fail the ways real code does, registered on the real app before it starts.
    app.get('/boom', async () => {
      throw new Error('SQLITE_CORRUPT at /var/lib/pos/data.db: password hunter2');
    });
    app.get('/boom-sync', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret_column')");
    });
    app.get('/boom-status', async () => {
      throw Object.assign(new Error('upstream said: internal token abc123'), { statusCode: 502 });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['/boom', '/boom-sync', '/boom-status'])('%s: a Problem that reveals nothing', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expectProblem(response, 500, 'An unexpected error occurred; it has been logged.');
    expect(response.body).not.toMatch(/hunter2|SQLITE|secret_column|abc123|at .*\.ts|stack/);
  });
});
