// A station's ticket of an order: its moves, how the boards name its states, and when its clock starts.
import { t } from './i18n.js';
import { startedAt } from './orders.js';
/** @import { Order, Ticket, TicketStatus } from '../../../types/api.js' */
/** @typedef {'scheduled' | 'waiting' | 'preparing' | 'done'} TicketState */

/** A station's bump (one step forward) and recall (one step back), as the server's ticket moves. */
/** @type {Partial<Record<TicketStatus, 'Received' | 'In Progress' | 'Ready'>>} */
export const TICKET_BUMP = { Received: 'In Progress', 'In Progress': 'Ready' };
/** @type {Partial<Record<TicketStatus, 'Received' | 'In Progress' | 'Ready'>>} */
export const TICKET_RECALL = { 'In Progress': 'Received', Ready: 'In Progress' };
/** A Ready ticket stays on its board this long (as in the server's queue), so it can be recalled. */
export const RECALL_WINDOW_MS = 10 * 60_000;

/** What each ticket status means on a board; `state` names CSS classes and data attributes. */
/** @type {Partial<Record<TicketStatus, TicketState>>} */
export const TICKET_STATE = { Draft: 'scheduled', Received: 'waiting', 'In Progress': 'preparing', Ready: 'done' };
/** @type {Record<TicketState, string>} */
export const STATE_TEXT = {
  scheduled: t('ticket.scheduled'),
  waiting: t('ticket.waiting'),
  preparing: t('ticket.preparing'),
  done: t('ticket.done'),
};

/** The order's ticket for a station, if it has one. @param {Pick<Order, 'tickets'>} order @param {string} station */
export const ticketOf = (order, station) => (order.tickets ?? []).find((ticket) => ticket.station === station);

/** True once every ticket of the order is Ready: all prep done, the order can leave the pass. @param {Pick<Order, 'tickets'>} order */
export const allPrepDone = (order) => {
  // Voided tickets (called off after firing) do not count, as in the server's status.
  const live = (order.tickets ?? []).filter((ticket) => ticket.status !== 'Voided');
  return live.length > 0 && live.every((ticket) => ticket.status === 'Ready');
};

/** When the station's clock starts for this ticket: its fire time, else the order's. @param {Order} order @param {string} station */
export function ticketStartedAt(order, station) {
  const fired = ticketOf(order, station)?.fired_at;
  return fired ? Date.parse(fired) : startedAt(order);
}

/** A Ready ticket readied longer ago than the recall window has left the station's board. @param {Ticket | undefined} ticket */
export function stillOnBoard(ticket, now = Date.now()) {
  if (!ticket || ticket.status === 'Draft') return false;
  return ticket.status !== 'Ready' || (ticket.ready_at !== null && now - Date.parse(ticket.ready_at) <= RECALL_WINDOW_MS);
}
