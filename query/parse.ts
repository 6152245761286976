// The one list-query parser: raw sort, order, fields, filter, limit and offset become a typed ListQuery.
import { parseFilter } from './filter.js';
import { isSortable, lookup, namesWhere, queryError } from './rules.js';
import type { Catalogue, ListQuery } from './types.js';

export interface RawListQuery {
  sort?: string;
  order?: string;
  fields?: string;
  filter?: string;
  limit?: number | string;
  offset?: number | string;
}

const MAX_LIMIT = 30;
const MAX_FIELDS_LENGTH = 1000;

export function parseListQuery(raw: RawListQuery, catalogue: Catalogue): ListQuery {
  const limit = parseLimit(raw.limit);
  const offset = parseOffset(raw.offset);
  const sort = parseSort(raw.sort, raw.order, catalogue);
  const fields = parseFields(raw.fields, catalogue);
  const filter = parseFilter(raw.filter, catalogue);
  return { filter, ...(sort && { sort }), ...(fields && { fields }), limit, offset };
}

/** For list and single-resource GETs: top-level names only, in the client's order, duplicates once. */
/** `limit` and `offset` alone, for lists that have no sort or filter of their own. */
export function parsePage(raw: Pick<RawListQuery, 'limit' | 'offset'>): { limit: number; offset: number } {
  return { limit: parseLimit(raw.limit), offset: parseOffset(raw.offset) };
}

export function parseFields(raw: string | undefined, catalogue: Catalogue): string[] | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > MAX_FIELDS_LENGTH) throw queryError('fields', `fields must be at most ${MAX_FIELDS_LENGTH} characters`);
  const valid = `valid fields: ${namesWhere(catalogue, (_, name) => !name.includes('.'))}`;
  const names = [...new Set(raw.split('|'))];
  for (const name of names) {
    if (name === '') throw queryError('fields', `fields contains an empty name (check for a stray |); ${valid}`);
    if (name.includes('.') || !lookup(catalogue, name)) throw queryError('fields', `Unknown field '${name}' in fields; ${valid}`);
  }
  return names;
}

/** Keeps only the named top-level properties, in the order named; no `fields` means the whole doc. */
export function project<T extends object>(doc: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return doc;
  const picked: Partial<T> = {};
  for (const name of fields) {
    if (Object.hasOwn(doc, name)) picked[name as keyof T] = doc[name as keyof T];
  }
  return picked;
}

/** Out of range is refused, never clamped, so a client never silently gets fewer items than it asked for. */
function parseLimit(raw: number | string | undefined): number {
  const limit = raw === undefined ? MAX_LIMIT : toInteger(raw);
  if (limit === undefined || limit < 1 || limit > MAX_LIMIT) throw queryError('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`);
  return limit;
}

function parseOffset(raw: number | string | undefined): number {
  const offset = raw === undefined ? 0 : toInteger(raw);
  if (offset === undefined || offset < 0) throw queryError('offset', 'offset must be an integer of 0 or more');
  return offset;
}

/** The route may hand over a number (schema-coerced) or the raw text; both mean the same. */
function toInteger(raw: number | string): number | undefined {
  const value = typeof raw === 'number' ? raw : /^\d+$/.test(raw) ? Number(raw) : undefined;
  return value !== undefined && Number.isSafeInteger(value) ? value : undefined;
}

function parseSort(sort: string | undefined, order: string | undefined, catalogue: Catalogue): ListQuery['sort'] {
  if (sort === undefined) {
    if (order !== undefined) throw queryError('order', 'order can only be used together with sort');
    return undefined;
  }
  const spec = lookup(catalogue, sort);
  if (!spec || !isSortable(spec))
    throw queryError('sort', `Cannot sort by '${sort}'; sortable properties: ${namesWhere(catalogue, isSortable)}`);
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw queryError('order', 'order must be asc or desc');
  return { field: sort, direction: order ?? 'asc' };
}
