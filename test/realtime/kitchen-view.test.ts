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
    const rice = await addIngredient(store, 'Rice', 3);
    const basil = await addIngredient(store, 'Basil', 8);
    const later = await captureEvents(store, async () => {
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 0 } });
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 9 } });
    });
    const stock = await kitchenViewAt(store, () => later).stock([rice.id, basil.id]);
    expect(stock).toEqual(
      new Map([
        [rice.id, 3],
        [basil.id, 8],
      ]),
    );
  });

  it('leaves out documents created later and brings back documents deleted later', async () => {
    const store = new MemoryStore();
    const rice = await addIngredient(store, 'Rice', 3);
    const soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [rice.id] });
    let tea = soup;
    const later = await captureEvents(store, async () => {
      tea = await addDish(store, { name: 'Tea', station: 'beverages', essential: [rice.id] });
      await store.collection('dishes').delete(soup.id);
    });
    const view = kitchenViewAt(store, () => later);
    expect([...(await view.dishes([soup.id, tea.id])).keys()]).toEqual([soup.id]);
    expect((await view.dishesUsing([rice.id])).map((dish) => dish.name)).toEqual(['Soup']);
  });
});

describe('kitchen view from the live menu', () => {
  const { open } = storesPerTest('pos-view-');

  it('answers as the store does, rewound alike, without reading the store', async () => {
    const { store } = open();
    const menu = await openMenu(store);
    const rice = await addIngredient(store, 'Rice', 3);
    const basil = await addIngredient(store, 'Basil', 8);
    const soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [rice.id], optional: [basil.id] });
    const later = await captureEvents(store, async () => {
      await store.collection('ingredients').update(rice.id, { set: { in_stock_qty: 0 } });
      await addDish(store, { name: 'Tea', station: 'beverages', essential: [basil.id] });
      await store.collection('dishes').update(soup.id, { set: { name: 'Broth' } });
    });
    const fromStore = kitchenViewAt(store, () => later);
    const reads: string[] = [];
    const counted = { collection: (name: string) => (reads.push(name), store.collection(name as 'dishes')) } as unknown as typeof store;
    const fromMenu = kitchenViewAt(counted, () => later, menu);
    expect(await fromMenu.stock([rice.id, basil.id])).toEqual(await fromStore.stock([rice.id, basil.id]));
    expect(await fromMenu.stock([rice.id])).toEqual(new Map([[rice.id, 3]]));
    expect(await fromMenu.dishes([soup.id])).toEqual(await fromStore.dishes([soup.id]));
    expect((await fromMenu.dishes([soup.id])).get(soup.id)?.name).toBe('Soup');
    expect((await fromMenu.dishesUsing([basil.id])).map((dish) => dish.name)).toEqual(
      (await fromStore.dishesUsing([basil.id])).map((dish) => dish.name),
    );
    expect(reads).toEqual([]);
    menu.close();
  });
});
