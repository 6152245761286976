// What a catalogue allows: name look-ups, operators and value typing per field type, and the one
// error shape of a bad list parameter.
import { FILTER_OPERATORS, type Catalogue, type FieldSpec, type FieldType, type PublicFilterOp, type Scalar } from './types.js';
import { canonicalDateTime } from './date-time.js';

const ORDERED: readonly PublicFilterOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in'];

/** `contains` needs text; a boolean is only equal or not; an object is never compared. */
export const OPERATORS_BY_TYPE: Readonly<Record<FieldType, readonly PublicFilterOp[]>> = {
  string: FILTER_OPERATORS,
  number: ORDERED,
  integer: ORDERED,
  date: ORDERED,
  enum: ORDERED,
  boolean: ['eq', 'ne', 'in'],
  object: [],
};

/**
 * A list parameter the catalogue refuses. `path` names the query parameter, so a client can point
 * at the input that was refused; the server answers it as a 400 Problem (server/problem.ts).
 */
export class QueryError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'QueryError';
  }
}

export function queryError(path: string, detail: string): QueryError {
  return new QueryError(path, detail);
}

/** Own keys only: a client naming `constructor` or `__proto__` must not reach Object.prototype. */
export function lookup(catalogue: Catalogue, name: string): FieldSpec | undefined {
  return Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
}

/** The catalogue names that pass `keep`, alphabetical, ready to list in an error. */
export function namesWhere(catalogue: Catalogue, keep: (spec: FieldSpec, name: string) => boolean): string {
  return Object.entries(catalogue)
    .filter(([name, spec]) => keep(spec, name))
    .map(([name]) => name)
    .sort()
    .join(', ');
}

export const isFilterable = (spec: FieldSpec) => spec.filterable === true && spec.type !== 'object';
export const isSortable = (spec: FieldSpec) => spec.sortable === true && spec.type !== 'object';

/** Strict decimal only: `Number()` alone would also take '', ' 5', '0x10' and 'Infinity'. */
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const INTEGER = /^-?\d+$/;
/** The typed value, or undefined when `text` is not a valid value of the field. */
export function parseScalar(text: string, spec: FieldSpec): Scalar | undefined {
  switch (spec.type) {
    case 'number':
      return parseNumber(text);
    case 'integer':
      return parseInteger(text);
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'enum':
      return spec.enum?.includes(text) ? text : undefined;
    case 'date':
      return parseDate(text);
    case 'string':
      return text;
    case 'object':
      return undefined;
  }
}

/** What a valid value of the field looks like, to finish the sentence "expected …". */
export function expectedValue(spec: FieldSpec): string {
  switch (spec.type) {
    case 'number':
      return 'a number (e.g. 12.5)';
    case 'integer':
      return 'an integer (e.g. 12)';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${(spec.enum ?? []).join(', ')}`;
    case 'date':
      return 'a date YYYY-MM-DD or an ISO 8601 date-time with Z or an offset, between 1970 and 9999 in UTC (e.g. 2024-05-07T18:30:00Z; encode + as %2B)';
    case 'string':
    case 'object':
      return 'a text value';
  }
}

function parseNumber(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function parseInteger(text: string): number | undefined {
  if (!INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** A date or date-time by the API's one rule (./date-time.ts), in the canonical UTC form. */
const parseDate = (text: string): string | undefined => canonicalDateTime(text, { dateOnly: true });
