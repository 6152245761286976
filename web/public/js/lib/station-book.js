// A station's orders: every open order with a ticket here (fired, held for later, or voided), each
// with this station's dishes, loaded from GET /orders and the station's dishes, and kept by the
// station room's order events (each carrying the whole order, all its tickets, and this station's
// dishes). The board makes a card of each fired ticket and a strip entry of each held one. A deleted
// order stays, marked `deleted_at`, for the board to show it voided a moment.
import { fetchAll } from './api.js';
import { isDishEvent } from './events.js';
import { KITCHEN_STATUSES } from './orders.js';
import { applyOrderEvent } from './sync.js';
/** @import { Dish, KitchenOrder, LiveEvent } from '../../../types/api.js' */
/**
 * An order as a station holds it: `deleted_at` (ms) once it was deleted, while it shows voided.
 * @typedef {KitchenOrder & { deleted_at?: number }} StationOrder
 */

const OPEN = ['Draft', ...KITCHEN_STATUSES];

/** @param {string} station */
export function createStationBook(station) {
  /** This station's dishes by id (also to name a dish removed from an order). */
  /** @type {Map<string, Dish>} */
  const menu = new Map();
  /** @param {StationOrder} order */
  const mine = (order) => (order.tickets ?? []).filter((ticket) => ticket.station === station);
  /** Open, with a ticket here that holds dishes of this station or was voided. @param {StationOrder} order */
  const belongs = (order) =>
    OPEN.includes(order.status) &&
    mine(order).length > 0 &&
    ((order.dishes ?? []).length > 0 || mine(order).some((ticket) => ticket.status === 'Voided'));

  /** @returns {Promise<StationOrder[]>} */
  async function load() {
    const [dishes, orders] = await Promise.all([
      fetchAll('/dishes', { filter: `station.eq~${station}` }),
      fetchAll('/orders', { filter: `status.in~${OPEN.join(',')}` }),
    ]);
    menu.clear();
    for (const dish of dishes) menu.set(dish.id, dish);
    return orders
      .map((order) => ({ ...order, dishes: order.dish_ids.flatMap((/** @type {string} */ id) => menu.get(id) ?? []) }))
      .filter(belongs);
  }

  /**
   * Applies one live event; returns true when an order appeared that was not shown before.
   * @param {Map<string, StationOrder>} orders @param {LiveEvent} event
   */
  function apply(orders, event) {
    if (isDishEvent(event) && (menu.has(event.data.id) || (event.type !== 'dish.availability' && event.data.station === station))) {
      if (event.type === 'dish.deleted') menu.delete(event.data.id);
      else if (event.type !== 'dish.availability') menu.set(event.data.id, event.data);
    }
    const held = event.type === 'order.deleted' ? orders.get(event.data.id) : undefined;
    if (held && !held.deleted_at && mine(held).some((ticket) => ticket.fired_at)) {
      orders.set(held.id, { ...held, deleted_at: Date.now() });
      return false;
    }
    return applyOrderEvent(orders, event, belongs);
  }

  return { load, apply, dishName: (/** @type {string} */ id) => menu.get(id)?.name ?? null };
}
