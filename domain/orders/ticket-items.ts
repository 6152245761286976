// Which items each ticket cooks, and their state there: an item sits on the ticket of its station
// and course (a later round when added after the ticket started), bumped on its own; the ticket's
// status follows its items as an order's follows its tickets.
import type { DishDoc, Station } from '../../models/dish.js';
import type { StoredTicket as Ticket } from '../../models/order.js';
import type { OrderItem } from '../../models/order-item.js';
import type { TicketItem, TicketItemStatus, TicketStatus } from '../../models/ticket.js';
import { courseOfTicket } from '../kitchen/pacing.js';

/** Where an item is cooked: its dish's station. */
export type StationOf = (item: OrderItem) => Station | undefined;

export const stationIn =
  (dishes: ReadonlyMap<string, DishDoc>): StationOf =>
  (item) =>
    dishes.get(item.dish_id)?.station;

export const roundOf = (ticket: Ticket): number => ticket.round ?? 1;

/** An item's entry on a ticket, waiting to be started. */
export function ticketEntry(item: OrderItem, status: TicketItemStatus = 'Received'): TicketItem {
  return {
    item_id: item.id,
    name: item.name,
    quantity: item.quantity,
    seat: item.seat,
    modifiers: item.modifiers,
    note: item.note,
    allergens: item.allergens,
    status,
    started_at: null,
    ready_at: null,
  };
}

/** An entry brought up to date with its item (what the guest changed while nobody cooked it yet). */
const refreshed = (entry: TicketItem, item: OrderItem): TicketItem => ({
  ...ticketEntry(item, item.status === 'Voided' ? 'Voided' : entry.status),
  started_at: entry.started_at,
  ready_at: entry.ready_at,
});

/**
 * Whether an active item has moved off the ticket: its dish now cooks at another station, or it
 * is now of another course (an edit under the same id). Unknown stations (a dish deleted since, or
 * a caller that only refreshes the entries) move nothing.
 */
function movedOff(ticket: Ticket, item: OrderItem, stationOf: StationOf): boolean {
  const station = stationOf(item);
  return item.status === 'Active' && station !== undefined && (station !== ticket.station || item.course !== courseOfTicket(ticket));
}

/**
 * The tickets listing the items: an item already on a ticket stays there (brought up to date); an
 * item no longer in the order, or moved to another station or course, leaves an unfired ticket and
 * is struck through (Voided) on a fired one; an item on no ticket of its own joins the first live
 * ticket of its station and course.
 */
export function withTicketItems(tickets: readonly Ticket[], items: readonly OrderItem[], stationOf: StationOf): Ticket[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const listed = new Set<string>();
  const result = tickets.map((ticket) => {
    const entries = (ticket.items ?? []).flatMap((entry): TicketItem[] => {
      const item = byId.get(entry.item_id);
      // A live item's entry already struck here is what it left behind when it moved away.
      const leftBehind = item?.status === 'Active' && entry.status === 'Voided';
      if (item && !leftBehind && !movedOff(ticket, item, stationOf)) {
        listed.add(entry.item_id);
        return [refreshed(entry, item)];
      }
      return ticket.fired_at === null ? [] : [{ ...entry, status: 'Voided' }];
    });
    return { ...ticket, items: entries };
  });
  for (const item of items) {
    if (listed.has(item.id) || item.status !== 'Active') continue;
    const home = result.find(
      (ticket) => ticket.station === stationOf(item) && courseOfTicket(ticket) === item.course && ticket.status !== 'Voided',
    );
    home?.items.push(ticketEntry(item));
  }
  return result;
}

/**
 * A ticket's status as its items say (Voided ones ignored; all Voided: Voided), for a ticket that
 * has fired: Ready when every item is, In Progress once any has started, else Received.
 */
export function statusOfItems(entries: readonly TicketItem[]): TicketStatus {
  const live = entries.filter((entry) => entry.status !== 'Voided');
  if (live.length === 0) return 'Voided';
  if (live.every((entry) => entry.status === 'Ready')) return 'Ready';
  if (live.every((entry) => entry.status === 'Received')) return 'Received';
  return 'In Progress';
}

/** An entry moved to `to` at `at`: started the first time it moves on, readied (or un-readied by a recall). */
export function movedEntry(entry: TicketItem, to: TicketItemStatus, at: string): TicketItem {
  if (entry.status === to || entry.status === 'Voided') return entry;
  return {
    ...entry,
    status: to,
    started_at: entry.started_at ?? (to === 'In Progress' || to === 'Ready' ? at : null),
    ready_at: to === 'Ready' ? at : null,
  };
}
