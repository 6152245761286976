// The tables and indexes: one table per collection holding each document as JSON, plus a real column
// for each field an index, a unique constraint, the kept counts or expiry reads (store/sqlite/
// columns.ts keeps them equal to the JSON), indexed on those columns.
import { COLLECTIONS } from '../../models/collections.js';
import type { CollectionName } from '../types.js';
import { FOLD } from './fold.js';

/** A value bound to a statement's parameter. */
export type Param = string | number | bigint | null;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Field names come from the catalogues, never from clients; still, only plain names reach SQL. */
function checkedName(field: string): string {
  if (!FIELD_NAME.test(field)) throw new Error(`"${field}" is not a field name the store can use`);
  return field;
}

export const tableName = (collection: CollectionName) => `"${checkedName(collection)}"`;

/** JSON path of a property inside a document or an array element. */
export const jsonPath = (field: string) => `'$.${checkedName(field)}'`;

/** The column that counts writes which set the field columns: a write of doc alone came from another program. */
export const REVISION = 'fields_rev';
const RESERVED = new Set(['id', 'doc', REVISION]);

const columnsOf = new Map<CollectionName, readonly string[]>();

/**
 * The fields kept in real columns: those an index (array fields aside), a unique constraint, the
 * kept counts or expiry read. Each index entry then reads a column instead of parsing the document.
 */
export function columnFields(collection: CollectionName): readonly string[] {
  let fields = columnsOf.get(collection);
  if (fields) return fields;
  const { catalogue, indexes, unique, counts = [], expiresBy } = COLLECTIONS[collection];
  const indexed = indexes.filter((group) => group.every((field) => !catalogue[field]?.array)).flat();
  const named = [...indexed, ...unique.map(({ field }) => field), ...counts.flat(), ...(expiresBy ? [expiresBy] : [])];
  fields = [...new Set(named.filter((field) => field !== 'id'))].map((field) => {
    if (field.includes('.') || RESERVED.has(checkedName(field))) throw new Error(`"${field}" cannot be kept in a column of ${collection}`);
    return field;
  });
  columnsOf.set(collection, fields);
  return fields;
}

export const columnName = (field: string) => `"${checkedName(field)}"`;

/** The SQL value of a document property: its column when it has one, else read from the JSON. */
export function fieldExpression(collection: CollectionName, field: string): string {
  if (field === 'id') return 'id';
  return columnFields(collection).includes(field) ? columnName(field) : `doc ->> ${jsonPath(field)}`;
}

/** Case-insensitive ones end in `_folded`: the Unicode fold replaced lower() (ASCII), under a new name. */
export function uniqueIndexName(
  collection: CollectionName,
  { field, caseInsensitive }: { field: string; caseInsensitive: boolean },
): string {
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
      const columns = [...fields.filter((field) => field !== 'id').map((field) => fieldExpression(collection, field)), 'id'];
      return `CREATE INDEX IF NOT EXISTS ${indexName(collection, fields)} ON ${table} (${columns.join(', ')})`;
    });
  for (const { field, caseInsensitive } of unique) {
    const value = caseInsensitive ? `${FOLD}(${fieldExpression(collection, field)})` : fieldExpression(collection, field);
    // Built before the ASCII-only index it replaces goes: a failure (names that now collide) keeps the old one.
    statements.push(
      `CREATE UNIQUE INDEX IF NOT EXISTS "${uniqueIndexName(collection, { field, caseInsensitive })}" ON ${table} (${value})`,
    );
    if (caseInsensitive) statements.push(`DROP INDEX IF EXISTS "${uniqueIndexName(collection, { field, caseInsensitive: false })}"`);
  }
  for (const fields of retired) statements.push(`DROP INDEX IF EXISTS ${indexName(collection, fields)}`);
  return statements;
}

/** Field columns have no declared type, so SQLite keeps each value as bound: as `doc ->> path` gives it. */
export function tableStatement(collection: CollectionName): string {
  const fields = columnFields(collection);
  const columns = fields.length === 0 ? '' : `, ${fields.map(columnName).join(', ')}, ${REVISION} INTEGER`;
  return `CREATE TABLE IF NOT EXISTS ${tableName(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL${columns})`;
}

/** The names of the indexes the description asks for (those an upgrade rebuilds on the columns). */
export function describedIndexNames(collection: CollectionName): string[] {
  const { catalogue, indexes, unique } = COLLECTIONS[collection];
  return [
    ...indexes
      .filter((fields) => fields.every((field) => !catalogue[field]?.array))
      .map((fields) => indexName(collection, fields).slice(1, -1)),
    ...unique.flatMap((index) => [
      uniqueIndexName(collection, { ...index, caseInsensitive: false }),
      uniqueIndexName(collection, { ...index, caseInsensitive: true }),
    ]),
  ];
}

export function schemaStatements(): string[] {
  return (Object.keys(COLLECTIONS) as CollectionName[]).flatMap((collection) => [
    tableStatement(collection),
    ...indexStatements(collection),
  ]);
}
