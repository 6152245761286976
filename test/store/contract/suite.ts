// The store contract: what every Store (embedded SQLite, MongoDB) must do, as store/types.ts and
// query/types.ts define it. Each store's test file runs this suite against a fresh store per test.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DishDoc } from '../../../models/dish.js';
import type { IngredientDoc } from '../../../models/ingredient.js';
import type { OrderDoc } from '../../../models/order.js';
import type { UserDoc } from '../../../models/user.js';
import type { Condition } from '../../../query/types.js';
import { describeIdempotencyKeys } from './expiry.js';
import { describeSettingsDocument } from './settings.js';
import { describeKitchenPaces } from './kitchen-paces.js';
import { describeLoginFailures } from './login-failures.js';
import { describeOrderAudit } from './audit.js';
import { describePrintJobs } from './print-jobs.js';
import { describeTicketQueries } from './tickets.js';
import { describeOrderItems } from './order-items.js';
import { describeFireQueries } from './fires.js';
import { DuplicateKeyError, type BaseDoc, type ChangeEvent, type NewDoc, type Store } from '../../../store/types.js';
import { describeWriteSkew } from './write-skew.js';

export interface StoreHarness {
  store: Store;
  /** closes and opens the same data again (omit if not supported) */
  reopen?: () => Promise<Store>;
  cleanup: () => Promise<void>;
}

/** Gives each section the current test's store. */
interface Suite {
  store(): Store;
  harness(): StoreHarness;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const OWNER = '5f0000000000000000000001';

/** A fixed id: `hexId(3)` = 000…003, so tests can choose how ids sort. */
const hexId = (n: number) => n.toString(16).padStart(24, '0');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const byId = (a: BaseDoc, b: BaseDoc) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortedNames = (docs: readonly { name: string }[]) => docs.map((doc) => doc.name).sort();
const ids = (docs: readonly BaseDoc[]) => docs.map((doc) => doc.id);

const ingredient = (name: string, in_stock_qty = 10, price = 1, id?: string): NewDoc<IngredientDoc> => ({
  ...(id ? { id } : {}),
  name,
  in_stock_qty,
  price,
});

function dish(name: string, overrides: Partial<NewDoc<DishDoc>> = {}): NewDoc<DishDoc> {
  return {
    name,
    description: 'A dish.',
    category: 'Main Course',
    image_name: 'dish',
    ingredients: [],
    preparation_time: 10,
    price: 12,
    station: 'hot',
    ...overrides,
  };
}

function order(name: string, overrides: Partial<NewDoc<OrderDoc>> = {}): NewDoc<OrderDoc> {
  return {
    name,
    dish_ids: [hexId(1)],
    table_number: null,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status: 'Draft',
    fire_at: null,
    owner_id: OWNER,
    stock_taken: [],
    tickets: [],
    ready_at: null,
    closed_at: null,
    ...overrides,
  } as NewDoc<OrderDoc>;
}

const user = (user_name: string): NewDoc<UserDoc> => ({
  user_name,
  email: `${user_name}@example.com`,
  role: 'patron',
  password_hash: 'hash',
});

/** Records change events; `settled` waits until every event of the writes made so far has arrived. */
function recordEvents(store: Store) {
  const events: ChangeEvent[] = [];
  const stop = store.onChange((event) => events.push(event));
  // Change streams deliver after the write resolves: a marker write's event arrives after the others.
  async function settled(): Promise<ChangeEvent[]> {
    const marker = await store.collection('users').insert(user(`marker-${Math.random()}`));
    await vi.waitFor(() => expect(events.some((event) => event.id === marker.id)).toBe(true), { timeout: 5000, interval: 10 });
    return events.filter((event) => event.id !== marker.id);
  }
  return { events, stop, settled };
}

function describeInsertAndGet(suite: Suite) {
  describe('insert and get', () => {
    it('fills id, created_at and updated_at and returns what get returns', async () => {
      const before = new Date().toISOString();
      const inserted = await suite
        .store()
        .collection('ingredients')
        .insert(ingredient('Carrot', 40, 0.35));
      const after = new Date().toISOString();
      expect(inserted).toEqual({
        id: inserted.id,
        created_at: inserted.created_at,
        updated_at: inserted.created_at,
        name: 'Carrot',
        in_stock_qty: 40,
        price: 0.35,
      });
      expect(inserted.id).toMatch(/^[0-9a-f]{24}$/);
      expect(inserted.created_at).toMatch(ISO_MS);
      expect(inserted.created_at >= before && inserted.created_at <= after).toBe(true);
      expect(await suite.store().collection('ingredients').get(inserted.id)).toEqual(inserted);
    });

    it('gives every document its own id and keeps a valid id it is given', async () => {
      const ingredients = suite.store().collection('ingredients');
      const [a, b] = [await ingredients.insert(ingredient('A')), await ingredients.insert(ingredient('B'))];
      expect(a.id).not.toBe(b.id);
      const given = await ingredients.insert(ingredient('Given', 1, 1, hexId(42)));
      expect(given.id).toBe(hexId(42));
      expect(await ingredients.get(hexId(42))).toEqual(given);
    });

    it('stores nested arrays and nulls as given', async () => {
      const ingredients = [
        { ingredient_id: hexId(7), is_essential: true },
        { ingredient_id: hexId(8), is_essential: false },
      ];
      const saved = await suite.store().collection('dishes').insert(dish('Soup', { ingredients }));
      const placed = await suite
        .store()
        .collection('orders')
        .insert(order('Ann', { dish_ids: [hexId(1), hexId(1)], scheduled_at: null }));
      expect((await suite.store().collection('dishes').get(saved.id))?.ingredients).toEqual(ingredients);
      expect(await suite.store().collection('orders').get(placed.id)).toMatchObject({
        dish_ids: [hexId(1), hexId(1)],
        scheduled_at: null,
        table_number: null,
      });
    });

    it('answers null for an unknown id and for a string that is not an id', async () => {
      const ingredients = suite.store().collection('ingredients');
      await ingredients.insert(ingredient('Carrot'));
      expect(await ingredients.get(hexId(99))).toBeNull();
      for (const id of ['nope', '', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', `${hexId(1)}0`, "' OR 1=1 --"]) {
        expect(await ingredients.get(id)).toBeNull();
        expect(await ingredients.update(id, { set: { name: 'X' } })).toBeNull();
        expect(await ingredients.replace(id, { name: 'X', in_stock_qty: 1, price: 1 })).toBeNull();
        expect(await ingredients.delete(id)).toBeNull();
      }
    });
  });
}

/** Four orders covering every type of field, with nulls where the schema allows them. */
async function insertOrders(store: Store) {
  const orders = store.collection('orders');
  await orders.insert(
    order('Ann', { table_number: 1, priority: 0, status: 'Draft', special_requests: 'No peanuts', dish_ids: [hexId(1), hexId(2)] }),
  );
  await orders.insert(
    order('Ben', {
      table_number: 5,
      priority: 2,
      status: 'Received',
      scheduled_at: '2025-01-01T12:00:00.000Z',
      dish_ids: [hexId(2), hexId(2)],
    }),
  );
  await orders.insert(
    order('Cid', {
      table_number: null,
      priority: 5,
      status: 'In Progress',
      special_requests: 'EXTRA peanuts please',
      scheduled_at: '2025-06-01T08:30:00.000Z',
      dish_ids: [hexId(3)],
    }),
  );
  await orders.insert(
    order('dee', { table_number: 10, priority: 2, status: 'Ready for Pickup', special_requests: '', dish_ids: [hexId(1)] }),
  );
  return orders;
}

function describeFilters(suite: Suite) {
  describe('filters', () => {
    const cases: [string, Condition[], string[]][] = [
      ['string eq is exact', [{ field: 'name', op: 'eq', value: 'Ben' }], ['Ben']],
      ['string eq is case-sensitive', [{ field: 'name', op: 'eq', value: 'ben' }], []],
      ['string ne', [{ field: 'name', op: 'ne', value: 'Ben' }], ['Ann', 'Cid', 'dee']],
      ['string gt (binary order)', [{ field: 'name', op: 'gt', value: 'Ben' }], ['Cid', 'dee']],
      ['string gte', [{ field: 'name', op: 'gte', value: 'Ben' }], ['Ben', 'Cid', 'dee']],
      ['string lt', [{ field: 'name', op: 'lt', value: 'Ben' }], ['Ann']],
      ['string lte', [{ field: 'name', op: 'lte', value: 'Cid' }], ['Ann', 'Ben', 'Cid']],
      ['string in', [{ field: 'name', op: 'in', value: ['Ann', 'dee', 'Zed'] }], ['Ann', 'dee']],
      ['string nin', [{ field: 'name', op: 'nin', value: ['Ann', 'dee'] }], ['Ben', 'Cid']],
      ['contains ignores case', [{ field: 'special_requests', op: 'contains', value: 'PEANUT' }], ['Ann', 'Cid']],
      ['contains on the name', [{ field: 'name', op: 'contains', value: 'E' }], ['Ben', 'dee']],
      ['integer eq', [{ field: 'table_number', op: 'eq', value: 5 }], ['Ben']],
      ['integer eq null', [{ field: 'table_number', op: 'eq', value: null }], ['Cid']],
      ['integer ne counts null as different', [{ field: 'table_number', op: 'ne', value: 5 }], ['Ann', 'Cid', 'dee']],
      ['integer ne null', [{ field: 'table_number', op: 'ne', value: null }], ['Ann', 'Ben', 'dee']],
      ['integer gt compares numbers, never null', [{ field: 'table_number', op: 'gt', value: 2 }], ['Ben', 'dee']],
      ['integer gte', [{ field: 'table_number', op: 'gte', value: 1 }], ['Ann', 'Ben', 'dee']],
      ['integer lt never matches null', [{ field: 'table_number', op: 'lt', value: 10 }], ['Ann', 'Ben']],
      ['integer lte', [{ field: 'table_number', op: 'lte', value: 10 }], ['Ann', 'Ben', 'dee']],
      ['integer in', [{ field: 'table_number', op: 'in', value: [1, 10] }], ['Ann', 'dee']],
      ['integer nin counts null as not in', [{ field: 'table_number', op: 'nin', value: [1, 10] }], ['Ben', 'Cid']],
      ['integer in with null', [{ field: 'table_number', op: 'in', value: [null, 5] }], ['Ben', 'Cid']],
      ['integer nin with null', [{ field: 'table_number', op: 'nin', value: [null, 5] }], ['Ann', 'dee']],
      ['priority 0 is a value, not null', [{ field: 'priority', op: 'eq', value: 0 }], ['Ann']],
      ['enum eq with a space', [{ field: 'status', op: 'eq', value: 'In Progress' }], ['Cid']],
      ['enum ne', [{ field: 'status', op: 'ne', value: 'Draft' }], ['Ben', 'Cid', 'dee']],
      ['enum in', [{ field: 'status', op: 'in', value: ['Draft', 'Received'] }], ['Ann', 'Ben']],
      ['enum nin', [{ field: 'status', op: 'nin', value: ['Draft', 'Received'] }], ['Cid', 'dee']],
      ['date gt never matches null', [{ field: 'scheduled_at', op: 'gt', value: '2025-03-01T00:00:00.000Z' }], ['Cid']],
      ['date lte', [{ field: 'scheduled_at', op: 'lte', value: '2025-06-01T08:30:00.000Z' }], ['Ben', 'Cid']],
      ['date lt', [{ field: 'scheduled_at', op: 'lt', value: '2025-06-01T08:30:00.000Z' }], ['Ben']],
      ['date eq', [{ field: 'scheduled_at', op: 'eq', value: '2025-01-01T12:00:00.000Z' }], ['Ben']],
      ['date eq null', [{ field: 'scheduled_at', op: 'eq', value: null }], ['Ann', 'dee']],
      ['date ne null', [{ field: 'scheduled_at', op: 'ne', value: null }], ['Ben', 'Cid']],
      ['array eq means contains', [{ field: 'dish_ids', op: 'eq', value: hexId(2) }], ['Ann', 'Ben']],
      ['array ne means contains none', [{ field: 'dish_ids', op: 'ne', value: hexId(2) }], ['Cid', 'dee']],
      ['array in means contains any', [{ field: 'dish_ids', op: 'in', value: [hexId(1), hexId(3)] }], ['Ann', 'Cid', 'dee']],
      ['array nin means contains none of them', [{ field: 'dish_ids', op: 'nin', value: [hexId(1), hexId(2)] }], ['Cid']],
      ['in an empty list matches nothing', [{ field: 'table_number', op: 'in', value: [] }], []],
      ['nin an empty list matches everything, nulls too', [{ field: 'table_number', op: 'nin', value: [] }], ['Ann', 'Ben', 'Cid', 'dee']],
      ['array in an empty list matches nothing', [{ field: 'dish_ids', op: 'in', value: [] }], []],
      ['array nin an empty list matches everything', [{ field: 'dish_ids', op: 'nin', value: [] }], ['Ann', 'Ben', 'Cid', 'dee']],
      ['owner_id (internal)', [{ field: 'owner_id', op: 'eq', value: OWNER }], ['Ann', 'Ben', 'Cid', 'dee']],
      [
        'every condition must hold',
        [
          { field: 'status', op: 'in', value: ['Draft', 'Received', 'Ready for Pickup'] },
          { field: 'priority', op: 'eq', value: 2 },
          { field: 'table_number', op: 'gt', value: 5 },
        ],
        ['dee'],
      ],
    ];
    for (const [behaviour, filter, expected] of cases) {
      it(`orders: ${behaviour}`, async () => {
        const orders = await insertOrders(suite.store());
        expect(sortedNames(await orders.find(filter))).toEqual(expected);
      });
    }

    it('an array element matches once even when it appears twice', async () => {
      const orders = await insertOrders(suite.store());
      const { results, total_results } = await orders.list({ filter: [{ field: 'dish_ids', op: 'eq', value: hexId(2) }], offset: 0 });
      expect(sortedNames(results)).toEqual(['Ann', 'Ben']);
      expect(total_results).toBe(2);
    });

    it('filters numbers with fractions and negatives', async () => {
      const ingredients = suite.store().collection('ingredients');
      for (const [name, qty] of [
        ['Flour', 2.5],
        ['Eggs', -1],
        ['Milk', 0],
        ['Salt', 10],
        ['Oil', 100.25],
      ] as const)
        await ingredients.insert(ingredient(name, qty));
      const where = async (filter: Condition[]) => sortedNames(await ingredients.find(filter));
      expect(await where([{ field: 'in_stock_qty', op: 'gt', value: 0 }])).toEqual(['Flour', 'Oil', 'Salt']);
      expect(await where([{ field: 'in_stock_qty', op: 'lte', value: 0 }])).toEqual(['Eggs', 'Milk']);
      expect(await where([{ field: 'in_stock_qty', op: 'eq', value: 2.5 }])).toEqual(['Flour']);
      expect(await where([{ field: 'in_stock_qty', op: 'ne', value: 0 }])).toEqual(['Eggs', 'Flour', 'Oil', 'Salt']);
      expect(await where([{ field: 'in_stock_qty', op: 'lt', value: 10 }])).toEqual(['Eggs', 'Flour', 'Milk']);
      expect(await where([{ field: 'in_stock_qty', op: 'gte', value: 10 }])).toEqual(['Oil', 'Salt']);
      expect(await where([{ field: 'in_stock_qty', op: 'in', value: [0, 2.5] }])).toEqual(['Flour', 'Milk']);
      expect(await where([{ field: 'in_stock_qty', op: 'nin', value: [0, 2.5] }])).toEqual(['Eggs', 'Oil', 'Salt']);
      expect(
        await where([
          { field: 'in_stock_qty', op: 'gt', value: -0.5 },
          { field: 'in_stock_qty', op: 'lt', value: 3 },
        ]),
      ).toEqual(['Flour', 'Milk']);
    });

    it('filters by id, one or many', async () => {
      const ingredients = suite.store().collection('ingredients');
      const [a, , c] = [
        await ingredients.insert(ingredient('A')),
        await ingredients.insert(ingredient('B')),
        await ingredients.insert(ingredient('C')),
      ];
      expect(sortedNames(await ingredients.find([{ field: 'id', op: 'eq', value: a.id }]))).toEqual(['A']);
      expect(sortedNames(await ingredients.find([{ field: 'id', op: 'in', value: [a.id, c.id, hexId(5)] }]))).toEqual(['A', 'C']);
      expect(sortedNames(await ingredients.find([{ field: 'id', op: 'ne', value: a.id }]))).toEqual(['B', 'C']);
    });

    it('filters dishes by a property of their ingredients (array of objects)', async () => {
      const dishes = suite.store().collection('dishes');
      await dishes.insert(
        dish('X', {
          ingredients: [
            { ingredient_id: hexId(1), is_essential: true },
            { ingredient_id: hexId(2), is_essential: false },
          ],
        }),
      );
      await dishes.insert(dish('Y', { ingredients: [{ ingredient_id: hexId(2), is_essential: false }] }));
      await dishes.insert(dish('Z', { ingredients: [{ ingredient_id: hexId(3), is_essential: true }] }));
      const where = async (filter: Condition[]) => sortedNames(await dishes.find(filter));
      expect(await where([{ field: 'ingredients.ingredient_id', op: 'eq', value: hexId(2) }])).toEqual(['X', 'Y']);
      expect(await where([{ field: 'ingredients.ingredient_id', op: 'in', value: [hexId(1), hexId(3)] }])).toEqual(['X', 'Z']);
      expect(await where([{ field: 'ingredients.ingredient_id', op: 'ne', value: hexId(2) }])).toEqual(['Z']);
      expect(await where([{ field: 'ingredients.ingredient_id', op: 'nin', value: [hexId(1)] }])).toEqual(['Y', 'Z']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'eq', value: true }])).toEqual(['X', 'Z']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'eq', value: false }])).toEqual(['X', 'Y']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'ne', value: true }])).toEqual(['Y']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'ne', value: false }])).toEqual(['Z']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'in', value: [true] }])).toEqual(['X', 'Z']);
      expect(await where([{ field: 'ingredients.is_essential', op: 'nin', value: [false] }])).toEqual(['Z']);
    });

    it('filters dishes by their allergens (eq contains, ne contains none; a dish stored without them has none)', async () => {
      const dishes = suite.store().collection('dishes');
      await dishes.insert(dish('Burger', { allergens: ['cereals_gluten', 'milk', 'sesame'] }));
      await dishes.insert(dish('Satay', { allergens: ['peanuts'] }));
      await dishes.insert(dish('Steak', { allergens: [] }));
      await dishes.insert(dish('Legacy'));
      const where = async (filter: Condition[]) => sortedNames(await dishes.find(filter));
      expect(await where([{ field: 'allergens', op: 'eq', value: 'sesame' }])).toEqual(['Burger']);
      expect(await where([{ field: 'allergens', op: 'ne', value: 'sesame' }])).toEqual(['Legacy', 'Satay', 'Steak']);
      expect(
        await where([
          { field: 'allergens', op: 'ne', value: 'peanuts' },
          { field: 'allergens', op: 'ne', value: 'milk' },
        ]),
      ).toEqual(['Legacy', 'Steak']);
      expect(await where([{ field: 'allergens', op: 'in', value: ['peanuts', 'milk'] }])).toEqual(['Burger', 'Satay']);
    });

    it('finds the orders holding an ingredient (stock_taken, for shortages)', async () => {
      const orders = suite.store().collection('orders');
      await orders.insert(
        order('Ann', {
          stock_taken: [
            { ingredient_id: hexId(1), units: 2 },
            { ingredient_id: hexId(2), units: 1 },
          ],
        }),
      );
      await orders.insert(order('Ben', { stock_taken: [{ ingredient_id: hexId(2), units: 3 }] }));
      await orders.insert(order('Cid', { stock_taken: [] }));
      const where = async (filter: Condition[]) => sortedNames(await orders.find(filter));
      expect(await where([{ field: 'stock_taken.ingredient_id', op: 'eq', value: hexId(2) }])).toEqual(['Ann', 'Ben']);
      expect(await where([{ field: 'stock_taken.ingredient_id', op: 'eq', value: hexId(1) }])).toEqual(['Ann']);
    });

    it('filters dishes by enum, number and case-insensitive text', async () => {
      const dishes = suite.store().collection('dishes');
      await dishes.insert(dish('Risotto alla Milanese', { category: 'Main Course', price: 14.5, station: 'hot' }));
      await dishes.insert(dish('Tiramisu', { category: 'Dessert', price: 6, station: 'cold' }));
      await dishes.insert(dish('Lemonade', { category: 'Drinks', price: 3.25, station: 'beverages' }));
      const where = async (filter: Condition[]) => sortedNames(await dishes.find(filter));
      expect(await where([{ field: 'name', op: 'contains', value: 'RISOTTO' }])).toEqual(['Risotto alla Milanese']);
      expect(await where([{ field: 'name', op: 'contains', value: 'mIsU' }])).toEqual(['Tiramisu']);
      // Beyond ASCII too, as MongoDB's case-insensitive regex and the live menu fold it.
      await dishes.insert(dish('Crème Brûlée'));
      await dishes.insert(dish('Борщ'));
      expect(await where([{ field: 'name', op: 'contains', value: 'CRÈME BRÛ' }])).toEqual(['Crème Brûlée']);
      expect(await where([{ field: 'name', op: 'contains', value: 'борщ' }])).toEqual(['Борщ']);
      expect(await where([{ field: 'name', op: 'contains', value: 'creme' }])).toEqual([]);
      expect(await where([{ field: 'category', op: 'in', value: ['Dessert', 'Drinks'] }])).toEqual(['Lemonade', 'Tiramisu']);
      expect(
        await where([
          { field: 'station', op: 'ne', value: 'hot' },
          { field: 'price', op: 'gt', value: 5 },
        ]),
      ).toEqual(['Tiramisu']);
    });

    it('treats values that look like operators or patterns as plain text', async () => {
      const ingredients = suite.store().collection('ingredients');
      for (const name of ['{"$gt":""}', '$where', '100% Cocoa', 'Cocoa_Nibs', 'Cocoa Butter', 'a.b', 'Plain'])
        await ingredients.insert(ingredient(name));
      const where = async (filter: Condition[]) => sortedNames(await ingredients.find(filter));
      expect(await where([{ field: 'name', op: 'eq', value: '{"$gt":""}' }])).toEqual(['{"$gt":""}']);
      expect(await where([{ field: 'name', op: 'in', value: ['{"$ne":null}', '$where'] }])).toEqual(['$where']);
      expect(await where([{ field: 'name', op: 'contains', value: '$gt' }])).toEqual(['{"$gt":""}']);
      expect(await where([{ field: 'name', op: 'contains', value: '%' }])).toEqual(['100% Cocoa']);
      expect(await where([{ field: 'name', op: 'contains', value: '_' }])).toEqual(['Cocoa_Nibs']);
      expect(await where([{ field: 'name', op: 'contains', value: '.' }])).toEqual(['a.b']);
      expect(await where([{ field: 'name', op: 'contains', value: '.*' }])).toEqual([]);
      expect(await where([{ field: 'name', op: 'contains', value: '(' }])).toEqual([]);
      expect(await where([{ field: 'name', op: 'eq', value: "Plain' OR '1'='1" }])).toEqual([]);
    });
  });
}

function describeListing(suite: Suite) {
  describe('sorting, paging and counting', () => {
    /** Nine ingredients with tied quantities and ids that do not follow insertion order. */
    async function insertTied() {
      const ingredients = suite.store().collection('ingredients');
      const rows: [number, string, number][] = [
        [5, 'e', 3],
        [2, 'b', 1],
        [8, 'h', 3],
        [1, 'a', 10],
        [7, 'g', 1],
        [3, 'c', 3],
        [9, 'i', 100],
        [4, 'd', 9],
        [6, 'f', 2],
      ];
      const docs: IngredientDoc[] = [];
      for (const [n, name, qty] of rows) docs.push(await ingredients.insert(ingredient(name, qty, 1, hexId(n))));
      return { ingredients, docs };
    }

    it('sorts numbers ascending (as numbers), ties by id ascending', async () => {
      const { ingredients, docs } = await insertTied();
      const expected = ids([...docs].sort((a, b) => a.in_stock_qty - b.in_stock_qty || byId(a, b)));
      const { results } = await ingredients.list({ filter: [], sort: { field: 'in_stock_qty', direction: 'asc' }, offset: 0 });
      expect(ids(results)).toEqual(expected);
      expect(results.map((doc) => doc.in_stock_qty)).toEqual([1, 1, 2, 3, 3, 3, 9, 10, 100]);
    });

    it('sorts descending, ties by id descending too (the exact reverse of ascending, so one index serves both)', async () => {
      const { ingredients, docs } = await insertTied();
      const expected = ids([...docs].sort((a, b) => b.in_stock_qty - a.in_stock_qty || byId(b, a)));
      const { results } = await ingredients.list({ filter: [], sort: { field: 'in_stock_qty', direction: 'desc' }, offset: 0 });
      expect(ids(results)).toEqual(expected);
      expect(ids(results).slice(3, 6)).toEqual([hexId(8), hexId(5), hexId(3)]);
      const ascending = await ingredients.list({ filter: [], sort: { field: 'in_stock_qty', direction: 'asc' }, offset: 0 });
      expect(ids(results)).toEqual(ids(ascending.results).reverse());
    });

    it('sorts text and ids', async () => {
      const { ingredients } = await insertTied();
      const byName = await ingredients.list({ filter: [], sort: { field: 'name', direction: 'desc' }, offset: 0 });
      expect(byName.results.map((doc) => doc.name)).toEqual(['i', 'h', 'g', 'f', 'e', 'd', 'c', 'b', 'a']);
      const byIdDesc = await ingredients.find([], { sort: { field: 'id', direction: 'desc' } });
      expect(ids(byIdDesc)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map(hexId));
    });

    it('pages through a sort with offset and limit, each match exactly once', async () => {
      const { ingredients, docs } = await insertTied();
      const sort = { field: 'in_stock_qty', direction: 'desc' } as const;
      const pages = [];
      for (const offset of [0, 4, 8]) pages.push(await ingredients.list({ filter: [], sort, limit: 4, offset }));
      expect(pages.map((page) => page.results.length)).toEqual([4, 4, 1]);
      expect(pages.map((page) => page.total_results)).toEqual([9, 9, 9]);
      expect(pages.flatMap((page) => ids(page.results))).toEqual(
        ids([...docs].sort((a, b) => b.in_stock_qty - a.in_stock_qty || byId(b, a))),
      );
    });

    it('lists the ids of a page as list() would list its documents, with the same total', async () => {
      const { ingredients, docs } = await insertTied();
      const sort = { field: 'in_stock_qty', direction: 'desc' } as const;
      const sorted = ids([...docs].sort((a, b) => b.in_stock_qty - a.in_stock_qty || byId(b, a)));
      expect(await ingredients.listIds({ filter: [], sort, limit: 4, offset: 4 })).toEqual({ ids: sorted.slice(4, 8), total_results: 9 });
      expect(await ingredients.listIds({ filter: [], sort, limit: 4, offset: 8 })).toEqual({ ids: sorted.slice(8), total_results: 9 });
      const filter: Condition[] = [{ field: 'in_stock_qty', op: 'lte', value: 3 }];
      for (const query of [
        { filter, limit: 2, offset: 1 },
        { filter, limit: 30, offset: 0 },
        { filter, limit: 5, offset: 50 },
        { filter, offset: 0 },
      ]) {
        const { results, total_results } = await ingredients.list(query);
        expect(await ingredients.listIds(query)).toEqual({ ids: ids(results), total_results });
      }
    });

    it('counts every match whatever the limit and offset', async () => {
      const { ingredients } = await insertTied();
      const filter: Condition[] = [{ field: 'in_stock_qty', op: 'lte', value: 3 }];
      expect(await ingredients.list({ filter, limit: 2, offset: 1 })).toMatchObject({ total_results: 6 });
      expect((await ingredients.list({ filter, limit: 2, offset: 1 })).results).toHaveLength(2);
      expect(await ingredients.list({ filter, limit: 30, offset: 0 })).toMatchObject({ total_results: 6 });
      expect(await ingredients.list({ filter, limit: 30, offset: 6 })).toEqual({ results: [], total_results: 6 });
      expect(await ingredients.list({ filter, limit: 5, offset: 50 })).toEqual({ results: [], total_results: 6 });
      expect(await ingredients.list({ filter: [{ field: 'name', op: 'eq', value: 'none' }], limit: 5, offset: 0 })).toEqual({
        results: [],
        total_results: 0,
      });
    });

    it('returns every match when the query has no limit', async () => {
      const { ingredients } = await insertTied();
      const { results, total_results } = await ingredients.list({ filter: [], offset: 0 });
      expect(results).toHaveLength(9);
      expect(total_results).toBe(9);
    });

    it('lists oldest first by default (created_at, then id)', async () => {
      const ingredients = suite.store().collection('ingredients');
      const docs: IngredientDoc[] = [];
      for (const n of [3, 1, 2]) {
        docs.push(await ingredients.insert(ingredient(`slow${n}`, 1, 1, hexId(n))));
        await pause(3);
      }
      // Same-millisecond inserts (likely here) fall back to the id order.
      for (const n of [9, 7, 8, 6]) docs.push(await ingredients.insert(ingredient(`fast${n}`, 1, 1, hexId(n))));
      const expected = ids([...docs].sort((a, b) => compareText(a.created_at, b.created_at) || byId(a, b)));
      expect(ids((await ingredients.list({ filter: [], offset: 0 })).results)).toEqual(expected);
      expect(ids(await ingredients.find([]))).toEqual(expected);
      expect(expected.slice(0, 3)).toEqual(ids(docs.slice(0, 3)));
    });

    it('find sorts and limits', async () => {
      const { ingredients } = await insertTied();
      const found = await ingredients.find([{ field: 'in_stock_qty', op: 'gte', value: 2 }], {
        sort: { field: 'in_stock_qty', direction: 'asc' },
        limit: 3,
      });
      expect(found.map((doc) => doc.name)).toEqual(['f', 'c', 'e']);
    });
  });
}

function describeWrites(suite: Suite) {
  describe('update, replace, updateMany, delete', () => {
    it('update sets properties, moves updated_at and keeps the rest', async () => {
      const orders = suite.store().collection('orders');
      const placed = await orders.insert(order('Ann', { table_number: 4 }));
      await pause(5);
      const updated = await orders.update(placed.id, { set: { status: 'Received', special_requests: 'Quick' } });
      expect(updated).toEqual({ ...placed, status: 'Received', special_requests: 'Quick', updated_at: updated?.updated_at });
      expect(updated?.updated_at).toMatch(ISO_MS);
      expect(updated!.updated_at > placed.updated_at).toBe(true);
      expect(await orders.get(placed.id)).toEqual(updated);
    });

    it('update sets a property to null', async () => {
      const orders = suite.store().collection('orders');
      const placed = await orders.insert(order('Ann', { table_number: 4 }));
      expect(await orders.update(placed.id, { set: { table_number: null } })).toMatchObject({ table_number: null });
      expect(await orders.find([{ field: 'table_number', op: 'eq', value: null }])).toHaveLength(1);
    });

    it('inc adds to the stored number, with set in the same write', async () => {
      const ingredients = suite.store().collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 10, 2));
      expect(await ingredients.update(flour.id, { inc: { in_stock_qty: -3 } })).toMatchObject({ in_stock_qty: 7, price: 2 });
      expect(await ingredients.update(flour.id, { inc: { in_stock_qty: 0.5, price: 1 }, set: { name: 'Rye flour' } })).toMatchObject({
        name: 'Rye flour',
        in_stock_qty: 7.5,
        price: 3,
      });
      expect(await ingredients.get(flour.id)).toMatchObject({ name: 'Rye flour', in_stock_qty: 7.5, price: 3 });
    });

    it('update with conditions that hold applies; with one that fails returns null, changes nothing, emits nothing', async () => {
      const store = suite.store();
      const ingredients = store.collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 2));
      const recorder = recordEvents(store);
      const guard: Condition[] = [{ field: 'in_stock_qty', op: 'gte', value: 3 }];
      expect(await ingredients.update(flour.id, { inc: { in_stock_qty: -3 } }, { if: guard })).toBeNull();
      expect(await ingredients.get(flour.id)).toEqual(flour);
      expect(await recorder.settled()).toEqual([]);
      const applied = await ingredients.update(
        flour.id,
        { inc: { in_stock_qty: -2 } },
        {
          if: [
            { field: 'in_stock_qty', op: 'gte', value: 2 },
            { field: 'name', op: 'eq', value: 'Flour' },
          ],
        },
      );
      expect(applied).toMatchObject({ in_stock_qty: 0 });
      expect(await ingredients.update(hexId(77), { set: { name: 'Ghost' } })).toBeNull();
      recorder.stop();
    });

    it('updateEach makes each write in order, skips absent documents and failing conditions, and emits one event per write made', async () => {
      const store = suite.store();
      const ingredients = store.collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 2));
      const salt = await ingredients.insert(ingredient('Salt', 5, 1));
      const recorder = recordEvents(store);
      await pause(5);
      const atLeast = (value: number): Condition[] => [{ field: 'in_stock_qty', op: 'gte', value }];
      const made = await ingredients.updateEach([
        { id: flour.id, update: { inc: { in_stock_qty: -1 } }, if: atLeast(1) },
        { id: hexId(77), update: { inc: { in_stock_qty: -1 } } },
        { id: salt.id, update: { inc: { in_stock_qty: -6 } }, if: atLeast(6) },
        // A later write to the same document sees the earlier one: 1 left, then 0.
        { id: flour.id, update: { inc: { in_stock_qty: -1 } }, if: atLeast(1) },
        { id: flour.id, update: { inc: { in_stock_qty: -1 } }, if: atLeast(1) },
        { id: salt.id, update: { set: { name: 'Sea salt' }, inc: { price: 0.5 } } },
        { id: 'not-an-id', update: { set: { name: 'Ghost' } } },
        // Non-essential stock may go below zero: no condition, no floor.
        { id: flour.id, update: { inc: { in_stock_qty: -3 } } },
      ]);
      expect(made).toEqual([true, false, false, true, false, true, false, true]);
      const flourNow = await ingredients.get(flour.id);
      const saltNow = await ingredients.get(salt.id);
      expect(flourNow).toMatchObject({ name: 'Flour', in_stock_qty: -3, price: 1, created_at: flour.created_at });
      expect(saltNow).toMatchObject({ name: 'Sea salt', in_stock_qty: 5, price: 1.5, created_at: salt.created_at });
      expect(flourNow!.updated_at > flour.updated_at).toBe(true);
      expect(saltNow!.updated_at > salt.updated_at).toBe(true);
      const events = await recorder.settled();
      const stock = (doc: unknown) => (doc as IngredientDoc | null)?.in_stock_qty;
      expect(events.map((event) => [event.operation, event.id, stock(event.before), stock(event.after)])).toEqual([
        ['update', flour.id, 2, 1],
        ['update', flour.id, 1, 0],
        ['update', salt.id, 5, 5],
        ['update', flour.id, 0, -3],
      ]);
      expect(events[0]?.before).toEqual(flour);
      expect(events[2]?.after).toEqual(saltNow);
      expect(events[3]?.after).toEqual(flourNow);
      expect(await ingredients.updateEach([])).toEqual([]);
      recorder.stop();
    });

    it('getEach gives each stored document once, in the order asked, leaving out absent ids', async () => {
      const store = suite.store();
      const ingredients = store.collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 2));
      const salt = await ingredients.insert(ingredient('Salt', 5, 1));
      expect(await ingredients.getEach([salt.id, hexId(77), flour.id, salt.id, 'not-an-id'])).toEqual([salt, flour]);
      expect(await ingredients.getEach([])).toEqual([]);
      const [mine] = await ingredients.getEach([flour.id]);
      mine!.name = 'Changed';
      expect(await ingredients.get(flour.id)).toEqual(flour);
    });

    it("getEach inside a transaction sees its writes and gives documents of the caller's own", async () => {
      const store = suite.store();
      const flour = await store.collection('ingredients').insert(ingredient('Flour', 2));
      const seen = await store.transaction(async (tx) => {
        const ingredients = tx.collection('ingredients');
        const [before] = await ingredients.getEach([flour.id]);
        before!.in_stock_qty = 99;
        await ingredients.update(flour.id, { inc: { in_stock_qty: -1 } });
        return ingredients.getEach([flour.id, flour.id]);
      });
      expect(seen).toEqual([{ ...flour, in_stock_qty: 1, updated_at: seen[0]!.updated_at }]);
      expect(Object.isFrozen(seen[0])).toBe(false);
      seen[0]!.name = 'Changed';
      expect(await store.collection('ingredients').getEach([flour.id])).toEqual([
        { ...flour, in_stock_qty: 1, updated_at: seen[0]!.updated_at },
      ]);
    });

    it('updateEach inside a transaction rolls back with it and emits nothing', async () => {
      const store = suite.store();
      const flour = await store.collection('ingredients').insert(ingredient('Flour', 2));
      const recorder = recordEvents(store);
      const failure = new Error('refused');
      const outcome = store.transaction(async (session) => {
        const made = await session.collection('ingredients').updateEach([
          { id: flour.id, update: { inc: { in_stock_qty: -2 } }, if: [{ field: 'in_stock_qty', op: 'gte', value: 2 }] },
          { id: flour.id, update: { inc: { in_stock_qty: -1 } }, if: [{ field: 'in_stock_qty', op: 'gte', value: 1 }] },
        ]);
        expect(made).toEqual([true, false]);
        expect(await session.collection('ingredients').get(flour.id)).toMatchObject({ in_stock_qty: 0 });
        throw failure;
      });
      await expect(outcome).rejects.toBe(failure);
      expect(await store.collection('ingredients').get(flour.id)).toEqual(flour);
      expect(await recorder.settled()).toEqual([]);
      recorder.stop();
    });

    it('replace keeps id and created_at and replaces every other property', async () => {
      const orders = suite.store().collection('orders');
      const placed = await orders.insert(order('Ann', { table_number: 4, special_requests: 'Spicy' }));
      await pause(5);
      const { special_requests: _dropped, ...rest } = order('Bea', { table_number: 7, status: 'Received', dish_ids: [hexId(9)] });
      const replaced = await orders.replace(placed.id, rest as Omit<OrderDoc, keyof BaseDoc>);
      expect(replaced).toEqual({ ...rest, id: placed.id, created_at: placed.created_at, updated_at: replaced?.updated_at });
      expect(replaced!.updated_at > placed.updated_at).toBe(true);
      expect(await orders.get(placed.id)).toEqual(replaced);
    });

    it('replace under a failing condition returns null and changes nothing', async () => {
      const ingredients = suite.store().collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 2));
      expect(
        await ingredients.replace(
          flour.id,
          { name: 'Salt', in_stock_qty: 1, price: 1 },
          { if: [{ field: 'name', op: 'eq', value: 'Oil' }] },
        ),
      ).toBeNull();
      expect(await ingredients.replace(hexId(77), { name: 'Salt', in_stock_qty: 1, price: 1 })).toBeNull();
      expect(await ingredients.get(flour.id)).toEqual(flour);
    });

    it('updateMany changes every match and counts them', async () => {
      const orders = await insertOrders(suite.store());
      const filter: Condition[] = [{ field: 'status', op: 'in', value: ['Draft', 'Received', 'In Progress'] }];
      expect(await orders.updateMany(filter, { set: { status: 'On the Way' }, inc: { priority: 1 } })).toBe(3);
      const all = await orders.find([], { sort: { field: 'name', direction: 'asc' } });
      expect(all.map((doc) => [doc.name, doc.status, doc.priority])).toEqual([
        ['Ann', 'On the Way', 1],
        ['Ben', 'On the Way', 3],
        ['Cid', 'On the Way', 6],
        ['dee', 'Ready for Pickup', 2],
      ]);
      expect(all.filter((doc) => doc.status === 'On the Way').every((doc) => doc.updated_at >= doc.created_at)).toBe(true);
      expect(await orders.updateMany([{ field: 'name', op: 'eq', value: 'nobody' }], { set: { status: 'Draft' } })).toBe(0);
    });

    it('delete returns the deleted document once; a failing condition keeps it', async () => {
      const ingredients = suite.store().collection('ingredients');
      const flour = await ingredients.insert(ingredient('Flour', 2));
      expect(await ingredients.delete(flour.id, { if: [{ field: 'in_stock_qty', op: 'eq', value: 0 }] })).toBeNull();
      expect(await ingredients.get(flour.id)).toEqual(flour);
      expect(await ingredients.delete(flour.id, { if: [{ field: 'in_stock_qty', op: 'eq', value: 2 }] })).toEqual(flour);
      expect(await ingredients.get(flour.id)).toBeNull();
      expect(await ingredients.delete(flour.id)).toBeNull();
      expect(await ingredients.list({ filter: [], offset: 0 })).toEqual({ results: [], total_results: 0 });
    });
  });
}

function describeUniqueness(suite: Suite) {
  describe('unique fields', () => {
    it('refuses a user_name taken in another case with DuplicateKeyError', async () => {
      const users = suite.store().collection('users');
      await users.insert(user('Bob'));
      const refused = users.insert(user('bob'));
      await expect(refused).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(refused).rejects.toMatchObject({ collection: 'users', field: 'user_name' });
      expect(await users.find([])).toHaveLength(1);
    });

    it('refuses an update to a taken user_name and keeps the document', async () => {
      const users = suite.store().collection('users');
      await users.insert(user('Bob'));
      const alice = await users.insert(user('alice'));
      await expect(users.update(alice.id, { set: { user_name: 'BOB' } })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'users',
        field: 'user_name',
      });
      expect(await users.get(alice.id)).toEqual(alice);
      expect(await users.update(alice.id, { set: { user_name: 'Alice' } })).toMatchObject({ user_name: 'Alice' });
    });

    it('folds case beyond ASCII the same way in every store: ÉLODIE is élodie, Ольга is ОЛЬГА; Elodie is another name', async () => {
      const users = suite.store().collection('users');
      await users.insert(user('élodie'));
      await users.insert(user('Ольга'));
      await expect(users.insert(user('ÉLODIE'))).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'users',
        field: 'user_name',
      });
      await expect(users.insert(user('ОЛЬГА'))).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'users',
        field: 'user_name',
      });
      await users.insert(user('Elodie'));
      expect((await users.find([], { sort: { field: 'user_name', direction: 'asc' } })).map((doc) => doc.user_name)).toEqual([
        'Elodie',
        'élodie',
        'Ольга',
      ]);
    });

    it('lets exactly one of two concurrent inserts of Bob and bob succeed', async () => {
      const users = suite.store().collection('users');
      const outcomes = await Promise.allSettled([users.insert(user('Bob')), users.insert(user('bob'))]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const [failure] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failure?.reason).toBeInstanceOf(DuplicateKeyError);
      expect(await users.find([])).toHaveLength(1);
    });

    it('compares case-sensitive unique fields exactly (refresh token hashes)', async () => {
      const tokens = suite.store().collection('refresh_tokens');
      const token = (token_hash: string) => ({
        token_hash,
        family_id: OWNER,
        user_id: OWNER,
        expires_at: '2099-01-01T00:00:00.000Z',
        used_at: null,
        revoked_at: null,
      });
      await tokens.insert(token('abc'));
      await tokens.insert(token('ABC'));
      await expect(tokens.insert(token('abc'))).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'refresh_tokens',
        field: 'token_hash',
      });
    });

    it('refuses a second document with the same given id', async () => {
      const ingredients = suite.store().collection('ingredients');
      await ingredients.insert(ingredient('A', 1, 1, hexId(5)));
      await expect(ingredients.insert(ingredient('B', 1, 1, hexId(5)))).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        collection: 'ingredients',
      });
      expect(await ingredients.get(hexId(5))).toMatchObject({ name: 'A' });
    });
  });
}

function describeTransactions(suite: Suite) {
  describe('transactions', () => {
    it('commits every write together and emits their events after the commit, in write order', async () => {
      const store = suite.store();
      const recorder = recordEvents(store);
      let inside:
        | { flour: IngredientDoc; seenOutside: IngredientDoc | null; seenInside: IngredientDoc | null; eventsBeforeCommit: number }
        | undefined;
      const result = await store.transaction(async (session) => {
        const flour = await session.collection('ingredients').insert(ingredient('Flour', 5));
        await session.collection('ingredients').update(flour.id, { inc: { in_stock_qty: -1 } });
        await session.collection('dishes').insert(dish('Bread', { ingredients: [{ ingredient_id: flour.id, is_essential: true }] }));
        const seenInside = await session.collection('ingredients').get(flour.id);
        const seenOutside = await store.collection('ingredients').get(flour.id);
        await pause(20);
        inside = { flour, seenInside, seenOutside, eventsBeforeCommit: recorder.events.length };
        return 'done';
      });
      expect(result).toBe('done');
      expect(inside?.seenInside).toMatchObject({ in_stock_qty: 4 });
      expect(inside?.seenOutside).toBeNull();
      expect(inside?.eventsBeforeCommit).toBe(0);
      const events = await recorder.settled();
      expect(events.map((event) => [event.collection, event.operation])).toEqual([
        ['ingredients', 'insert'],
        ['ingredients', 'update'],
        ['dishes', 'insert'],
      ]);
      expect(events[1]).toMatchObject({ id: inside?.flour.id, before: { in_stock_qty: 5 }, after: { in_stock_qty: 4 } });
      expect(await store.collection('ingredients').get(inside!.flour.id)).toMatchObject({ in_stock_qty: 4 });
      recorder.stop();
    });

    it('rolls every write back when the work throws, rethrows the error and emits nothing', async () => {
      const store = suite.store();
      const flour = await store.collection('ingredients').insert(ingredient('Flour', 5));
      const recorder = recordEvents(store);
      const failure = new Error('out of pans');
      const outcome = store.transaction(async (session) => {
        await session.collection('ingredients').update(flour.id, { inc: { in_stock_qty: -5 } });
        await session.collection('dishes').insert(dish('Bread'));
        await session.collection('ingredients').delete(flour.id);
        throw failure;
      });
      await expect(outcome).rejects.toBe(failure);
      expect(await store.collection('ingredients').get(flour.id)).toEqual(flour);
      expect(await store.collection('dishes').find([])).toEqual([]);
      expect(await recorder.settled()).toEqual([]);
      recorder.stop();
    });

    it('rolls back earlier writes when a later write hits a unique field', async () => {
      const store = suite.store();
      await store.collection('users').insert(user('Bob'));
      const outcome = store.transaction(async (session) => {
        await session.collection('users').insert(user('carol'));
        await session.collection('users').insert(user('BOB'));
      });
      await expect(outcome).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await store.collection('users').find([])).map((doc) => doc.user_name)).toEqual(['Bob']);
    });

    it('never loses an update among 50 concurrent check-then-decrement transactions', async () => {
      const store = suite.store();
      const counter = await store.collection('ingredients').insert(ingredient('Truffle', 30));
      const attempts = Array.from({ length: 50 }, () =>
        store.transaction(async (session) => {
          const current = await session.collection('ingredients').get(counter.id);
          await pause(1);
          if (!current || current.in_stock_qty <= 0) return false;
          await session.collection('ingredients').update(counter.id, { set: { in_stock_qty: current.in_stock_qty - 1 } });
          return true;
        }),
      );
      const taken = await Promise.all(attempts);
      expect(taken.filter(Boolean)).toHaveLength(30);
      expect(await store.collection('ingredients').get(counter.id)).toMatchObject({ in_stock_qty: 0 });
    });

    it('keeps a write outside the transaction from landing between its read and its write', async () => {
      const store = suite.store();
      const flour = await store.collection('ingredients').insert(ingredient('Flour', 10));
      const transaction = store.transaction(async (session) => {
        const current = await session.collection('ingredients').get(flour.id);
        await pause(20);
        await session.collection('ingredients').update(flour.id, { set: { in_stock_qty: current!.in_stock_qty - 1 } });
      });
      await pause(5);
      const restock = store.collection('ingredients').update(flour.id, { inc: { in_stock_qty: 10 } });
      await Promise.all([transaction, restock]);
      expect(await store.collection('ingredients').get(flour.id)).toMatchObject({ in_stock_qty: 19 });
    });
  });
}

function describeChangeEvents(suite: Suite) {
  describe('change events', () => {
    it('describe each insert, update and delete with the documents before and after', async () => {
      const store = suite.store();
      const recorder = recordEvents(store);
      const ingredients = store.collection('ingredients');
      const inserted = await ingredients.insert(ingredient('Flour', 5));
      const updated = await ingredients.update(inserted.id, { inc: { in_stock_qty: 2 } });
      const replaced = await ingredients.replace(inserted.id, { name: 'Rye', in_stock_qty: 1, price: 2 });
      const deleted = await ingredients.delete(inserted.id);
      expect(deleted).toEqual(replaced);
      const id = inserted.id;
      expect(await recorder.settled()).toEqual([
        { collection: 'ingredients', operation: 'insert', id, before: null, after: inserted },
        { collection: 'ingredients', operation: 'update', id, before: inserted, after: updated },
        { collection: 'ingredients', operation: 'update', id, before: updated, after: replaced },
        { collection: 'ingredients', operation: 'delete', id, before: replaced, after: null },
      ]);
      recorder.stop();
    });

    it('emit one event per document of an updateMany', async () => {
      const store = suite.store();
      const orders = await insertOrders(store);
      const recorder = recordEvents(store);
      await orders.updateMany([{ field: 'status', op: 'eq', value: 'Draft' }], { set: { status: 'Received' } });
      const events = await recorder.settled();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        collection: 'orders',
        operation: 'update',
        before: { name: 'Ann', status: 'Draft' },
        after: { name: 'Ann', status: 'Received' },
      });
      recorder.stop();
    });

    it("are made for no write to the API's bookkeeping: refresh tokens, upgrades, idempotency records", async () => {
      const store = suite.store();
      const recorder = recordEvents(store);
      const token = {
        token_hash: 'hash-1',
        family_id: OWNER,
        user_id: OWNER,
        expires_at: '2099-01-01T00:00:00.000Z',
        used_at: null,
        revoked_at: null,
      };
      const refresh = await store.collection('refresh_tokens').insert(token);
      await store.collection('refresh_tokens').update(refresh.id, { set: { used_at: '2026-11-26T09:00:00.000Z' } });
      await store.collection('refresh_tokens').delete(refresh.id);
      await store.collection('upgrades').insert({ name: 'an-upgrade' });
      const record = {
        scope: `user:${OWNER}`,
        key: 'k-1',
        fingerprint: '0'.repeat(64),
        status: 201,
        location: null,
        content_type: 'application/json',
        body: '{}',
        expires_at: '2099-01-01T00:00:00.000Z',
      };
      await store.transaction((tx) => tx.collection('idempotency_keys').insert(record));
      const carrot = await store.collection('ingredients').insert(ingredient('Carrot'));
      expect((await recorder.settled()).map((event) => `${event.collection} ${event.operation} ${event.id}`)).toEqual([
        `ingredients insert ${carrot.id}`,
      ]);
      recorder.stop();
    });

    it('stop reaching a listener once it unsubscribes', async () => {
      const store = suite.store();
      const kept = recordEvents(store);
      const dropped = recordEvents(store);
      dropped.stop();
      const carrot = await store.collection('ingredients').insert(ingredient('Carrot'));
      expect((await kept.settled()).map((event) => event.id)).toEqual([carrot.id]);
      expect(dropped.events).toEqual([]);
      kept.stop();
    });

    it("settle: once settled() resolves, every write that answered before it has reached the listeners, a transaction's whole", async () => {
      const store = suite.store();
      const events: string[] = [];
      const stop = store.onChange((event) => events.push(`${event.collection} ${event.operation}`));
      const carrot = await store.collection('ingredients').insert(ingredient('Carrot'));
      await store.collection('ingredients').update(carrot.id, { inc: { in_stock_qty: -1 } });
      await store.transaction(async (tx) => {
        await tx.collection('ingredients').update(carrot.id, { inc: { in_stock_qty: -1 } });
        await tx.collection('orders').insert(order('Ann'));
      });
      // A write it does not follow comes last: settled() must still get past it.
      await store.collection('upgrades').insert({ name: `settle-${Math.random()}` });
      await store.settled();
      expect(events).toEqual(['ingredients insert', 'ingredients update', 'ingredients update', 'orders insert']);
      // Nothing written since: it resolves again.
      await store.settled();
      stop();
    });

    it('lets a listener subscribe to resync signals and unsubscribe', () => {
      const stop = suite.store().onResync(() => {});
      expect(typeof stop).toBe('function');
      stop();
    });
  });
}

function describeDurability(suite: Suite) {
  describe('durability', () => {
    it('answers ping', async () => {
      await expect(suite.store().ping()).resolves.toBeUndefined();
    });

    it('finds every acknowledged write after reopening', async (context) => {
      const { reopen } = suite.harness();
      if (!reopen) return context.skip();
      const store = suite.store();
      const ingredients = store.collection('ingredients');
      const kept = await ingredients.insert(ingredient('Kept', 1));
      const changed = await ingredients.update((await ingredients.insert(ingredient('Changed', 1))).id, { inc: { in_stock_qty: 4 } });
      const gone = await ingredients.insert(ingredient('Gone', 1));
      await ingredients.delete(gone.id);
      const placed = await store.transaction((session) => session.collection('orders').insert(order('Ann')));
      const reopened = await reopen();
      expect(await reopened.collection('ingredients').get(kept.id)).toEqual(kept);
      expect(await reopened.collection('ingredients').get(changed!.id)).toEqual(changed);
      expect(await reopened.collection('ingredients').get(gone.id)).toBeNull();
      expect(await reopened.collection('orders').get(placed.id)).toEqual(placed);
      expect(await reopened.collection('ingredients').list({ filter: [], offset: 0 })).toMatchObject({ total_results: 2 });
    });
  });
}

export function describeStoreContract(label: string, open: () => Promise<StoreHarness>): void {
  describe(label, () => {
    let harness: StoreHarness | undefined;
    let current: Store | undefined;
    const suite: Suite = {
      store: () => current!,
      harness: () => ({
        ...harness!,
        // The section's store() follows a reopen.
        reopen: harness?.reopen && (async () => (current = await harness!.reopen!())),
      }),
    };
    beforeEach(async () => {
      harness = await open();
      current = harness.store;
    });
    afterEach(async () => {
      await harness?.cleanup();
      harness = current = undefined;
    });
    describeInsertAndGet(suite);
    describeFilters(suite);
    describeListing(suite);
    describeWrites(suite);
    describeUniqueness(suite);
    describeTransactions(suite);
    describeTicketQueries(suite.store);
    describeOrderItems(suite.store);
    describeFireQueries(suite.store);
    describeWriteSkew(suite.store);
    describeSettingsDocument(suite.store);
    describeKitchenPaces(suite.store);
    describeChangeEvents(suite);
    describeDurability(suite);
    describeIdempotencyKeys(suite.store);
    describeLoginFailures(suite.store);
    describeOrderAudit(suite.store);
    describePrintJobs(suite.store);
  });
}
