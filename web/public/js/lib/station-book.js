// A station's queue of tickets: loaded from GET /stations/{station}/tickets and kept by the station
// room's order events (each carrying the whole order, all its tickets, and this station's dishes).
import { fetchAll } from './api.js';
import { KITCHEN_STATUSES } from './orders.js';
import { applyOrderEvent } from './sync.js';
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
    return applyOrderEvent(orders, type, data, belongs);
  }

  return { load, apply };
}
