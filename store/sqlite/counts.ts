// Exact match counts that cost no scan: pos_counts holds, per collection, the number of documents
// and the number per value of each counted field combination (orders: status, owner, owner and
// status). Triggers on the field columns keep it, so every write that changes a row (the store's, a
// savepoint rolled back, another tool writing the file: columns.ts refreshes the columns) changes the
// counts in the same transaction; a list whose filter is only equalities on one combination reads its
// total there instead of counting matches.
import { COLLECTIONS } from '../../models/collections.js';
import type { Condition } from '../../query/types.js';
import type { CollectionName } from '../types.js';
import type { Connection } from './connection.js';
import { installColumns } from './columns.js';
import { columnName, fieldExpression, tableName } from './schema.js';
import type { Param } from './schema.js';

export const COUNTS_TABLE = 'pos_counts';

const countedCollections = () => (Object.keys(COLLECTIONS) as CollectionName[]).filter((name) => COLLECTIONS[name].counts);

/** A field's value in the stored row, or in a trigger's NEW or OLD row. */
const valueIn = (collection: CollectionName, row: 'NEW' | 'OLD', field: string) => `${row}.${fieldExpression(collection, field)}`;

/** The key of one combination for one row: a JSON array of field names and values ('[]': every document). */
function keyExpression(collection: CollectionName, fields: readonly string[], row: 'NEW' | 'OLD'): string {
  return `json_array(${fields.map((field) => `'${field}', ${valueIn(collection, row, field)}`).join(', ')})`;
}

function keysOf(collection: CollectionName, row: 'NEW' | 'OLD'): string[] {
  return [[], ...(COLLECTIONS[collection].counts ?? [])].map((fields) => keyExpression(collection, fields, row));
}

const triggerName = (collection: CollectionName, event: string) => `"${collection}__counts__${event}"`;

function add(collection: CollectionName, row: 'NEW' | 'OLD', delta: 1 | -1, keys = keysOf(collection, row)): string {
  const values = keys.map((key) => `('${collection}', ${key}, ${delta})`).join(', ');
  return `INSERT INTO ${COUNTS_TABLE} (collection, key, n) VALUES ${values} ON CONFLICT (collection, key) DO UPDATE SET n = n + excluded.n;`;
}

function triggerStatements(collection: CollectionName): string[] {
  const table = tableName(collection);
  const fields = [...new Set((COLLECTIONS[collection].counts ?? []).flat())];
  // Only a change of a counted field moves a document between counts (most updates change none).
  const moved = fields.map((field) => `${valueIn(collection, 'OLD', field)} IS NOT ${valueIn(collection, 'NEW', field)}`).join(' OR ');
  const combinations = (row: 'NEW' | 'OLD') => keysOf(collection, row).slice(1);
  return [
    `CREATE TRIGGER ${triggerName(collection, 'insert')} AFTER INSERT ON ${table} BEGIN ${add(collection, 'NEW', 1)} END`,
    `CREATE TRIGGER ${triggerName(collection, 'delete')} AFTER DELETE ON ${table} BEGIN ${add(collection, 'OLD', -1)} END`,
    ...(fields.length === 0
      ? []
      : [
          `CREATE TRIGGER ${triggerName(collection, 'update')} AFTER UPDATE OF ` +
            `${fields.map(columnName).join(', ')} ON ${table} WHEN ${moved} BEGIN ` +
            `${add(collection, 'OLD', -1, combinations('OLD'))} ${add(collection, 'NEW', 1, combinations('NEW'))} ` +
            `END`,
        ]),
  ];
}

/**
 * Creates pos_counts and the triggers for the current description, and fills it from the stored
 * documents (one scan per collection): run by the migration that introduces counts, and by any
 * later one that changes what is counted or where it is read. Idempotent. The triggers read the
 * field columns, so those are installed first (a file upgraded from before counts gets both).
 */
export function installCounts(connection: Connection): void {
  installColumns(connection);
  connection.exec(
    `CREATE TABLE IF NOT EXISTS ${COUNTS_TABLE} (collection TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (collection, key)) WITHOUT ROWID`,
  );
  const existing = connection.texts(
    `SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_\\_counts\\_\\_%' ESCAPE '\\'`,
    [],
  );
  for (const name of existing) connection.exec(`DROP TRIGGER "${name}"`);
  connection.exec(`DELETE FROM ${COUNTS_TABLE}`);
  for (const collection of countedCollections()) {
    fill(connection, collection);
    triggerStatements(collection).forEach((sql) => connection.exec(sql));
  }
}

/** Counts the stored documents of every combination, grouping the rows by the field columns. */
function fill(connection: Connection, collection: CollectionName): void {
  for (const combination of [[], ...(COLLECTIONS[collection].counts ?? [])]) {
    const key = `json_array(${combination.map((field) => `'${field}', ${fieldExpression(collection, field)}`).join(', ')})`;
    connection.run(
      `INSERT INTO ${COUNTS_TABLE} (collection, key, n) SELECT ?, ${key}, count(*) FROM ${tableName(collection)} GROUP BY ${key}`,
      [collection],
    );
  }
}

/** Each counted field's values when the filter is nothing but `eq`/`in` of strings on exactly one combination. */
function valuesByField(collection: CollectionName, filter: readonly Condition[]): Map<string, string[]> | null {
  const combinations = COLLECTIONS[collection].counts;
  if (!combinations) return null;
  const values = new Map<string, string[]>();
  for (const { field, op, value } of filter) {
    const list = op === 'eq' ? [value] : op === 'in' && Array.isArray(value) ? value : null;
    if (values.has(field) || list === null || !list.every((item) => typeof item === 'string')) return null;
    values.set(field, [...new Set(list as string[])]);
  }
  const fields = [...values.keys()];
  const counted =
    fields.length === 0 ||
    combinations.some((combination) => combination.length === fields.length && combination.every((field) => values.has(field)));
  return counted ? values : null;
}

/**
 * The statement reading the number of documents matching `filter` from pos_counts, or null when
 * the counts cannot answer it (the caller then counts the matches).
 */
export function countStatement(collection: CollectionName, filter: readonly Condition[]): { sql: string; params: Param[] } | null {
  const values = valuesByField(collection, filter);
  if (values === null) return null;
  const fields = [...values.keys()];
  // Keys built by SQLite's json_array from bound values, as the triggers build them from the documents.
  const sources = fields.map((_, index) => `json_each(?) AS v${index}`);
  const key = `json_array(${fields.map((field, index) => `'${field}', v${index}.value`).join(', ')})`;
  const keys = fields.length === 0 ? `= '[]'` : `IN (SELECT ${key} FROM ${sources.join(', ')})`;
  return {
    sql: `SELECT coalesce(sum(n), 0) FROM ${COUNTS_TABLE} WHERE collection = ? AND key ${keys}`,
    params: [collection, ...fields.map((field) => JSON.stringify(values.get(field)))],
  };
}
