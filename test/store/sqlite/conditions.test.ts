// The embedded store checks a write's numeric conditions (an order's stock guards) on the document it
// holds for the row instead of in the UPDATE (store/sqlite/where.ts numericVerdict): its answer must be
// SQLite's own, and every condition it cannot answer exactly is left to SQL.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Condition } from '../../../query/types.js';
import { Connection } from '../../../store/sqlite/connection.js';
import { compileWhere, numericVerdict } from '../../../store/sqlite/where.js';
import { storesPerTest } from '../fixtures/sqlite-stores.js';

const fixture = storesPerTest('pos-conditions-');

afterEach(() => vi.restoreAllMocks());

const STOCKS: unknown[] = [0, 1, 5, -3, 2.5, 0.1 + 0.2, 9007199254740991, -9007199254740991, 1e300, null, '5', true, undefined];
const VALUES = [0, 1, 5, -3, 2.5, 0.3, 9007199254740991, 1e300];
const OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;

/** SQLite's answer for `conditions` on a row holding `doc`, through the store's own compiled WHERE. */
function sqlAnswer(db: Database.Database, doc: object, conditions: Condition[]): boolean {
  db.prepare('DELETE FROM ingredients').run();
  db.prepare('INSERT INTO ingredients (id, doc) VALUES (?, ?)').run('a', JSON.stringify(doc));
  const where = compileWhere('ingredients', conditions);
  return (
    db
      .prepare(`SELECT count(*) FROM ingredients WHERE id = 'a' AND ${where.sql}`)
      .pluck()
      .get(...where.params) === 1
  );
}

describe('numeric conditions decided in memory', () => {
  it('answers as SQLite does for every number compared with a number, and leaves everything else to SQL', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE ingredients (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    let answered = 0;
    for (const stock of STOCKS) {
      const doc = { name: 'Flour', in_stock_qty: stock, price: 1 };
      for (const op of OPS) {
        for (const value of VALUES) {
          const conditions: Condition[] = [{ field: 'in_stock_qty', op, value }];
          const verdict = numericVerdict('ingredients', doc, conditions);
          const exact =
            typeof stock === 'number' && Math.abs(stock) <= Number.MAX_SAFE_INTEGER && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
          if (!exact) {
            expect(verdict, `${String(stock)} ${op} ${value}`).toBeNull();
            continue;
          }
          expect(verdict, `${stock} ${op} ${value}`).toBe(sqlAnswer(db, doc, conditions));
          answered += 1;
        }
      }
    }
    // 8 exact stocks × 6 operators × 7 exact values.
    expect(answered).toBe(336);
    db.close();
  });

  it('answers several conditions together, and none it cannot answer', () => {
    const doc = { name: 'Flour', in_stock_qty: 4, price: 2 };
    const both = (value: number): Condition[] => [
      { field: 'in_stock_qty', op: 'gte', value },
      { field: 'price', op: 'lt', value: 3 },
    ];
    expect(numericVerdict('ingredients', doc, both(4))).toBe(true);
    expect(numericVerdict('ingredients', doc, both(5))).toBe(false);
    // A string field, a string value, a list operator, an unknown field: SQL decides (and validates).
    expect(numericVerdict('ingredients', doc, [{ field: 'name', op: 'eq', value: 'Flour' }])).toBeNull();
    expect(numericVerdict('ingredients', doc, [{ field: 'in_stock_qty', op: 'eq', value: '4' }])).toBeNull();
    expect(numericVerdict('ingredients', doc, [{ field: 'in_stock_qty', op: 'in', value: [4] }])).toBeNull();
    expect(
      numericVerdict('ingredients', doc, [
        { field: 'in_stock_qty', op: 'gte', value: 1 },
        { field: 'nothing', op: 'gte', value: 1 },
      ]),
    ).toBeNull();
  });

  it('a stock guard is checked on the document: a take runs an UPDATE by id alone, a refused one runs none', async () => {
    const { store } = fixture.open();
    const salt = await store.collection('ingredients').insert({ name: 'Salt', in_stock_qty: 3, price: 1 });
    const runs = vi.spyOn(Connection.prototype, 'run');
    const guarded = (units: number) => ({
      id: salt.id,
      update: { inc: { in_stock_qty: -units } },
      if: [{ field: 'in_stock_qty', op: 'gte' as const, value: units }],
    });
    expect(await store.collection('ingredients').updateEach([guarded(2), guarded(2), guarded(1)])).toEqual([true, false, true]);
    const updates = runs.mock.calls.map(([sql]) => sql).filter((sql) => sql.startsWith('UPDATE'));
    expect(updates).toEqual(['UPDATE "ingredients" SET doc = ? WHERE id = ?', 'UPDATE "ingredients" SET doc = ? WHERE id = ?']);
    expect((await store.collection('ingredients').get(salt.id))?.in_stock_qty).toBe(0);
  });
});
