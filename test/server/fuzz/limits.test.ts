// Property test of the limits: date-times and numbers at the edges (and past them) of every writable
// field of orders (with items and their options), dishes (with modifier options), ingredients and
// the settings, and of the quote's and the report's parameters, by staff and patrons. Never a 5xx; and after every request each stored order, dish,
// ingredient and the settings still fit their schemas, every stored time canonical UTC within
// 1970–9999, every number a kitchen's (a day of preparation, ±1e9 of stock, prices to 1e9).
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import Type from 'typebox';
import { afterAll, expect } from 'vitest';
import { publicOrder } from '../../../domain/orders/orders.js';
import { publicIngredient } from '../../../domain/menu/ingredients.js';
import { publicSettings } from '../../../domain/settings.js';
import { Dish } from '../../../models/dish.js';
import { Ingredient } from '../../../models/ingredient.js';
import { LATEST_INSTANT, MAX_MINUTES, MAX_STOCK } from '../../../models/limits.js';
import { Order } from '../../../models/order.js';
import { Settings, SETTINGS_ID } from '../../../models/settings.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { seedMenu } from '../../helpers/menu.js';
import { FrozenClock } from '../../domain/orders/support.js';

const RUNS = Math.round(400 * Number(process.env.FUZZ_RUNS ?? 1));
const DAY = 86_400_000;
/** The option the fuzz writes on the steak, with deltas at the edges, and orders. */
const EDGE_OPTION = '5f00000000000000000000ed';
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const fits = {
  orders: ajv.compile(Order),
  dishes: ajv.compile(Type.Omit(Dish, ['is_available', 'portions_left', 'allergens'])),
  ingredients: ajv.compile(Ingredient),
  settings: ajv.compile(Settings),
};

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
const orderIds: string[] = [];
const statuses = new Map<number, number>();

// One app for the file (startFileApp), on purpose: the fuzz's runs build on what earlier runs stored (orders, stock, settings).
it.beforeAll(async ({ startFileApp }) => {
  clock = new FrozenClock();
  t = await startFileApp({ clock });
  menu = await seedMenu(t, 1_000_000);
});
afterAll(async () => {
  console.log(`limits fuzz: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`);
});

/** A date-time near an edge: the epoch, year 9999, a year ahead, now, written in UTC or with an offset. */
const dateTimeArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '9999-12-31T23:59:59.999-12:00',
    '9999-12-31T23:59:59.999Z',
    '0000-01-01T00:00:00+14:00',
    '1970-01-01T00:00:00Z',
    '1969-12-31T23:59:59.999Z',
    '2026-12-31T23:59:60Z',
    '2026-02-29T12:00:00Z',
    '2027-01-01 12:00:00Z',
    '2027-01-01T12:00:00z',
    '2027-01-01T24:00:00Z',
    '+010000-01-01T00:00:00.000Z',
    '',
  ),
  fc
    .tuple(
      fc.constantFrom(0, 1, 60_000, 366 * DAY, 366 * DAY + 1, 400 * DAY, -1, -DAY, LATEST_INSTANT),
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom('Z', '+14:00', '-12:00', '+05:30', '+00:00'),
    )
    .map(([offset, jitter, zone]) => {
      const at = offset === LATEST_INSTANT ? offset : Date.now() + offset + jitter;
      const shift = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
      const local = new Date(at + shift);
      return Number.isNaN(local.getTime()) ? 'not a date' : local.toISOString().replace('Z', zone === 'Z' ? 'Z' : zone);
    }),
);

/** A number near an edge: zero and its sign, the bounds and one past them, the largest and tiniest doubles. */
const numberArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, MAX_MINUTES, MAX_MINUTES + 1e-9, MAX_STOCK, MAX_STOCK + 1, -MAX_STOCK, -MAX_STOCK - 1, 1e12),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 120, 121, 5, 6),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const roleArb = fc.constantFrom('patron' as const, 'chef' as const, 'expeditor' as const, 'manager' as const);
const pick = <T>(items: readonly T[]) => fc.nat().map((index) => items[index % Math.max(1, items.length)]);
const anyOrder = () => pick(orderIds).map((id) => id ?? '000000000000000000000000');

interface Request {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  as: 'patron' | 'chef' | 'expeditor' | 'manager';
  payload?: Record<string, unknown>;
}

const requestArb: fc.Arbitrary<Request> = fc.oneof(
  fc
    .record({ as: roleArb, scheduled_at: dateTimeArb, table_number: numberArb, course_gap_minutes: numberArb })
    .map(({ as, ...fields }) => ({
      method: 'POST' as const,
      url: '/orders',
      as,
      payload: { name: 'Edge', dish_ids: [menu.steak.id, menu.salad.id], pacing: 'courses', ...fields },
    })),
  fc.record({ as: roleArb, scheduled_at: dateTimeArb }).map(({ as, scheduled_at }) => ({
    method: 'POST' as const,
    url: '/orders',
    as,
    payload: { name: 'Edge', dish_ids: [menu.lemonade.id], scheduled_at },
  })),
  fc
    .tuple(anyOrder(), roleArb, fc.constantFrom('scheduled_at', 'table_number', 'course_gap_minutes', 'priority'), dateTimeArb, numberArb)
    .map(([id, as, field, date, number]) => ({
      method: 'PATCH' as const,
      url: `/orders/${id}`,
      as,
      payload: { [field]: field === 'scheduled_at' ? date : number },
    })),
  fc.tuple(numberArb, numberArb).map(([preparation_time, price]) => ({
    method: 'POST' as const,
    url: '/dishes',
    as: 'chef' as const,
    payload: {
      name: 'Edge Dish',
      description: 'At the edge.',
      category: 'Main Course',
      image_name: 'edge',
      station: 'hot',
      ingredients: [{ ingredient_id: menu.beef.id, is_essential: true }],
      preparation_time,
      price,
    },
  })),
  fc.tuple(fc.constantFrom('preparation_time', 'price'), numberArb).map(([field, value]) => ({
    method: 'PATCH' as const,
    url: `/dishes/${menu.salad.id}`,
    as: 'manager' as const,
    payload: { [field]: value },
  })),
  fc.tuple(numberArb, numberArb).map(([price_delta, minutes_delta]) => ({
    method: 'PATCH' as const,
    url: `/dishes/${menu.steak.id}`,
    as: 'manager' as const,
    payload: { modifier_groups: [{ name: 'Edge', options: [{ id: EDGE_OPTION, name: 'Edge', price_delta, minutes_delta }] }] },
  })),
  fc.tuple(roleArb, fc.integer({ min: 1, max: 99 })).map(([as, quantity]) => ({
    method: 'POST' as const,
    url: '/orders',
    as,
    payload: { name: 'Edge', items: [{ dish_id: menu.steak.id, quantity, option_ids: [EDGE_OPTION] }] },
  })),
  fc.tuple(numberArb, numberArb).map(([in_stock_qty, price]) => ({
    method: 'POST' as const,
    url: '/ingredients',
    as: 'chef' as const,
    payload: { name: 'Edge Ingredient', in_stock_qty, price },
  })),
  fc.tuple(fc.constantFrom('in_stock_qty', 'in_stock_delta', 'price'), numberArb).map(([field, value]) => ({
    method: 'PATCH' as const,
    url: `/ingredients/${menu.salt.id}`,
    as: 'chef' as const,
    payload: { [field]: value },
  })),
  fc
    .tuple(
      fc.constantFrom('max_wait_minutes', 'low_portions', 'time_zone'),
      numberArb,
      fc.constantFrom('europe/berlin', 'ASIA/KOLKATA', 'Etc/GMT+14', '+05:30', 'UTC', 'Mars/Olympus', 'america/new_york'),
    )
    .map(([field, number, zone]) => ({
      method: 'PATCH' as const,
      url: '/settings',
      as: 'manager' as const,
      payload: { [field]: field === 'time_zone' ? zone : number },
    })),
  dateTimeArb.map((scheduled_at) => ({
    method: 'GET' as const,
    url: `/quote?dish_ids=${menu.steak.id},${menu.salad.id}&scheduled_at=${encodeURIComponent(scheduled_at)}`,
    as: 'patron' as const,
  })),
  fc.tuple(dateTimeArb, dateTimeArb).map(([from, to]) => ({
    method: 'GET' as const,
    url: `/reports/kitchen?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    as: 'manager' as const,
  })),
  dateTimeArb.map((at) => ({
    method: 'GET' as const,
    url: `/orders?filter=scheduled_at.lt~${encodeURIComponent(at)}&sort=scheduled_at`,
    as: 'manager' as const,
  })),
);

/** Every stored time (a property named *_at, at any depth) canonical and within 1970–9999. */
function timesOutside(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => timesOutside(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const at = `${path}.${key}`;
    if (key.endsWith('_at') && typeof item === 'string' && !CANONICAL.test(item)) return [`${at} = ${item}`];
    return timesOutside(item, at);
  });
}

/** What is stored that its schema does not allow: empty when every document fits. */
async function outsideTheSchemas(): Promise<string[]> {
  const faults: string[] = [];
  const check = (name: keyof typeof fits, doc: object, id: string) => {
    if (!fits[name](doc)) faults.push(`${name} ${id}: ${ajv.errorsText(fits[name].errors)}`);
    faults.push(...timesOutside(doc).map((fault) => `${name} ${id}${fault}`));
  };
  for (const order of await t.store.collection('orders').find([])) check('orders', publicOrder(order), order.id);
  for (const dish of await t.store.collection('dishes').find([])) check('dishes', dish, dish.id);
  for (const ingredient of await t.store.collection('ingredients').find([]))
    check('ingredients', publicIngredient(ingredient), ingredient.id);
  check('settings', publicSettings(await t.store.collection('settings').get(SETTINGS_ID)), 'settings');
  return faults;
}

it('never answers 5xx and never stores a value outside the schema, for dates and numbers at every edge', async () => {
  await fc.assert(
    fc.asyncProperty(requestArb, async (request) => {
      const response = await t.inject({ method: request.method, url: request.url, as: request.as, payload: request.payload });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, `${request.method} ${request.url} ${JSON.stringify(request.payload)}: ${response.body}`).toBeLessThan(
        500,
      );
      if (request.url === '/orders' && request.method === 'POST' && response.statusCode === 201)
        orderIds.push(response.json<{ id: string }>().id);
      expect(await outsideTheSchemas(), `${request.method} ${request.url} ${JSON.stringify(request.payload)}`).toEqual([]);
      // Whatever was stored, the queues, the quote and the report still answer.
      const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id},${menu.salad.id}` });
      expect(quote.statusCode, quote.body).toBe(200);
    }),
    { numRuns: RUNS },
  );
  const report = await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' });
  expect(report.statusCode, report.body).toBe(200);
}, 240_000);
