// The tables and indexes: one table per collection holding each document as JSON, with expression
// indexes on the fields the collection's description names.
import { COLLECTIONS } from '../../models/collections.js';
import type { CollectionName } from '../types.js';
import { FOLD } from './fold.js';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Field names come from the catalogues, never from clients; still, only plain names reach SQL. */
function checkedName(field: string): string {
  if (!FIELD_NAME.test(field)) throw new Error(`"${field}" is not a field name the store can use`);
  return field;
}

export const tableName = (collection: CollectionName) => `"${checkedName(collection)}"`;

/** JSON path of a property inside a document or an array element. */
export const jsonPath = (field: string) => `'$.${checkedName(field)}'`;

/**
 * The SQL value of a document property. Queries must use this exact text: SQLite only uses an
 * expression index when the query repeats the indexed expression.
 */
export function fieldExpression(field: string): string {
  return field === 'id' ? 'id' : `doc ->> ${jsonPath(field)}`;
}

/** Case-insensitive ones end in `_folded`: the Unicode fold replaced lower() (ASCII), under a new name. */
export function uniqueIndexName(collection: CollectionName, { field, caseInsensitive }: { field: string; caseInsensitive: boolean }): string {
  return `${collection}__unique__${field.replaceAll('.', '_')}${caseInsensitive ? '_folded' : ''}`;
}

/** The name of the index on `fields`: `<collection>__<field>__<field>`. */
export function indexName(collection: CollectionName, fields: readonly string[]): string {
  return `"${collection}__${fields.join('__').replaceAll('.', '_')}"`;
}

function indexStatements(collection: CollectionName): string[] {
  const { catalogue, indexes, unique, retired = [] } = COLLECTIONS[collection];
  const table = tableName(collection);
  const statements = indexes
    // Values inside arrays are reached through json_each, which no index can serve.
    .filter((fields) => fields.every((field) => !catalogue[field]?.array))
    .map((fields) => {
      // Ending with id lets "ORDER BY <field>, id" (every list's tie-break) read the index in order.
      const columns = [...fields.filter((field) => field !== 'id').map(fieldExpression), 'id'];
      return `CREATE INDEX IF NOT EXISTS ${indexName(collection, fields)} ON ${table} (${columns.join(', ')})`;
    });
  for (const { field, caseInsensitive } of unique) {
    const value = caseInsensitive ? `${FOLD}(${fieldExpression(field)})` : fieldExpression(field);
    // Built before the ASCII-only index it replaces goes: a failure (names that now collide) keeps the old one.
    statements.push(`CREATE UNIQUE INDEX IF NOT EXISTS "${uniqueIndexName(collection, { field, caseInsensitive })}" ON ${table} (${value})`);
    if (caseInsensitive) statements.push(`DROP INDEX IF EXISTS "${uniqueIndexName(collection, { field, caseInsensitive: false })}"`);
  }
  for (const fields of retired) statements.push(`DROP INDEX IF EXISTS ${indexName(collection, fields)}`);
  return statements;
}

export const tableStatement = (collection: CollectionName) => `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`;

export function schemaStatements(): string[] {
  return (Object.keys(COLLECTIONS) as CollectionName[]).flatMap((collection) => [
    tableStatement(collection),
    ...indexStatements(collection),
  ]);
}
