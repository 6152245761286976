// Open orders with the dishes a board cares about, built from the REST lists or from live events.
import { fetchAll } from './api.js';
import { isDishEvent } from './events.js';
import { applyOrderEvent } from './sync.js';

/** @import { Dish, DishEvent, KitchenOrder, LiveEvent } from '../../../types/api.js' */

/**
 * Every order in one of `statuses`, with all its dishes (the expeditor's view; a station reads its
 * own queue through station-book.js).
 * @param {{ statuses: string[] }} scope
 */
export function createOrderBook({ statuses }) {
  /** Dishes by id, kept current by dish events, to read REST orders with. */
  /** @type {Map<string, Dish>} */
  const dishes = new Map();
  /** @param {KitchenOrder} order */
  const belongs = (order) => statuses.includes(order.status);

  /** @returns {Promise<KitchenOrder[]>} */
  async function load() {
    const [menu, orders] = await Promise.all([fetchAll('/dishes'), fetchAll('/orders', { filter: `status.in~${statuses.join(',')}` })]);
    dishes.clear();
    for (const dish of menu) dishes.set(dish.id, dish);
    return orders
      .map((order) => ({ ...order, dishes: order.dish_ids.flatMap((/** @type {string} */ id) => dishes.get(id) ?? []) }))
      .filter(belongs);
  }

  /**
   * Applies one live event; returns true when an order appeared that was not shown before.
   * @param {Map<string, KitchenOrder>} orders @param {LiveEvent} event
   */
  function apply(orders, event) {
    if (isDishEvent(event)) trackDish(event);
    return applyOrderEvent(orders, event, belongs);
  }

  /** @param {DishEvent} event */
  function trackDish(event) {
    if (event.type === 'dish.deleted') dishes.delete(event.data.id);
    else if (event.type !== 'dish.availability') dishes.set(event.data.id, event.data);
  }

  return { load, apply };
}
