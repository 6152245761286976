// The statements the embedded store builds for lists bind their values where SQLite's planner cannot
// read them (VALUE in store/sqlite/where.ts). Otherwise SQLite compiles a list's statement again on
// every run: its planner reads the value of a LIMIT, or of an equality when it weighs an index for
// the ORDER BY, and better-sqlite3 clears the bindings after each run. The `+` that hides a value
// must change no answer; the plans are checked in sqlite.test.ts.
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition, ListQuery } from '../../../query/types.js';
import { listStatements, VALUE } from '../../../store/sqlite/where.js';

/** A value compared, or a page bound, through a bare placeholder. */
const BARE = /(?:=|<|>|IS NOT|LIMIT|OFFSET) \?/;

describe('list statements', () => {
  it('bind every compared value, the limit and the offset through the placeholder the planner cannot read', () => {
    const filters: Condition[][] = [
      [{ field: 'status', op: 'eq', value: 'Received' }],
      [{ field: 'status', op: 'ne', value: 'Draft' }],
      [
        { field: 'owner_id', op: 'eq', value: '5f0000000000000000000002' },
        { field: 'status', op: 'in', value: ['Received', 'Draft'] },
      ],
      [
        { field: 'table_number', op: 'gt', value: 3 },
        { field: 'table_number', op: 'lte', value: 9 },
      ],
      [
        { field: 'created_at', op: 'gte', value: '2026-11-26T00:00:00.000Z' },
        { field: 'created_at', op: 'lt', value: '2026-11-27T00:00:00.000Z' },
      ],
      [{ field: 'dish_ids', op: 'eq', value: '5f0000000000000000000001' }],
    ];
    const sorts: ListQuery['sort'][] = [undefined, { field: 'created_at', direction: 'desc' }, { field: 'table_number', direction: 'asc' }];
    for (const filter of filters) {
      for (const sort of sorts) {
        const { page, ids } = listStatements('orders', { filter, sort, limit: 30, offset: 60 });
        for (const sql of [page.sql, ids.sql]) {
          expect(sql).not.toMatch(BARE);
          expect(sql).toContain(`LIMIT ${VALUE} OFFSET ${VALUE}`);
        }
      }
    }
    expect(listStatements('orders', { filter: filters[0]!, limit: 30, offset: 0 }).ids.sql).toBe(
      `SELECT id FROM "orders" WHERE "status" = +? ORDER BY "created_at" ASC, id ASC LIMIT +? OFFSET +?`,
    );
  });

  it('answer as a bare placeholder does, for any value against stored values of every type and column affinity', () => {
    const db = new Database(':memory:');
    // Untyped like the store's field columns, TEXT like its ids, NUMERIC for good measure.
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, untyped, text TEXT, numeric NUMERIC)');
    const stored = [null, 0, 1, -2, 3, 3.5, 1e300, '3', '3.0', '', 'abc', 'Received', '2026-11-26T12:00:00.000Z'];
    const insert = db.prepare('INSERT INTO t (untyped, text, numeric) VALUES (?, ?, ?)');
    for (const value of stored) insert.run(value, value, value);
    const value = fc.oneof(fc.constantFrom(...stored), fc.integer(), fc.double({ noNaN: true }), fc.string());
    const column = fc.constantFrom('untyped', 'text', 'numeric');
    const operator = fc.constantFrom('=', 'IS NOT', '>', '>=', '<', '<=');
    const rows = (sql: string, params: unknown[]) =>
      db
        .prepare(sql)
        .pluck()
        .all(...params);
    fc.assert(
      fc.property(column, operator, value, (name, op, bound) => {
        const where = (placeholder: string) => `SELECT id FROM t WHERE ${name} ${op} ${placeholder} ORDER BY id`;
        expect(rows(where(VALUE), [bound])).toEqual(rows(where('?'), [bound]));
      }),
    );
    for (const [limit, offset] of [
      [-1, 0],
      [0, 0],
      [1, 0],
      [5, 2],
      [30, 60],
    ] as const) {
      const page = (placeholder: string) => `SELECT id FROM t ORDER BY id LIMIT ${placeholder} OFFSET ${placeholder}`;
      expect(rows(page(VALUE), [limit, offset])).toEqual(rows(page('?'), [limit, offset]));
    }
    db.close();
  });
});
