// The upgrade to data format 3 (field columns) of a file written by format 2's code
// (test/fixtures/pos-format-2.sqlite, made at commit 5fafe5c: `npm run demo-data`, then two refresh
// tokens and an idempotency record inserted through that commit's store): one pass fills the columns,
// the indexes and count triggers are rebuilt on them, lists answer as the JSON says, and a failing
// upgrade leaves the file exactly as it was.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../store/sqlite/migrations.js';
import { columnsOutOfStep, indexesReadingJson } from '../fixtures/columns.js';
import { storesPerTest, upgradeLog } from '../fixtures/sqlite-stores.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/pos-format-2.sqlite', import.meta.url));
const { open, freshDir } = storesPerTest('pos-format-2-');

function formatTwo(): { dataDir: string; file: string } {
  const dataDir = freshDir();
  const file = path.join(dataDir, 'pos.sqlite');
  fs.copyFileSync(FIXTURE, file);
  return { dataDir, file };
}

function read<T>(file: string, body: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return body(db);
  } finally {
    db.close();
  }
}

/** Everything a file holds: its format, its schema and every row of every table. */
const contents = (file: string) =>
  read(file, (db) => {
    const schema = db.prepare(`SELECT type, name, sql FROM sqlite_master ORDER BY name`).raw().all() as [string, string, string | null][];
    const rows = schema
      .filter(([type]) => type === 'table')
      .map(([, name]) => db.prepare(`SELECT * FROM "${name}" ORDER BY 1`).raw().all());
    return { version: db.pragma('user_version', { simple: true }), schema, rows };
  });

// Answers computed from the JSON of the file as format 2 left it, by hand.
const EXPECTED = {
  received: `SELECT id FROM orders WHERE doc ->> '$.status' = 'Received' ORDER BY doc ->> '$.created_at', id`,
  byPriority: `SELECT id FROM orders ORDER BY doc ->> '$.priority' DESC, id DESC`,
  tables: `SELECT id FROM orders WHERE doc ->> '$.table_number' >= 5 ORDER BY doc ->> '$.table_number', id`,
  noTable: `SELECT id FROM orders WHERE doc ->> '$.table_number' IS NULL ORDER BY doc ->> '$.created_at', id`,
  mains: `SELECT id FROM dishes WHERE doc ->> '$.category' = 'Mains' ORDER BY doc ->> '$.price', id`,
};

describe('the upgrade to field columns (format 3)', () => {
  it('fills the columns from the JSON, rebuilds the indexes and count triggers on them, and answers as before', async () => {
    const { dataDir, file } = formatTwo();
    const before = read(file, (db) => ({
      version: db.pragma('user_version', { simple: true }),
      answers: Object.fromEntries(Object.entries(EXPECTED).map(([name, sql]) => [name, db.prepare(sql).pluck().all()])) as Record<
        keyof typeof EXPECTED,
        string[]
      >,
    }));
    expect(before.version).toBe(2);
    expect(indexesReadingJson(file).length).toBeGreaterThan(20);
    const { logger, logged } = upgradeLog();
    const { store } = open({ dataDir, logger });
    expect(logged).toStrictEqual([['data format upgraded', { from: 2, to: SCHEMA_VERSION, dataDir }]]);
    expect(SCHEMA_VERSION).toBe(3);
    expect(columnsOutOfStep(file)).toStrictEqual({});
    expect(indexesReadingJson(file)).toStrictEqual([]);
    expect(read(file, (db) => db.prepare(`SELECT count(*) FROM orders WHERE fields_rev IS NOT 0`).pluck().get())).toBe(0);

    const orders = store.collection('orders');
    const ids = async (...args: Parameters<typeof orders.list>) => (await orders.list(...args)).results.map((order) => order.id);
    expect(await ids({ filter: [{ field: 'status', op: 'eq', value: 'Received' }], limit: 50, offset: 0 })).toStrictEqual(
      before.answers.received,
    );
    expect(await ids({ filter: [], sort: { field: 'priority', direction: 'desc' }, limit: 50, offset: 0 })).toStrictEqual(
      before.answers.byPriority,
    );
    expect(
      await ids({
        filter: [{ field: 'table_number', op: 'gte', value: 5 }],
        sort: { field: 'table_number', direction: 'asc' },
        limit: 50,
        offset: 0,
      }),
    ).toStrictEqual(before.answers.tables);
    expect(await ids({ filter: [{ field: 'table_number', op: 'eq', value: null }], limit: 50, offset: 0 })).toStrictEqual(
      before.answers.noTable,
    );
    const mains = await store.collection('dishes').list({
      filter: [{ field: 'category', op: 'eq', value: 'Mains' }],
      sort: { field: 'price', direction: 'asc' },
      limit: 50,
      offset: 0,
    });
    expect(mains.results.map((dish) => dish.id)).toStrictEqual(before.answers.mains);
    expect(before.answers.received.length).toBeGreaterThan(1);
    expect(before.answers.noTable.length).toBe(1);
    // The totals from the counts rebuilt on the columns.
    const received = await orders.list({ filter: [{ field: 'status', op: 'eq', value: 'Received' }], limit: 1, offset: 0 });
    expect(received.total_results).toBe(before.answers.received.length);
    // Unique fields stay unique, folded or not, and a refused duplicate still names its field.
    await expect(
      store.collection('users').insert({ user_name: 'CHEF', email: 'c@example.com', role: 'chef', password_hash: 'h' }),
    ).rejects.toMatchObject({ name: 'DuplicateKeyError', field: 'user_name' });
    const token = read(
      file,
      (db) => JSON.parse(db.prepare(`SELECT doc FROM refresh_tokens LIMIT 1`).pluck().get() as string) as Record<string, unknown>,
    );
    await expect(store.collection('refresh_tokens').insert({ ...token, id: undefined } as never)).rejects.toMatchObject({
      name: 'DuplicateKeyError',
      field: 'token_hash',
    });

    await store.close();
    open({ dataDir, logger });
    expect(logged).toHaveLength(1);
  });

  it('leaves a file it cannot upgrade exactly as it was, format 2 included', () => {
    const { dataDir, file } = formatTwo();
    // A duplicate user name that slipped in while its unique index was missing: the index cannot be
    // built again on the column, the last step of the upgrade, so the whole upgrade must roll back.
    const db = new Database(file);
    db.exec(
      `DROP INDEX "users__unique__user_name_folded"; INSERT INTO users (id, doc) SELECT ` +
        `'5f00000000000000000000ff', json_set(doc, '$.id', '5f00000000000000000000ff') FROM users WHERE doc ` +
        `->> '$.user_name' = 'chef'`,
    );
    db.close();
    const before = contents(file);
    expect(() => open({ dataDir })).toThrow(
      `cannot open the data directory ${dataDir}: UNIQUE constraint failed: index 'users__unique__user_name_folded' (SQLITE_CONSTRAINT_UNIQUE)`,
    );
    expect(contents(file)).toStrictEqual(before);
    expect(before.version).toBe(2);
  });
});
