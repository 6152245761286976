// A station's all-day counts: how many of each of its dishes are on its open tickets, and on Draft
// tickets about to fire. One tally serves the REST answer (built from a query) and the realtime
// layer (kept current order by order, so an order costs no query over every open order).
import type { DishDoc, Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { AllDay } from '../../models/ticket.js';
import { courseOf, courseOfTicket, ticketsAt } from './pacing.js';

/** Draft tickets count as upcoming this long before they fire. */
export const UPCOMING_WINDOW_MS = 30 * 60_000;

/**
 * Where a ticket stands in a station's all-day counts: `items` for a Received or In Progress
 * ticket, `upcoming` for a Draft one (counted while it fires within the window), else nowhere.
 */
function ticketPart(status: string): 'items' | 'upcoming' | null {
  if (status === 'Received' || status === 'In Progress') return 'items';
  return status === 'Draft' ? 'upcoming' : null;
}

/** What an order adds to a station's counts, as text that changes whenever the counts may: its tickets there and its dishes. */
export function allDayShare(order: OrderDoc | null, station: Station): string {
  if (!order) return '';
  const parts = ticketsAt(order, station).flatMap((ticket) => {
    const part = ticketPart(ticket.status);
    return part ? [`${courseOfTicket(ticket)}:${part}:${ticket.fire_at === undefined ? order.fire_at : ticket.fire_at}`] : [];
  });
  return parts.length > 0 ? `${parts.join(',')}|${order.dish_ids.join()}` : '';
}

interface Entry {
  part: 'items' | 'upcoming';
  fireAt: string | null;
  /** Dish id → how many of it the ticket holds. */
  dishes: Map<string, number>;
}

type Item = AllDay['items'][number];

export class AllDayTally {
  private readonly entries = new Map<string, Entry[]>();
  private readonly names = new Map<string, string>();
  // Kept as orders come and go, so counting costs the dishes on the menu, not every open order.
  private readonly items = new Map<string, number>();
  // Upcoming counts depend on the time asked, so they are summed when asked, over the Drafts alone.
  private readonly drafts = new Map<string, Entry[]>();

  constructor(readonly station: Station) {}

  /** Takes an order as it now is (`dishes` holding at least its dishes); deleted orders go through `remove`. */
  put(order: OrderDoc, dishes: ReadonlyMap<string, DishDoc>): void {
    this.remove(order.id);
    const tickets = ticketsAt(order, this.station).filter((ticket) => ticketPart(ticket.status) !== null);
    if (tickets.length === 0) return;
    const known = order.dish_ids.flatMap((id) => dishes.get(id) ?? []);
    const course = courseOf(order.pacing, known);
    const entries = tickets.map((ticket): Entry => {
      const counted = new Map<string, number>();
      for (const dish of known) {
        if (dish.station !== this.station || course(dish) !== courseOfTicket(ticket)) continue;
        this.names.set(dish.id, dish.name);
        counted.set(dish.id, (counted.get(dish.id) ?? 0) + 1);
      }
      return { part: ticketPart(ticket.status)!, fireAt: ticket.fire_at === undefined ? order.fire_at : ticket.fire_at, dishes: counted };
    });
    this.entries.set(order.id, entries);
    for (const entry of entries) if (entry.part === 'items') this.addItems(entry, 1);
    const drafts = entries.filter((entry) => entry.part === 'upcoming');
    if (drafts.length > 0) this.drafts.set(order.id, drafts);
  }

  remove(orderId: string): void {
    const entries = this.entries.get(orderId);
    if (!entries) return;
    this.entries.delete(orderId);
    for (const entry of entries) if (entry.part === 'items') this.addItems(entry, -1);
    this.drafts.delete(orderId);
  }

  counts(at: Date): AllDay {
    const firingBy = new Date(at.getTime() + UPCOMING_WINDOW_MS).toISOString();
    const upcoming = new Map<string, number>();
    for (const entry of [...this.drafts.values()].flat()) {
      if (entry.fireAt === null || entry.fireAt > firingBy) continue;
      for (const [id, quantity] of entry.dishes) upcoming.set(id, (upcoming.get(id) ?? 0) + quantity);
    }
    return { station: this.station, items: this.listed(this.items), upcoming: this.listed(upcoming) };
  }

  private addItems(entry: Entry, sign: 1 | -1): void {
    for (const [id, quantity] of entry.dishes) {
      const total = (this.items.get(id) ?? 0) + sign * quantity;
      if (total === 0) this.items.delete(id);
      else this.items.set(id, total);
    }
  }

  /** Largest quantity first, then by name and id so equal counts keep one order. */
  private listed(counts: ReadonlyMap<string, number>): Item[] {
    return [...counts]
      .map(([dish_id, quantity]) => ({ dish_id, name: this.names.get(dish_id) ?? '', quantity }))
      .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name) || a.dish_id.localeCompare(b.dish_id));
  }
}
