// The typed list query: what `sort`, `order`, `fields`, `filter`, `limit` and `offset` mean once
// parsed. Every store compiles this shape for itself; no store ever sees a raw query string.

/**
 * How a property's values are typed, compared and parsed from a filter string. `object` marks a
 * composite value (an array of objects) that `fields=` may name but no condition or sort can use.
 */
export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'object';

export interface FieldSpec {
  type: FieldType;
  /** Members of an `enum` field. */
  enum?: readonly string[];
  /** May appear in `sort=`. */
  sortable?: boolean;
  /** May appear in `filter=`. */
  filterable?: boolean;
  /**
   * Set when the value lives inside an array. `path` is the array property; `item` is the property
   * of each element that holds the value, or absent when the elements are the values themselves
   * (`dish_ids`). `eq` on such a field means "the array contains the value".
   */
  array?: { path: string; item?: string };
  /** Not stored: the domain resolves conditions on it before the store sees the query. */
  computed?: boolean;
}

/** A resource's fields as clients name them (dotted paths for nested values). */
export type Catalogue = Readonly<Record<string, FieldSpec>>;

export type Scalar = string | number | boolean | null;

/** Operators clients may use; `nin` is internal (the domain uses it, the parser never produces it). */
export const FILTER_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'] as const;
export type PublicFilterOp = (typeof FILTER_OPERATORS)[number];
export type FilterOp = PublicFilterOp | 'nin';

/**
 * One condition. `value` is already typed for the field (a number for numbers, a boolean for
 * booleans, an ISO 8601 string with milliseconds and Z for dates); for `in`/`nin` it is an array.
 * On an array field, `eq` = contains, `ne` = contains no element equal, `in` = contains any,
 * `nin` = contains none; ordering operators hold when some element satisfies them.
 */
export interface Condition {
  field: string;
  op: FilterOp;
  value: Scalar | Scalar[];
}

export type SortDirection = 'asc' | 'desc';

export interface ListQuery {
  /** All must hold. */
  filter: Condition[];
  /** Absent: oldest first (created_at, then id). Ties break by id, in the sort's direction. */
  sort?: { field: string; direction: SortDirection };
  /** Absent: every public property. */
  fields?: string[];
  /** Public queries: 1–30. Internal queries may leave it out to get every match. */
  limit?: number;
  offset: number;
}

export interface ListResult<T> {
  results: T[];
  total_results: number;
}
