// The README's walkthrough, run exactly as written against a real server, then the demo data and
// the rush in the order the README gives them: the demo data adds all of itself beside the
// walkthrough's (nothing skipped), says so, and the rush runs on top of both.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { it } from './helpers/fixtures.js';
import { loadDemoDataThroughApi } from '../scripts/demo-data-api.js';
import { demoDataSummary, loadDemoData } from '../scripts/demo-data.js';
import { DEMO_USERS } from '../scripts/demo-menu.js';
import { loadRush } from '../scripts/rush.js';
import type { Condition } from '../query/types.js';

const run = promisify(execFile);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The bash blocks of a README section, in order. */
function blocks(heading: string): string[] {
  const section = readme.split(`## ${heading}`)[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('README walkthrough, demo data and rush', () => {
  it('stocks the kitchen, lets a patron order, the chef start it; then the demo data and the rush go on top, nothing skipped', async ({
    dataDir,
    startApp,
  }) => {
    const curl = blocks('Try it with curl');
    // The first block starts the server; the test starts its own, on the port the walkthrough reads.
    expect(curl[0]).toContain('export PORT=3000');
    expect(curl[1]).toContain('BASE=http://localhost:${PORT:-3000}');
    const demo = blocks('Try the boards with demo data');
    expect(demo).toStrictEqual([
      "POS_ADMIN_USER_NAME=admin POS_ADMIN_PASSWORD='Admin@2026!' npm run demo-data\n",
      'npx tsx scripts/rush.ts\nnpm start\n',
    ]);
    const OPEN: Condition[] = [{ field: 'status', op: 'in', value: ['Received', 'In Progress', 'Ready for Assembly'] }];
    const t = await startApp({
      dataDir,
      withoutUsers: true,
      env: { POS_ADMIN_USER_NAME: 'admin', POS_ADMIN_PASSWORD: 'Admin@2026!' },
    });
    const port = new URL(t.url).port;
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', curl.slice(1).join('\n')], { env: { ...process.env, PORT: port } });
    const lastLine = stdout.trim().split('\n').pop() ?? '';
    const started = JSON.parse(lastLine.slice(lastLine.lastIndexOf('{"id"')));
    expect(started).toMatchObject({
      name: 'Mia',
      table_number: 18,
      allergies: ['peanuts'],
      special_requests: 'Extra parmesan',
      status: 'In Progress',
      priority: 3,
    });
    const [porcini] = await t.store.collection('ingredients').find([]);
    expect(porcini).toMatchObject({ name: 'Porcini', in_stock_qty: 39, unit: 'kg' });

    // npm run demo-data while the server runs: through its API, as the manager of the walkthrough.
    const added = await loadDemoDataThroughApi(t.url, t.config);
    expect(added).toStrictEqual({ users: 4, ingredients: 24, dishes: 14, orders: 8 });
    expect(demoDataSummary('the server', added)).toBe('Demo data in the server: added 4 users, 24 ingredients, 14 dishes, 8 orders.');
    const users = await t.store.collection('users').find([], { sort: { field: 'user_name', direction: 'asc' } });
    expect(users.map((user) => user.user_name)).toStrictEqual(
      ['admin', 'chef_ana', 'mia', ...DEMO_USERS.map((user) => user.user_name)].sort(),
    );
    const openBefore = (await t.store.collection('orders').find(OPEN)).length;
    await t.close();

    // Again, with the server stopped: everything is there, and it says so rather than skip silently.
    const again = await loadDemoData(t.config);
    expect(again).toStrictEqual({ users: 0, ingredients: 0, dishes: 0, orders: 0 });
    expect(demoDataSummary('the store', again)).toBe(
      'Demo data in the store: added 0 users, 0 ingredients, 0 dishes, 0 orders. ' +
        'Left alone, as one of the same name (user name for users) was already there: 4 users, 24 ingredients, 14 dishes, 8 orders.',
    );

    // npx tsx scripts/rush.ts, the server stopped: a day of service and 46 open orders on top.
    const rush = await loadRush(t.config);
    expect(rush.open).toBe(openBefore + 46);
    expect(rush.history).toBeGreaterThan(0);
    const reopened = await startApp({ listen: false, dataDir, withoutUsers: true });
    expect(await reopened.store.collection('orders').get(started.id)).toMatchObject({ name: 'Mia', status: 'In Progress' });
    expect((await reopened.store.collection('dishes').find([])).map((dish) => dish.name)).toContain('Porcini Risotto');
  }, 120_000);
});
