import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMenu, type LiveMenu } from '../../../domain/menu/menu.js';
import type { DishChange, IngredientChange } from '../../../realtime/normalize.js';
import { kitchenViewAt } from '../../../realtime/kitchen-view.js';
import { dishDeliveries } from '../../../realtime/policies/dishes.js';
import { ingredientDeliveries, stockUpdates } from '../../../realtime/policies/ingredients.js';
import { captureChanges } from '../fakes/capture.js';
import { addDish, addIngredient } from '../fakes/kitchen.js';
import { MemoryStore } from '../fakes/memory-store.js';

let store: MemoryStore;
/** The live menu over `store`, opened first: the kitchen view reads dishes and stock from it. */
let menu: LiveMenu;
beforeEach(async () => {
  store = new MemoryStore();
  menu = await openMenu(store);
});

afterEach(() => menu.close());

describe('dish policy', () => {
  it('tells the menu only, with the dish and its availability', async () => {
    const rice = await addIngredient(store, 'Rice', 0);
    const [change] = (await captureChanges(store, () =>
      addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] }),
    )) as DishChange[];
    const deliveries = dishDeliveries(
      change!,
      kitchenViewAt(menu, () => []),
    );
    expect(deliveries).toEqual([
      {
        rooms: ['menu'],
        event: { type: 'dish.created', data: { ...change!.current, is_available: false, portions_left: 0, allergens: [] } },
      },
    ]);
  });

  it('names the event after the change: dish.updated, dish.deleted', async () => {
    const dish = await addDish(store, { name: 'Tea', station: 'beverages' });
    const changes = (await captureChanges(store, async () => {
      await store.collection('dishes').update(dish.id, { set: { price: 3 } });
      await store.collection('dishes').delete(dish.id);
    })) as DishChange[];
    const types = await Promise.all(
      changes.map(
        async (c) =>
          dishDeliveries(
            c,
            kitchenViewAt(menu, () => []),
          )[0]?.event.type,
      ),
    );
    expect(types).toEqual(['dish.updated', 'dish.deleted']);
  });
});

describe('ingredient policy', () => {
  it('tells the menu room only, with the public ingredient fields', async () => {
    const [change] = (await captureChanges(store, () => addIngredient(store, 'Basil', 3))) as IngredientChange[];
    expect(ingredientDeliveries(change!)).toEqual([
      { rooms: ['menu'], event: { type: 'ingredient.created', data: { ...change!.current, allergens: [] } } },
    ]);
  });

  it('sends ingredient.updated for a rename or a new price, and nothing of its own for a change of stock alone', async () => {
    const basil = await addIngredient(store, 'Basil', 3);
    const changes = (await captureChanges(store, async () => {
      await store.collection('ingredients').update(basil.id, { inc: { in_stock_qty: -1 } });
      await store.collection('ingredients').update(basil.id, { set: { name: 'Thai basil' } });
      await store.collection('ingredients').update(basil.id, { set: { price: 2, in_stock_qty: 9 } });
    })) as IngredientChange[];
    expect(changes.map((change) => ingredientDeliveries(change).map(({ rooms, event }) => [rooms, event.type, event.data]))).toEqual([
      [],
      // Stored without allergens (written around the API): told with none.
      [[['menu'], 'ingredient.updated', { ...changes[1]!.current, allergens: [] }]],
      [[['menu'], 'ingredient.updated', { ...changes[2]!.current, allergens: [] }]],
    ]);
  });

  it('lists each ingredient whose stock the batch changed once, where it first changed, as the batch left it', async () => {
    const [basil, mint, lime] = [
      await addIngredient(store, 'Basil', 3),
      await addIngredient(store, 'Mint', 3),
      await addIngredient(store, 'Lime', 3),
    ];
    const changes = (await captureChanges(store, async () => {
      await store.collection('ingredients').update(mint.id, { inc: { in_stock_qty: -1 } });
      await store.collection('ingredients').update(basil.id, { set: { name: 'Thai basil' } });
      await store.collection('ingredients').update(lime.id, { inc: { in_stock_qty: -1 } });
      await store.collection('ingredients').update(mint.id, { inc: { in_stock_qty: -2 } });
      await store.collection('ingredients').update(mint.id, { set: { price: 4 } });
    })) as IngredientChange[];
    const last = changes.at(-1)!.current;
    expect(stockUpdates(changes)).toEqual([
      {
        rooms: ['menu'],
        event: {
          type: 'stock.updated',
          data: {
            ingredients: [
              { id: mint.id, in_stock_qty: 0, updated_at: last.updated_at },
              { id: lime.id, in_stock_qty: 2, updated_at: changes[2]!.current.updated_at },
            ],
          },
        },
      },
    ]);
  });

  it('sends no stock.updated without a stock change, and leaves out an ingredient the batch deleted', async () => {
    const [basil, mint] = [await addIngredient(store, 'Basil', 3), await addIngredient(store, 'Mint', 3)];
    const changes = (await captureChanges(store, async () => {
      await store.collection('ingredients').update(basil.id, { set: { price: 2 } });
      await store.collection('ingredients').update(mint.id, { inc: { in_stock_qty: -1 } });
      await store.collection('ingredients').delete(mint.id);
    })) as IngredientChange[];
    expect(stockUpdates(changes)).toEqual([]);
    expect(stockUpdates(changes.slice(0, 1))).toEqual([]);
  });

  it('sends both for an update without the document before it (a change stream without pre-images)', async () => {
    const basil = await addIngredient(store, 'Basil', 3);
    const [change] = (await captureChanges(store, () =>
      store.collection('ingredients').update(basil.id, { set: { in_stock_qty: 2 } }),
    )) as IngredientChange[];
    const blind: IngredientChange = { ...change!, previous: null };
    expect(ingredientDeliveries(blind).map(({ event }) => event.type)).toEqual(['ingredient.updated']);
    expect(stockUpdates([blind])).toEqual([
      {
        rooms: ['menu'],
        event: {
          type: 'stock.updated',
          data: { ingredients: [{ id: basil.id, in_stock_qty: 2, updated_at: change!.current.updated_at }] },
        },
      },
    ]);
  });
});
