// The live menu answers every read exactly as the store would, whatever was written before, and
// follows each committed write at once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiveMenu, openMenu } from '../../../domain/menu/menu.js';
import { StoreMenu } from '../../helpers/store-menu.js';
import { CATEGORIES, dishCatalogue, STATIONS, type DishWrite } from '../../../models/dish.js';
import { parseListQuery, type RawListQuery } from '../../../query/parse.js';
import type { ChangeListener, Store } from '../../../store/types.js';
import { commitAsOtherProgram, gatedStore } from '../../store/fixtures/other-program.js';
import { storesPerTest } from '../../store/fixtures/sqlite-stores.js';
import { lateEvents } from '../../store/fixtures/late-events.js';
import { overriding } from '../../store/fixtures/overriding.js';

const { open } = storesPerTest('pos-menu-');

/** A store on a fresh directory; its clock moves only when told, so creation times can tie. */
function freshStore(): { store: Store; tick: (ms: number) => void } {
  let now = Date.parse('2026-11-22T12:00:00.000Z');
  const { store } = open({ clock: () => new Date(now) });
  return { store, tick: (ms) => void (now += ms) };
}

// Ids the store accepts as given (24 hex digits), so steps and queries can name ingredients.
const id = (n: number) => n.toString(16).padStart(24, '0');
const INGREDIENTS = [1, 2, 3, 4, 5].map(id);
const [I1 = '', I2 = '', I3 = '', , I5 = ''] = INGREDIENTS;
const NAMES = ['Soup', 'soup of the day', 'Salad', 'SALAD 50%', 'a_b', 'Tea', 'Zucchini'];

function dishWrite(name: string, price: number, station: DishWrite['station'], essentials: string[], others: string[]): DishWrite {
  return {
    name,
    description: `${name}, freshly made`,
    category: CATEGORIES[name.length % CATEGORIES.length] ?? 'Main Course',
    image_name: name.toLowerCase().replaceAll(' ', '-'),
    ingredients: [
      ...essentials.map((ingredient_id) => ({ ingredient_id, is_essential: true })),
      ...others.filter((id) => !essentials.includes(id)).map((ingredient_id) => ({ ingredient_id, is_essential: false })),
    ],
    preparation_time: 5 + (price % 7),
    price,
    station,
  };
}

const arbDish = fc
  .record({
    name: fc.constantFrom(...NAMES),
    price: fc.constantFrom(0, 2.5, 4, 9.75, 12),
    station: fc.constantFrom(...STATIONS),
    essentials: fc.subarray(INGREDIENTS, { minLength: 0, maxLength: 3 }),
    others: fc.subarray(INGREDIENTS, { minLength: 1, maxLength: 2 }),
  })
  .map(({ name, price, station, essentials, others }) => dishWrite(name, price, station, essentials, others));

type Step =
  | { kind: 'addDish'; dish: DishWrite; tick: number }
  | { kind: 'replaceDish'; index: number; dish: DishWrite; tick: number }
  | { kind: 'deleteDish'; index: number }
  | { kind: 'setStock'; ingredient: string; qty: number }
  | { kind: 'takeStock'; ingredient: string; units: number }
  | { kind: 'deleteIngredient'; ingredient: string }
  | { kind: 'addIngredient'; ingredient: string; qty: number };

const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('addDish' as const), dish: arbDish, tick: fc.constantFrom(0, 0, 1, 60_000) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('replaceDish' as const), index: fc.nat(), dish: arbDish, tick: fc.constantFrom(0, 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteDish' as const), index: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('setStock' as const),
      ingredient: fc.constantFrom(...INGREDIENTS),
      qty: fc.integer({ min: -1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('takeStock' as const),
      ingredient: fc.constantFrom(...INGREDIENTS),
      units: fc.integer({ min: -2, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteIngredient' as const), ingredient: fc.constantFrom(...INGREDIENTS) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('addIngredient' as const),
      ingredient: fc.constantFrom(...INGREDIENTS),
      qty: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

async function run(store: Store, tick: (ms: number) => void, step: Step, dishIds: string[]): Promise<void> {
  const dishes = store.collection('dishes');
  const ingredients = store.collection('ingredients');
  const pick = (index: number) => (dishIds.length > 0 ? dishIds[index % dishIds.length] : undefined);
  switch (step.kind) {
    case 'addDish':
      tick(step.tick);
      dishIds.push((await dishes.insert(step.dish)).id);
      return;
    case 'replaceDish': {
      const id = pick(step.index);
      tick(step.tick);
      if (id) await dishes.replace(id, step.dish);
      return;
    }
    case 'deleteDish': {
      const id = pick(step.index);
      if (id) await dishes.delete(id);
      return;
    }
    case 'setStock':
      await ingredients.update(step.ingredient, { set: { in_stock_qty: step.qty } });
      return;
    case 'takeStock':
      // As an order takes units: in a transaction, beside another write.
      await store.transaction(async (tx) => {
        await tx.collection('ingredients').update(step.ingredient, { inc: { in_stock_qty: -step.units } });
        await tx.collection('ingredients').update(I5, { inc: { in_stock_qty: 0 } });
      });
      return;
    case 'deleteIngredient':
      await ingredients.delete(step.ingredient);
      return;
    case 'addIngredient':
      if (!(await ingredients.get(step.ingredient)))
        await ingredients.insert({ id: step.ingredient, name: step.ingredient, in_stock_qty: step.qty, price: 1 });
      return;
  }
}

async function seedIngredients(store: Store, qty: (id: string) => number): Promise<void> {
  for (const ingredient of INGREDIENTS)
    await store
      .collection('ingredients')
      .insert({ id: ingredient, name: `Ingredient ${ingredient}`, in_stock_qty: qty(ingredient), price: 1 });
}

const arbCondition: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'is_available.eq~true',
    'is_available.eq~false',
    'is_available.ne~true',
    'is_available.in~true,false',
    'is_available.in~false',
  ),
  fc.constantFrom(...NAMES, 'soup', 'SAL', '%', '_', 'zz').map((value) => `name.contains~${value}`),
  fc.constantFrom(...NAMES).map((value) => `name.eq~${value}`),
  fc
    .constantFrom('gt', 'gte', 'lt', 'lte', 'eq', 'ne')
    .chain((op) => fc.constantFrom(0, 2.5, 4, 10).map((value) => `price.${op}~${value}`)),
  fc.constantFrom(...STATIONS).map((value) => `station.eq~${value}`),
  fc.constantFrom('cold,hot', 'beverages').map((value) => `station.in~${value}`),
  fc.constantFrom(...INGREDIENTS, id(255)).map((value) => `ingredients.ingredient_id.eq~${value}`),
  fc.constantFrom(...INGREDIENTS).map((value) => `ingredients.ingredient_id.ne~${value}`),
  fc.constantFrom('true', 'false').map((value) => `ingredients.is_essential.eq~${value}`),
  fc
    .constantFrom('2026-11-22T12:00:00.000Z', '2026-11-22T12:01:00.000Z')
    .chain((value) => fc.constantFrom('gt', 'lte').map((op) => `created_at.${op}~${value}`)),
);

const arbQuery: fc.Arbitrary<RawListQuery> = fc
  .record(
    {
      filter: fc.array(arbCondition, { minLength: 1, maxLength: 3 }).map((conditions) => conditions.join('|')),
      sort: fc.constantFrom('name', 'price', 'created_at', 'updated_at', 'station', 'category', 'preparation_time', 'id'),
      order: fc.constantFrom('asc', 'desc'),
      limit: fc.integer({ min: 1, max: 30 }),
      offset: fc.integer({ min: 0, max: 6 }),
    },
    { requiredKeys: [] },
  )
  .filter((raw) => raw.order === undefined || raw.sort !== undefined);

describe('LiveMenu', () => {
  // Sixty fresh stores: about 6 s on a quiet 2-core machine, 21 s seen on a busy one, hence the room.
  it('answers every list query and every get as the store does, after any sequence of writes', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbStep, { maxLength: 25 }), fc.array(arbQuery, { minLength: 1, maxLength: 8 }), async (steps, queries) => {
        const { store, tick } = freshStore();
        await seedIngredients(store, (ingredient) => (ingredient === I1 ? 0 : 2));
        const live = await LiveMenu.open(store);
        const direct = new StoreMenu(store);
        const dishIds: string[] = [];
        try {
          for (const step of steps) await run(store, tick, step, dishIds);
          for (const raw of queries) {
            const query = parseListQuery(raw, dishCatalogue);
            expect(await live.list(query), JSON.stringify(raw)).toEqual(await direct.list(query));
          }
          for (const dish of [...dishIds, id(254)]) expect(await live.get(dish)).toEqual(await direct.get(dish));
          const some = [id(254), ...dishIds.slice(0, 3), ...dishIds.slice(0, 2)];
          expect(await live.getEach(some)).toEqual(await direct.getEach(some));
        } finally {
          live.close();
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reflects a stock-out and a restock in the very next read', async () => {
    const { store } = freshStore();
    await seedIngredients(store, () => 1);
    const soup = await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], [I2]));
    const menu = await LiveMenu.open(store);
    expect((await menu.get(soup.id))?.is_available).toBe(true);
    await store.collection('ingredients').update(I1, { inc: { in_stock_qty: -1 } });
    expect((await menu.get(soup.id))?.is_available).toBe(false);
    expect((await menu.list(parseListQuery({ filter: 'is_available.eq~true' }, dishCatalogue))).total_results).toBe(0);
    await store.collection('ingredients').update(I1, { set: { in_stock_qty: 3 } });
    expect((await menu.get(soup.id))?.is_available).toBe(true);
    // A non-essential ingredient running out changes nothing.
    await store.collection('ingredients').update(I2, { set: { in_stock_qty: -4 } });
    expect((await menu.get(soup.id))?.is_available).toBe(true);
    menu.close();
  });

  it('keeps one frozen answer per dish until the dish or its essential stock changes', async () => {
    const { store } = freshStore();
    await seedIngredients(store, () => 5);
    const soup = await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], [I2]));
    const menu = await LiveMenu.open(store);
    const first = await menu.get(soup.id);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.ingredients[0])).toBe(true);
    // A write leaving its essential stock as it was (a non-essential one taken): the same answer.
    await store.collection('ingredients').update(I2, { inc: { in_stock_qty: -1 } });
    expect(await menu.get(soup.id)).toBe(first);
    // A unit of an essential ingredient taken: a new answer with one portion fewer.
    await store.collection('ingredients').update(I1, { inc: { in_stock_qty: -1 } });
    expect((await menu.get(soup.id))?.portions_left).toBe(4);
    await store.collection('dishes').update(soup.id, { set: { price: 5 } });
    const repriced = await menu.get(soup.id);
    expect(repriced).not.toBe(first);
    expect(repriced?.price).toBe(5);
    await store.collection('dishes').delete(soup.id);
    expect(await menu.get(soup.id)).toBeNull();
    expect((await menu.list(parseListQuery({}, dishCatalogue))).results).toEqual([]);
    menu.close();
  });

  it('applies, in order, the changes that commit while it is loading', async () => {
    const { store } = freshStore();
    await seedIngredients(store, () => 1);
    const soup = await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], [I2]));
    // A store whose reads answer late: writes commit between the read and its answer.
    let listener: ChangeListener | undefined;
    const slow = overriding(store, {
      onChange: (next) => {
        listener = next;
        return store.onChange((event) => listener?.(event));
      },
      collection: (name) => {
        const inner = store.collection(name);
        return overriding(inner, {
          find: async (...args: Parameters<typeof inner.find>) => {
            const found = await inner.find(...args);
            if (name === 'dishes') {
              await store.collection('ingredients').update(I1, { set: { in_stock_qty: 0 } });
              await store.collection('dishes').update(soup.id, { set: { name: 'Soup of the day' } });
              await store.collection('dishes').insert(dishWrite('Tea', 2, 'beverages', [], [I3]));
            }
            return found;
          },
        } as Partial<typeof inner>);
      },
    });
    const menu = await LiveMenu.open(slow);
    const expected = await new StoreMenu(store).list(parseListQuery({}, dishCatalogue));
    expect(expected.results.map((dish) => [dish.name, dish.is_available])).toEqual([
      ['Soup of the day', false],
      ['Tea', true],
    ]);
    expect(await menu.list(parseListQuery({}, dishCatalogue))).toEqual(expected);
    menu.close();
  });

  it('reads everything again when the store resyncs, answers reads once the newest read is in, and of two keeps the later', async () => {
    const { store, dataDir } = open();
    await seedIngredients(store, () => 1);
    const soup = await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], []));
    const gated = gatedStore(store, 'dishes');
    const menu = await LiveMenu.open(gated.store);
    const price = async () => (await menu.get(soup.id))?.price;
    const repair = (value: number) =>
      commitAsOtherProgram(dataDir, [`UPDATE dishes SET doc = json_set(doc, '$.price', ?) WHERE id = ?`, value, soup.id]);
    repair(6);
    const first = gated.gate();
    gated.resync('repaired');
    repair(7);
    const second = gated.gate();
    gated.resync('repaired again');
    // A read waits for the newest reload: it never answers from before the other program's commit.
    let answered: number | undefined;
    const reading = price().then((value) => (answered = value));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBeUndefined();
    second();
    expect(await reading).toBe(7);
    first();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await price()).toBe(7);
    menu.close();
  });

  it('stops following the store when closed', async () => {
    const { store } = freshStore();
    await seedIngredients(store, () => 1);
    const menu = await LiveMenu.open(store);
    menu.close();
    await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], []));
    expect((await menu.list(parseListQuery({}, dishCatalogue))).total_results).toBe(0);
  });
});

describe('openMenu', () => {
  it('keeps the menu in memory on every store: one whose change events arrive after its writes answer is waited for', async () => {
    const { store } = freshStore();
    await seedIngredients(store, () => 1);
    const late = lateEvents(store, 30);
    const live = await openMenu(late.store);
    expect(live).toBeInstanceOf(LiveMenu);
    try {
      const soup = await store.collection('dishes').insert(dishWrite('Soup', 4, 'hot', [I1], []));
      await store.collection('ingredients').update(I1, { set: { in_stock_qty: 0 } });
      // Both events are still on the way, and the menu as last changed has neither.
      expect([late.held(), live.current.dishes.size]).toEqual([2, 0]);
      expect(await live.get(soup.id)).toMatchObject({ name: 'Soup', is_available: false });
      expect(await live.list(parseListQuery({}, dishCatalogue))).toEqual(
        await new StoreMenu(store).list(parseListQuery({}, dishCatalogue)),
      );
      await store.collection('dishes').delete(soup.id);
      expect(await live.get(soup.id)).toBeNull();
      expect(await live.dishes()).toEqual(new Map());
      expect(late.waits()).toBe(2);
    } finally {
      live.close();
      await late.store.close();
    }
  });
});
