// The embedded store: the store contract, plus what only SQLite has (its data directory, its query
// plans, its group commit, its failure modes).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toStoreError } from '../../../store/sqlite/errors.js';
import { openSqliteStore, type SqliteStoreOptions } from '../../../store/sqlite/index.js';
import { listStatements } from '../../../store/sqlite/where.js';
import { StoreUnavailableError, type Store } from '../../../store/types.js';
import { describeStoreContract, type StoreHarness } from '../contract/suite.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const { open, freshDir } = storesPerTest('pos-store-');

async function openHarness(options: Partial<SqliteStoreOptions> = {}): Promise<StoreHarness & { dataDir: string; current: () => Store }> {
  const { dataDir, store: first } = open(options);
  let store = first;
  return {
    dataDir,
    store,
    current: () => store,
    reopen: async () => {
      await store.close();
      store = open({ ...options, dataDir }).store;
      return store;
    },
    // storesPerTest closes every store it opened and removes the directory after each test.
    cleanup: async () => undefined,
  };
}

describeStoreContract('sqlite store', () => openHarness());

const draft = {
  name: 'Ann',
  dish_ids: ['5f0000000000000000000001'],
  table_number: 3,
  special_requests: null,
  scheduled_at: null,
  priority: 3,
  status: 'Draft' as const,
  fire_at: null,
  owner_id: '5f0000000000000000000002',
  stock_taken: [],
  tickets: [],
  ready_at: null,
  closed_at: null,
  pacing: 'at_once' as const,
};

describe('sqlite store specifics', () => {
  it('keeps its data in pos.sqlite in the data directory, in WAL mode', async () => {
    const { dataDir, store } = await openHarness();
    await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT count(*) FROM ingredients').pluck().get()).toBe(1);
    db.close();
  });

  it('names the data directory and the reason when it cannot be created', () => {
    const file = path.join(freshDir(), 'not-a-directory');
    fs.writeFileSync(file, '');
    const dataDir = path.join(file, 'data');
    expect(() => openSqliteStore({ dataDir })).toThrow(`cannot open the data directory ${dataDir}: ENOTDIR: not a directory`);
  });

  it.skipIf(process.getuid?.() === 0)('names the data directory and the reason when it cannot be written', () => {
    const dataDir = freshDir();
    fs.chmodSync(dataDir, 0o500);
    expect(() => openSqliteStore({ dataDir })).toThrow(`cannot open the data directory ${dataDir}: EACCES: permission denied`);
    fs.chmodSync(dataDir, 0o700);
  });

  it('serves a status-filtered, created_at-sorted order list from an index', async () => {
    const { dataDir, store } = await openHarness();
    await store.collection('orders').insert(draft);
    const { page, count } = listStatements('orders', { filter: [{ field: 'status', op: 'eq', value: 'Draft' }], limit: 30, offset: 0 });
    const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    const plan = (sql: string, params: unknown[]) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => (row as { detail: string }).detail)
        .join('; ');
    expect(plan(page.sql, page.params)).toMatch(/USING COVERING INDEX orders__status__created_at/);
    expect(plan(page.sql, page.params)).not.toMatch(/TEMP B-TREE/);
    // The total comes from the kept counts (store/sqlite/counts.ts), whatever the number of matches.
    expect(plan(count.sql, count.params)).toMatch(/^SEARCH pos_counts USING PRIMARY KEY \(collection=\? AND key=\?\)/);
    expect(plan(count.sql, count.params)).not.toMatch(/\borders\b/);
    db.close();
  });

  it("serves every board's and the ordering app's list from an index, with its total from the kept counts", async () => {
    const { dataDir, store } = await openHarness();
    await store.collection('orders').insert(draft);
    const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    const plan = (sql: string, params: unknown[]) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => (row as { detail: string }).detail)
        .join('; ');
    const newest = { field: 'created_at', direction: 'desc' } as const;
    const lists = [
      // A patron's own orders, newest first (the ordering app), and a manager's whole history.
      { filter: [{ field: 'owner_id', op: 'eq' as const, value: draft.owner_id }], sort: newest, index: 'orders__owner_id__created_at' },
      { filter: [], sort: newest, index: 'orders__created_at' },
      { filter: [{ field: 'status', op: 'eq' as const, value: 'Ready for Pickup' }], sort: newest, index: 'orders__status__created_at' },
    ];
    for (const { filter, sort, index } of lists) {
      const { page, ids, count } = listStatements('orders', { filter, sort, limit: 30, offset: 0 });
      expect(plan(page.sql, page.params)).toMatch(new RegExp(`USING COVERING INDEX ${index}\\b`));
      expect(plan(page.sql, page.params)).not.toMatch(/TEMP B-TREE/);
      // The page's ids alone (GET /orders served from kept text) come from the index only.
      expect(plan(ids.sql, ids.params)).toMatch(new RegExp(`^(SCAN|SEARCH) orders USING COVERING INDEX ${index}\\b`));
      expect(plan(ids.sql, ids.params)).not.toMatch(/TEMP B-TREE/);
      expect(plan(count.sql, count.params)).toMatch(/^SEARCH pos_counts USING PRIMARY KEY/);
    }
    // The expeditor's board (several open statuses): the status index reads the open orders alone,
    // sorted in memory (a few hundred), never the history; the total from the counts.
    const board = listStatements('orders', {
      filter: [{ field: 'status', op: 'in', value: ['Received', 'In Progress', 'Ready for Assembly'] }],
      limit: 30,
      offset: 0,
    });
    expect(plan(board.page.sql, board.page.params)).toMatch(/SEARCH orders USING COVERING INDEX orders__status__created_at \(status=\?\)/);
    expect(plan(board.count.sql, board.count.params)).toMatch(/^SEARCH pos_counts USING PRIMARY KEY/);
    // A filter the counts cannot answer still counts the matches.
    expect(listStatements('orders', { filter: [{ field: 'status', op: 'ne', value: 'Draft' }], limit: 30, offset: 0 }).count.sql).toMatch(
      /^SELECT count\(\*\) FROM "orders"/,
    );
    db.close();
  });

  it('serves a newest-first order list from the same index, walked backwards (no sort in memory)', async () => {
    const { dataDir, store } = await openHarness();
    await store.collection('orders').insert(draft);
    const { page } = listStatements('orders', {
      filter: [{ field: 'status', op: 'eq', value: 'Draft' }],
      sort: { field: 'created_at', direction: 'desc' },
      limit: 30,
      offset: 0,
    });
    const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
      .all(...page.params)
      .map((row) => (row as { detail: string }).detail)
      .join('; ');
    expect(plan).toMatch(/USING COVERING INDEX orders__status__created_at/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    db.close();
  });

  it('keeps no index on ingredients, and drops the ones an earlier version built when it opens', async () => {
    const opened = await openHarness();
    const indexes = (db: Database.Database) =>
      db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ingredients' AND sql IS NOT NULL ORDER BY name`)
        .pluck()
        .all();
    const older = new Database(path.join(opened.dataDir, 'pos.sqlite'));
    expect(indexes(older)).toEqual([]);
    // As the version before built them.
    older.exec(`CREATE INDEX "ingredients__created_at" ON ingredients (doc ->> '$.created_at', id);
      CREATE INDEX "ingredients__name" ON ingredients (doc ->> '$.name', id);
      CREATE INDEX "ingredients__in_stock_qty" ON ingredients (doc ->> '$.in_stock_qty', id);
      CREATE INDEX "ingredients_by_price" ON ingredients (doc ->> '$.price')`);
    older.close();
    const store = await opened.reopen!();
    await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 0, price: 1 });
    expect(await store.collection('ingredients').find([{ field: 'in_stock_qty', op: 'lte', value: 0 }])).toMatchObject([{ name: 'Flour' }]);
    const db = new Database(path.join(opened.dataDir, 'pos.sqlite'), { readonly: true });
    // An index someone else added stays.
    expect(indexes(db)).toEqual(['ingredients_by_price']);
    db.close();
  });

  it("replaces an earlier version's ASCII-only user_name index with the Unicode-folding one when it opens", async () => {
    const opened = await openHarness();
    const older = new Database(path.join(opened.dataDir, 'pos.sqlite'));
    older.exec(`DROP INDEX "users__unique__user_name_folded";
      CREATE UNIQUE INDEX "users__unique__user_name" ON users (lower(doc ->> '$.user_name'))`);
    older.close();
    const store = await opened.reopen!();
    const users = store.collection('users');
    await users.insert({ user_name: 'élodie', email: 'e@example.com', role: 'patron', password_hash: 'hash' });
    await expect(
      users.insert({ user_name: 'ÉLODIE', email: 'E@example.com', role: 'patron', password_hash: 'hash' }),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError', field: 'user_name' });
    const db = new Database(path.join(opened.dataDir, 'pos.sqlite'), { readonly: true });
    const userIndexes = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users' AND name LIKE '%unique%'`)
      .pluck()
      .all();
    expect(userIndexes).toEqual(['users__unique__user_name_folded']);
    db.close();
  });

  // Both updates join one group commit: the second sees the first's write (not yet committed) and fails its condition.
  it('lets exactly one of two conditional updates made in the same commit win', async () => {
    const commits: number[] = [];
    const { store } = await openHarness({ onCommit: ({ units }) => commits.push(units) });
    for (let round = 0; round < 20; round += 1) {
      const placed = await store.collection('orders').insert(draft);
      commits.length = 0;
      const onlyDraft = { if: [{ field: 'status', op: 'eq' as const, value: 'Draft' }] };
      const outcomes = await Promise.all([
        store.collection('orders').update(placed.id, { set: { status: 'Received' } }, onlyDraft),
        store.collection('orders').update(placed.id, { set: { status: 'In Progress' } }, onlyDraft),
      ]);
      expect(commits).toEqual([2]);
      expect(outcomes[1]).toBeNull();
      expect(outcomes[0]).toMatchObject({ id: placed.id, status: 'Received' });
      expect(await store.collection('orders').get(placed.id)).toEqual(outcomes[0]);
    }
  });

  it('stamps documents with its clock', async () => {
    const { store } = await openHarness({ clock: () => new Date('2030-01-02T03:04:05.678Z') });
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    expect(flour).toMatchObject({ created_at: '2030-01-02T03:04:05.678Z', updated_at: '2030-01-02T03:04:05.678Z' });
    expect(parseInt(flour.id.slice(0, 8), 16)).toBe(Math.floor(Date.parse('2030-01-02T03:04:05.678Z') / 1000));
  });

  it('reports a failing listener and still completes the write and tells the others', async () => {
    const failures: unknown[] = [];
    const { store } = await openHarness({ onListenerError: (error) => failures.push(error) });
    const seen: string[] = [];
    store.onChange(() => {
      throw new Error('listener bug');
    });
    store.onChange(async () => {
      throw new Error('async listener bug');
    });
    store.onChange((event) => seen.push(event.operation));
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.collection('ingredients').get(flour.id)).toEqual(flour);
    expect(seen).toEqual(['insert']);
    expect(failures.map((error) => (error as Error).message)).toEqual(['listener bug', 'async listener bug']);
  });

  it('refuses a condition on a field outside the catalogue', async () => {
    const { store } = await openHarness();
    await expect(store.collection('ingredients').find([{ field: 'colour', op: 'eq', value: 'red' }])).rejects.toThrow('no field "colour"');
    await expect(store.collection('dishes').find([{ field: 'is_available', op: 'eq', value: true }])).rejects.toThrow('computed');
  });

  it('fails at once, instead of waiting forever, on a store write made inside a transaction', async () => {
    const { store } = await openHarness();
    const outcome = store.transaction(async (session) => {
      await session.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
      await store.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 1, price: 1 });
    });
    await expect(outcome).rejects.toThrow('write through its session');
    expect(await store.collection('ingredients').find([])).toEqual([]);
  });

  it('refuses a session used after its transaction ended', async () => {
    const { store } = await openHarness();
    const session = await store.transaction(async (inside) => inside);
    await expect(session.collection('ingredients').find([])).rejects.toThrow('after its transaction ended');
  });

  it('applies an updateMany completely or not at all', async () => {
    const { store } = await openHarness();
    const users = store.collection('users');
    for (const name of ['ann', 'ben', 'cid'])
      await users.insert({ user_name: name, email: `${name}@example.com`, role: 'patron', password_hash: 'h' });
    const events: string[] = [];
    store.onChange((event) => events.push(event.operation));
    await expect(users.updateMany([], { set: { user_name: 'same' } })).rejects.toMatchObject({ name: 'DuplicateKeyError' });
    expect((await users.find([])).map((user) => user.user_name).sort()).toEqual(['ann', 'ben', 'cid']);
    expect(events).toEqual([]);
  });

  it('finishes queued writes on close, then refuses with StoreUnavailableError', async () => {
    const opened = await openHarness();
    const pending = opened.store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    await opened.store.close();
    const flour = await pending;
    await expect(opened.store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(opened.store.collection('ingredients').get(flour.id)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(opened.store.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 1, price: 1 })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(opened.store.transaction(async () => 1)).rejects.toBeInstanceOf(StoreUnavailableError);
    const reopened = await opened.reopen!();
    expect(await reopened.collection('ingredients').get(flour.id)).toEqual(flour);
  });

  it('answers StoreUnavailableError when another process holds the write lock too long, and changes nothing', async () => {
    const { dataDir, store } = await openHarness();
    const flour = await store.collection('ingredients').insert({ name: 'Flour', in_stock_qty: 1, price: 1 });
    const other = new Database(path.join(dataDir, 'pos.sqlite'));
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(store.collection('ingredients').update(flour.id, { inc: { in_stock_qty: 1 } })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await store.collection('ingredients').get(flour.id)).toEqual(flour);
    expect(await store.collection('ingredients').update(flour.id, { inc: { in_stock_qty: 1 } })).toMatchObject({ in_stock_qty: 2 });
  }, 20_000);

  it('maps disk, read-only and I/O failures to StoreUnavailableError and leaves other errors alone', () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR_WRITE', 'SQLITE_BUSY', 'SQLITE_CANTOPEN']) {
      expect(toStoreError(new Database.SqliteError('failed', code))).toBeInstanceOf(StoreUnavailableError);
    }
    const misuse = new Database.SqliteError('no such column: x', 'SQLITE_ERROR');
    expect(toStoreError(misuse)).toBe(misuse);
  });
});
