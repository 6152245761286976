// Restarting on the same data directory: every acknowledged write is still there, tokens signed
// before the restart still work, and the bootstrap manager from POS_ADMIN_* is created exactly once.
import { describe, expect } from 'vitest';
import { PASSWORD, type TestAppOptions, type TestApp } from '../../helpers/app.js';
import { it, type StartApp } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { aTimestamp, anId, bearer, expectProblem } from './support.js';

// Each test's data directory and apps come from the dataDir and startApp fixtures: the apps are
// closed and the directory removed when the test ends, pass or fail.
let dataDir: string;
let startApp: StartApp;
it.beforeEach(({ dataDir: dir, startApp: start }) => {
  dataDir = dir;
  startApp = start;
});

const start = (options: TestAppOptions = {}) => startApp({ dataDir, ...options });
const stop = (t: TestApp) => t.close();
const login = (t: TestApp, userName: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: userName, password } });

describe('restart on the same data directory', () => {
  it('finds every acknowledged write: users, dishes, ingredients, orders and deletions', async () => {
    const before = await start();
    const menu = await seedMenu(before, 10);
    const ada = (
      await before.inject({
        method: 'POST',
        url: '/users',
        payload: { user_name: 'Ada', email: 'ada@example.com', password: PASSWORD, role: 'patron' },
      })
    ).json();
    const order = await placeOrder(before, [menu.salad.id, menu.steak.id], 'patron', { special_requests: 'Rare' });
    const started = (
      await before.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { status: 'In Progress', priority: 1 } })
    ).json();
    const basil = (
      await before.inject({ method: 'POST', url: '/ingredients', as: 'chef', payload: { name: 'Basil', in_stock_qty: 3, price: 0.5 } })
    ).json();
    const lemon = (
      await before.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_delta: -4 } })
    ).json();
    expect((await before.inject({ method: 'DELETE', url: `/dishes/${menu.lemonade.id}`, as: 'chef' })).statusCode).toBe(204);
    const tokens = { ...before.tokens };
    const refreshToken = (await login(before, 'chef1')).json().refresh_token as string;
    const allUsers = (await before.inject({ method: 'GET', url: '/users', as: 'manager' })).json();
    const allDishes = (await before.inject({ method: 'GET', url: '/dishes' })).json();
    const allIngredients = (await before.inject({ method: 'GET', url: '/ingredients' })).json();
    await stop(before);

    const after = await start({ withoutUsers: true });
    const as = (role: keyof typeof tokens) => bearer(tokens[role]);
    expect((await after.app.inject({ method: 'GET', url: '/users', headers: as('manager') })).json()).toStrictEqual(allUsers);
    expect(allUsers.results.map((user: { user_name: string }) => user.user_name)).toStrictEqual([
      'manager1',
      'patron1',
      'chef1',
      'expeditor1',
      'Ada',
    ]);
    expect((await after.app.inject({ method: 'GET', url: `/users/${ada.id}`, headers: as('manager') })).json()).toStrictEqual(ada);
    expect((await after.app.inject({ method: 'GET', url: '/dishes' })).json()).toStrictEqual(allDishes);
    expect((await after.app.inject({ method: 'GET', url: '/ingredients' })).json()).toStrictEqual(allIngredients);
    expect((await after.app.inject({ method: 'GET', url: `/ingredients/${basil.id}` })).json()).toStrictEqual(basil);
    expect((await after.app.inject({ method: 'GET', url: `/ingredients/${menu.lemon.id}?fields=in_stock_qty` })).json()).toStrictEqual({
      in_stock_qty: lemon.in_stock_qty,
    });
    expect((await after.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: as('patron') })).json()).toStrictEqual(started);
    expectProblem(
      await after.app.inject({ method: 'GET', url: `/dishes/${menu.lemonade.id}` }),
      404,
      `No dish with id ${menu.lemonade.id}.`,
    );
    // The signing secret is the same, so tokens issued before the restart still work…
    expect((await after.app.inject({ method: 'GET', url: '/orders', headers: as('chef') })).statusCode).toBe(200);
    // …and so do refresh tokens and passwords.
    expect(
      (await after.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: refreshToken } })).statusCode,
    ).toBe(200);
    expect((await login(after, 'Ada')).statusCode).toBe(201);
  });

  it('a refresh token used before the restart stays used', async () => {
    const before = await start();
    const first = (await login(before, 'patron1')).json().refresh_token as string;
    const second = (await before.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: first } })).json()
      .refresh_token as string;
    await stop(before);
    const after = await start({ withoutUsers: true });
    const reuse = await after.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: first } });
    expectProblem(reuse, 401, 'The refresh token was already used; every token of this login has been revoked. Log in again.');
    expectProblem(
      await after.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: second } }),
      401,
      'The refresh token is unknown or revoked; log in again.',
    );
  });
});

describe('the bootstrap manager', () => {
  const managers = async (t: TestApp) =>
    (await t.store.collection('users').find([{ field: 'role', op: 'eq', value: 'manager' }])).map((user) => user.user_name);

  it('is created from POS_ADMIN_* at start, as a manager', async () => {
    const t = await start({
      withoutUsers: true,
      env: { POS_ADMIN_USER_NAME: 'boss', POS_ADMIN_PASSWORD: 'B0ss&Pass', POS_ADMIN_EMAIL: 'boss@example.com' },
    });
    const token = (await login(t, 'boss', 'B0ss&Pass')).json().access_token as string;
    const users = await t.app.inject({ method: 'GET', url: '/users', headers: bearer(token) });
    expect(users.json()).toStrictEqual({
      results: [
        { id: anId(), created_at: aTimestamp(), updated_at: aTimestamp(), user_name: 'boss', email: 'boss@example.com', role: 'manager' },
      ],
      total_results: 1,
    });
  });

  it('without POS_ADMIN_EMAIL gets a placeholder address', async () => {
    const t = await start({
      withoutUsers: true,
      env: { POS_ADMIN_USER_NAME: 'boss', POS_ADMIN_PASSWORD: 'B0ss&Pass', POS_ADMIN_EMAIL: '' },
    });
    const [boss] = await t.store.collection('users').find([{ field: 'user_name', op: 'eq', value: 'boss' }]);
    expect(boss?.email).toBe('boss@localhost.localdomain');
  });

  it('is not duplicated nor overwritten on restart, even with another password or case', async () => {
    await stop(await start({ withoutUsers: true }));
    await stop(await start({ withoutUsers: true }));
    const t = await start({ withoutUsers: true, env: { POS_ADMIN_USER_NAME: 'MANAGER1', POS_ADMIN_PASSWORD: 'Other&Pass1' } });
    expect(await managers(t)).toStrictEqual(['manager1']);
    expect((await login(t, 'manager1')).statusCode).toBe(201);
    expectProblem(await login(t, 'MANAGER1', 'Other&Pass1'), 401, 'The user_name or password is wrong.');
  });

  it('is not created when POS_ADMIN_* is unset', async () => {
    const t = await start({ withoutUsers: true, env: { POS_ADMIN_USER_NAME: '', POS_ADMIN_PASSWORD: '', POS_ADMIN_EMAIL: '' } });
    expect(await t.store.collection('users').find([])).toStrictEqual([]);
  });
});
