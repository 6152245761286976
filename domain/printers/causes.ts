// Why a ticket prints: it fired, it changed (NEW, VOID), it is a remake, or its order was deleted
// after it fired. Each cause has a key that names it for good, so the same cause found twice (a
// change event and a restart's catch-up, or two instances) makes one job. Pure: tested on its own.
import type { OrderDoc } from '../../models/order.js';
import type { ChitMarker } from '../../models/printer.js';
import type { Ticket, TicketChange } from '../../models/ticket.js';
import { courseOfTicket } from '../kitchen/pacing.js';
import type { ChitScope } from './chit.js';

export interface PrintCause {
  ticket: Ticket;
  /** Names the cause for good: order, station, course, round and what happened. */
  key: string;
  marker: ChitMarker | null;
  scope: ChitScope;
  /** When it happened (ISO): a restart's catch-up makes the jobs of what happened since its bookmark. */
  at: string;
}

const ticketKey = (order: OrderDoc, ticket: Ticket) => `${order.id}/${ticket.station}/${courseOfTicket(ticket)}/${ticket.round ?? 1}`;

/**
 * A change lists item ids (items added or voided while the order cooks) or dish ids (a dish_ids
 * edit: `added` and `removed`). A chit lists the items when every id is one of the ticket's items,
 * else the dishes counted.
 */
function changeScope(ticket: Ticket, ids: readonly string[]): ChitScope {
  const itemIds = new Set((ticket.items ?? []).map((item) => item.item_id));
  return ids.every((id) => itemIds.has(id)) ? { kind: 'items', item_ids: ids } : { kind: 'dishes', dish_ids: ids };
}

function changeCauses(order: OrderDoc, ticket: Ticket, change: TicketChange, index: number): PrintCause[] {
  const key = `${ticketKey(order, ticket)}/change-${index}`;
  const causes: PrintCause[] = [];
  if (change.added.length > 0) {
    causes.push({ ticket, key: `${key}/added`, marker: 'NEW', scope: changeScope(ticket, change.added), at: change.at });
  }
  const gone = change.voided?.length ? change.voided : change.removed;
  if (gone.length > 0) causes.push({ ticket, key: `${key}/voided`, marker: 'VOID', scope: changeScope(ticket, gone), at: change.at });
  // A remake prints from its own ticket (fired at once, marked REMAKE), not from this entry.
  return causes;
}

/** Every cause the order's fired tickets hold, oldest first within each ticket. */
export function causesOf(order: OrderDoc): PrintCause[] {
  return order.tickets.flatMap((ticket) => {
    if (ticket.fired_at === null || ticket.status === 'Draft') return [];
    const fired: PrintCause = {
      ticket,
      key: `${ticketKey(order, ticket)}/fired`,
      marker: ticket.remake_of ? 'REMAKE' : null,
      scope: { kind: 'ticket' },
      at: ticket.fired_at,
    };
    const changes = ticket.changes ?? [];
    return [fired, ...changes.flatMap((change, index) => changeCauses(order, ticket, change, index))];
  });
}

/** What a write of the order newly causes to print: causes after it that were not there before. */
export function newCauses(before: OrderDoc | null, after: OrderDoc | null, at: string): PrintCause[] {
  if (!after) return before ? deletedCauses(before, at) : [];
  const known = new Set(before ? causesOf(before).map((cause) => cause.key) : []);
  return causesOf(after).filter((cause) => !known.has(cause.key));
}

/** An order deleted after its tickets fired: each ticket still being cooked is called off. */
function deletedCauses(order: OrderDoc, at: string): PrintCause[] {
  return order.tickets
    .filter((ticket) => ticket.fired_at !== null && (ticket.status === 'Received' || ticket.status === 'In Progress'))
    .map((ticket) => ({
      ticket,
      key: `${ticketKey(order, ticket)}/deleted`,
      marker: 'VOID' as const,
      scope: { kind: 'ticket' as const },
      at,
    }));
}

/**
 * A printer taking over a station: each of the order's open tickets there prints once per takeover,
 * those fired by `began` (one fired since prints as it fires, through the change feed).
 */
export function openTicketCauses(order: OrderDoc, station: string, takeover: string, began: string): PrintCause[] {
  return order.tickets
    .filter(
      (ticket) =>
        ticket.station === station &&
        ticket.fired_at !== null &&
        ticket.fired_at <= began &&
        (ticket.status === 'Received' || ticket.status === 'In Progress'),
    )
    .map((ticket) => ({
      ticket,
      key: `${ticketKey(order, ticket)}/takeover-${takeover}`,
      marker: null,
      scope: { kind: 'ticket' as const },
      at: takeover,
    }));
}

/** A reprint asked for by a person: every request prints (a retried one is answered by its Idempotency-Key). */
export function reprintCause(order: OrderDoc, ticket: Ticket, request: string, at: string): PrintCause {
  return { ticket, key: `${ticketKey(order, ticket)}/reprint-${request}`, marker: 'REPRINT', scope: { kind: 'ticket' }, at };
}
