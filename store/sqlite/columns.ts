// The field columns (schema.ts columnFields): written by the store on every insert and update from
// the document it holds in JavaScript, each equal to what `doc ->> '$.field'` gives, so indexes,
// filters, sorts and the kept counts read a column instead of parsing the JSON. The document stays
// the source of truth: another program that writes doc alone gets the columns refreshed by a trigger.
import { COLLECTIONS } from '../../models/collections.js';
import type { CollectionName } from '../types.js';
import type { Connection } from './connection.js';
import { columnFields, columnName, describedIndexNames, jsonPath, REVISION, tableName, tableStatement } from './schema.js';
import type { Param } from './schema.js';

/**
 * A JavaScript value as SQLite's `->>` reads it from the JSON text: integers as INTEGER (a bound
 * number would be REAL), true/false as 1/0, what JSON writes as null (NaN, ±Infinity) as NULL.
 */
export function sqlValue(value: unknown): Param {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) return null;
      return Number.isSafeInteger(value) ? BigInt(value) : Number.isInteger(value) ? largeInteger(value) : value;
    case 'boolean':
      return value ? 1n : 0n;
    case 'object': {
      if (value === null) return null;
      // As the document's text holds it: a Date, say, is written as its string.
      const text = JSON.stringify(value);
      const written: unknown = JSON.parse(text);
      return typeof written === 'object' && written !== null ? text : sqlValue(written);
    }
    default:
      return null;
  }
}

const INT64 = 2n ** 63n;

/**
 * SQLite reads the digits JSON writes (the shortest text that gives the number back: 2^60 is
 * written 1152921504606847000), as an INTEGER while they fit 64 bits, else as a REAL.
 */
function largeInteger(value: number): Param {
  if (Math.abs(value) >= 1e21) return value; // written with an exponent: a REAL
  const digits = BigInt(String(value));
  return digits < INT64 && digits >= -INT64 ? digits : value;
}

type Doc = Record<string, unknown>;

const inserts = new Map<CollectionName, string>();

/**
 * The INSERT of a new document, its id and text bound first, then each field column's value. Built
 * once per collection: every transaction's session makes its collections afresh.
 */
export function insertStatement(collection: CollectionName): string {
  let sql = inserts.get(collection);
  if (sql) return sql;
  const fields = columnFields(collection);
  sql =
    fields.length === 0
      ? `INSERT INTO ${tableName(collection)} (id, doc) VALUES (?, ?)`
      : `INSERT INTO ${tableName(collection)} (id, doc, ${fields.map(columnName).join(', ')}, ${REVISION}) ` +
        `VALUES (?, ?, ${fields.map(() => '?').join(', ')}, 0)`;
  inserts.set(collection, sql);
  return sql;
}

export const insertValues = (collection: CollectionName, doc: Doc): Param[] =>
  columnFields(collection).map((field) => sqlValue(doc[field]));

/**
 * The SET list writing `after` over `before`: the document, and only the columns whose value
 * changed, so SQLite leaves the indexes (and count triggers) on the others alone.
 */
export function updateSet(collection: CollectionName, before: Doc, after: Doc, text: string): { sql: string; params: Param[] } {
  const fields = columnFields(collection);
  if (fields.length === 0) return { sql: 'doc = ?', params: [text] };
  let sql = `doc = ?, ${REVISION} = ${REVISION} + 1`;
  const params: Param[] = [text];
  for (const field of fields) {
    const value = sqlValue(after[field]);
    if (value === sqlValue(before[field])) continue;
    sql += `, ${columnName(field)} = ?`;
    params.push(value);
  }
  return { sql, params };
}

/** Each of `fields` set from the JSON of `row` (NEW in a trigger, or the stored row itself). */
function fromJson(fields: readonly string[], row: 'NEW.' | ''): string {
  return fields.map((field) => `${columnName(field)} = ${row}doc ->> ${jsonPath(field)}`).join(', ');
}

const triggerName = (collection: CollectionName, event: string) => `"${collection}__columns__${event}"`;

/**
 * Gives every collection its field columns; run at every start, so a field the description comes
 * to index gets its column too. A column is kept up to date when the refresh trigger names it: the
 * others (missing, or left unmaintained by an earlier description) are added and filled from the
 * JSON in one pass, the indexes the description names that still read the JSON are dropped
 * (schema.ts builds them again on the columns) and the triggers that refresh the columns after
 * another program writes doc alone (leaving fields_rev as it was) are made again. Nothing to do,
 * and nothing written, when every column is kept.
 */
export function installColumns(connection: Connection): void {
  for (const collection of Object.keys(COLLECTIONS) as CollectionName[]) {
    const fields = columnFields(collection);
    if (fields.length === 0) continue;
    const table = tableName(collection);
    connection.exec(tableStatement(collection));
    const present = new Set(connection.texts(`SELECT name FROM pragma_table_info(?)`, [collection]));
    const refreshing = String(
      connection.value(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`, [
        triggerName(collection, 'update').slice(1, -1),
      ]) ?? '',
    );
    const stale = fields.filter(
      (field) => !present.has(field) || !refreshing.includes(`${columnName(field)} = NEW.doc ->> ${jsonPath(field)}`),
    );
    if (stale.length === 0 && present.has(REVISION) && refreshing.includes(`${REVISION} = 0`)) continue;
    for (const field of stale) if (!present.has(field)) connection.exec(`ALTER TABLE ${table} ADD COLUMN ${columnName(field)}`);
    if (!present.has(REVISION)) connection.exec(`ALTER TABLE ${table} ADD COLUMN ${REVISION} INTEGER`);
    const described = new Set(describedIndexNames(collection));
    const readingJson = connection.texts(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND instr(sql, '->>') > 0`, [
      collection,
    ]);
    for (const name of readingJson.filter((index) => described.has(index))) connection.exec(`DROP INDEX "${name}"`);
    if (stale.length > 0) connection.exec(`UPDATE ${table} SET ${fromJson(stale, '')}, ${REVISION} = coalesce(${REVISION}, 0)`);
    const refresh = `UPDATE ${table} SET ${fromJson(fields, 'NEW.')}, ${REVISION} = 0 WHERE rowid = NEW.rowid;`;
    connection.exec(`DROP TRIGGER IF EXISTS ${triggerName(collection, 'insert')}`);
    connection.exec(`DROP TRIGGER IF EXISTS ${triggerName(collection, 'update')}`);
    connection.exec(
      `CREATE TRIGGER ${triggerName(collection, 'insert')} AFTER INSERT ON ${table} WHEN NEW.${REVISION} IS NULL BEGIN ${refresh} END`,
    );
    connection.exec(
      `CREATE TRIGGER ${triggerName(collection, 'update')} AFTER UPDATE OF doc ON ${table} WHEN NEW.${REVISION} IS OLD.${REVISION} BEGIN ${refresh} END`,
    );
  }
}
