// Compiles the typed list query (query/types.ts) into MongoDB filters and sorts. Every value is
// placed under an explicit operator, so a client's `{"$gt":""}` stays the literal string it is.
import type { Catalogue, Condition, FieldSpec, ListQuery, Scalar } from '../../query/types.js';
import { isId } from '../ids.js';
import { toMongoId } from './documents.js';

type Filter = Record<string, unknown>;
export type MongoSort = Record<string, 1 | -1>;

const ORDERING = { gt: '$gt', gte: '$gte', lt: '$lt', lte: '$lte' } as const;
const isOrdering = (op: Condition['op']): op is keyof typeof ORDERING => Object.hasOwn(ORDERING, op);

function specOf(catalogue: Catalogue, field: string): FieldSpec {
  const spec = Object.hasOwn(catalogue, field) ? catalogue[field] : undefined;
  if (!spec || spec.computed || spec.type === 'object') throw new Error(`the store cannot query the field "${field}"`);
  return spec;
}

/** Where the value lives: `_id` for ids, a dotted path into array elements for `array.item` fields. */
export function pathOf(field: string, spec: FieldSpec): string {
  if (field === 'id') return '_id';
  return spec.array ? [spec.array.path, spec.array.item].filter(Boolean).join('.') : field;
}

function scalar(value: unknown, field: string): Scalar {
  const ok = value === null || ['string', 'number', 'boolean'].includes(typeof value);
  if (!ok) throw new TypeError(`a filter value for "${field}" must be a string, number, boolean or null`);
  return value as Scalar;
}

function list(value: unknown, field: string): Scalar[] {
  if (!Array.isArray(value)) throw new TypeError(`in/nin on "${field}" needs a list of values`);
  return value.map((item) => scalar(item, field));
}

/**
 * MongoDB already gives the documented semantics: `$ne`/`$nin` hold for null, missing and arrays
 * with no equal element; on arrays every positive operator holds when some element satisfies it;
 * `$in: []` matches nothing and `$nin: []` everything. Only a null bound needs care: `$gte: null`
 * would match nulls, and ordering operators never may.
 */
function operatorFor({ field, op, value }: Condition, id: boolean): Filter | null {
  const data = (item: Scalar) => (id && typeof item === 'string' ? toMongoId(item) : item);
  switch (op) {
    case 'eq':
      return { $eq: data(scalar(value, field)) };
    case 'ne':
      return { $ne: data(scalar(value, field)) };
    case 'in':
      return { $in: list(value, field).map(data) };
    case 'nin':
      return { $nin: list(value, field).map(data) };
    case 'contains':
      return { $regex: escapeRegExp(String(scalar(value, field))), $options: 'i' };
    default: {
      const bound = scalar(value, field);
      return bound === null ? null : { [ORDERING[op]]: data(bound) };
    }
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const NOTHING: Filter = { _id: { $in: [] } };

/**
 * ObjectIds compare only with ObjectIds and never match a regex, so a substring of an id, or a
 * bound that is not itself an id, is compared with the id's hex text (no index; rare).
 */
function idTextClause({ op, value }: Condition): Filter | null {
  if (typeof value !== 'string') return null;
  const text = { $toString: '$_id' };
  // Inside $expr a string starting with $ names a field: $literal keeps the client's text data.
  if (op === 'contains') return { $expr: { $regexMatch: { input: text, regex: { $literal: escapeRegExp(value) }, options: 'i' } } };
  if (!isOrdering(op) || isId(value)) return null;
  return { $expr: { [ORDERING[op]]: [text, { $literal: value }] } };
}

function clause(catalogue: Catalogue, condition: Condition): Filter {
  const spec = specOf(catalogue, condition.field);
  const id = condition.field === 'id';
  const byText = id ? idTextClause(condition) : null;
  if (byText) return byText;
  const operator = operatorFor(condition, id);
  return operator ? { [pathOf(condition.field, spec)]: operator } : NOTHING;
}

export function compileFilter(catalogue: Catalogue, conditions: readonly Condition[]): Filter {
  if (conditions.length === 0) return {};
  // $and keeps two conditions on one field (ne a, ne b) from overwriting each other.
  return { $and: conditions.map((condition) => clause(catalogue, condition)) };
}

/**
 * The requested order, ties by id in the same direction; with no sort, oldest first. Ties follow
 * the direction so that one index ({field: 1, _id: 1}) serves both directions, walked forwards or
 * backwards: {field: -1, _id: 1} would make MongoDB sort every match in memory.
 */
export function compileSort(catalogue: Catalogue, sort: ListQuery['sort']): MongoSort {
  if (!sort) return { created_at: 1, _id: 1 };
  const path = pathOf(sort.field, specOf(catalogue, sort.field));
  const direction = sort.direction === 'desc' ? -1 : 1;
  return path === '_id' ? { _id: direction } : { [path]: direction, _id: direction };
}
