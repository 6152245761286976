// Station tickets: one per station among an order's dishes, moved on their own by the stations or
// all at once by a move of the order itself; the order's kitchen status is derived from them.
import { STATIONS, type DishDoc, type Station } from '../models/dish.js';
import type { OrderDoc, OrderStatus } from '../models/order.js';
import type { Ticket, TicketStatus } from '../models/ticket.js';
import { conflict } from './errors.js';
import { FINISHED_STATUSES } from './order-status.js';

/** Received → In Progress → Ready, and recall one step back. Draft tickets fire with their order. */
export const TICKET_NEXT: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  Draft: [],
  Received: ['In Progress'],
  'In Progress': ['Ready', 'Received'],
  Ready: ['In Progress'],
};

/** What a ticket move or an order move changes on the order, written in one update. */
export type KitchenFields = Pick<OrderDoc, 'status' | 'tickets' | 'ready_at' | 'closed_at'> & Pick<Partial<OrderDoc>, 'expected_ready_at'>;

/** The stations the dishes go to, in board order (cold, hot, beverages). */
export function stationsOf(dishes: readonly DishDoc[]): Station[] {
  const used = new Set(dishes.map((dish) => dish.station));
  return STATIONS.filter((station) => used.has(station));
}

/**
 * The order's ticket for a station, if it has one. An order written around the API (another
 * program on the database, before the start-up upgrade has run) may have no tickets at all.
 */
export function ticketOf(order: Pick<OrderDoc, 'tickets'>, station: string): Ticket | undefined {
  return (order.tickets as Ticket[] | undefined)?.find((ticket) => ticket.station === station);
}

/**
 * Tickets for an order that has not started (Draft or Received): a station it already has keeps
 * its ticket, a new station gets a fresh one, a station no longer among the dishes loses its own.
 */
export function ticketsFor(stations: readonly Station[], current: readonly Ticket[], status: 'Draft' | 'Received', at: string): Ticket[] {
  const ticketStatus: TicketStatus = status;
  return stations.map((station) => {
    const kept = current.find((ticket) => ticket.station === station && ticket.status === ticketStatus);
    return kept ?? { station, status: ticketStatus, fired_at: status === 'Draft' ? null : at, started_at: null, ready_at: null, bumped_by: null };
  });
}

/** The order's status while it is in the kitchen, as its tickets say. */
export function kitchenStatus(tickets: readonly Ticket[]): OrderStatus {
  if (tickets.every((ticket) => ticket.status === 'Ready')) return 'Ready for Assembly';
  if (tickets.every((ticket) => ticket.status === 'Received')) return 'Received';
  if (tickets.every((ticket) => ticket.status === 'Draft')) return 'Draft';
  return 'In Progress';
}

function moved(ticket: Ticket, to: TicketStatus, by: string | null, at: string): Ticket {
  if (ticket.status === to) return ticket;
  return {
    ...ticket,
    status: to,
    fired_at: ticket.fired_at ?? (to === 'Draft' ? null : at),
    started_at: ticket.started_at ?? (to === 'In Progress' || to === 'Ready' ? at : null),
    ready_at: to === 'Ready' ? at : null,
    bumped_by: by,
  };
}

/** The derived status, with the order's ready_at kept from the moment every ticket became Ready. */
function derived(order: OrderDoc, tickets: Ticket[], at: string): KitchenFields {
  const status = kitchenStatus(tickets);
  const ready_at = status === 'Ready for Assembly' ? (order.status === 'Ready for Assembly' ? order.ready_at : at) : null;
  // Once Ready for Assembly, the expected ready time is the real one (in the same write).
  return { status, tickets, ready_at, closed_at: null, ...(ready_at !== null && { expected_ready_at: ready_at }) };
}

/**
 * One station's move. Null when the ticket already has that status (nothing to write); 409 with
 * `allowed` for a move that does not exist or an order that has left the pass.
 */
export function moveTicket(order: OrderDoc, ticket: Ticket, to: TicketStatus, by: string, at: string): KitchenFields | null {
  if (FINISHED_STATUSES.includes(order.status)) {
    throw conflict(`The order is ${order.status}: it has left the pass and its tickets no longer move.`, { allowed: [] });
  }
  if (ticket.status === to) return null;
  const allowed = TICKET_NEXT[ticket.status];
  if (!allowed.includes(to)) {
    const next = ticket.status === 'Draft' ? 'a Draft ticket fires with its order' : `allowed next: ${allowed.join(', ')}`;
    throw conflict(`The ${ticket.station} ticket cannot move from ${ticket.status} to ${to}; ${next}.`, { allowed: [...allowed] });
  }
  const tickets = order.tickets.map((each) => (each === ticket ? moved(each, to, by, at) : each));
  return derived(order, tickets, at);
}

/**
 * A move of the order itself (the seed's PATCH/PUT status, or the scheduler's release), already
 * checked against the order's move table, applied to every ticket.
 */
export function moveOrder(order: OrderDoc, to: OrderStatus, by: string | null, at: string): KitchenFields {
  if (FINISHED_STATUSES.includes(to)) return { status: to, tickets: order.tickets, ready_at: order.ready_at, closed_at: at };
  const recall = to === 'Received' || (to === 'In Progress' && order.status === 'Ready for Assembly');
  const ticketTo: Record<string, (ticket: Ticket) => TicketStatus> = {
    Received: () => 'Received',
    // Starting the order starts every Received ticket; Ready ones stay Ready.
    'In Progress': (ticket) => (recall || ticket.status === 'Received' ? 'In Progress' : ticket.status),
    'Ready for Assembly': () => 'Ready',
  };
  const next = ticketTo[to];
  if (!next) return { status: to, tickets: order.tickets, ready_at: null, closed_at: null };
  const tickets = order.tickets.map((ticket) => moved(ticket, next(ticket), by, at));
  return { ...derived(order, tickets, at), status: to };
}
