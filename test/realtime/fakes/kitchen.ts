// Seeds a small kitchen in a store: ingredients, dishes per station, and orders that consume stock
// in one transaction the way the order rules do.
import type { DishDoc, Station } from '../../../models/dish.js';
import type { IngredientDoc } from '../../../models/ingredient.js';
import type { OrderDoc } from '../../../models/order.js';
import type { Store, StoreSession } from '../../../store/types.js';

export function addIngredient(store: StoreSession, name: string, in_stock_qty: number): Promise<IngredientDoc> {
  return store.collection('ingredients').insert({ name, in_stock_qty, price: 1 });
}

export interface DishSpec {
  name: string;
  station: Station;
  essential?: string[];
  optional?: string[];
}

export function addDish(store: StoreSession, { name, station, essential = [], optional = [] }: DishSpec): Promise<DishDoc> {
  return store.collection('dishes').insert({
    name,
    description: `${name}, as the chef makes it.`,
    category: 'Main Course',
    image_name: name.toLowerCase(),
    ingredients: [
      ...essential.map((ingredient_id) => ({ ingredient_id, is_essential: true })),
      ...optional.map((ingredient_id) => ({ ingredient_id, is_essential: false })),
    ],
    preparation_time: 10,
    price: 12.5,
    station,
  });
}

export function orderFields(dishIds: string[], name = 'Ben'): Omit<OrderDoc, 'id' | 'created_at' | 'updated_at'> {
  return {
    name,
    dish_ids: dishIds,
    table_number: 7,
    special_requests: null,
    scheduled_at: null,
    priority: 3,
    status: 'Received',
    fire_at: null,
    owner_id: 'owner-secret',
    stock_taken: [],
    tickets: [],
    ready_at: null,
    closed_at: null,
    pacing: 'at_once' as const,
  };
}

/** Inserts the order and takes one unit of every ingredient of every dish, in one transaction. */
export function placeOrder(store: Store, dishIds: string[], name = 'Ben'): Promise<OrderDoc> {
  return store.transaction(async (session) => {
    const order = await session.collection('orders').insert(orderFields(dishIds, name));
    for (const dishId of dishIds) {
      const dish = await session.collection('dishes').get(dishId);
      for (const { ingredient_id } of dish?.ingredients ?? []) {
        await session.collection('ingredients').update(ingredient_id, { inc: { in_stock_qty: -1 } });
      }
    }
    return order;
  });
}
