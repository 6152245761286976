import { beforeEach, describe, expect, it } from 'vitest';
import type { DishChange, IngredientChange } from '../../../realtime/normalize.js';
import { kitchenViewAt } from '../../../realtime/kitchen-view.js';
import { dishDeliveries } from '../../../realtime/policies/dishes.js';
import { ingredientDeliveries } from '../../../realtime/policies/ingredients.js';
import { captureChanges } from '../fakes/capture.js';
import { addDish, addIngredient } from '../fakes/kitchen.js';
import { MemoryStore } from '../fakes/memory-store.js';

let store: MemoryStore;
beforeEach(() => {
  store = new MemoryStore();
});

describe('dish policy', () => {
  it('tells the menu only, with the dish and its availability', async () => {
    const rice = await addIngredient(store, 'Rice', 0);
    const [change] = (await captureChanges(store, () => addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] }))) as DishChange[];
    const deliveries = await dishDeliveries(change!, kitchenViewAt(store, () => []));
    expect(deliveries).toEqual([{ rooms: ['menu'], event: { type: 'dish.created', data: { ...change!.current, is_available: false } } }]);
  });

  it('names the event after the change: dish.updated, dish.deleted', async () => {
    const dish = await addDish(store, { name: 'Tea', station: 'beverages' });
    const changes = (await captureChanges(store, async () => {
      await store.collection('dishes').update(dish.id, { set: { price: 3 } });
      await store.collection('dishes').delete(dish.id);
    })) as DishChange[];
    const types = await Promise.all(changes.map(async (c) => (await dishDeliveries(c, kitchenViewAt(store, () => [])))[0]?.event.type));
    expect(types).toEqual(['dish.updated', 'dish.deleted']);
  });
});

describe('ingredient policy', () => {
  it('tells the menu room only, with the public ingredient fields', async () => {
    const [change] = (await captureChanges(store, () => addIngredient(store, 'Basil', 3))) as IngredientChange[];
    expect(ingredientDeliveries(change!)).toEqual([{ rooms: ['menu'], event: { type: 'ingredient.created', data: change!.current } }]);
  });
});
