// What changed on a fired ticket when an order's dishes changed: the cook must see every added and
// removed dish, never a silent swap (contract: "Pacing", changes after firing).
import type { DishDoc } from '../../models/dish.js';
import type { Pacing } from '../../models/order.js';
import type { StoredTicket as Ticket } from '../../models/order.js';
import type { PublicTicket } from '../../models/ticket.js';
import { courseOfTicket, ticketGroups } from '../kitchen/pacing.js';

interface Dishes {
  pacing: Pacing;
  dishes: readonly DishDoc[];
}

/** Dish ids per ticket (course and station), one per entry. */
function dishIdsByTicket({ pacing, dishes }: Dishes): Map<string, string[]> {
  return new Map(ticketGroups(pacing, dishes).map((group) => [`${group.course}|${group.station}`, group.dishes.map((dish) => dish.id)]));
}

/** What `from` has beyond `than`, counting duplicates. */
function beyond(from: readonly string[], than: readonly string[]): string[] {
  const left = [...than];
  return from.filter((id) => {
    const at = left.indexOf(id);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * The tickets with a `changes` entry on each one that had fired before the edit (in `previous`,
 * voided ones included) and whose dishes differ between `before` and `after`.
 */
export function recordChanges(
  tickets: readonly Ticket[],
  previous: readonly Ticket[],
  before: Dishes,
  after: Dishes,
  at: string,
): Ticket[] {
  const was = dishIdsByTicket(before);
  const now = dishIdsByTicket(after);
  const key = (ticket: Ticket) => `${courseOfTicket(ticket)}|${ticket.station}`;
  const firedBefore = new Set(previous.filter((ticket) => ticket.fired_at !== null).map(key));
  return tickets.map((ticket) => {
    if (!firedBefore.has(key(ticket))) return ticket;
    const slot = key(ticket);
    const added = beyond(now.get(slot) ?? [], was.get(slot) ?? []);
    const removed = beyond(was.get(slot) ?? [], now.get(slot) ?? []);
    if (added.length === 0 && removed.length === 0) return ticket;
    return { ...ticket, changes: [...(ticket.changes ?? []), { at, added, removed }] };
  });
}

/** A ticket stored with every field pacing and items added (any ticket written since). */
export const isPublicTicket = (ticket: Ticket): ticket is PublicTicket =>
  ticket.course !== undefined &&
  ticket.fire_at !== undefined &&
  ticket.changes !== undefined &&
  ticket.round !== undefined &&
  ticket.items !== undefined;

/** A stored ticket as clients see it: one stored before pacing is course 1, planned when it fired (or the order's fire time). */

export function publicTicket(ticket: Ticket, orderFireAt: string | null): PublicTicket {
  if (isPublicTicket(ticket)) return ticket;
  return {
    ...ticket,
    course: ticket.course ?? 1,
    fire_at: ticket.fire_at === undefined ? (ticket.fired_at ?? orderFireAt) : ticket.fire_at,
    changes: ticket.changes ?? [],
    round: ticket.round ?? 1,
    items: ticket.items ?? [],
  };
}
