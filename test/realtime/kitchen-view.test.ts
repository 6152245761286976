// The kitchen as of a batch: read from the live menu (never the store), rewound past the changes
// still waiting in the feed.
import { describe, expect, it } from 'vitest';
import { openMenu } from '../../domain/menu/menu.js';
import { kitchenViewAt } from '../../realtime/kitchen-view.js';
import { storesPerTest } from '../store/fixtures/sqlite-stores.js';
import { captureEvents } from './fakes/capture.js';
import { addDish, addIngredient } from './fakes/kitchen.js';
import { MemoryStore } from './fakes/memory-store.js';

describe('kitchen view', () => {
  it('reads stock as it was before changes that are still waiting in the feed', async () => {
    const store = new MemoryStore();
    const menu = await openMenu(store);
    const rice = await addIngredient(store, 'Rice', 3);
    const basil = await addIngredient(store, 'Basil', 8);
    const later = await captureEvents(store, async () => {
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 0 } });
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 9 } });
    });
    expect(menu.current.stock.get(rice.id)).toBe(9);
    const stock = kitchenViewAt(menu, () => later).stock([rice.id, basil.id]);
    expect(stock).toEqual(
      new Map([
        [rice.id, 3],
        [basil.id, 8],
      ]),
    );
    menu.close();
  });

  it('leaves out documents created later and brings back documents deleted later', async () => {
    const store = new MemoryStore();
    const menu = await openMenu(store);
    const rice = await addIngredient(store, 'Rice', 3);
    const soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [rice.id] });
    let tea = soup;
    const later = await captureEvents(store, async () => {
      tea = await addDish(store, { name: 'Tea', station: 'beverages', essential: [rice.id] });
      await store.collection('dishes').delete(soup.id);
    });
    const view = kitchenViewAt(menu, () => later);
    expect([...view.dishes([soup.id, tea.id]).keys()]).toEqual([soup.id]);
    expect(view.dishesUsing([rice.id]).map((dish) => dish.name)).toEqual(['Soup']);
    menu.close();
  });
});

describe('kitchen view over a store', () => {
  const { open } = storesPerTest('pos-view-');

  it('answers for the moment of the batch from the menu alone: no read of the store', async () => {
    const { store } = open();
    const reads: string[] = [];
    const collection = store.collection.bind(store);
    store.collection = ((name: 'dishes') => (reads.push(name), collection(name))) as typeof store.collection;
    const menu = await openMenu(store);
    const rice = await addIngredient(store, 'Rice', 3);
    const basil = await addIngredient(store, 'Basil', 8);
    const soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [rice.id], optional: [basil.id] });
    const later = await captureEvents(store, async () => {
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 0 } });
      await addDish(store, { name: 'Tea', station: 'beverages', essential: [basil.id] });
      await store.collection('dishes').update(soup.id, { set: { name: 'Broth' } });
    });
    reads.length = 0;
    const view = kitchenViewAt(menu, () => later);
    expect(view.stock([rice.id, basil.id])).toEqual(
      new Map([
        [rice.id, 3],
        [basil.id, 8],
      ]),
    );
    expect(view.dishes([soup.id]).get(soup.id)).toEqual({ ...soup, name: 'Soup' });
    expect(view.dishesUsing([basil.id]).map((dish) => dish.name)).toEqual(['Soup']);
    expect(reads).toEqual([]);
    menu.close();
  });
});
