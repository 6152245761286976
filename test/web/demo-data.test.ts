// `npm run demo-data`: a living sample for the boards, added once however often it runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { DEMO_USERS, loadDemoData } from '../../scripts/demo-data.js';
import { startTestApp } from '../helpers/app.js';

describe('demo data', () => {
  it('loads a menu, accounts and orders once, and adds nothing on a second run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pos-demo-'));
    try {
      const config = loadConfig({ POS_DATA_DIR: dataDir, POS_BCRYPT_ROUNDS: '4' });
      expect(await loadDemoData(config)).toStrictEqual({ users: 4, ingredients: 24, dishes: 14, orders: 8 });
      expect(await loadDemoData(config)).toStrictEqual({ users: 0, ingredients: 0, dishes: 0, orders: 0 });

      const t = await startTestApp({ dataDir, withoutUsers: true });
      try {
        const chef = DEMO_USERS.find((user) => user.role === 'chef');
        const login = await t.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: chef?.user_name, password: chef?.password } });
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
        const stations = await t.inject({ method: 'GET', url: '/dishes?fields=station&limit=30' });
        expect(new Set(stations.json<{ results: { station: string }[] }>().results.map((dish) => dish.station))).toStrictEqual(new Set(['cold', 'hot', 'beverages']));
      } finally {
        await t.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
