// Exact match counts that cost no scan: pos_counts holds, per collection, the number of documents
// and the number per value of each counted field combination (orders: status, owner, owner and
// status). Triggers keep it, so every write that changes a row (the store's, a savepoint rolled
// back, another tool writing the file) changes the counts in the same transaction; a list whose
// filter is only equalities on one combination reads its total there instead of counting matches.
import { COLLECTIONS } from '../../models/collections.js';
import type { Condition } from '../../query/types.js';
import type { CollectionName } from '../types.js';
import type { Connection } from './connection.js';
import { fieldExpression, tableName, tableStatement } from './schema.js';
import type { Param } from './where.js';

export const COUNTS_TABLE = 'pos_counts';

const countedCollections = () => (Object.keys(COLLECTIONS) as CollectionName[]).filter((name) => COLLECTIONS[name].counts);

/** A field's value in the stored row, or in a trigger's NEW or OLD row. */
const valueIn = (row: 'NEW' | 'OLD' | null, field: string) => (row ? `${row}.` : '') + fieldExpression(field);

/** The key of one combination for one row: a JSON array of field names and values ('[]': every document). */
function keyExpression(fields: readonly string[], row: 'NEW' | 'OLD' | null): string {
  return `json_array(${fields.map((field) => `'${field}', ${valueIn(row, field)}`).join(', ')})`;
}

function keysOf(collection: CollectionName, row: 'NEW' | 'OLD'): string[] {
  return [[], ...(COLLECTIONS[collection].counts ?? [])].map((fields) => keyExpression(fields, row));
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
  const moved = fields.map((field) => `${valueIn('OLD', field)} IS NOT ${valueIn('NEW', field)}`).join(' OR ');
  const combinations = (row: 'NEW' | 'OLD') => keysOf(collection, row).slice(1);
  return [
    `CREATE TRIGGER ${triggerName(collection, 'insert')} AFTER INSERT ON ${table} BEGIN ${add(collection, 'NEW', 1)} END`,
    `CREATE TRIGGER ${triggerName(collection, 'delete')} AFTER DELETE ON ${table} BEGIN ${add(collection, 'OLD', -1)} END`,
    ...(fields.length === 0
      ? []
      : [`CREATE TRIGGER ${triggerName(collection, 'update')} AFTER UPDATE OF doc ON ${table} WHEN ${moved} BEGIN ${add(collection, 'OLD', -1, combinations('OLD'))} ${add(collection, 'NEW', 1, combinations('NEW'))} END`]),
  ];
}

/**
 * Creates pos_counts and the triggers for the current description, and fills it from the stored
 * documents (one scan per collection): run by the migration that introduces counts, and by any
 * later one that changes what is counted. Idempotent.
 */
export function installCounts(connection: Connection): void {
  connection.exec(`CREATE TABLE IF NOT EXISTS ${COUNTS_TABLE} (collection TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (collection, key)) WITHOUT ROWID`);
  const existing = connection.texts(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_\\_counts\\_\\_%' ESCAPE '\\'`, []);
  for (const name of existing) connection.exec(`DROP TRIGGER "${name}"`);
  connection.exec(`DELETE FROM ${COUNTS_TABLE}`);
  for (const collection of countedCollections()) {
    connection.exec(tableStatement(collection));
    fill(connection, collection);
    triggerStatements(collection).forEach((sql) => connection.exec(sql));
  }
}

/**
 * Counts the stored documents of every combination. The counted fields are read from each document
 * once, into a temporary table the combinations are then grouped from: one pass over the JSON.
 */
function fill(connection: Connection, collection: CollectionName): void {
  const combinations = COLLECTIONS[collection].counts ?? [];
  const fields = [...new Set(combinations.flat())];
  const column = (field: string) => `"f_${field.replaceAll('.', '_')}"`;
  const columns = fields.map((field) => `${fieldExpression(field)} AS ${column(field)}`);
  connection.exec('DROP TABLE IF EXISTS temp.pos_count_fill');
  connection.exec(`CREATE TEMP TABLE pos_count_fill AS SELECT ${['1 AS one', ...columns].join(', ')} FROM ${tableName(collection)}`);
  for (const combination of [[], ...combinations]) {
    const key = `json_array(${combination.map((field) => `'${field}', ${column(field)}`).join(', ')})`;
    connection.run(`INSERT INTO ${COUNTS_TABLE} (collection, key, n) SELECT ?, ${key}, count(*) FROM temp.pos_count_fill GROUP BY ${key}`, [collection]);
  }
  connection.exec('DROP TABLE temp.pos_count_fill');
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
  const counted = fields.length === 0 || combinations.some((combination) => combination.length === fields.length && combination.every((field) => values.has(field)));
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
