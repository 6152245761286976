import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMenu, type LiveMenu } from '../../../domain/menu/menu.js';
import type { IngredientDoc } from '../../../models/ingredient.js';
import { kitchenViewAt } from '../../../realtime/kitchen-view.js';
import type { Change } from '../../../realtime/normalize.js';
import { availabilityFlips } from '../../../realtime/policies/availability.js';
import { captureChanges } from '../fakes/capture.js';
import { addDish, addIngredient, placeOrder } from '../fakes/kitchen.js';
import { MemoryStore } from '../fakes/memory-store.js';

let store: MemoryStore;
/** The live menu over `store`, opened first: the kitchen view reads dishes and stock from it. */
let menu: LiveMenu;
let rice: IngredientDoc;
let saffron: IngredientDoc;
let parsley: IngredientDoc;
const setStock = (ingredient: IngredientDoc, qty: number) =>
  store.collection('ingredients').update(ingredient.id, { set: { in_stock_qty: qty } });
const flipsOf = async (work: () => Promise<unknown>) =>
  availabilityFlips(
    await captureChanges(store, work),
    kitchenViewAt(menu, () => []),
  );
const flip = (id: string, is_available: boolean, portions_left: number | null = is_available ? 1 : 0, station = 'hot') => ({
  rooms: ['menu', `station:${station}`],
  event: { type: 'dish.availability', data: { id, is_available, portions_left } },
});

beforeEach(async () => {
  store = new MemoryStore();
  menu = await openMenu(store);
  rice = await addIngredient(store, 'Rice', 1);
  saffron = await addIngredient(store, 'Saffron', 1);
  parsley = await addIngredient(store, 'Parsley', 1);
});

afterEach(() => menu.close());

describe('availability flips', () => {
  it('flips a dish off when an essential ingredient runs out, and on when it returns', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    expect(await flipsOf(() => setStock(rice, 0))).toEqual([flip(risotto.id, false)]);
    expect(await flipsOf(() => setStock(rice, 4))).toEqual([flip(risotto.id, true, 4)]);
  });

  it('says nothing when stock changes without crossing zero above low_portions, or only a non-essential runs out', async () => {
    await setStock(rice, 40);
    await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    expect(await flipsOf(() => setStock(rice, 30))).toEqual([]);
    expect(await flipsOf(() => setStock(parsley, 0))).toEqual([]);
  });

  it('flips a dish once when one order empties two of its essentials', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id, saffron.id] });
    expect(await flipsOf(() => placeOrder(store, [risotto.id]))).toEqual([flip(risotto.id, false)]);
  });

  it('does not flip a dish whose availability and portions a transaction leaves as they were', async () => {
    await setStock(rice, 0);
    await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id, saffron.id] });
    const refillOneEmptyOther = () =>
      store.transaction(async (session) => {
        await session.collection('ingredients').update(rice.id, { set: { in_stock_qty: 50 } });
        await session.collection('ingredients').update(saffron.id, { set: { in_stock_qty: 0 } });
      });
    expect(await flipsOf(refillOneEmptyOther)).toEqual([]);
  });

  it('flips every dish using the ingredient, each by its own essentials', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    await setStock(parsley, 40);
    await addDish(store, { name: 'Rice salad', station: 'cold', essential: [parsley.id], optional: [rice.id] });
    const paella = await addDish(store, { name: 'Paella', station: 'hot', essential: [rice.id, saffron.id] });
    expect(await flipsOf(() => setStock(rice, -2))).toEqual([flip(risotto.id, false), flip(paella.id, false)]);
  });

  it('flips a dish whose new ingredient list adds an ingredient out of stock', async () => {
    await setStock(saffron, 0);
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    const addSaffron = () =>
      store
        .collection('dishes')
        .update(risotto.id, { set: { ingredients: [...risotto.ingredients, { ingredient_id: saffron.id, is_essential: true }] } });
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

  it('looks nothing up for a write that moves no stock (a dish edit touching its ingredients)', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    const touch = () => store.collection('ingredients').updateEach([rice.id, parsley.id].map((id) => ({ id, update: { set: {} } })));
    const changes = await captureChanges(store, touch);
    const lookups: string[] = [];
    const view = kitchenViewAt(menu, () => []);
    const counting = {
      stock: (ids: Iterable<string>) => (lookups.push('stock'), view.stock(ids)),
      dishes: (ids: Iterable<string>) => (lookups.push('dishes'), view.dishes(ids)),
      dishesUsing: (ids: Iterable<string>) => (lookups.push('dishesUsing'), view.dishesUsing(ids)),
    };
    expect(risotto.ingredients).toHaveLength(2);
    expect(availabilityFlips(changes, counting)).toEqual([]);
    expect(lookups).toEqual([]);
  });

  it('says nothing for an order that leaves every dish above low_portions', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    await setStock(rice, 12);
    await setStock(parsley, 10);
    expect(await flipsOf(() => placeOrder(store, [risotto.id]))).toEqual([]);
  });

  it('tells the menu and the station each change of portions at or below low_portions (11 to 10 yes, 12 to 11 no)', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id], optional: [parsley.id] });
    await setStock(rice, 11);
    await setStock(parsley, 10);
    expect(await flipsOf(() => placeOrder(store, [risotto.id]))).toEqual([flip(risotto.id, true, 10)]);
    expect(await flipsOf(() => placeOrder(store, [risotto.id, risotto.id]))).toEqual([flip(risotto.id, true, 8)]);
  });

  it('counts the units one dish takes: an essential listed twice halves the portions', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'cold', essential: [rice.id, rice.id] });
    expect(await flipsOf(() => setStock(rice, 7))).toEqual([flip(risotto.id, true, 3, 'cold')]);
  });

  it('tells nothing of a dish whose essential stock the order leaves above low_portions, even if its optional one is low', async () => {
    const risotto = await addDish(store, { name: 'Plain rice', station: 'hot', essential: [parsley.id], optional: [rice.id] });
    await setStock(parsley, 40);
    await setStock(rice, 3);
    expect(await flipsOf(() => placeOrder(store, [risotto.id]))).toEqual([]);
  });

  it('tells the menu the availability now of dishes whose stock came without its earlier value', async () => {
    const risotto = await addDish(store, { name: 'Risotto', station: 'hot', essential: [rice.id] });
    await addDish(store, { name: 'Salad', station: 'cold', essential: [parsley.id], optional: [rice.id] });
    const [change] = await captureChanges(store, () => setStock(rice, 0));
    const withoutPreImage = { ...change!, previous: null } as Change;
    expect(
      availabilityFlips(
        [withoutPreImage],
        kitchenViewAt(menu, () => []),
      ),
    ).toEqual([flip(risotto.id, false)]);
  });
});
