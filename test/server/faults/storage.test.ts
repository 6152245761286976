// The data directory unusable, or the store failing mid-write: a clear start-up error (exit 1), or
// 503 Problems with Retry-After — never a partial write, and the server recovers by itself.
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import { PASSWORD } from '../../helpers/app.js';
import { expectProblemStatus, snapshot, TEST_JWT_SECRET } from '../security/support.js';
import { FaultyStore } from './faulty-store.js';
import { serverEnv, spawnServer, startServer } from './server-process.js';

/** A data file as release 1.0.0 wrote it. */
const FIXTURE = fileURLToPath(new URL('../../fixtures/pos-1.0.0.sqlite', import.meta.url));

describe('a data directory the server cannot use', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'pos-datadir-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function startFails(dataDir: string, env: Record<string, string> = {}): Promise<string> {
    const server = spawnServer(serverEnv(dataDir, env));
    try {
      const exit = await server.exited;
      expect(exit).toEqual({ code: 1, signal: null });
      return server.output();
    } finally {
      server.child.kill('SIGKILL');
    }
  }

  it('under a regular file (ENOTDIR): one clear line naming the directory, exit code 1', async () => {
    const file = join(scratch, 'not-a-directory');
    writeFileSync(file, 'keep me');
    const output = await startFails(join(file, 'data'));
    expect(output.trim()).toBe(
      `Cannot start: cannot open the data directory ${join(file, 'data')}: ENOTDIR: not a directory, mkdir '${join(file, 'data')}'`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('a regular file itself: exit code 1, the file untouched', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'keep me too');
    const output = await startFails(file);
    expect(output).toMatch(new RegExp(`^Cannot start: cannot open the data directory ${file}: `));
    expect(readFileSync(file, 'utf8')).toBe('keep me too');
  });

  it('holding a database file that is not SQLite: exit code 1, the file untouched', async () => {
    const dir = join(scratch, 'garbage');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    const garbage = 'this is not a database '.repeat(200);
    writeFileSync(join(dir, 'pos.sqlite'), garbage);
    const output = await startFails(dir);
    expect(output).toMatch(new RegExp(`^Cannot start: cannot open the data directory ${dir}: file is not a database`));
    expect(readFileSync(join(dir, 'pos.sqlite'), 'utf8')).toBe(garbage);
  });

  it('under /proc, where a directory cannot be made: one line at once, no hang', { timeout: 20_000 }, async () => {
    const output = await startFails('/proc/nope/data');
    expect(output.trim()).toBe(
      `Cannot start: cannot open the data directory /proc/nope/data: ENOENT: no such file or directory, mkdir '/proc/nope'`,
    );
  });

  it('holding a read-only pos.sqlite: refused at start with one line naming the file, the file untouched', async () => {
    const dir = join(scratch, 'read-only');
    mkdirSync(dir);
    copyFileSync(FIXTURE, join(dir, 'pos.sqlite'));
    chmodSync(join(dir, 'pos.sqlite'), 0o444);
    const output = await startFails(dir);
    expect(output.trim()).toBe(
      `Cannot start: cannot open the data directory ${dir}: ${join(dir, 'pos.sqlite')} is read-only (mode 444): the server must be able to write it`,
    );
    expect(readFileSync(join(dir, 'pos.sqlite')).equals(readFileSync(FIXTURE))).toBe(true);
  });

  it.each([
    ['an empty', '', 'is empty'],
    ['a short', 'abc123\n', 'holds only 6 characters'],
  ])('holding %s jwt-secret file: one line naming the file, exit code 1', async (_label, content, what) => {
    const dir = mkdtempSync(join(scratch, 'secret-'));
    writeFileSync(join(dir, 'jwt-secret'), content);
    const output = await startFails(dir);
    const file = join(dir, 'jwt-secret');
    expect(output.trim()).toBe(
      `Cannot start: the token secret file ${file} ${what}; it needs at least 32: delete it to have a new ` +
        `one generated (signing everyone out), or put a longer secret in it`,
    );
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it("already served by another server: the second is refused in one line naming the first one's pid, the first serves on", async () => {
    const dir = mkdtempSync(join(scratch, 'owned-'));
    const first = await startServer(serverEnv(dir));
    try {
      const output = await startFails(dir);
      expect(output.trim()).toBe(
        `Cannot start: cannot open the data directory ${dir}: ${join(dir, 'pos.lock')} shows that process ${first.child.pid} on ${hostname()} ` +
          `(since ${JSON.parse(readFileSync(join(dir, 'pos.lock'), 'utf8')).started_at}) already serves this ` +
          `data directory: stop it first (two servers on one directory drift apart); if no such server runs, ` +
          `delete the file`,
      );
      expect((await fetch(`${first.url}/ready`)).status).toBe(200);
    } finally {
      first.kill();
    }
    // Killed without a chance to clean up: the next server takes the stale lock over.
    await first.exited;
    const next = await startServer(serverEnv(dir));
    next.kill();
  });

  it.each([
    [
      { POS_TRUST_PROXY: 'yes' },
      'POS_TRUST_PROXY must be true, false, a number of proxy hops, or IP addresses and CIDR ranges separated by commas (got "yes")',
    ],
    [
      { POS_ACESS_TOKEN_TTL: '600' },
      'POS_ACESS_TOKEN_TTL is not a setting this server knows (did you mean POS_ACCESS_TOKEN_TTL?); the settings are listed in the README',
    ],
  ])('configured with %j: one line naming the variable, exit code 1', async (env, problem) => {
    const output = await startFails(mkdtempSync(join(scratch, 'config-')), env);
    expect(output.trim()).toBe(`Invalid configuration: ${problem}`);
  });
});

describe('a store that fails while serving (disk full, I/O errors)', () => {
  let dataDir: string;
  let store: FaultyStore;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const request = (options: InjectOptions & { as?: string }) => {
    const { as, ...rest } = options;
    return app.inject({ ...rest, headers: { ...rest.headers, ...(as && { authorization: `Bearer ${tokens[as]}` }) } });
  };
  const created = async (options: InjectOptions & { as?: string }) => {
    const response = await request(options);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-faulty-'));
    store = new FaultyStore(openSqliteStore({ dataDir }));
    const config = loadConfig({
      POS_DATA_DIR: dataDir,
      POS_BCRYPT_ROUNDS: '4',
      POS_ADMIN_USER_NAME: 'manager1',
      POS_ADMIN_PASSWORD: PASSWORD,
    });
    app = await buildApp({ config, store, jwtSecret: TEST_JWT_SECRET });
    await app.ready();
    const login = async (user_name: string) =>
      (await app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name, password: PASSWORD } })).json<{
        access_token: string;
      }>().access_token;
    tokens.manager = await login('manager1');
    ids.patron = await created({
      method: 'POST',
      url: '/users',
      payload: { user_name: 'eater', email: 'eater@example.com', password: PASSWORD, role: 'patron' },
    });
    tokens.patron = await login('eater');
    ids.flour = await created({
      method: 'POST',
      url: '/ingredients',
      as: 'manager',
      payload: { name: 'Flour', in_stock_qty: 50, price: 1 },
    });
    ids.salt = await created({ method: 'POST', url: '/ingredients', as: 'manager', payload: { name: 'Salt', in_stock_qty: 50, price: 1 } });
    ids.bread = await created({
      method: 'POST',
      url: '/dishes',
      as: 'manager',
      payload: {
        name: 'Bread',
        description: 'Fresh',
        category: 'Appetizer',
        image_name: 'bread',
        preparation_time: 5,
        price: 3,
        station: 'cold',
        ingredients: [
          { ingredient_id: ids.flour, is_essential: true },
          { ingredient_id: ids.salt, is_essential: false },
        ],
      },
    });
    ids.order = await created({ method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Eater', dish_ids: [ids.bread] } });
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const writes = (): (InjectOptions & { as?: string })[] => [
    { method: 'POST', url: '/ingredients', as: 'manager', payload: { name: 'Yeast', in_stock_qty: 1, price: 1 } },
    { method: 'PATCH', url: `/ingredients/${ids.flour}`, as: 'manager', payload: { in_stock_delta: -1 } },
    { method: 'PUT', url: `/ingredients/${ids.salt}`, as: 'manager', payload: { name: 'Sea salt', in_stock_qty: 9, price: 2 } },
    { method: 'PATCH', url: `/dishes/${ids.bread}`, as: 'manager', payload: { price: 4 } },
    { method: 'POST', url: '/orders', as: 'patron', payload: { name: 'Eater', dish_ids: [ids.bread, ids.bread] } },
    { method: 'PATCH', url: `/orders/${ids.order}`, as: 'patron', payload: { dish_ids: [ids.bread, ids.bread, ids.bread] } },
    { method: 'PATCH', url: `/orders/${ids.order}`, as: 'manager', payload: { priority: 1 } },
    { method: 'DELETE', url: `/orders/${ids.order}`, as: 'patron' },
    { method: 'POST', url: '/users', payload: { user_name: 'newcomer', email: 'new@example.com', password: PASSWORD, role: 'patron' } },
    { method: 'PATCH', url: `/users/${ids.patron}`, as: 'patron', payload: { email: 'x@example.com' } },
    { method: 'DELETE', url: `/users/${ids.patron}`, as: 'manager' },
    { method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: 'manager1', password: PASSWORD } },
  ];

  async function expectAllUnavailable(label: string, which: (write: InjectOptions) => boolean = () => true) {
    for (const write of writes().filter(which)) {
      const before = await snapshot(store.inner);
      const response = await request(write);
      if (response.statusCode === 404) continue; // a write that finds nothing never reaches the store
      const problem = expectProblemStatus(response, 503);
      expect([label, write.method, write.url, problem.detail, response.headers['retry-after']]).toEqual([
        label,
        write.method,
        write.url,
        'The data store is unavailable; try again shortly.',
        '5',
      ]);
      expect(await snapshot(store.inner), `${label}: ${write.method} ${write.url} wrote something`).toEqual(before);
    }
  }

  it('every write is a 503 Problem with Retry-After when the disk is full, and nothing is written', async () => {
    store.failWrites(() => true);
    try {
      await expectAllUnavailable('disk full');
      // Reads still work.
      expect((await request({ method: 'GET', url: '/dishes' })).statusCode).toBe(200);
      expect((await request({ method: 'GET', url: `/orders/${ids.order}`, as: 'patron' })).statusCode).toBe(200);
    } finally {
      store.failWrites(null);
    }
  });

  it('a failure at the last write of a transaction rolls back the ones before it (no partial order)', async () => {
    // Stock moves first, then the order itself is written: that second write fails.
    store.failWrites((collection) => collection === 'orders');
    try {
      const stockBefore = (await snapshot(store.inner)).ingredients;
      await expectAllUnavailable('order write fails', (write) => String(write.url).startsWith('/orders'));
      expect((await snapshot(store.inner)).ingredients).toEqual(stockBefore);
      expect(store.injected).toBeGreaterThan(0);
    } finally {
      store.failWrites(null);
    }
  });

  it('/ready answers 503 while the database cannot be written (another process holds its write lock), 200 after', async () => {
    expect((await request({ method: 'GET', url: '/ready' })).json()).toStrictEqual({ status: 'ready', store: 'sqlite' });
    const other = new Database(join(dataDir, 'pos.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      const problem = expectProblemStatus(await request({ method: 'GET', url: '/ready' }), 503);
      expect(problem.detail).toMatch(
        /^The sqlite store is not reachable: the database cannot serve requests now: database is locked \(SQLITE_BUSY\)$/,
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await request({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });

  it('recovers by itself once the store does: the same writes succeed', async () => {
    const order = await request({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Eater', dish_ids: [ids.bread, ids.bread] },
    });
    expect(order.statusCode).toBe(201);
    expect((await request({ method: 'GET', url: `/ingredients/${ids.flour}` })).json()).toMatchObject({ in_stock_qty: 47 });
    expect((await request({ method: 'DELETE', url: `/orders/${ids.order}`, as: 'patron' })).statusCode).toBe(204);
    expect((await request({ method: 'GET', url: `/ingredients/${ids.flour}` })).json()).toMatchObject({ in_stock_qty: 48 });
    console.log(
      `storage faults: ${store.injected} injected store failures, every one a 503 Problem with Retry-After ` +
        `and no partial write; writes succeed again once the store does`,
    );
  });
});
