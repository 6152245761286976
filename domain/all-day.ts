// A station's all-day counts: how many of each of its dishes are on its open tickets, and on Draft
// tickets about to fire. One tally serves the REST answer (built from a query) and the realtime
// layer (kept current order by order, so an order costs no query over every open order).
import type { DishDoc, Station } from '../models/dish.js';
import type { OrderDoc } from '../models/order.js';
import type { AllDay } from '../models/ticket.js';
import { ticketOf } from './tickets.js';

/** Draft tickets count as upcoming this long before they fire. */
export const UPCOMING_WINDOW_MS = 30 * 60_000;

/**
 * Where an order stands in a station's all-day counts: `items` for a Received or In Progress
 * ticket, `upcoming` for a Draft one (counted while it fires within the window), else nowhere.
 */
export function allDayPart(order: OrderDoc, station: Station): 'items' | 'upcoming' | null {
  const status = ticketOf(order, station)?.status;
  if (status === 'Received' || status === 'In Progress') return 'items';
  return status === 'Draft' ? 'upcoming' : null;
}

interface Entry {
  part: 'items' | 'upcoming';
  fireAt: string | null;
  /** Dish id → how many of it the order holds for this station. */
  dishes: Map<string, number>;
}

type Item = AllDay['items'][number];

export class AllDayTally {
  private readonly entries = new Map<string, Entry>();
  private readonly names = new Map<string, string>();
  // Kept as orders come and go, so counting costs the dishes on the menu, not every open order.
  private readonly items = new Map<string, number>();
  // Upcoming counts depend on the time asked, so they are summed when asked, over the Drafts alone.
  private readonly drafts = new Map<string, Entry>();

  constructor(readonly station: Station) {}

  /** Takes an order as it now is (`dishes` holding at least its dishes); deleted orders go through `remove`. */
  put(order: OrderDoc, dishes: ReadonlyMap<string, DishDoc>): void {
    this.remove(order.id);
    const part = allDayPart(order, this.station);
    if (part === null) return;
    const counted = new Map<string, number>();
    for (const id of order.dish_ids) {
      const dish = dishes.get(id);
      if (dish?.station !== this.station) continue;
      this.names.set(dish.id, dish.name);
      counted.set(id, (counted.get(id) ?? 0) + 1);
    }
    const entry: Entry = { part, fireAt: order.fire_at, dishes: counted };
    this.entries.set(order.id, entry);
    if (part === 'items') this.addItems(entry, 1);
    else this.drafts.set(order.id, entry);
  }

  remove(orderId: string): void {
    const entry = this.entries.get(orderId);
    if (!entry) return;
    this.entries.delete(orderId);
    if (entry.part === 'items') this.addItems(entry, -1);
    else this.drafts.delete(orderId);
  }

  counts(at: Date): AllDay {
    const firingBy = new Date(at.getTime() + UPCOMING_WINDOW_MS).toISOString();
    const upcoming = new Map<string, number>();
    for (const entry of this.drafts.values()) {
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
