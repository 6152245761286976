// Request generators for the fuzz suite: every endpoint of the OpenAPI document, with path ids,
// query strings and bodies that range from nearly valid to hostile, and every kind of caller.
import fc from 'fast-check';
import type { Role } from '../../../models/user.js';

export type Caller = Role | null | 'forged' | 'garbage';

export interface FuzzRequest {
  method: string;
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export interface Endpoint {
  method: string;
  /** An OpenAPI path: `/dishes/{id}`. */
  path: string;
}

/** Ids the run has seen, so generated requests often reach real documents. */
export interface IdPools {
  dishes: string[];
  ingredients: string[];
  orders: string[];
  users: string[];
}

const HOSTILE_TEXT = [
  '{"$gt":""}',
  '{"$ne":null}',
  "' OR '1'='1",
  '"; DROP TABLE dishes; --',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  ' ',
  '',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 3000, unit: 'binary-ascii' }) },
);
const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const number = fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double(), fc.constantFrom(0, -0, 1e308, -1e308, 5e-324));
const junk = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }), fc.constant({ $gt: '' }));
const timestamp = fc
  .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((date) => date.toISOString());

function pick(pool: string[]): fc.Arbitrary<string> {
  return fc.nat().map((i) => pool[i % Math.max(1, pool.length)] ?? 'aaaaaaaaaaaaaaaaaaaaaaaa');
}

/** Per resource: values a valid body would hold (so requests get past validation), and ids from the pools. */
function shapes(pools: IdPools) {
  const name = fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/\s/g, '_'));
  const price = fc.double({ min: 0, max: 100, noNaN: true });
  const ingredient = { name, in_stock_qty: fc.integer({ min: -5, max: 1000 }), price };
  return {
    ingredients: { ...ingredient, in_stock_delta: fc.integer({ min: -50, max: 50 }) },
    dishes: {
      name,
      description: name,
      category: fc.constantFrom('Appetizer', 'Main Course', 'Dessert', 'Drinks'),
      image_name: name,
      preparation_time: fc.integer({ min: 1, max: 60 }),
      price,
      station: fc.constantFrom('cold', 'hot', 'beverages'),
      ingredients: fc.array(fc.record({ ingredient_id: pick(pools.ingredients), is_essential: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
      }),
    },
    orders: {
      name,
      dish_ids: fc.array(pick(pools.dishes), { minLength: 1, maxLength: 4 }),
      table_number: fc.option(fc.integer({ min: 0, max: 40 })),
      special_requests: fc.option(fc.string({ maxLength: 40 })),
      scheduled_at: fc.option(fc.integer({ min: -3600, max: 86_400 }).map((s) => new Date(Date.now() + s * 1000).toISOString())),
      status: fc.constantFrom('Draft', 'Received', 'In Progress', 'Ready for Assembly', 'On the Way', 'Ready for Pickup'),
      priority: fc.integer({ min: 0, max: 5 }),
    },
    users: {
      user_name: name,
      email: fc.constantFrom('cook@example.com', 'guest@example.org'),
      password: fc.constantFrom('Kitchen@Pass1!', 'Other@Pass2?'),
      role: fc.constantFrom('patron', 'chef', 'expeditor', 'manager'),
    },
    'auth/token': {
      grant_type: fc.constant('password'),
      user_name: fc.constantFrom('manager1', 'patron1', 'nobody'),
      password: fc.constantFrom('Kitchen@Pass1!', 'wrong'),
    },
    'auth/refresh-token': { refresh_token: fc.stringMatching(/^[0-9a-f]{64}$/) },
  };
}

const OWNED = {
  id: hex24,
  created_at: timestamp,
  updated_at: timestamp,
  owner_id: hex24,
  password_hash: text,
  is_available: fc.boolean(),
  fire_at: timestamp,
};

/** A body for `path`: nearly valid for its resource (each field now and then junk), partial, another resource's, or junk. */
function bodyFor(path: string, all: ReturnType<typeof shapes>): fc.Arbitrary<unknown> {
  const key = (path.startsWith('/auth') ? path.slice(1) : path.split('/')[1]) as keyof typeof all;
  const own = all[key] ?? all.orders;
  const nearly = (shape: Record<string, fc.Arbitrary<unknown>>, requiredKeys?: string[]) => {
    const fields = Object.fromEntries(
      Object.entries(shape).map(([name, valid]) => [name, fc.oneof({ weight: 15, arbitrary: valid }, { weight: 1, arbitrary: junk })]),
    );
    return fc.record(fields, requiredKeys ? { requiredKeys } : { requiredKeys: [] });
  };
  const extras = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.record(OWNED, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 2 }) },
  );
  const writable = Object.keys(own).filter(
    (name) => !['status', 'priority', 'in_stock_delta', 'scheduled_at', 'special_requests', 'table_number'].includes(name),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(nearly(own, writable), extras).map(([body, extra]) => ({ ...body, ...extra })) },
    { weight: 3, arbitrary: nearly(own) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(all)).chain((shape) => nearly(shape)) },
    { weight: 1, arbitrary: junk },
  );
}

const QUERY_KEYS = ['sort', 'order', 'fields', 'filter', 'limit', 'offset'];
const FIELD_NAMES = [
  'id',
  'name',
  'price',
  'status',
  'priority',
  'created_at',
  'dish_ids',
  'is_available',
  'ingredients.ingredient_id',
  'role',
  'owner_id',
  'password_hash',
  'nope',
];
const OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains', 'nin', 'regex', ''];

const condition = fc
  .tuple(
    fc.constantFrom(...FIELD_NAMES),
    fc.constantFrom(...OPS),
    fc.oneof(text, fc.constantFrom('true', '3', '2024-05-07', 'In Progress', 'a,b,c', '1e999', '-0')),
  )
  .map(([field, op, value]) => `${field}.${op}~${value}`);

export const queryArb = fc.array(
  fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...QUERY_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
    fc.oneof(
      fc.array(condition, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('|')),
      fc.array(fc.constantFrom(...FIELD_NAMES), { minLength: 0, maxLength: 4 }).map((parts) => parts.join('|')),
      fc.constantFrom('asc', 'desc', '0', '1', '30', '31', '-1', '1.5', 'NaN', '9007199254740993'),
      text,
    ),
  ),
  { maxLength: 4 },
);

/** Percent-encodes any text, lone surrogates included (as the bytes a client would send). */
const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');

function pathFor(template: string, pools: IdPools): fc.Arbitrary<string> {
  const resource = template.split('/')[1] as keyof IdPools;
  const id = fc.oneof(
    { weight: 4, arbitrary: pick(pools[resource] ?? []) },
    { weight: 1, arbitrary: hex24 },
    { weight: 2, arbitrary: text.map(encodeSegment) },
    // Not valid percent-encoding at all.
    { weight: 1, arbitrary: fc.constantFrom('%ff', '%', '%E0%A4%A', '%00', '..', '.') },
  );
  return template.includes('{') ? id.map((value) => template.replace(/\{[^}]+\}/, value)) : fc.constant(template);
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/problem+json',
  '',
];

export function requestArb(endpoints: Endpoint[], pools: IdPools): fc.Arbitrary<FuzzRequest> {
  // Built once: arbitraries are costly to build and read the pools only when they generate.
  const all = shapes(pools);
  const bodies = new Map<string, fc.Arbitrary<string | undefined>>();
  const bodyArb = (path: string) => {
    let arbitrary = bodies.get(path);
    if (!arbitrary) {
      arbitrary = fc.oneof(
        { weight: 12, arbitrary: bodyFor(path, all).map((value) => JSON.stringify(value) ?? 'null') },
        { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
      bodies.set(path, arbitrary);
    }
    return arbitrary;
  };
  const paths = new Map<string, fc.Arbitrary<string>>();
  const pathArb = (template: string) => {
    let arbitrary = paths.get(template);
    if (!arbitrary) paths.set(template, (arbitrary = pathFor(template, pools)));
    return arbitrary;
  };
  return fc
    .record({
      endpoint: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom(...endpoints) },
        {
          weight: 1,
          arbitrary: fc.record({
            method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'),
            path: fc.constantFrom('/dishes/{id}', '/nowhere', '/orders/{id}/dishes/{id}', '/'),
          }),
        },
      ),
      caller: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<Caller>('patron', 'chef', 'expeditor', 'manager') },
        { weight: 1, arbitrary: fc.constantFrom<Caller>(null, 'forged', 'garbage') },
      ),
      query: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: queryArb }),
      contentType: fc.oneof(
        { weight: 10, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
    })
    .chain(({ endpoint, caller, query, contentType }) => {
      return fc.tuple(pathArb(endpoint.path), bodyArb(endpoint.path)).map(([path, body]): FuzzRequest => {
        const search = new URLSearchParams(query).toString();
        const hasBody = !['GET', 'DELETE', 'OPTIONS', 'TRACE'].includes(endpoint.method) && body !== undefined;
        return {
          method: endpoint.method,
          url: search ? `${path}?${search}` : path,
          caller,
          headers: hasBody && contentType ? { 'content-type': contentType } : {},
          ...(hasBody && { payload: body }),
        };
      });
    });
}

/** Malformed payloads: broken JSON, random bytes, deep nesting, duplicate and prototype keys. */
export const rawPayloadArb = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.integer({ min: 1, max: 5000 }).map((depth) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`),
  fc.constantFrom(
    '{"name":"a","name":{"$gt":""}}',
    '{"__proto__":{"role":"manager"}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":1}}',
    '\ufeff{}',
    'null',
    '[]',
    '""',
    '1e999',
    'NaN',
    '{"a":1,}',
    "{'a':1}",
  ),
);
