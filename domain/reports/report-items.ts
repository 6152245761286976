// What the kitchen report counts of items: per dish, units sold and voided before and after the
// kitchen started them (waste), by the bucket the order was placed in; and remakes per station and
// reason, by the bucket the remake fired in.
import type { Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { RemakeReason } from '../../models/order-item.js';
import type { KitchenReport } from '../../models/report.js';
import { bucketIndex, bucketsOf, type Buckets, type Window } from './report-window.js';

/** An item as the report counts it: its units, and whether they were sold, voided before the kitchen started them, or after. */
export interface ItemRecord {
  dishId: string;
  name: string;
  units: number;
  fate: 'sold' | 'voided_before_start' | 'voided_after_start';
}

export interface RemakeRecord {
  station: Station;
  reason: RemakeReason;
  fired: number;
}

/** The items and remakes of an order, for its service record. */
export function itemRecords(order: OrderDoc): { items: ItemRecord[]; remakes: RemakeRecord[] } {
  const started = new Set<string>();
  const remakes: RemakeRecord[] = [];
  for (const ticket of order.tickets) {
    for (const entry of ticket.items ?? []) if (entry.started_at !== null) started.add(entry.item_id);
    if (ticket.remake_reason && ticket.fired_at)
      remakes.push({ station: ticket.station, reason: ticket.remake_reason, fired: Date.parse(ticket.fired_at) });
  }
  const items = (order.items ?? []).map((item): ItemRecord => {
    const fate = item.status === 'Active' ? 'sold' : started.has(item.id) ? 'voided_after_start' : 'voided_before_start';
    return { dishId: item.dish_id, name: item.name, units: item.quantity, fate };
  });
  return { items, remakes };
}

type DishCounts = Map<string, { name: string; sold: number; voided_before_start: number; voided_after_start: number }>;

/** Items and remakes per bucket and for the whole window. */
export class ItemTally {
  private readonly bounds: Buckets;
  private readonly dishes: DishCounts[];
  private readonly remakes: Map<string, number>[];

  constructor(window: Window) {
    this.bounds = bucketsOf(window);
    const count = this.bounds.starts.length - 1;
    this.dishes = Array.from({ length: count + 1 }, () => new Map());
    this.remakes = Array.from({ length: count + 1 }, () => new Map());
  }

  /** The items of an order placed at `placed`, and its remakes. */
  add(placed: number, items: readonly ItemRecord[], remakes: readonly RemakeRecord[]): void {
    const index = bucketIndex(this.bounds, placed);
    if (index >= 0) {
      for (const item of items) {
        for (const counts of [this.dishes[index]!, this.dishes.at(-1)!]) {
          const entry = counts.get(item.dishId) ?? { name: item.name, sold: 0, voided_before_start: 0, voided_after_start: 0 };
          entry[item.fate] += item.units;
          counts.set(item.dishId, entry);
        }
      }
    }
    for (const remake of remakes) {
      const at = bucketIndex(this.bounds, remake.fired);
      if (at < 0) continue;
      const key = `${remake.station}|${remake.reason}`;
      for (const counts of [this.remakes[at]!, this.remakes.at(-1)!]) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }

  /** A bucket's dish counts (by its index), or the whole window's with null: most units sold first. */
  items(index: number | null): KitchenReport['items']['dishes'] {
    const counts = index === null ? this.dishes.at(-1)! : (this.dishes[index] ?? new Map());
    return [...counts].map(([dish_id, entry]) => ({ dish_id, ...entry })).sort((a, b) => b.sold - a.sold || a.name.localeCompare(b.name));
  }

  /** A bucket's remakes per station and reason, or the whole window's with null: most first. */
  remade(index: number | null): KitchenReport['remakes']['counts'] {
    const counts = index === null ? this.remakes.at(-1)! : (this.remakes[index] ?? new Map());
    return [...counts]
      .map(([key, count]) => {
        const [station, reason] = key.split('|') as [Station, RemakeReason];
        return { station, reason, count };
      })
      .sort((a, b) => b.count - a.count || a.station.localeCompare(b.station) || a.reason.localeCompare(b.reason));
  }
}
