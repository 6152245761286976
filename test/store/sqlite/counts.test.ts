// The embedded store's kept counts (store/sqlite/counts.ts): after every kind of write, a rolled-back
// transaction, a failed write inside one and a restart, pos_counts equals a fresh count of the
// stored documents, and lists report the exact total of their matches.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../query/types.js';
import { SCHEMA_VERSION } from '../../../store/sqlite/migrations.js';
import type { Store } from '../../../store/types.js';
import { ORDER_OWNER, order, storesPerTest, upgradeLog } from '../fixtures/sqlite-stores.js';

const OWNERS = [ORDER_OWNER, '5f00000000000000000000a2'];
const { open, freshDir } = storesPerTest('pos-counts-');

/** What pos_counts holds, and what a count of the documents says it should hold (zeros left out). */
function kept(dataDir: string): { kept: Record<string, number>; counted: Record<string, number> } {
  const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
  try {
    const rows = (sql: string) => Object.fromEntries((db.prepare(sql).raw().all() as [string, number][]).filter(([, n]) => n !== 0));
    return {
      kept: rows(`SELECT key, n FROM pos_counts WHERE collection = 'orders'`),
      counted: rows(`SELECT '[]', count(*) FROM orders
        UNION ALL SELECT json_array('status', doc ->> '$.status'), count(*) FROM orders GROUP BY 1
        UNION ALL SELECT json_array('owner_id', doc ->> '$.owner_id'), count(*) FROM orders GROUP BY 1
        UNION ALL SELECT json_array('owner_id', doc ->> '$.owner_id', 'status', doc ->> '$.status'), count(*) FROM orders GROUP BY 1`),
    };
  } finally {
    db.close();
  }
}

function expectExact(dataDir: string): void {
  const { kept: held, counted } = kept(dataDir);
  expect(held).toStrictEqual(counted);
}

const total = async (store: Store, filter: Condition[]) =>
  (await store.collection('orders').list({ filter, limit: 1, offset: 0 })).total_results;

describe('kept counts of orders', () => {
  it('follow inserts, status and owner changes, replaces, updateMany, updateEach and deletes', async () => {
    const { dataDir, store } = open();
    const orders = store.collection('orders');
    const placed = [];
    for (const status of ['Received', 'Received', 'In Progress', 'Ready for Pickup', 'Draft'] as const)
      placed.push(await orders.insert(order(status)));
    expectExact(dataDir);
    expect(kept(dataDir).kept).toMatchObject({ '[]': 5, '["status","Received"]': 2, [`["owner_id","${OWNERS[0]}"]`]: 5 });

    await orders.update(placed[0]!.id, { set: { status: 'In Progress' } });
    await orders.update(placed[1]!.id, { set: { owner_id: OWNERS[1] } });
    await orders.update(placed[2]!.id, { set: { priority: 1 } });
    await orders.replace(placed[3]!.id, order('On the Way', { owner_id: OWNERS[1] }));
    await orders.updateEach([
      { id: placed[4]!.id, update: { set: { status: 'Received' } } },
      { id: placed[0]!.id, update: { set: { status: 'Ready for Assembly' } } },
    ]);
    expectExact(dataDir);
    expect(
      await orders.updateMany([{ field: 'status', op: 'in', value: ['Received', 'Ready for Assembly'] }], {
        set: { status: 'Ready for Pickup' },
      }),
    ).toBe(3);
    expectExact(dataDir);
    expect(await total(store, [{ field: 'status', op: 'eq', value: 'Ready for Pickup' }])).toBe(3);
    expect(
      await total(store, [
        { field: 'owner_id', op: 'eq', value: OWNERS[1]! },
        { field: 'status', op: 'in', value: ['Ready for Pickup', 'On the Way', 'On the Way'] },
      ]),
    ).toBe(2);

    await orders.delete(placed[1]!.id);
    await orders.delete(placed[2]!.id);
    expectExact(dataDir);
    expect(await total(store, [])).toBe(3);
    expect(await total(store, [{ field: 'owner_id', op: 'eq', value: OWNERS[1]! }])).toBe(1);
    expect(await total(store, [{ field: 'status', op: 'eq', value: 'In Progress' }])).toBe(0);
  });

  it('are untouched by a rolled-back transaction and keep a failed write inside one out', async () => {
    const { dataDir, store } = open();
    const kept = await store.collection('orders').insert(order('Received'));
    const before = JSON.stringify(await store.collection('orders').list({ filter: [], limit: 1, offset: 0 }));
    await expect(
      store.transaction(async (tx) => {
        await tx.collection('orders').insert(order('Received'));
        await tx.collection('orders').update(kept.id, { set: { status: 'In Progress' } });
        await tx.collection('orders').delete(kept.id);
        throw new Error('the order was refused');
      }),
    ).rejects.toThrow('the order was refused');
    expectExact(dataDir);
    expect(JSON.stringify(await store.collection('orders').list({ filter: [], limit: 1, offset: 0 }))).toBe(before);

    await store.transaction(async (tx) => {
      await tx.collection('orders').insert(order('Draft', { owner_id: OWNERS[1] }));
      // A write that fails inside the transaction is undone alone (its savepoint), counts included.
      await expect(tx.collection('orders').insert({ ...order('Draft'), id: kept.id })).rejects.toThrow();
    });
    expectExact(dataDir);
    expect(await total(store, [{ field: 'status', op: 'in', value: ['Draft', 'Received'] }])).toBe(2);
  });

  it('survive a restart, and a file another program wrote is still counted exactly', async () => {
    const { dataDir, store } = open();
    for (let i = 0; i < 40; i++)
      await store.collection('orders').insert(order(i % 3 === 0 ? 'Received' : 'Ready for Pickup', { owner_id: OWNERS[i % 2] }));
    await store.close();
    const other = new Database(path.join(dataDir, 'pos.sqlite'));
    other.prepare(`UPDATE orders SET doc = json_set(doc, '$.status', 'On the Way') WHERE rowid % 4 = 0`).run();
    other.prepare(`DELETE FROM orders WHERE rowid % 5 = 0`).run();
    other.close();
    const reopened = open({ dataDir }).store;
    expectExact(dataDir);
    const list = await reopened
      .collection('orders')
      .list({ filter: [{ field: 'status', op: 'eq', value: 'Ready for Pickup' }], limit: 1, offset: 0 });
    const db = new Database(path.join(dataDir, 'pos.sqlite'), { readonly: true });
    expect(list.total_results).toBe(db.prepare(`SELECT count(*) FROM orders WHERE doc ->> '$.status' = 'Ready for Pickup'`).pluck().get());
    db.close();
  });
});

describe('the upgrade that introduces kept counts', () => {
  const FIXTURE = new URL('../../fixtures/pos-1.0.0.sqlite', import.meta.url);

  it("fills them from release 1.0.0's orders (format 0)", async () => {
    const dataDir = freshDir();
    fs.copyFileSync(FIXTURE, path.join(dataDir, 'pos.sqlite'));
    const { store } = open({ dataDir });
    expectExact(dataDir);
    expect(kept(dataDir).kept['[]']).toBe(8);
    await store.collection('orders').insert(order('Received'));
    expectExact(dataDir);
    expect(await total(store, [])).toBe(9);
  });

  it('fills them from the orders of format 1 (the release before counts)', async () => {
    const { dataDir, store } = open();
    for (const status of ['Received', 'Ready for Pickup', 'Ready for Pickup'] as const)
      await store.collection('orders').insert(order(status));
    await store.close();
    // Format 1 as that release left it: no pos_counts, no triggers.
    const older = new Database(path.join(dataDir, 'pos.sqlite'));
    for (const name of older.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).pluck().all())
      older.exec(`DROP TRIGGER "${String(name)}"`);
    older.exec('DROP TABLE pos_counts; PRAGMA user_version = 1');
    older
      .prepare(
        `INSERT INTO orders (id, doc) SELECT '5f00000000000000000000ff', json_set(doc, '$.id', '5f00000000000000000000ff') FROM orders LIMIT 1`,
      )
      .run();
    older.close();
    const { logger, logged } = upgradeLog();
    const upgraded = open({ dataDir, logger }).store;
    expect(logged).toStrictEqual([['data format upgraded', { from: 1, to: SCHEMA_VERSION, dataDir }]]);
    expectExact(dataDir);
    expect(await total(upgraded, [{ field: 'status', op: 'eq', value: 'Ready for Pickup' }])).toBe(2);
    expect(await total(upgraded, [])).toBe(4);
  });
});
