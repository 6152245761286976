// `npm run demo-data`: a living sample for the boards, added once however often it runs.
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { DEMO_USERS, loadDemoData } from '../../scripts/demo-data.js';
import { it } from '../helpers/fixtures.js';
import { nodeArgs, ROOT } from '../helpers/node-process.js';
import { call, login, serverEnv, startServer } from '../server/faults/server-process.js';

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('demo data', () => {
  it('loads a menu, accounts and orders once, and adds nothing on a second run', async ({ dataDir, startApp }) => {
    const config = loadConfig({ POS_DATA_DIR: dataDir, POS_BCRYPT_ROUNDS: '4' });
    expect(await loadDemoData(config)).toStrictEqual({ users: 4, ingredients: 24, dishes: 14, orders: 8 });
    expect(await loadDemoData(config)).toStrictEqual({ users: 0, ingredients: 0, dishes: 0, orders: 0 });

    const t = await startApp({ dataDir, withoutUsers: true });
    const chef = DEMO_USERS.find((user) => user.role === 'chef');
    const login = await t.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: chef?.user_name, password: chef?.password },
    });
    expect(login.statusCode).toBe(201);
    const as = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    const orders = await t.inject({ method: 'GET', url: '/orders?fields=name|status|priority&sort=name', headers: as });
    expect(orders.json()).toStrictEqual({
      total_results: 8,
      results: [
        { name: 'Ava', status: 'Received', priority: 3 },
        { name: 'Ben', status: 'In Progress', priority: 3 },
        { name: 'Chloe', status: 'In Progress', priority: 1 },
        { name: 'Dev', status: 'Received', priority: 0 },
        { name: 'Emma', status: 'Received', priority: 3 },
        { name: 'Farid', status: 'Ready for Assembly', priority: 2 },
        { name: 'Grace', status: 'Draft', priority: 3 },
        { name: 'Hugo', status: 'Received', priority: 3 },
      ],
    });
    const soldOut = await t.inject({ method: 'GET', url: '/dishes?filter=is_available.eq~false&fields=name' });
    expect(soldOut.json()).toStrictEqual({ total_results: 1, results: [{ name: 'Truffle Fries' }] });
    // The ingredients carry allergens, so the guests' menus show them.
    const withSesame = await t.inject({ method: 'GET', url: '/dishes?filter=allergens.eq~sesame&fields=name|allergens' });
    expect(withSesame.json()).toStrictEqual({
      total_results: 1,
      results: [{ name: 'Classic Burger', allergens: ['cereals_gluten', 'eggs', 'milk', 'sesame'] }],
    });
    // Every document was last changed at or after its creation (the menu predates the orders).
    for (const collection of ['users', 'ingredients', 'dishes', 'orders'] as const) {
      for (const doc of await t.store.collection(collection).find([])) {
        expect(
          Date.parse(doc.updated_at) >= Date.parse(doc.created_at),
          `${collection} ${doc.id}: updated_at ${doc.updated_at} < created_at ${doc.created_at}`,
        ).toBe(true);
      }
    }
    const stations = await t.inject({ method: 'GET', url: '/dishes?fields=station&limit=30' });
    expect(new Set(stations.json<{ results: { station: string }[] }>().results.map((dish) => dish.station))).toStrictEqual(
      new Set(['cold', 'hot', 'beverages']),
    );
  });
});

describe('demo data while a server runs on the data directory', () => {
  it("goes in through that server's API, so its menu lists the new dishes without a restart", { timeout: 60_000 }, async ({ dataDir }) => {
    const server = await startServer(serverEnv(dataDir));
    try {
      expect(await call(server.url, null, 'GET', '/dishes')).toStrictEqual({ status: 200, body: { results: [], total_results: 0 } });
      const run = spawnSync(process.execPath, nodeArgs('scripts/demo-data.ts', '--url', server.url), {
        cwd: ROOT,
        env: { ...process.env, ...serverEnv(dataDir) },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.stdout.split('\n')[0]).toBe(
        `Demo data in the server at ${server.url} (process ${server.child.pid}): added 4 users, 24 ingredients, 14 dishes, 8 orders.`,
      );
      expect(run.status).toBe(0);
      const closed = await closedPort();
      const unreachable = spawnSync(process.execPath, nodeArgs('scripts/demo-data.ts', '--url', `http://127.0.0.1:${closed}`), {
        cwd: ROOT,
        env: { ...process.env, ...serverEnv(dataDir) },
        encoding: 'utf8',
      });
      expect([unreachable.status, unreachable.stderr]).toStrictEqual([
        1,
        `Cannot add the demo data: process ${server.child.pid} serves ${dataDir}, but adding through http://127.0.0.1:${closed} failed: connect ECONNREFUSED 127.0.0.1:${closed} (name the server with -- --url http://host:port)\n`,
      ]);
      const menu = await call<{ total_results: number }>(server.url, null, 'GET', '/dishes?fields=name');
      expect(menu.body.total_results).toBe(14);
      expect((await call(server.url, null, 'GET', '/dishes?filter=is_available.eq~false&fields=name')).body).toStrictEqual({
        total_results: 1,
        results: [{ name: 'Truffle Fries' }],
      });
      const chef = await login(server.url, 'chef', 'Demo@Chef1');
      const orders = await call<{ results: { name: string; status: string; priority: number }[] }>(
        server.url,
        chef,
        'GET',
        '/orders?fields=name|status|priority&sort=name&limit=3',
      );
      expect(orders.body.results).toStrictEqual([
        { name: 'Ava', status: 'Received', priority: 3 },
        { name: 'Ben', status: 'In Progress', priority: 3 },
        { name: 'Chloe', status: 'In Progress', priority: 1 },
      ]);
    } finally {
      server.kill();
      await server.exited;
    }
  });
});
