// Parses `filter=<property>.<op>~<value>|…` into typed conditions the catalogue allows.
import { FILTER_OPERATORS, type Catalogue, type Condition, type FieldSpec, type PublicFilterOp, type Scalar } from './types.js';
import { OPERATORS_BY_TYPE, expectedValue, isFilterable, lookup, namesWhere, parseScalar, queryError } from './rules.js';

const MAX_FILTER_LENGTH = 2000;
const MAX_CONDITIONS = 20;
const MAX_IN_VALUES = 100;
const GRAMMAR = '<property>.<op>~<value>';

/** One condition split into its parts; `text` is kept whole so every error can quote it. */
interface Parts {
  text: string;
  field: string;
  op: string;
  value: string;
}

const filterError = (detail: string) => queryError('filter', detail);

export function parseFilter(raw: string | undefined, catalogue: Catalogue): Condition[] {
  if (raw === undefined) return [];
  if (raw === '') throw filterError(`filter is empty; give at least one condition ${GRAMMAR}, or leave filter out`);
  if (raw.length > MAX_FILTER_LENGTH) throw filterError(`filter must be at most ${MAX_FILTER_LENGTH} characters`);
  const texts = raw.split('|');
  if (texts.length > MAX_CONDITIONS) throw filterError(`filter may have at most ${MAX_CONDITIONS} conditions`);
  return texts.map((text) => parseCondition(text, catalogue));
}

function parseCondition(text: string, catalogue: Catalogue): Condition {
  if (text === '') throw filterError(`filter contains an empty condition (check for a stray |); each condition is ${GRAMMAR}`);
  const parts = split(text);
  const spec = filterableSpec(parts, catalogue);
  const op = allowedOperator(parts, spec);
  return { field: parts.field, op, value: op === 'in' ? typedList(parts, spec) : typed(parts.value, parts, spec) };
}

/** Only the first `~` separates: the value is data and may hold `~`, dots, spaces or `{"$gt":""}`. */
function split(text: string): Parts {
  const tilde = text.indexOf('~');
  if (tilde < 0) throw malformed(text, 'it has no ~ before the value');
  const left = text.slice(0, tilde);
  const dot = left.lastIndexOf('.');
  if (dot < 0) throw malformed(text, 'it has no .<op> before the ~');
  if (dot === 0) throw malformed(text, 'the property before the operator is empty');
  return { text, field: left.slice(0, dot), op: left.slice(dot + 1), value: text.slice(tilde + 1) };
}

const malformed = (text: string, why: string) => filterError(`Malformed filter condition '${text}': ${why}; expected ${GRAMMAR}`);

function filterableSpec({ text, field }: Parts, catalogue: Catalogue): FieldSpec {
  const spec = lookup(catalogue, field);
  const filterable = `filterable properties: ${namesWhere(catalogue, isFilterable)}`;
  if (!spec) throw filterError(`Unknown property '${field}' in filter condition '${text}'; ${filterable}`);
  if (!isFilterable(spec)) throw filterError(`Property '${field}' cannot be filtered (condition '${text}'); ${filterable}`);
  return spec;
}

/** `nin` is internal, so it is refused here like any other unknown word. */
function allowedOperator({ text, field, op }: Parts, spec: FieldSpec): PublicFilterOp {
  if (!isPublicOperator(op))
    throw filterError(`Unknown operator '${op}' in filter condition '${text}'; operators: ${FILTER_OPERATORS.join(', ')}`);
  const allowed = OPERATORS_BY_TYPE[spec.type];
  if (!allowed.includes(op)) {
    throw filterError(
      `Operator '${op}' cannot be used on '${field}' (${spec.type}) in filter condition '${text}'; use one of: ${allowed.join(', ')}`,
    );
  }
  return op;
}

const isPublicOperator = (op: string): op is PublicFilterOp => (FILTER_OPERATORS as readonly string[]).includes(op);

function typedList(parts: Parts, spec: FieldSpec): Scalar[] {
  const items = parts.value.split(',');
  if (items.length > MAX_IN_VALUES)
    throw filterError(`Too many values in filter condition '${parts.text}'; in takes at most ${MAX_IN_VALUES}`);
  return items.map((item) => typed(item, parts, spec));
}

function typed(text: string, { text: condition, field }: Parts, spec: FieldSpec): Scalar {
  const value = parseScalar(text, spec);
  if (value === undefined)
    throw filterError(`Invalid value '${text}' for '${field}' in filter condition '${condition}'; expected ${expectedValue(spec)}`);
  return value;
}
