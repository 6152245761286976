import { beforeEach, describe, expect, it } from 'vitest';
import type { IngredientDoc } from '../../../models/ingredient.js';
import { kitchenViewAt } from '../../../realtime/kitchen-view.js';
import type { Change } from '../../../realtime/normalize.js';
import { availabilityFlips } from '../../../realtime/policies/availability.js';
import { captureChanges } from '../fakes/capture.js';
import { addDish, addIngredient, placeOrder } from '../fakes/kitchen.js';
import { MemoryStore } from '../fakes/memory-store.js';

let store: MemoryStore;
let rice: IngredientDoc;
let saffron: IngredientDoc;
let parsley: IngredientDoc;
const setStock = (ingredient: IngredientDoc, qty: number) => store.collection('ingredients').update(ingredient.id, { set: { in_stock_qty: qty } });
const flipsOf = async (work: () => Promise<unknown>) => availabilityFlips(await captureChanges(store, work), kitchenViewAt(store, () => []));
const flip = (id: string, is_available: boolean) => ({ rooms: ['menu'], event: { type: 'dish.availability', data: { id, is_available } } });

beforeEach(async () => {
  store = new MemoryStore();
  rice = await addIngredient(store, 'Rice', 1);
  saffron = await addIngredient(store, 'Saffron', 1);
  parsley = await addIngredient(store, 'Parsley', 1);
});

describe('availability flips', () => {
  it('flips a dish off when an essential ingredient runs out, and on when it returns', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    expect(await flipsOf(() => setStock(rice, 0))).toEqual([flip(risotto.id, false)]);
    expect(await flipsOf(() => setStock(rice, 4))).toEqual([flip(risotto.id, true)]);
  });

  it('says nothing when stock changes without crossing zero, or only a non-essential runs out', async () => {
    await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    expect(await flipsOf(() => setStock(rice, 9))).toEqual([]);
    expect(await flipsOf(() => setStock(parsley, 0))).toEqual([]);
  });

  it('flips a dish once when one order empties two of its essentials', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id, saffron.id] });
    expect(await flipsOf(() => placeOrder(store, [risotto.id]))).toEqual([flip(risotto.id, false)]);
  });

  it('does not flip a dish whose availability a transaction leaves as it was', async () => {
    await setStock(rice, 0);
    await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id, saffron.id] });
    const refillOneEmptyOther = () =>
      store.transaction(async (session) => {
        await session.collection('ingredients').update(rice.id, { set: { in_stock_qty: 5 } });
        await session.collection('ingredients').update(saffron.id, { set: { in_stock_qty: 0 } });
      });
    expect(await flipsOf(refillOneEmptyOther)).toEqual([]);
  });

  it('flips every dish using the ingredient, each by its own essentials', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    await addDish(store, { name: 'Rice salad', station: 'cold', essential: [parsley.id], optional: [rice.id] });
    const paella = await addDish(store, { name: 'Paella', station: 'hot', essential: [rice.id, saffron.id] });
    expect(await flipsOf(() => setStock(rice, -2))).toEqual([flip(risotto.id, false), flip(paella.id, false)]);
  });

  it('flips a dish whose new ingredient list adds an ingredient out of stock', async () => {
    await setStock(saffron, 0);
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    const addSaffron = () =>
      store.collection('dishes').update(risotto.id, { set: { ingredients: [...risotto.ingredients, { ingredient_id: saffron.id, is_essential: true }] } });
    expect(await flipsOf(addSaffron)).toEqual([flip(risotto.id, false)]);
  });

  it('leaves a dish created in the same batch to its dish.created event', async () => {
    const createWithStock = () =>
      store.transaction(async (session) => {
        await session.collection('ingredients').update(rice.id, { set: { in_stock_qty: 0 } });
        await addDish(session, { name: 'Risotto', station: 'hot', essential: [rice.id] });
      });
    expect(await flipsOf(createWithStock)).toEqual([]);
  });

  it('flips a dish off when an essential ingredient in stock is deleted', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    expect(await flipsOf(() => store.collection('ingredients').delete(rice.id))).toEqual([flip(risotto.id, false)]);
  });

  it('looks nothing up for an order that takes stock without emptying any ingredient', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    await setStock(rice, 10);
    await setStock(parsley, 10);
    const changes = await captureChanges(store, () => placeOrder(store, [risotto.id]));
    const lookups: string[] = [];
    const view = kitchenViewAt(store, () => []);
    const counting = {
      stock: (ids: Iterable<string>) => (lookups.push('stock'), view.stock(ids)),
      dishes: (ids: Iterable<string>) => (lookups.push('dishes'), view.dishes(ids)),
      dishesUsing: (ids: Iterable<string>) => (lookups.push('dishesUsing'), view.dishesUsing(ids)),
    };
    expect(await availabilityFlips(changes, counting)).toEqual([]);
    expect(lookups).toEqual([]);
  });

  it('tells the menu the availability now of dishes whose stock came without its earlier value', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    await addDish(store, { name: 'Salad', station: 'cold', essential: [parsley.id], optional: [rice.id] });
    const [change] = await captureChanges(store, () => setStock(rice, 0));
    const withoutPreImage = { ...change!, previous: null } as Change;
    expect(await availabilityFlips([withoutPreImage], kitchenViewAt(store, () => []))).toEqual([flip(risotto.id, false)]);
  });
});
