// Units the kitchen had started are waste once they leave an order, whichever way they leave (a
// void, or an edit of its dishes after a recall, or of a started item's options, dish or course:
// the old preparation goes, the new one is cooked from scratch): they stay on the order as Voided items,
// struck through on their ticket and counted by the report, and their stock leaves the order
// without going back to the shelf. Units nobody started simply go, their stock given back.
import type { StoredTicket as Ticket } from '../../models/order.js';
import type { OrderItem } from '../../models/order-item.js';
import type { TicketItem } from '../../models/ticket.js';
import { newId } from '../../store/ids.js';
import { ticketEntry } from './ticket-items.js';

/**
 * A part of an item that became waste: the Voided item, and the id of the item it was cut from.
 * `restarts`: the item stays on the order as a new preparation (its dish, options or course changed), so
 * its entry on the ticket starts over, waiting to be started.
 */
export interface WastedPart {
  of: string;
  voided: OrderItem;
  restarts: boolean;
}

/** The ids of the items that a station has started (a recall keeps an entry's start). */
export function startedItemIds(tickets: readonly Ticket[]): Set<string> {
  const started = new Set<string>();
  for (const ticket of tickets) for (const entry of ticket.items ?? []) if (entry.started_at !== null) started.add(entry.item_id);
  return started;
}

/**
 * The same dish with the same options (in any order), in the same course: what the kitchen started
 * is still what it cooks, and when.
 */
const samePreparation = (a: OrderItem, b: OrderItem): boolean =>
  a.dish_id === b.dish_id && a.course === b.course && [...a.option_ids].sort().join() === [...b.option_ids].sort().join();

/**
 * The units of started items that an edit took off (`after`: the items it leaves), as Voided
 * items: a whole item keeps its id, a part of one is a new item beside the rest.
 */
export function wastedBy(before: readonly OrderItem[], after: readonly OrderItem[], tickets: readonly Ticket[]): WastedPart[] {
  const started = startedItemIds(tickets);
  const left = new Map(after.map((item) => [item.id, item]));
  const wasted: WastedPart[] = [];
  for (const item of before) {
    if (item.status !== 'Active' || !started.has(item.id)) continue;
    const now = left.get(item.id);
    const kept = now?.status === 'Active' && samePreparation(now, item) ? now.quantity : 0;
    if (kept >= item.quantity) continue;
    const voided: OrderItem = now
      ? { ...item, id: newId(), quantity: item.quantity - kept, status: 'Voided' }
      : { ...item, status: 'Voided' };
    wasted.push({ of: item.id, voided, restarts: now?.status === 'Active' && kept === 0 });
  }
  return wasted;
}

/** The entry of a voided part of an item, struck through beside the entry it was cut from, its start kept. */
export const struckEntry = (from: TicketItem, voided: OrderItem): TicketItem => ({
  ...ticketEntry(voided, 'Voided'),
  started_at: from.started_at,
  ready_at: from.ready_at,
});

/** Whether a wasted part is struck beside this entry: a live one of its item, or for a new preparation the one that was started. */
const strikesBeside = (entry: TicketItem, part: WastedPart): boolean =>
  part.of === entry.item_id && (part.restarts ? entry.started_at !== null : entry.status !== 'Voided');

/**
 * The tickets with each wasted part of an item (a new id) struck through beside the entry of the
 * item it was cut from. A new preparation's entry starts over; where the item moved to another
 * ticket (another station or course), the struck part takes the place of the entry it left behind.
 */
export function withWastedParts(tickets: readonly Ticket[], wasted: readonly WastedPart[]): Ticket[] {
  const parts = wasted.filter((part) => part.voided.id !== part.of);
  if (parts.length === 0) return [...tickets];
  // Struck once, on the first ticket that cooks the item (a remake's ticket lists it again).
  const struck = new Set<WastedPart>();
  return tickets.map((ticket) => {
    if (!(ticket.items ?? []).some((entry) => parts.some((part) => part.of === entry.item_id && !struck.has(part)))) return ticket;
    const items = (ticket.items ?? []).flatMap((entry) => {
      const part = parts.find((each) => !struck.has(each) && strikesBeside(entry, each));
      if (!part) return [entry];
      struck.add(part);
      if (entry.status === 'Voided') return [struckEntry(entry, part.voided)];
      const kept = part.restarts ? { ...entry, status: 'Received' as const, started_at: null, ready_at: null } : entry;
      return [kept, struckEntry(entry, part.voided)];
    });
    return { ...ticket, items };
  });
}
