// The list-query parser against the real catalogues: exact ListQuery results and exact 400s.
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../query/rules.js';
import { toProblem, type ProblemBody } from '../../server/problem.js';
import { dishCatalogue } from '../../models/dish.js';
import { orderCatalogue } from '../../models/order.js';
import { userCatalogue } from '../../models/user.js';
import { parseFields, parseListQuery, project, type RawListQuery } from '../../query/parse.js';
import type { Catalogue, Condition } from '../../query/types.js';

const DISH_FILTERABLE =
  'allergens, category, created_at, description, id, image_name, ingredients.ingredient_id, ' +
  'ingredients.is_essential, is_available, name, preparation_time, price, station, updated_at';
const ORDER_FILTERABLE =
  'allergies, closed_at, course_gap_minutes, created_at, dish_ids, expected_ready_at, fire_at, id, ' +
  'name, pacing, priority, quoted_ready_at, ready_at, scheduled_at, special_requests, status, ' +
  'table_number, tickets.station, tickets.status, updated_at';
const USER_FILTERABLE = 'created_at, id, role, updated_at, user_name';
const DISH_SORTABLE = 'category, created_at, id, name, preparation_time, price, station, updated_at';
const DISH_FIELDS =
  'allergens, category, created_at, description, id, image_name, ingredients, is_available, name, portions_left, preparation_time, price, station, updated_at';
const OPERATORS = 'eq, ne, gt, gte, lt, lte, in, contains';
const STATUSES = 'Draft, Received, In Progress, Ready for Assembly, On the Way, Ready for Pickup';
const DATE_EXPECTED =
  'a date YYYY-MM-DD or an ISO 8601 date-time with Z or an offset, between 1970 and 9999 in UTC (e.g. 2024-05-07T18:30:00Z; encode + as %2B)';
const LIMIT_MESSAGE = 'limit must be an integer from 1 to 30';

const dishes = (raw: RawListQuery) => parseListQuery(raw, dishCatalogue);
const orders = (raw: RawListQuery) => parseListQuery(raw, orderCatalogue);
/** The whole ListQuery for a filter with default paging and nothing else. */
const filtered = (...filter: Condition[]) => ({ filter, limit: 30, offset: 0 });

/** The Problem a client gets for what `run` throws: a QueryError, answered as the server answers it. */
function problemOf(run: () => unknown): ProblemBody {
  try {
    run();
  } catch (error) {
    if (error instanceof QueryError) return toProblem(error);
    throw error;
  }
  throw new Error('expected a QueryError, but nothing was thrown');
}

function expectBadRequest(run: () => unknown, path: string, detail: string) {
  expect(problemOf(run)).toStrictEqual({
    type: 'about:blank',
    status: 400,
    title: 'Bad Request',
    detail,
    errors: [{ path, message: detail }],
  });
}

const expectFilterError = (catalogue: Catalogue, filter: string, detail: string) =>
  expectBadRequest(() => parseListQuery({ filter }, catalogue), 'filter', detail);

describe('paging', () => {
  it('defaults to limit 30, offset 0, no filter, no sort and every field', () => {
    expect(dishes({})).toStrictEqual({ filter: [], limit: 30, offset: 0 });
  });

  it.each([
    [1, 1],
    [30, 30],
    ['1', 1],
    ['30', 30],
    ['05', 5],
  ])('accepts limit %j as %d', (limit, expected) => {
    expect(dishes({ limit })).toStrictEqual({ filter: [], limit: expected, offset: 0 });
  });

  it.each([0, 31, -1, 1.5, Number.NaN, '0', '31', '', 'abc', '1.5', '-1', ' 5', '1e1', '99999999999999999999'])(
    'refuses limit %j instead of clamping it',
    (limit) => expectBadRequest(() => dishes({ limit }), 'limit', LIMIT_MESSAGE),
  );

  it.each([
    [0, 0],
    ['0', 0],
    ['120', 120],
    [7, 7],
  ])('accepts offset %j as %d', (offset, expected) => {
    expect(dishes({ offset })).toStrictEqual({ filter: [], limit: 30, offset: expected });
  });

  it.each([-1, 1.5, '-1', '', 'x', '1.0', '99999999999999999999'])('refuses offset %j', (offset) =>
    expectBadRequest(() => dishes({ offset }), 'offset', 'offset must be an integer of 0 or more'),
  );

  it('checks limit before the other parameters, so one input always gives one message', () => {
    expectBadRequest(() => dishes({ limit: 0, sort: 'nope', filter: 'nope' }), 'limit', LIMIT_MESSAGE);
  });
});

describe('sort and order', () => {
  it('sorts ascending by default', () => {
    expect(dishes({ sort: 'price' })).toStrictEqual({ filter: [], sort: { field: 'price', direction: 'asc' }, limit: 30, offset: 0 });
  });

  it.each(['asc', 'desc'] as const)('takes order=%s', (order) => {
    expect(orders({ sort: 'priority', order })).toStrictEqual({
      filter: [],
      sort: { field: 'priority', direction: order },
      limit: 30,
      offset: 0,
    });
  });

  it.each(['colour', 'description', 'ingredients', 'is_available', 'ingredients.ingredient_id', '', 'constructor', '__proto__'])(
    'refuses sort=%j, naming the sortable properties alphabetically',
    (sort) => expectBadRequest(() => dishes({ sort }), 'sort', `Cannot sort by '${sort}'; sortable properties: ${DISH_SORTABLE}`),
  );

  it('refuses a property the user catalogue does not mark sortable', () => {
    expectBadRequest(
      () => parseListQuery({ sort: 'email' }, userCatalogue),
      'sort',
      "Cannot sort by 'email'; sortable properties: created_at, id, role, updated_at, user_name",
    );
  });

  it.each(['asc', 'desc', 'up'])('refuses order=%s without sort', (order) =>
    expectBadRequest(() => dishes({ order }), 'order', 'order can only be used together with sort'),
  );

  it.each(['DESC', 'up', 'descending', ''])('refuses order=%j', (order) =>
    expectBadRequest(() => dishes({ sort: 'name', order }), 'order', 'order must be asc or desc'),
  );
});

describe('fields', () => {
  it('keeps the client order and collapses duplicates', () => {
    expect(dishes({ fields: 'price|name|price|id|name' })).toStrictEqual({
      filter: [],
      fields: ['price', 'name', 'id'],
      limit: 30,
      offset: 0,
    });
  });

  it('allows computed and composite top-level properties', () => {
    expect(parseFields('is_available|ingredients', dishCatalogue)).toStrictEqual(['is_available', 'ingredients']);
  });

  it('allows a property that cannot be filtered or sorted', () => {
    expect(parseFields('email', userCatalogue)).toStrictEqual(['email']);
  });

  it('returns undefined when fields is absent', () => {
    expect(parseFields(undefined, dishCatalogue)).toBeUndefined();
  });

  it('accepts a fields string of exactly 1000 characters', () => {
    const fields = `${'id|'.repeat(332)}name`;
    expect(fields).toHaveLength(1000);
    expect(parseFields(fields, dishCatalogue)).toStrictEqual(['id', 'name']);
  });

  it('refuses a fields string longer than 1000 characters', () => {
    const fields = `${'id|'.repeat(333)}id`;
    expect(fields).toHaveLength(1001);
    expectBadRequest(() => parseFields(fields, dishCatalogue), 'fields', 'fields must be at most 1000 characters');
  });

  it.each(['colour', 'ingredients.ingredient_id', 'Name', 'password', '__proto__', 'constructor'])(
    'refuses the unknown field %j, listing the valid ones',
    (name) =>
      expectBadRequest(() => dishes({ fields: `id|${name}` }), 'fields', `Unknown field '${name}' in fields; valid fields: ${DISH_FIELDS}`),
  );

  it.each(['', 'id|', '|id', 'id||name'])('refuses the empty name in %j', (fields) =>
    expectBadRequest(
      () => dishes({ fields }),
      'fields',
      `fields contains an empty name (check for a stray |); valid fields: ${DISH_FIELDS}`,
    ),
  );
});

describe('project', () => {
  const dish = { id: 'd1', name: 'Soup', price: 4.5, is_available: true };

  it('keeps only the named properties, in the order named', () => {
    const picked = project(dish, ['price', 'id']);
    expect(picked).toStrictEqual({ price: 4.5, id: 'd1' });
    expect(Object.keys(picked)).toStrictEqual(['price', 'id']);
  });

  it('leaves out a named property the document does not have', () => {
    expect(project(dish, ['name', 'description'])).toStrictEqual({ name: 'Soup' });
  });

  it('returns the document itself when no fields were asked for', () => {
    expect(project(dish, undefined)).toBe(dish);
  });
});

describe('filter: operators on each type', () => {
  it.each<[string, Condition]>([
    ['name.eq~Soup', { field: 'name', op: 'eq', value: 'Soup' }],
    ['name.ne~Soup', { field: 'name', op: 'ne', value: 'Soup' }],
    ['name.gt~M', { field: 'name', op: 'gt', value: 'M' }],
    ['name.gte~M', { field: 'name', op: 'gte', value: 'M' }],
    ['name.lt~M', { field: 'name', op: 'lt', value: 'M' }],
    ['name.lte~M', { field: 'name', op: 'lte', value: 'M' }],
    ['name.in~Soup,Tea', { field: 'name', op: 'in', value: ['Soup', 'Tea'] }],
    ['name.contains~sou', { field: 'name', op: 'contains', value: 'sou' }],
    ['name.eq~', { field: 'name', op: 'eq', value: '' }],
    ['price.eq~12.5', { field: 'price', op: 'eq', value: 12.5 }],
    ['price.ne~0', { field: 'price', op: 'ne', value: 0 }],
    ['price.gt~-3', { field: 'price', op: 'gt', value: -3 }],
    ['price.gte~1e2', { field: 'price', op: 'gte', value: 100 }],
    ['price.lt~0.25', { field: 'price', op: 'lt', value: 0.25 }],
    ['preparation_time.lte~7', { field: 'preparation_time', op: 'lte', value: 7 }],
    ['price.in~1,2.5,-3', { field: 'price', op: 'in', value: [1, 2.5, -3] }],
    ['is_available.eq~true', { field: 'is_available', op: 'eq', value: true }],
    ['is_available.ne~false', { field: 'is_available', op: 'ne', value: false }],
    ['is_available.in~true,false', { field: 'is_available', op: 'in', value: [true, false] }],
    ['category.eq~Main Course', { field: 'category', op: 'eq', value: 'Main Course' }],
    ['station.in~cold,hot', { field: 'station', op: 'in', value: ['cold', 'hot'] }],
    ['created_at.eq~2024-05-07', { field: 'created_at', op: 'eq', value: '2024-05-07T00:00:00.000Z' }],
  ])('dishes: %s', (filter, condition) => {
    expect(dishes({ filter })).toStrictEqual(filtered(condition));
  });

  it.each<[string, Condition]>([
    ['table_number.eq~4', { field: 'table_number', op: 'eq', value: 4 }],
    ['table_number.ne~-2', { field: 'table_number', op: 'ne', value: -2 }],
    ['priority.gt~0', { field: 'priority', op: 'gt', value: 0 }],
    ['priority.gte~007', { field: 'priority', op: 'gte', value: 7 }],
    ['table_number.lt~10', { field: 'table_number', op: 'lt', value: 10 }],
    ['priority.lte~5', { field: 'priority', op: 'lte', value: 5 }],
    ['priority.in~0,1,2', { field: 'priority', op: 'in', value: [0, 1, 2] }],
    ['status.eq~In Progress', { field: 'status', op: 'eq', value: 'In Progress' }],
    ['status.ne~Draft', { field: 'status', op: 'ne', value: 'Draft' }],
    ['status.gt~Draft', { field: 'status', op: 'gt', value: 'Draft' }],
    ['status.gte~On the Way', { field: 'status', op: 'gte', value: 'On the Way' }],
    ['status.lt~Received', { field: 'status', op: 'lt', value: 'Received' }],
    ['status.lte~Ready for Pickup', { field: 'status', op: 'lte', value: 'Ready for Pickup' }],
    ['status.in~Draft,Ready for Assembly', { field: 'status', op: 'in', value: ['Draft', 'Ready for Assembly'] }],
    ['special_requests.contains~peanut', { field: 'special_requests', op: 'contains', value: 'peanut' }],
    ['created_at.ne~2024-05-07T18:30:00.000Z', { field: 'created_at', op: 'ne', value: '2024-05-07T18:30:00.000Z' }],
    ['created_at.gt~2024-05-07T18:30:00Z', { field: 'created_at', op: 'gt', value: '2024-05-07T18:30:00.000Z' }],
    ['scheduled_at.gte~2024-05-07T18:30:00+02:00', { field: 'scheduled_at', op: 'gte', value: '2024-05-07T16:30:00.000Z' }],
    ['updated_at.lt~2024-05-07T18:30:00.123456-05:30', { field: 'updated_at', op: 'lt', value: '2024-05-08T00:00:00.123Z' }],
    ['fire_at.lte~2024-02-29', { field: 'fire_at', op: 'lte', value: '2024-02-29T00:00:00.000Z' }],
    ['created_at.gt~2024-05-07T18:30Z', { field: 'created_at', op: 'gt', value: '2024-05-07T18:30:00.000Z' }],
    ['created_at.gt~2000-02-29', { field: 'created_at', op: 'gt', value: '2000-02-29T00:00:00.000Z' }],
    [
      'created_at.in~2024-05-07,2024-05-08T01:02:03Z',
      { field: 'created_at', op: 'in', value: ['2024-05-07T00:00:00.000Z', '2024-05-08T01:02:03.000Z'] },
    ],
  ])('orders: %s', (filter, condition) => {
    expect(orders({ filter })).toStrictEqual(filtered(condition));
  });

  it.each([
    ['price.contains~1', 'contains', 'price', 'number', 'eq, ne, gt, gte, lt, lte, in'],
    ['category.contains~Main', 'contains', 'category', 'enum', 'eq, ne, gt, gte, lt, lte, in'],
    ['created_at.contains~2024', 'contains', 'created_at', 'date', 'eq, ne, gt, gte, lt, lte, in'],
    ['is_available.contains~t', 'contains', 'is_available', 'boolean', 'eq, ne, in'],
    ['is_available.gt~false', 'gt', 'is_available', 'boolean', 'eq, ne, in'],
    ['ingredients.is_essential.lte~true', 'lte', 'ingredients.is_essential', 'boolean', 'eq, ne, in'],
  ])('dishes: refuses %s, naming the operators the type allows', (filter, op, field, type, allowed) => {
    expectFilterError(
      dishCatalogue,
      filter,
      `Operator '${op}' cannot be used on '${field}' (${type}) in filter condition '${filter}'; use one of: ${allowed}`,
    );
  });

  it('orders: refuses contains on an integer', () => {
    expectFilterError(
      orderCatalogue,
      'table_number.contains~1',
      "Operator 'contains' cannot be used on 'table_number' (integer) in filter condition 'table_number.contains~1'; use one of: eq, ne, gt, gte, lt, lte, in",
    );
  });

  it.each([
    ['dish_ids.nin~a,b', 'nin'],
    ['name.like~So%', 'like'],
    ['name.EQ~Soup', 'EQ'],
    ['name.~Soup', ''],
    ['name.regex~^S', 'regex'],
    ['name.$gt~', '$gt'],
  ])('refuses %s: %j is not a client operator', (filter, op) => {
    expectFilterError(orderCatalogue, filter, `Unknown operator '${op}' in filter condition '${filter}'; operators: ${OPERATORS}`);
  });
});

describe('filter: array properties', () => {
  it('takes eq on dish_ids (the order contains that dish)', () => {
    expect(orders({ filter: 'dish_ids.eq~692a4a34a46ecf001f35ac6f' })).toStrictEqual(
      filtered({ field: 'dish_ids', op: 'eq', value: '692a4a34a46ecf001f35ac6f' }),
    );
  });

  it('takes in and ne on dish_ids', () => {
    expect(orders({ filter: 'dish_ids.in~a1,b2|dish_ids.ne~c3' })).toStrictEqual(
      filtered({ field: 'dish_ids', op: 'in', value: ['a1', 'b2'] }, { field: 'dish_ids', op: 'ne', value: 'c3' }),
    );
  });

  it('splits a dotted property from its operator at the last dot', () => {
    expect(dishes({ filter: 'ingredients.ingredient_id.eq~66294b2a4475a41f3e709bc5|ingredients.is_essential.eq~true' })).toStrictEqual(
      filtered(
        { field: 'ingredients.ingredient_id', op: 'eq', value: '66294b2a4475a41f3e709bc5' },
        { field: 'ingredients.is_essential', op: 'eq', value: true },
      ),
    );
  });
});

describe('filter: values are data', () => {
  it.each<[string, Condition]>([
    ['name.eq~{"$gt":""}', { field: 'name', op: 'eq', value: '{"$gt":""}' }],
    ['name.eq~a~b.c', { field: 'name', op: 'eq', value: 'a~b.c' }],
    ['name.eq~x.eq~y', { field: 'name', op: 'eq', value: 'x.eq~y' }],
    ['name.contains~ $where: 1 ', { field: 'name', op: 'contains', value: ' $where: 1 ' }],
    ["name.eq~O'Brien; DROP TABLE dishes", { field: 'name', op: 'eq', value: "O'Brien; DROP TABLE dishes" }],
    ['name.in~{"$ne":null},~', { field: 'name', op: 'in', value: ['{"$ne":null}', '~'] }],
  ])('%s keeps its value literal', (filter, condition) => {
    expect(dishes({ filter })).toStrictEqual(filtered(condition));
  });

  it('keeps every condition, in order, even on the same property', () => {
    expect(orders({ filter: 'table_number.lt~10|status.eq~In Progress|table_number.gte~2' })).toStrictEqual(
      filtered(
        { field: 'table_number', op: 'lt', value: 10 },
        { field: 'status', op: 'eq', value: 'In Progress' },
        { field: 'table_number', op: 'gte', value: 2 },
      ),
    );
  });

  it('combines filter with sort, fields and paging in one ListQuery', () => {
    expect(
      orders({ filter: 'status.eq~Received', sort: 'priority', order: 'desc', fields: 'id|status', limit: '10', offset: '20' }),
    ).toStrictEqual({
      filter: [{ field: 'status', op: 'eq', value: 'Received' }],
      sort: { field: 'priority', direction: 'desc' },
      fields: ['id', 'status'],
      limit: 10,
      offset: 20,
    });
  });
});

describe('filter: invalid values', () => {
  const invalid = (field: string, filter: string, text: string, expected: string) =>
    `Invalid value '${text}' for '${field}' in filter condition '${filter}'; expected ${expected}`;

  it.each(['', 'abc', 'Infinity', '-Infinity', 'NaN', '1e999', '0x10', ' 5', '5 ', '+5', '1,5', '.5', '1..2'])(
    'price: refuses %j',
    (text) => {
      const filter = `price.gt~${text}`;
      expectFilterError(dishCatalogue, filter, invalid('price', filter, text, 'a number (e.g. 12.5)'));
    },
  );

  it.each(['', '1.5', '1e3', 'x', '0x10', '9007199254740993', '+1'])('table_number: refuses %j', (text) => {
    const filter = `table_number.eq~${text}`;
    expectFilterError(orderCatalogue, filter, invalid('table_number', filter, text, 'an integer (e.g. 12)'));
  });

  it.each(['', 'TRUE', 'True', '1', 'yes'])('is_available: refuses %j', (text) => {
    const filter = `is_available.eq~${text}`;
    expectFilterError(dishCatalogue, filter, invalid('is_available', filter, text, 'true or false'));
  });

  it.each(['', 'in progress', 'Cooking', 'Draft '])('status: refuses %j, listing the valid members in their order', (text) => {
    const filter = `status.eq~${text}`;
    expectFilterError(orderCatalogue, filter, invalid('status', filter, text, `one of ${STATUSES}`));
  });

  it.each([
    '',
    'yesterday',
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-5-7',
    '1715100000000',
    '2024-05-07T12:00:00',
    '2024-05-07 12:00:00Z',
    '2024-05-07t12:00:00z',
    '2024-05-07T24:00:00Z',
    '2024-05-07T12:60:00Z',
    '2024-05-07T12:00:60Z',
    '2024-05-07T12:00:00+24:00',
    '2024-05-07T12:00:00+0200',
    '2024-05-07T12:00:00 02:00',
    '2024-02-30T10:00:00Z',
  ])('created_at: refuses %j', (text) => {
    const filter = `created_at.gte~${text}`;
    expectFilterError(orderCatalogue, filter, invalid('created_at', filter, text, DATE_EXPECTED));
  });

  it('names the one bad item of an in list', () => {
    const filter = 'status.in~Draft,Cooking,Received';
    expectFilterError(orderCatalogue, filter, invalid('status', filter, 'Cooking', `one of ${STATUSES}`));
  });

  it('refuses an empty item in a typed in list', () => {
    const filter = 'price.in~1,,2';
    expectFilterError(dishCatalogue, filter, invalid('price', filter, '', 'a number (e.g. 12.5)'));
  });
});

describe('filter: properties', () => {
  it.each(['colour', 'ingredients.foo', 'constructor', '__proto__', 'toString', 'Name'])('refuses the unknown property %j', (field) => {
    const filter = `${field}.eq~x`;
    expectFilterError(
      dishCatalogue,
      filter,
      `Unknown property '${field}' in filter condition '${filter}'; filterable properties: ${DISH_FILTERABLE}`,
    );
  });

  it('refuses owner_id on the public order catalogue', () => {
    expectFilterError(
      orderCatalogue,
      'owner_id.eq~abc',
      `Unknown property 'owner_id' in filter condition 'owner_id.eq~abc'; filterable properties: ${ORDER_FILTERABLE}`,
    );
  });

  it('refuses a composite property as not filterable', () => {
    expectFilterError(
      dishCatalogue,
      'ingredients.eq~x',
      `Property 'ingredients' cannot be filtered (condition 'ingredients.eq~x'); filterable properties: ${DISH_FILTERABLE}`,
    );
  });

  it('refuses a known property the catalogue does not mark filterable', () => {
    expectFilterError(
      userCatalogue,
      'email.eq~a@b.co',
      `Property 'email' cannot be filtered (condition 'email.eq~a@b.co'); filterable properties: ${USER_FILTERABLE}`,
    );
  });
});

describe('filter: malformed conditions', () => {
  it.each([
    ['name', 'it has no ~ before the value'],
    ['name.eq', 'it has no ~ before the value'],
    ['name~Soup', 'it has no .<op> before the ~'],
    ['~Soup', 'it has no .<op> before the ~'],
    ['name~x.eq~y', 'it has no .<op> before the ~'],
    ['.eq~Soup', 'the property before the operator is empty'],
  ])('refuses %j: %s', (condition, why) => {
    expectFilterError(dishCatalogue, condition, `Malformed filter condition '${condition}': ${why}; expected <property>.<op>~<value>`);
  });

  it('quotes the malformed condition, not the whole filter', () => {
    expectFilterError(
      dishCatalogue,
      'name.eq~Soup|price',
      "Malformed filter condition 'price': it has no ~ before the value; expected <property>.<op>~<value>",
    );
  });

  it('refuses an empty filter', () => {
    expectFilterError(dishCatalogue, '', 'filter is empty; give at least one condition <property>.<op>~<value>, or leave filter out');
  });

  it.each(['|', 'name.eq~a|', '|name.eq~a', 'name.eq~a||price.gt~1'])('refuses the empty condition in %j', (filter) => {
    expectFilterError(
      dishCatalogue,
      filter,
      'filter contains an empty condition (check for a stray |); each condition is <property>.<op>~<value>',
    );
  });
});

describe('filter: safety caps', () => {
  it('accepts 20 conditions and refuses 21', () => {
    const conditions = (count: number) => Array.from({ length: count }, (_, i) => `price.gt~${i}`).join('|');
    expect(dishes({ filter: conditions(20) }).filter).toHaveLength(20);
    expectFilterError(dishCatalogue, conditions(21), 'filter may have at most 20 conditions');
  });

  it('accepts a 2000-character filter and refuses 2001 characters', () => {
    const filter = `name.eq~${'a'.repeat(1992)}`;
    expect(filter).toHaveLength(2000);
    expect(dishes({ filter })).toStrictEqual(filtered({ field: 'name', op: 'eq', value: 'a'.repeat(1992) }));
    expectFilterError(dishCatalogue, `${filter}a`, 'filter must be at most 2000 characters');
  });

  it('accepts 100 values in an in list and refuses 101', () => {
    const list = (count: number) => Array.from({ length: count }, (_, i) => String(i)).join(',');
    expect(dishes({ filter: `price.in~${list(100)}` }).filter[0]?.value).toHaveLength(100);
    const filter = `price.in~${list(101)}`;
    expectFilterError(dishCatalogue, filter, `Too many values in filter condition '${filter}'; in takes at most 100`);
  });
});
