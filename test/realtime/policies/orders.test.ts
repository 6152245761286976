import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMenu, type LiveMenu } from '../../../domain/menu/menu.js';
import type { DishDoc } from '../../../models/dish.js';
import { kitchenViewAt } from '../../../realtime/kitchen-view.js';
import type { OrderChange } from '../../../realtime/normalize.js';
import { orderDeliveries } from '../../../realtime/policies/orders.js';
import { captureChanges } from '../fakes/capture.js';
import { addDish, addIngredient, placeOrder } from '../fakes/kitchen.js';
import { MemoryStore } from '../fakes/memory-store.js';

let store: MemoryStore;
/** The live menu over `store`, opened first: the kitchen view reads dishes and stock from it. */
let menu: LiveMenu;
let soup: DishDoc;
let salad: DishDoc;
let lemonade: DishDoc;
const view = () => kitchenViewAt(menu, () => []);
const asServed = (dish: DishDoc, is_available = true) => ({ ...dish, is_available });

async function orderChange(work: () => Promise<unknown>): Promise<OrderChange> {
  const change = (await captureChanges(store, work)).find((c): c is OrderChange => c.collection === 'orders');
  if (!change) throw new Error('no order change');
  return change;
}

beforeEach(async () => {
  store = new MemoryStore();
  menu = await openMenu(store);
  const stock = await addIngredient(store, 'Stock', 10);
  const lettuce = await addIngredient(store, 'Lettuce', 10);
  const lemon = await addIngredient(store, 'Lemon', 10);
  soup = await addDish(store, { name: 'Soup', station: 'hot', essential: [stock.id] });
  salad = await addDish(store, { name: 'Salad', station: 'cold', essential: [lettuce.id] });
  lemonade = await addDish(store, { name: 'Lemonade', station: 'beverages', essential: [lemon.id] });
});

afterEach(() => menu.close());

describe('order policy', () => {
  it('sends a hot-only order to station:hot and the expeditor, and to no other station', async () => {
    const change = await orderChange(() => placeOrder(store, [soup.id]));
    const deliveries = orderDeliveries(change, view());
    expect(deliveries.map((d) => d.rooms)).toEqual([['station:hot'], ['expeditor'], ['owner:owner-secret']]);
    expect(deliveries.map((d) => d.event.type)).toEqual(['order.created', 'order.created', 'order.created']);
  });

  it('gives each station only its own dishes, in dish_ids order with duplicates, and the expeditor all', async () => {
    const dishIds = [soup.id, salad.id, soup.id, lemonade.id];
    const change = await orderChange(() => placeOrder(store, dishIds));
    const [cold, hot, beverages, expeditor] = orderDeliveries(change, view());
    const current = async (dish: DishDoc) => asServed((await store.collection('dishes').get(dish.id))!);
    expect(cold).toMatchObject({ rooms: ['station:cold'], event: { data: { dish_ids: dishIds, dishes: [await current(salad)] } } });
    expect(hot).toMatchObject({ rooms: ['station:hot'], event: { data: { dishes: [await current(soup), await current(soup)] } } });
    expect(beverages).toMatchObject({ rooms: ['station:beverages'], event: { data: { dishes: [await current(lemonade)] } } });
    expect(expeditor?.event.data).toMatchObject({ dishes: [soup, salad, soup, lemonade].map((d) => asServed(d)) });
  });

  it('carries the public order fields only: never the owner', async () => {
    const change = await orderChange(() => placeOrder(store, [soup.id]));
    const [hot] = orderDeliveries(change, view());
    expect(Object.keys(hot?.event.data ?? {}).sort()).toEqual([
      'allergies',
      'closed_at',
      'created_at',
      'dish_ids',
      'dishes',
      'fire_at',
      'id',
      'name',
      'pacing', // an order written around the API reads as the default pacing
      'priority',
      'ready_at',
      'scheduled_at',
      'special_requests',
      'status',
      'table_number',
      'tickets',
      'updated_at',
    ]);
  });

  it('marks dishes whose essential ingredient ran out as unavailable', async () => {
    const order = await placeOrder(store, [salad.id]);
    await store.collection('ingredients').update(salad.ingredients[0]!.ingredient_id, { set: { in_stock_qty: 0 } });
    const change = await orderChange(() => store.collection('orders').update(order.id, { set: { status: 'In Progress' } }));
    const [cold] = orderDeliveries(change, view());
    expect(cold?.event).toMatchObject({
      type: 'order.updated',
      data: { status: 'In Progress', dishes: [{ id: salad.id, is_available: false }] },
    });
  });

  it('tells a station once, with no dishes, when an update takes its last dish away', async () => {
    const order = await placeOrder(store, [soup.id, salad.id]);
    const change = await orderChange(() => store.collection('orders').update(order.id, { set: { dish_ids: [soup.id] } }));
    const deliveries = orderDeliveries(change, view());
    expect(deliveries.map((d) => [d.rooms, (d.event.data as { dishes: unknown[] }).dishes.length])).toEqual([
      [['station:cold'], 0],
      [['station:hot'], 1],
      [['expeditor'], 1],
      [['owner:owner-secret'], 1],
    ]);
  });

  it('routes a deletion from the order as it last was', async () => {
    const order = await placeOrder(store, [lemonade.id]);
    const change = await orderChange(() => store.collection('orders').delete(order.id));
    const deliveries = orderDeliveries(change, view());
    expect(deliveries.map((d) => d.rooms)).toEqual([['station:beverages'], ['expeditor'], ['owner:owner-secret']]);
    expect(deliveries[0]?.event).toMatchObject({ type: 'order.deleted', data: { id: order.id, dishes: [{ id: lemonade.id }] } });
  });
});
