// Data written by the previous release (test/fixtures/pos-1.0.0.sqlite, made by release 1.0.0's
// `npm run demo-data`) opens in this one: its format is upgraded once at start, the data served as
// before; a file from a newer release is refused rather than misread.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import { SCHEMA_VERSION } from '../../../store/sqlite/migrations.js';
import { storesPerTest, upgradeLog } from '../fixtures/sqlite-stores.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/pos-1.0.0.sqlite', import.meta.url));
const { open, freshDir } = storesPerTest('pos-upgrade-');

/** Release 1.0.0's file in `dataDir` (by default a fresh directory). */
function previousRelease(dataDir = freshDir()): string {
  fs.copyFileSync(FIXTURE, path.join(dataDir, 'pos.sqlite'));
  return dataDir;
}

const inspect = <T>(dataDir: string, read: (db: Database.Database) => T): T => {
  const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
};

describe('upgrading the data of release 1.0.0', () => {
  it('records the format version, logs the upgrade once, and serves the old data', async ({ dataDir, startApp }) => {
    previousRelease(dataDir);
    expect(inspect(dataDir, (db) => db.pragma('user_version', { simple: true }))).toBe(0);
    const { logger, logged } = upgradeLog();
    await open({ dataDir, logger }).store.close();
    expect(logged).toStrictEqual([['data format upgraded', { from: 0, to: SCHEMA_VERSION, dataDir }]]);
    await open({ dataDir, logger }).store.close();
    expect(logged).toHaveLength(1);
    expect(
      inspect(dataDir, (db) => [
        db.pragma('user_version', { simple: true }),
        JSON.parse(String(db.prepare(`SELECT value FROM pos_meta WHERE key = ?`).pluck().get(`upgraded_to_${SCHEMA_VERSION}`))),
      ]),
    ).toStrictEqual([SCHEMA_VERSION, { from: 0, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);

    const t = await startApp({ dataDir, withoutUsers: true });
    const login = await t.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: 'chef', password: 'Demo@Chef1' },
    });
    expect(login.statusCode).toBe(201);
    const chef = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
    expect((await t.inject({ method: 'GET', url: '/orders?fields=name&sort=name&limit=3', headers: chef })).json()).toStrictEqual({
      total_results: 8,
      results: [{ name: 'Ava' }, { name: 'Ben' }, { name: 'Chloe' }],
    });
    expect((await t.inject({ method: 'GET', url: '/dishes?filter=is_available.eq~false&fields=name' })).json()).toStrictEqual({
      total_results: 1,
      results: [{ name: 'Truffle Fries' }],
    });
    const created = await t.inject({
      method: 'POST',
      url: '/ingredients',
      headers: chef,
      payload: { name: 'Thyme', in_stock_qty: 5, price: 0.3 },
    });
    expect(created.statusCode).toBe(201);
  });

  it('a fresh data directory starts at the current format with no upgrade to report', async () => {
    const { logger, logged } = upgradeLog();
    const { dataDir, store } = open({ logger });
    await store.close();
    expect(logged).toStrictEqual([]);
    expect(
      inspect(dataDir, (db) => [db.pragma('user_version', { simple: true }), db.prepare('SELECT count(*) FROM pos_meta').pluck().get()]),
    ).toStrictEqual([SCHEMA_VERSION, 0]);
  });

  it('refuses a file written by a newer release, naming the file and both formats, and leaves its data as it was', () => {
    const dataDir = previousRelease();
    const file = path.join(dataDir, 'pos.sqlite');
    const db = new Database(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const contents = () =>
      inspect(dataDir, (db) => [
        db.pragma('user_version', { simple: true }),
        db.prepare(`SELECT name FROM sqlite_master ORDER BY name`).pluck().all(),
        db.prepare('SELECT count(*) FROM orders').pluck().get(),
      ]);
    const before = contents();
    expect(() => open({ dataDir })).toThrow(
      `cannot open the data directory ${dataDir}: ${file} holds data format ${SCHEMA_VERSION + 1}, written ` +
        `by a newer release; this one reads up to format ${SCHEMA_VERSION}: run the newer release, or restore ` +
        `a backup taken before the upgrade`,
    );
    expect(contents()).toStrictEqual(before);
    expect(before[0]).toBe(SCHEMA_VERSION + 1);
  });
});
