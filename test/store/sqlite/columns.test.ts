// The embedded store's field columns (store/sqlite/columns.ts): each holds exactly what
// `doc ->> '$.field'` gives (value and SQL type) after every kind of write, including writes another
// program makes to the JSON alone, and the indexes read the columns, never the JSON.
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqlValue } from '../../../store/sqlite/columns.js';
import { columnsOutOfStep, indexesReadingJson } from '../fixtures/columns.js';
import { order, storesPerTest } from '../fixtures/sqlite-stores.js';

const { open } = storesPerTest('pos-columns-');

describe('field columns', () => {
  it('hold each value as SQLite reads it from the JSON text: the same value and the same SQL type', () => {
    const values = [
      'Received',
      '',
      'é ÉLODIE 😀',
      '12',
      0,
      -0,
      3,
      -7,
      5.5,
      0.1,
      1e21,
      1e20,
      2 ** 53,
      2 ** 60,
      -(2 ** 62),
      2 ** 63,
      -(2 ** 63),
      2 ** 64,
      Number.MAX_SAFE_INTEGER,
      true,
      false,
      null,
      undefined,
      NaN,
      Infinity,
      [1, 'a'],
      { a: 1 },
      new Date('2030-01-02T03:04:05.678Z'),
    ];
    const db = new Database(':memory:');
    const bound = db.prepare('SELECT typeof(?), ?').raw().safeIntegers(true);
    const fromJson = db.prepare(`SELECT typeof(? ->> '$.v'), ? ->> '$.v'`).raw().safeIntegers(true);
    for (const value of values) {
      const text = JSON.stringify({ v: value });
      expect([value, bound.get(sqlValue(value), sqlValue(value))]).toStrictEqual([value, fromJson.get(text, text)]);
    }
    db.close();
  });

  it('follow every kind of write the store makes, and no described index or count trigger reads the JSON', async () => {
    const { dataDir, store } = open();
    const orders = store.collection('orders');
    const placed = await orders.insert(order('Received', { fire_at: '2030-01-01T00:00:00.000Z' }));
    const other = await orders.insert(order('Draft', { table_number: null as never, priority: 0 }));
    await orders.update(placed.id, { set: { status: 'In Progress' }, inc: { priority: 2 } });
    await orders.update(placed.id, { set: { tickets: [] } });
    await orders.update(other.id, { set: { status: 'Received' } }, { if: [{ field: 'status', op: 'eq', value: 'Ready for Pickup' }] });
    await orders.replace(other.id, { ...order('Ready for Pickup', { table_number: 9 }) });
    await orders.updateEach([
      { id: placed.id, update: { set: { status: 'Ready for Assembly' } } },
      { id: placed.id, update: { set: { table_number: 4 }, inc: { priority: 1 } } },
    ]);
    await orders.updateMany([{ field: 'status', op: 'eq', value: 'Ready for Pickup' }], { set: { owner_id: '5f00000000000000000000a2' } });
    await expect(
      store.transaction(async (tx) => {
        await tx.collection('orders').update(placed.id, { set: { status: 'On the Way' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await store.collection('dishes').insert({ name: 'Soup', category: 'Starters', station: 'hot', price: 6, preparation_time: 5 } as never);
    await store
      .collection('dishes')
      .insert({ name: 'Tea', category: 'Drinks', station: 'beverages', price: 2.5, preparation_time: 1 } as never);
    await store.collection('users').insert({ user_name: 'élodie', email: 'e@example.com', role: 'chef', password_hash: 'h' });
    await orders.delete(other.id);
    expect((await orders.get(placed.id))?.status).toBe('Ready for Assembly');
    const file = path.join(dataDir, 'pos.sqlite');
    expect(columnsOutOfStep(file)).toStrictEqual({});
    expect(indexesReadingJson(file)).toStrictEqual([]);
  });

  it('are refreshed from the JSON when another program inserts or updates the document alone', async () => {
    const { dataDir, store } = open();
    const placed = await store.collection('orders').insert(order('Received'));
    const other = new Database(path.join(dataDir, 'pos.sqlite'));
    other.prepare(`UPDATE orders SET doc = json_set(doc, '$.status', 'On the Way', '$.priority', 5) WHERE id = ?`).run(placed.id);
    other
      .prepare(
        `INSERT INTO orders (id, doc) SELECT '5f00000000000000000000ff', json_set(doc, '$.id', '5f00000000000000000000ff', '$.status', 'Draft') FROM orders`,
      )
      .run();
    other.close();
    expect(columnsOutOfStep(path.join(dataDir, 'pos.sqlite'))).toStrictEqual({});
    const onTheWay = await store.collection('orders').list({
      filter: [
        { field: 'status', op: 'eq', value: 'On the Way' },
        { field: 'priority', op: 'gte', value: 5 },
      ],
      limit: 10,
      offset: 0,
    });
    expect(onTheWay).toMatchObject({ total_results: 1, results: [{ id: placed.id, priority: 5 }] });
    expect(
      (await store.collection('orders').list({ filter: [{ field: 'status', op: 'eq', value: 'Draft' }], limit: 1, offset: 0 })).results.map(
        (o) => o.id,
      ),
    ).toStrictEqual(['5f00000000000000000000ff']);
  });

  it('are filled again from the JSON at start when the refresh trigger does not name them (a column an earlier description left unmaintained)', async () => {
    const { dataDir, store } = open();
    const low = await store.collection('orders').insert(order('Received', { priority: 1 }));
    const high = await store.collection('orders').insert(order('Received', { priority: 5 }));
    await store.close();
    const file = path.join(dataDir, 'pos.sqlite');
    const older = new Database(file);
    older.exec(
      `DROP TRIGGER "orders__columns__insert"; DROP TRIGGER "orders__columns__update"; UPDATE orders SET priority = 99 WHERE priority = 1`,
    );
    older.close();
    expect(columnsOutOfStep(file)).toStrictEqual({ 'orders.priority': 1 });
    const reopened = open({ dataDir }).store;
    expect(columnsOutOfStep(file)).toStrictEqual({});
    const byPriority = await reopened
      .collection('orders')
      .list({ filter: [{ field: 'priority', op: 'lte', value: 5 }], sort: { field: 'priority', direction: 'desc' }, limit: 10, offset: 0 });
    expect(byPriority.results.map((o) => o.id)).toStrictEqual([high.id, low.id]);
  });

  it('name the field of a unique index on a column when a duplicate is refused', async () => {
    const { store } = open();
    const token = {
      token_hash: 'a'.repeat(64),
      family_id: 'f',
      user_id: 'u',
      expires_at: '2099-01-01T00:00:00.000Z',
      used_at: null,
      revoked_at: null,
    };
    await store.collection('refresh_tokens').insert(token);
    await expect(store.collection('refresh_tokens').insert(token)).rejects.toMatchObject({
      name: 'DuplicateKeyError',
      field: 'token_hash',
    });
    await store.collection('upgrades').insert({ name: 'order-tickets' });
    await expect(store.collection('upgrades').insert({ name: 'order-tickets' })).rejects.toMatchObject({
      name: 'DuplicateKeyError',
      field: 'name',
    });
  });
});
