import { describe, expect, it } from 'vitest';
import { kitchenViewAt } from '../../realtime/kitchen-view.js';
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
    expect(stock).toEqual(new Map([[rice.id, 3], [basil.id, 8]]));
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
