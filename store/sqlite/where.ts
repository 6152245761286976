// Compiles typed list queries to SQL over the documents: a field's column where it has one (schema.ts
// columnFields), else its value in the JSON. Values only ever travel as bound parameters, so a value
// that looks like an operator is compared as the data it is.
import {
  FILTER_OPERATORS,
  type Catalogue,
  type Condition,
  type FieldSpec,
  type FieldType,
  type FilterOp,
  type ListQuery,
  type Scalar,
} from '../../query/types.js';
import { COLLECTIONS } from '../../models/collections.js';
import { matches } from '../../query/evaluate.js';
import type { CollectionName } from '../types.js';
import { countStatement } from './counts.js';
import { fieldExpression, jsonPath, tableName, type Param } from './schema.js';
import { FOLD } from './fold.js';

export interface Clause {
  /** Conditions joined by AND; empty when there are none. */
  sql: string;
  params: Param[];
}

const VALUE_TYPES: Record<Exclude<FieldType, 'object'>, 'string' | 'number' | 'boolean'> = {
  string: 'string',
  enum: 'string',
  date: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
};

const ORDERING: Partial<Record<FilterOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const OPERATORS = new Set<string>([...FILTER_OPERATORS, 'nin']);

function usableSpec(catalogue: Catalogue, field: string, use: 'filter' | 'sort'): FieldSpec & { type: Exclude<FieldType, 'object'> } {
  const spec = catalogue[field];
  if (!spec) throw new Error(`no field "${field}" in the collection's catalogue`);
  if (spec.computed || spec.type === 'object')
    throw new Error(`the store cannot ${use} on "${field}": it is ${spec.computed ? 'computed' : 'composite'}`);
  return spec as FieldSpec & { type: Exclude<FieldType, 'object'> };
}

/**
 * The placeholder of a value compared in a WHERE clause, and of LIMIT and OFFSET. SQLite's planner
 * (3.54, as better-sqlite3 13 bundles it) reads some bound values while it plans: a LIMIT, and an
 * equality's value when it weighs an index that serves the ORDER BY instead. It then marks the
 * statement to be compiled again when that parameter is bound anew, and better-sqlite3 clears the
 * bindings after every run, which always counts as such a change. So every list query was parsed
 * and planned again on every run. A unary plus hides the value from the planner (it stops at the
 * `+`) and changes nothing else: same value, no affinity either way, the same plans
 * (test/store/sqlite.test.ts) and answers (test/store/sqlite-statements.test.ts).
 */
export const VALUE = '+?';

// SQLite has no boolean type: JSON true/false read back as 1/0.
const bind = (value: Scalar): Param => (typeof value === 'boolean' ? Number(value) : value);

function checkValue(field: string, type: Exclude<FieldType, 'object'>, value: Scalar): void {
  if (value !== null && typeof value !== VALUE_TYPES[type]) {
    throw new Error(`"${field}" takes ${VALUE_TYPES[type]} values, not ${JSON.stringify(value)}`);
  }
}

function listTest(x: string, op: 'in' | 'nin', values: Scalar[], params: Param[]): string {
  const present = values.filter((value) => value !== null);
  const withNull = present.length < values.length;
  if (present.length === 0) {
    if (op === 'in') return withNull ? `${x} IS NULL` : '0';
    return withNull ? `${x} IS NOT NULL` : '1';
  }
  // One JSON parameter instead of one per value: one statement per shape, whatever the length.
  params.push(JSON.stringify(present.map(bind)));
  const member = `${x} IN (SELECT value FROM json_each(?))`;
  if (op === 'in') return withNull ? `(${x} IS NULL OR ${member})` : member;
  // A missing or null value is in no list of values (MongoDB's $nin) unless null is listed.
  return withNull ? `(${x} IS NOT NULL AND NOT ${member})` : `(${x} IS NULL OR NOT ${member})`;
}

function valueTest(x: string, op: FilterOp, value: Scalar | Scalar[], params: Param[]): string {
  if (op === 'in' || op === 'nin') return listTest(x, op, value as Scalar[], params);
  const scalar = value as Scalar;
  if (op === 'eq') {
    if (scalar === null) return `${x} IS NULL`;
    params.push(bind(scalar));
    return `${x} = ${VALUE}`;
  }
  params.push(bind(scalar));
  // IS NOT: a missing or null value differs from any value (MongoDB's $ne).
  if (op === 'ne') return `${x} IS NOT ${VALUE}`;
  if (op === 'contains') return `instr(${FOLD}(${x}), ${FOLD}(?)) > 0`;
  // NULL compares to nothing, so ordering operators never match a missing or null value.
  return `${x} ${ORDERING[op]} ${VALUE}`;
}

function arrayTest(array: NonNullable<FieldSpec['array']>, op: FilterOp, value: Scalar | Scalar[], params: Param[]): string {
  const element = array.item ? `j.value ->> ${jsonPath(array.item)}` : 'j.value';
  const some = (test: string) => `EXISTS (SELECT 1 FROM json_each(doc, ${jsonPath(array.path)}) j WHERE ${test})`;
  // Negative operators hold when no element satisfies their positive twin.
  if (op === 'ne') return `NOT ${some(valueTest(element, 'eq', value, params))}`;
  if (op === 'nin') return `NOT ${some(valueTest(element, 'in', value, params))}`;
  return some(valueTest(element, op, value, params));
}

function conditionSql(collection: CollectionName, { field, op, value }: Condition, params: Param[]): string {
  const spec = usableSpec(COLLECTIONS[collection].catalogue, field, 'filter');
  if (!OPERATORS.has(op)) throw new Error(`unknown operator "${op}"`);
  const isList = op === 'in' || op === 'nin';
  if (isList !== Array.isArray(value)) throw new Error(`"${field}.${op}" takes ${isList ? 'a list' : 'one value'}`);
  for (const item of Array.isArray(value) ? value : [value]) checkValue(field, spec.type, item);
  if (op === 'contains' && (VALUE_TYPES[spec.type] !== 'string' || typeof value !== 'string')) {
    throw new Error(`"${field}.contains" needs a string field and a string value`);
  }
  return spec.array ? arrayTest(spec.array, op, value, params) : valueTest(fieldExpression(collection, field), op, value, params);
}

/** Whether `value` compares the same in JavaScript and in SQLite (the JSON text reads back as this number). */
const plainNumber = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) <= Number.MAX_SAFE_INTEGER;

const NUMERIC_OPERATORS = new Set<FilterOp>(['eq', 'ne', 'gt', 'gte', 'lt', 'lte']);

/**
 * What `compileWhere(collection, conditions)` would answer on the row whose document `doc` is, when
 * every condition compares a plain field holding a number with a number (a stock guard), where
 * JavaScript's evaluation of a query (query/evaluate.ts) and SQLite's agree; null when any does
 * not, and SQL must decide.
 */
export function numericVerdict(collection: CollectionName, doc: Record<string, unknown>, conditions: readonly Condition[]): boolean | null {
  const { catalogue } = COLLECTIONS[collection];
  for (const { field, op, value } of conditions) {
    const spec = catalogue[field];
    if (!spec || (spec.type !== 'number' && spec.type !== 'integer') || spec.array || spec.computed) return null;
    if (!NUMERIC_OPERATORS.has(op) || !plainNumber(value) || !plainNumber(doc[field])) return null;
  }
  return conditions.every((condition) => matches(doc, condition, catalogue));
}

export function compileWhere(collection: CollectionName, filter: readonly Condition[]): Clause {
  const params: Param[] = [];
  const sql = filter.map((condition) => conditionSql(collection, condition, params)).join(' AND ');
  return { sql, params };
}

export interface SortOrder {
  /** The expression sorted on. */
  key: string;
  direction: 'ASC' | 'DESC';
  /** ORDER BY terms: the key, then id in the same direction (so an index serves both directions), stable ties. */
  terms: string;
}

export function compileOrder(collection: CollectionName, sort: ListQuery['sort']): SortOrder {
  if (!sort)
    return {
      key: fieldExpression(collection, 'created_at'),
      direction: 'ASC',
      terms: `${fieldExpression(collection, 'created_at')} ASC, id ASC`,
    };
  const spec = usableSpec(COLLECTIONS[collection].catalogue, sort.field, 'sort');
  if (spec.array) throw new Error(`the store cannot sort on "${sort.field}": it lives inside an array`);
  if (sort.direction !== 'asc' && sort.direction !== 'desc') throw new Error(`unknown sort direction "${String(sort.direction)}"`);
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const key = fieldExpression(collection, sort.field);
  return { key, direction, terms: key === 'id' ? `id ${direction}` : `${key} ${direction}, id ${direction}` };
}

export const whereSql = (clause: Clause) => (clause.sql ? ` WHERE ${clause.sql}` : '');

/** A list's page and count queries; exported so a test can check that they use the indexes. */
export function listStatements(name: CollectionName, { filter, sort, limit, offset = 0 }: ListQuery) {
  const clause = compileWhere(name, filter);
  const order = compileOrder(name, sort);
  const table = tableName(name);
  // From the kept counts when they answer the filter; otherwise by counting the matches.
  const count = countStatement(name, filter) ?? { sql: `SELECT count(*) FROM ${table}${whereSql(clause)}`, params: clause.params };
  const pageParams = [...clause.params, limit ?? -1, offset];
  // The page's ids alone: read from an index when one covers the filter and the sort.
  const ids = {
    sql: `SELECT id FROM ${table}${whereSql(clause)} ORDER BY ${order.terms} LIMIT ${VALUE} OFFSET ${VALUE}`,
    params: pageParams,
  };
  // Every match wanted (an internal find, often by ids): with nothing to skip, one pass reads and
  // sorts the documents; the two-pass page below would read each of them twice.
  if (limit === undefined && offset === 0) {
    return { page: { sql: `SELECT doc FROM ${table}${whereSql(clause)} ORDER BY ${order.terms}`, params: clause.params }, ids, count };
  }
  // Sorting and skipping read only the ids and sort keys (from an index when one covers them);
  // the documents are read for the page alone, then put back in order.
  const page = `SELECT id, ${order.key} AS sort_key FROM ${table}${whereSql(clause)} ORDER BY ${order.terms} LIMIT ${VALUE} OFFSET ${VALUE}`;
  const pageOrder = order.key === 'id' ? `page.id ${order.direction}` : `page.sort_key ${order.direction}, page.id ${order.direction}`;
  return {
    page: { sql: `SELECT t.doc FROM (${page}) AS page JOIN ${table} AS t ON t.id = page.id ORDER BY ${pageOrder}`, params: pageParams },
    ids,
    count,
  };
}
