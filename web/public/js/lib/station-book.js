// A station's queue of tickets: loaded from GET /stations/{station}/tickets and kept by the station
// room's order events (each carrying the whole order, all its tickets, and this station's dishes).
import { fetchAll } from './api.js';
import { KITCHEN_STATUSES } from './orders.js';
import { isFresher } from './sync.js';
import { ticketOf } from './tickets.js';

/** @param {string} station */
export function createStationBook(station) {
  /** In the kitchen, with a ticket here that has fired, and dishes of this station. */
  const belongs = (order) => {
    const ticket = ticketOf(order, station);
    return KITCHEN_STATUSES.includes(order.status) && Boolean(ticket) && ticket.status !== 'Draft' && (order.dishes ?? []).length > 0;
  };

  const load = () => fetchAll(`/stations/${encodeURIComponent(station)}/tickets`);

  /**
   * Applies one live event; returns true when a ticket appeared that was not shown before.
   * @param {Map<string, any>} orders @param {string} type @param {any} data
   */
  function apply(orders, type, data) {
    if (!type.startsWith('order.')) return false;
    const held = orders.get(data.id);
    if (type === 'order.deleted') orders.delete(data.id);
    else if (!isFresher(held, data)) return false;
    else if (belongs(data)) orders.set(data.id, data);
    else orders.delete(data.id);
    return !held && orders.has(data.id);
  }

  return { load, apply };
}
