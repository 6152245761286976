// Runs a parsed list query over documents already in memory (the dishes of one order), with the
// same semantics the stores give it: array containment, nulls, case-insensitive contains, id ties.
import type { Catalogue, Condition, FieldSpec, ListQuery, ListResult, Scalar } from './types.js';

type Doc = Record<string, unknown>;

function valuesOf(doc: Doc, field: string, spec: FieldSpec): unknown[] {
  if (!spec.array) return [doc[field] ?? null];
  const items = doc[spec.array.path];
  if (!Array.isArray(items)) return [];
  const { item } = spec.array;
  return item ? items.map((element: Doc) => element?.[item] ?? null) : items;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as number | string) < (b as number | string) ? -1 : 1;
}

function holds(value: unknown, op: Condition['op'], target: Scalar | Scalar[]): boolean {
  switch (op) {
    case 'eq':
      return value === target;
    case 'in':
      return (target as Scalar[]).includes(value as Scalar);
    case 'contains':
      return typeof value === 'string' && value.toLowerCase().includes(String(target).toLowerCase());
    case 'gt':
      return value !== null && compare(value, target) > 0;
    case 'gte':
      return value !== null && compare(value, target) >= 0;
    case 'lt':
      return value !== null && compare(value, target) < 0;
    case 'lte':
      return value !== null && compare(value, target) <= 0;
    default:
      return false;
  }
}

/** Whether `doc` meets `condition`, as the stores decide it. */
export function matches(doc: Doc, condition: Condition, catalogue: Catalogue): boolean {
  const spec = catalogue[condition.field];
  if (!spec) throw new Error(`no field ${condition.field} in the catalogue`);
  const values = valuesOf(doc, condition.field, spec);
  // Negative operators hold when no value satisfies their positive twin (MongoDB's $ne / $nin).
  if (condition.op === 'ne') return !values.some((value) => holds(value, 'eq', condition.value));
  if (condition.op === 'nin') return !values.some((value) => holds(value, 'in', condition.value));
  return values.some((value) => holds(value, condition.op, condition.value));
}

/** The stores' order for a sort: by the field (nulls first), ties by id; descending reverses both. */
export function ordering(sort: NonNullable<ListQuery['sort']>): (a: object, b: object) => number {
  const sign = sort.direction === 'desc' ? -1 : 1;
  return (a, b) => sign * (compare((a as Doc)[sort.field], (b as Doc)[sort.field]) || compare((a as Doc).id, (b as Doc).id));
}

export function evaluateListQuery<T extends object>(docs: readonly T[], query: ListQuery, catalogue: Catalogue): ListResult<T> {
  const kept = docs.filter((doc) => query.filter.every((condition) => matches(doc as Doc, condition, catalogue)));
  // Array.prototype.sort is stable, so entries with the same id (a dish listed twice) keep their order.
  if (query.sort) kept.sort(ordering(query.sort));
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return { results: kept.slice(query.offset, end), total_results: kept.length };
}
