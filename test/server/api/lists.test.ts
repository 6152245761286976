// The list rules end to end: paging, sorting with the id tie-break, projection, every filter
// operator with typed values (arrays, dotted paths, computed availability), and the parser's 400s.
import { describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { addIngredient, placeOrder, seedMenu } from '../../helpers/menu.js';
import type { Role } from '../../../models/user.js';
import { expectProblem, expectQueryError, FrozenClock } from './support.js';

const START = Date.parse('2030-05-07T10:00:00.000Z');
const MINUTE = 60_000;

// The parser's 400s read no data and share one app for the file; a test that lists everything it
// made starts a fresh app on a frozen clock (`fresh`), so its lists hold its own items and nothing else.
let t: TestApp;
let clock: FrozenClock;
fileScene(
  async (app) => app,
  (app) => (t = app),
);
async function fresh(startApp: StartApp) {
  clock = new FrozenClock(START);
  t = await startApp({ clock });
}

/** GET a list with its parameters URL-encoded, as a client library would. */
async function list(path: string, params: Record<string, string | number> = {}, as: Role | null = 'manager') {
  const query = Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return t.inject({ method: 'GET', url: query ? `${path}?${query}` : path, as });
}
async function names(path: string, params: Record<string, string | number> = {}) {
  const response = await list(path, params);
  expect(response.statusCode).toBe(200);
  const body = response.json<{ results: { name: string }[]; total_results: number }>();
  return { names: body.results.map((item) => item.name), total: body.total_results };
}
const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

/** Five ingredients created a minute apart (10:01 … 10:05); three share the price 2. */
async function pantry() {
  const made = [];
  for (const [name, qty, price] of [
    ['Basil', 5, 2],
    ['Carrot', 40, 0.35],
    ['Dill', 0, 2],
    ['Eggs', -3, 3.5],
    ['Flour', 12, 2],
  ] as const) {
    clock.advance(MINUTE);
    made.push(await addIngredient(t, name, qty, price));
  }
  const [basil, carrot, dill, eggs, flour] = made as [
    (typeof made)[0],
    (typeof made)[0],
    (typeof made)[0],
    (typeof made)[0],
    (typeof made)[0],
  ];
  return { basil, carrot, dill, eggs, flour };
}

describe('paging', () => {
  it('limit defaults to 30; total_results counts every match whatever limit and offset', async ({ startApp }) => {
    await fresh(startApp);
    for (let index = 0; index < 35; index++) {
      clock.advance(1);
      await addIngredient(t, `Item ${String(index).padStart(2, '0')}`, index);
    }
    const first = await names('/ingredients');
    expect(first.total).toBe(35);
    expect(first.names).toStrictEqual(Array.from({ length: 30 }, (_, index) => `Item ${String(index).padStart(2, '0')}`));
    expect(await names('/ingredients', { offset: 30 })).toStrictEqual({
      names: ['Item 30', 'Item 31', 'Item 32', 'Item 33', 'Item 34'],
      total: 35,
    });
    expect(await names('/ingredients', { offset: 33, limit: 1 })).toStrictEqual({ names: ['Item 33'], total: 35 });
    expect(await names('/ingredients', { offset: 100 })).toStrictEqual({ names: [], total: 35 });
    expect(await names('/ingredients', { filter: 'in_stock_qty.gte~30', limit: 2, offset: 1 })).toStrictEqual({
      names: ['Item 31', 'Item 32'],
      total: 5,
    });
  });

  it.each(['0', '31', '-1', '2.5', 'ten', ''])('400 for limit=%j, never clamped', async (limit) => {
    expectQueryError(await list('/ingredients', { limit }), 'limit', 'limit must be an integer from 1 to 30');
  });

  it.each(['-1', '1.5', 'first'])('400 for offset=%j', async (offset) => {
    expectQueryError(await list('/ingredients', { offset }), 'offset', 'offset must be an integer of 0 or more');
  });
});

describe('sorting', () => {
  it('with no sort, oldest first', async ({ startApp }) => {
    await fresh(startApp);
    const { basil, carrot, dill, eggs, flour } = await pantry();
    const response = await list('/ingredients');
    expect(response.json().results.map((item: { id: string }) => item.id)).toStrictEqual([basil.id, carrot.id, dill.id, eggs.id, flour.id]);
  });

  it('asc by default, desc on request; ties break by id in the same direction (desc is the exact reverse of asc)', async ({ startApp }) => {
    await fresh(startApp);
    const { basil, carrot, dill, eggs, flour } = await pantry();
    const ties = byId([basil, dill, flour]).map((item) => item.name);
    expect((await names('/ingredients', { sort: 'price' })).names).toStrictEqual(['Carrot', ...ties, 'Eggs']);
    expect((await names('/ingredients', { sort: 'price', order: 'asc' })).names).toStrictEqual(['Carrot', ...ties, 'Eggs']);
    expect((await names('/ingredients', { sort: 'price', order: 'desc' })).names).toStrictEqual(['Eggs', ...[...ties].reverse(), 'Carrot']);
    expect((await names('/ingredients', { sort: 'name', order: 'desc' })).names).toStrictEqual([
      'Flour',
      'Eggs',
      'Dill',
      'Carrot',
      'Basil',
    ]);
    expect((await names('/ingredients', { sort: 'in_stock_qty' })).names).toStrictEqual(['Eggs', 'Dill', 'Basil', 'Flour', 'Carrot']);
    expect((await names('/ingredients', { sort: 'id', order: 'desc' })).names).toStrictEqual(
      byId([basil, carrot, dill, eggs, flour])
        .reverse()
        .map((item) => item.name),
    );
  });

  it('pages through ties without losing or repeating an item', async ({ startApp }) => {
    await fresh(startApp);
    await pantry();
    const whole = (await names('/ingredients', { sort: 'price', order: 'desc' })).names;
    const paged: string[] = [];
    for (let offset = 0; offset < 5; offset += 2)
      paged.push(...(await names('/ingredients', { sort: 'price', order: 'desc', limit: 2, offset })).names);
    expect(paged).toStrictEqual(whole);
  });

  it('400 for an unsortable property, order without sort, and an unknown order', async () => {
    expectQueryError(
      await list('/dishes', { sort: 'is_available' }),
      'sort',
      "Cannot sort by 'is_available'; sortable properties: category, created_at, id, name, preparation_time, price, station, updated_at",
    );
    expectQueryError(
      await list('/users', { sort: 'email' }),
      'sort',
      "Cannot sort by 'email'; sortable properties: created_at, id, role, updated_at, user_name",
    );
    expectQueryError(await list('/ingredients', { order: 'asc' }), 'order', 'order can only be used together with sort');
    expectQueryError(await list('/ingredients', { sort: 'name', order: 'up' }), 'order', 'order must be asc or desc');
  });
});

describe('fields', () => {
  it('projects every list item to the named properties', async ({ startApp }) => {
    await fresh(startApp);
    const { basil } = await pantry();
    const response = await list('/ingredients', { fields: 'price|name|id', limit: 1 });
    expect(response.json()).toStrictEqual({ results: [{ price: 2, name: 'Basil', id: basil.id }], total_results: 5 });
  });

  it('names a computed property and an array property on dishes', async ({ startApp }) => {
    await fresh(startApp);
    const menu = await seedMenu(t);
    const response = await list('/dishes', { fields: 'is_available|ingredients', filter: `id.eq~${menu.lemonade.id}` });
    expect(response.json()).toStrictEqual({
      results: [{ is_available: true, ingredients: [{ ingredient_id: menu.lemon.id, is_essential: true }] }],
      total_results: 1,
    });
  });

  it('400 for an unknown name, a nested name and an empty one', async () => {
    const valid = 'valid fields: allergens, created_at, id, in_stock_qty, name, price, unit, updated_at';
    expectQueryError(await list('/ingredients', { fields: 'name|qty' }), 'fields', `Unknown field 'qty' in fields; ${valid}`);
    expectQueryError(
      await list('/ingredients', { fields: 'name||price' }),
      'fields',
      `fields contains an empty name (check for a stray |); ${valid}`,
    );
    expectQueryError(
      await list('/dishes', { fields: 'ingredients.ingredient_id' }),
      'fields',
      "Unknown field 'ingredients.ingredient_id' in fields; valid fields: allergens, category, created_at, " +
        'description, id, image_name, ingredients, is_available, name, portions_left, preparation_time, ' +
        'price, station, updated_at',
    );
  });
});

describe('filter operators on numbers and strings', () => {
  // The five pantry items, made once: these tests only read them.
  let pantryApp: TestApp;
  it.beforeAll(async ({ startFileApp }) => {
    clock = new FrozenClock(START);
    t = pantryApp = await startFileApp({ clock });
    await pantry();
  });
  it.beforeEach(() => {
    t = pantryApp;
  });
  it.each([
    ['price.eq~2', ['Basil', 'Dill', 'Flour']],
    ['price.ne~2', ['Carrot', 'Eggs']],
    ['in_stock_qty.gt~5', ['Carrot', 'Flour']],
    ['in_stock_qty.gte~5', ['Basil', 'Carrot', 'Flour']],
    ['in_stock_qty.lt~0', ['Eggs']],
    ['in_stock_qty.lte~0', ['Dill', 'Eggs']],
    ['in_stock_qty.in~0,40,-3', ['Carrot', 'Dill', 'Eggs']],
    ['price.lt~0.5', ['Carrot']],
    ['price.gte~2.0|in_stock_qty.gt~0', ['Basil', 'Flour']],
    ['name.eq~Dill', ['Dill']],
    ['name.eq~dill', []],
    ['name.contains~LOU', ['Flour']],
    ['name.contains~r', ['Carrot', 'Flour']],
    ['name.in~Basil,Eggs,Nope', ['Basil', 'Eggs']],
    ['name.gt~D', ['Dill', 'Eggs', 'Flour']],
    ['price.eq~2e0', ['Basil', 'Dill', 'Flour']],
  ])('%s', async (filter, expected) => {
    expect(await names('/ingredients', { filter })).toStrictEqual({ names: expected, total: expected.length });
  });

  it('dates: a calendar day or a full date-time', async () => {
    expect((await names('/ingredients', { filter: 'created_at.gte~2030-05-07' })).names).toStrictEqual([
      'Basil',
      'Carrot',
      'Dill',
      'Eggs',
      'Flour',
    ]);
    expect((await names('/ingredients', { filter: 'created_at.lt~2030-05-07' })).names).toStrictEqual([]);
    expect((await names('/ingredients', { filter: 'created_at.gt~2030-05-07T10:03:00Z' })).names).toStrictEqual(['Eggs', 'Flour']);
    expect((await names('/ingredients', { filter: 'created_at.lte~2030-05-07T12:02:00+02:00' })).names).toStrictEqual(['Basil', 'Carrot']);
    expect((await names('/ingredients', { filter: 'created_at.eq~2030-05-07T10:04:00.000Z' })).names).toStrictEqual(['Eggs']);
  });

  it('a value that looks like a query operator is only ever the literal text', async ({ startApp }) => {
    await fresh(startApp);
    await pantry();
    await addIngredient(t, '{"$gt":""}', 1);
    expect(await names('/ingredients', { filter: 'name.eq~{"$gt":""}' })).toStrictEqual({ names: ['{"$gt":""}'], total: 1 });
    expect(await names('/ingredients', { filter: 'name.ne~{"$ne":null}' })).toStrictEqual({
      names: ['Basil', 'Carrot', 'Dill', 'Eggs', 'Flour', '{"$gt":""}'],
      total: 6,
    });
    expect(await names('/ingredients', { filter: "name.eq~' OR 1=1 --" })).toStrictEqual({ names: [], total: 0 });
  });

  it('only the first ~ separates: a value may hold ~, dots and spaces', async ({ startApp }) => {
    await fresh(startApp);
    await addIngredient(t, 'Salt ~ Pepper v1.2', 1);
    expect((await names('/ingredients', { filter: 'name.eq~Salt ~ Pepper v1.2' })).names).toStrictEqual(['Salt ~ Pepper v1.2']);
  });
});

describe('filters on orders: integers, enums with spaces, array containment', () => {
  async function orders() {
    const menu = await seedMenu(t);
    clock.advance(MINUTE);
    const o1 = await placeOrder(t, [menu.salad.id], 'patron', { table_number: 1 });
    clock.advance(MINUTE);
    const o2 = await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { table_number: 5 });
    clock.advance(MINUTE);
    const o3 = await placeOrder(t, [menu.lemonade.id], 'patron', { table_number: 10, special_requests: 'No ice please' });
    clock.advance(MINUTE);
    const o4 = await placeOrder(t, [menu.steak.id, menu.steak.id], 'patron', { table_number: null });
    await t.inject({ method: 'PATCH', url: `/orders/${o2.id}`, as: 'expeditor', payload: { status: 'In Progress', priority: 1 } });
    return { menu, o1, o2, o3, o4 };
  }
  const ids = async (filter: string) => {
    const response = await list('/orders', { filter, fields: 'id' });
    expect(response.statusCode).toBe(200);
    return response.json().results.map((order: { id: string }) => order.id);
  };

  it('every kind of condition', async ({ startApp }) => {
    await fresh(startApp);
    const { menu, o1, o2, o3, o4 } = await orders();
    expect(await ids('table_number.lt~6')).toStrictEqual([o1.id, o2.id]);
    expect(await ids('table_number.in~1,10')).toStrictEqual([o1.id, o3.id]);
    expect(await ids('status.eq~In Progress')).toStrictEqual([o2.id]);
    expect(await ids('status.ne~In Progress')).toStrictEqual([o1.id, o3.id, o4.id]);
    expect(await ids('status.in~Received,In Progress|table_number.gte~5')).toStrictEqual([o2.id, o3.id]);
    expect(await ids('table_number.lt~6|status.eq~Received')).toStrictEqual([o1.id]);
    expect(await ids('priority.lt~3')).toStrictEqual([o2.id]);
    expect(await ids(`dish_ids.eq~${menu.salad.id}`)).toStrictEqual([o1.id, o2.id]);
    expect(await ids(`dish_ids.ne~${menu.salad.id}`)).toStrictEqual([o3.id, o4.id]);
    expect(await ids(`dish_ids.in~${menu.lemonade.id},${menu.steak.id}`)).toStrictEqual([o2.id, o3.id, o4.id]);
    expect(await ids('special_requests.contains~ICE')).toStrictEqual([o3.id]);
    expect(await ids(`created_at.gt~${o2.created_at}`)).toStrictEqual([o3.id, o4.id]);
    expect(await ids('scheduled_at.gt~2030-01-01')).toStrictEqual([]);
  });

  it('sorts orders by priority, ties by id', async ({ startApp }) => {
    await fresh(startApp);
    const { o1, o2, o3, o4 } = await orders();
    const response = await list('/orders', { sort: 'priority', fields: 'id' });
    expect(response.json().results.map((order: { id: string }) => order.id)).toStrictEqual([
      o2.id,
      ...byId([o1, o3, o4]).map((order) => order.id),
    ]);
  });

  it('400 for values of the wrong type, naming what was expected', async ({ startApp }) => {
    await fresh(startApp);
    await orders();
    expectQueryError(
      await list('/orders', { filter: 'table_number.eq~1.5' }),
      'filter',
      "Invalid value '1.5' for 'table_number' in filter condition 'table_number.eq~1.5'; expected an integer (e.g. 12)",
    );
    expectQueryError(
      await list('/orders', { filter: 'status.eq~in progress' }),
      'filter',
      "Invalid value 'in progress' for 'status' in filter condition 'status.eq~in progress'; expected one " +
        'of Draft, Received, In Progress, Ready for Assembly, On the Way, Ready for Pickup',
    );
    expectQueryError(
      await list('/orders', { filter: 'created_at.gt~yesterday' }),
      'filter',
      "Invalid value 'yesterday' for 'created_at' in filter condition 'created_at.gt~yesterday'; expected a " +
        'date YYYY-MM-DD or an ISO 8601 date-time with Z or an offset, between 1970 and 9999 in UTC (e.g. 2024-05-07T18:30:00Z; encode + as ' +
        '%2B)',
    );
    expectQueryError(
      await list('/orders', { filter: 'priority.in~1,x' }),
      'filter',
      "Invalid value 'x' for 'priority' in filter condition 'priority.in~1,x'; expected an integer (e.g. 12)",
    );
  });
});

describe('filters on dishes: dotted array paths and computed availability', () => {
  it('ingredients.ingredient_id and ingredients.is_essential match any entry', async ({ startApp }) => {
    await fresh(startApp);
    const menu = await seedMenu(t);
    expect((await names('/dishes', { filter: `ingredients.ingredient_id.eq~${menu.salt.id}` })).names).toStrictEqual([
      'Green Salad',
      'Steak',
    ]);
    expect((await names('/dishes', { filter: `ingredients.ingredient_id.eq~${menu.lemon.id}` })).names).toStrictEqual(['Lemonade']);
    expect((await names('/dishes', { filter: `ingredients.ingredient_id.in~${menu.lemon.id},${menu.beef.id}` })).names).toStrictEqual([
      'Steak',
      'Lemonade',
    ]);
    expect((await names('/dishes', { filter: 'ingredients.is_essential.eq~false' })).names).toStrictEqual(['Green Salad', 'Steak']);
    expect((await names('/dishes', { filter: 'category.eq~Main Course|station.in~cold,hot' })).names).toStrictEqual(['Steak']);
    expect((await names('/dishes', { filter: 'preparation_time.lte~10' })).names).toStrictEqual(['Green Salad', 'Lemonade']);
  });

  it('is_available.eq~true / false follows the stock of essential ingredients', async ({ startApp }) => {
    await fresh(startApp);
    const menu = await seedMenu(t);
    expect((await names('/dishes', { filter: 'is_available.eq~true' })).names).toStrictEqual(['Green Salad', 'Steak', 'Lemonade']);
    expect((await names('/dishes', { filter: 'is_available.eq~false' })).names).toStrictEqual([]);
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } });
    await t.inject({ method: 'PATCH', url: `/ingredients/${menu.salt.id}`, as: 'chef', payload: { in_stock_qty: -5 } });
    expect(await names('/dishes', { filter: 'is_available.eq~true' })).toStrictEqual({ names: ['Green Salad', 'Lemonade'], total: 2 });
    expect(await names('/dishes', { filter: 'is_available.eq~false' })).toStrictEqual({ names: ['Steak'], total: 1 });
    expect(await names('/dishes', { filter: 'is_available.ne~false' })).toStrictEqual({ names: ['Green Salad', 'Lemonade'], total: 2 });
    expect(await names('/dishes', { filter: 'is_available.in~true,false' })).toStrictEqual({
      names: ['Green Salad', 'Steak', 'Lemonade'],
      total: 3,
    });
    expect(await names('/dishes', { filter: 'is_available.eq~true|station.eq~cold' })).toStrictEqual({ names: ['Green Salad'], total: 1 });
    expectQueryError(
      await list('/dishes', { filter: 'is_available.eq~yes' }),
      'filter',
      "Invalid value 'yes' for 'is_available' in filter condition 'is_available.eq~yes'; expected true or false",
    );
  });

  it('an invalid enum member is a 400 listing the valid ones', async () => {
    expectQueryError(
      await list('/dishes', { filter: 'category.eq~Soup' }),
      'filter',
      "Invalid value 'Soup' for 'category' in filter condition 'category.eq~Soup'; expected one of Appetizer, Main Course, Dessert, Drinks",
    );
  });
});

describe('malformed filters', () => {
  const DISH_FILTERABLE =
    'filterable properties: allergens, category, created_at, description, id, image_name, ' +
    'ingredients.ingredient_id, ingredients.is_essential, is_available, name, preparation_time, price, ' +
    'station, updated_at';
  it.each([
    ['name~Steak', "Malformed filter condition 'name~Steak': it has no .<op> before the ~; expected <property>.<op>~<value>"],
    ['name.eq', "Malformed filter condition 'name.eq': it has no ~ before the value; expected <property>.<op>~<value>"],
    ['.eq~Steak', "Malformed filter condition '.eq~Steak': the property before the operator is empty; expected <property>.<op>~<value>"],
    ['name.like~Steak', "Unknown operator 'like' in filter condition 'name.like~Steak'; operators: eq, ne, gt, gte, lt, lte, in, contains"],
    ['name.nin~Steak', "Unknown operator 'nin' in filter condition 'name.nin~Steak'; operators: eq, ne, gt, gte, lt, lte, in, contains"],
    [
      'price.contains~1',
      "Operator 'contains' cannot be used on 'price' (number) in filter condition 'price.contains~1'; use one of: eq, ne, gt, gte, lt, lte, in",
    ],
    [
      'is_available.gt~false',
      "Operator 'gt' cannot be used on 'is_available' (boolean) in filter condition 'is_available.gt~false'; use one of: eq, ne, in",
    ],
    ['colour.eq~red', `Unknown property 'colour' in filter condition 'colour.eq~red'; ${DISH_FILTERABLE}`],
    ['ingredients.eq~x', `Property 'ingredients' cannot be filtered (condition 'ingredients.eq~x'); ${DISH_FILTERABLE}`],
    ['name.eq~Steak||price.gt~1', 'filter contains an empty condition (check for a stray |); each condition is <property>.<op>~<value>'],
    ['', 'filter is empty; give at least one condition <property>.<op>~<value>, or leave filter out'],
    ['price.gt~abc', "Invalid value 'abc' for 'price' in filter condition 'price.gt~abc'; expected a number (e.g. 12.5)"],
    ['price.gt~Infinity', "Invalid value 'Infinity' for 'price' in filter condition 'price.gt~Infinity'; expected a number (e.g. 12.5)"],
  ])('filter=%j → 400', async (filter, detail) => {
    expectQueryError(await list('/dishes', { filter }, null), 'filter', detail);
  });

  it('names of Object.prototype are unknown properties, not a way in', async () => {
    const DISH_FIELDS =
      'valid fields: allergens, category, created_at, description, id, image_name, ingredients, ' +
      'is_available, name, portions_left, preparation_time, price, station, updated_at';
    expectQueryError(await list('/dishes', { fields: '__proto__' }, null), 'fields', `Unknown field '__proto__' in fields; ${DISH_FIELDS}`);
    expectQueryError(
      await list('/dishes', { sort: 'constructor' }, null),
      'sort',
      "Cannot sort by 'constructor'; sortable properties: category, created_at, id, name, preparation_time, price, station, updated_at",
    );
    expectQueryError(
      await list('/dishes', { filter: 'constructor.eq~x' }, null),
      'filter',
      `Unknown property 'constructor' in filter condition 'constructor.eq~x'; ${DISH_FILTERABLE}`,
    );
  });

  it('400 for a parameter given twice', async () => {
    const response = await t.inject({ method: 'GET', url: '/dishes?filter=name.eq~a&filter=name.eq~b' });
    expectProblem(response, 400, 'Invalid querystring. filter must be string.', {
      errors: [{ path: 'filter', message: 'must be string' }],
    });
  });

  it('400 for a property that is not filterable on users (email)', async () => {
    expectQueryError(
      await list('/users', { filter: 'email.contains~example' }),
      'filter',
      "Property 'email' cannot be filtered (condition 'email.contains~example'); filterable properties: created_at, id, role, updated_at, user_name",
    );
  });
});
