// What each stored order adds to the kitchen report: its tickets readied in the window, and when
// it was placed, readied and closed. The report reads every order updated in its window (1,440 in
// a busy day), so each order is first reduced to its instants, each timestamp parsed once.
import { STATIONS, type DishDoc, type Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import { instant } from './instant.js';
import { SCHEDULE_MARGIN_MINUTES } from '../kitchen/schedule.js';
import { Tally, type Window } from './report-window.js';
import { ItemTally, itemRecords, type ItemRecord, type RemakeRecord } from './report-items.js';

/** An order as the report reads it: its instants in ms since the epoch, null where not yet reached. */
export interface ServiceRecord {
  id: string;
  created: number;
  /** When it reached the kitchen: its first ticket's firing (a scheduled order's release), else its creation. */
  placed: number;
  readyAt: number | null;
  /** What the guest was promised (quoted_ready_at), read only once the order is readied; else null. */
  quoted: number | null;
  closedAt: number | null;
  tickets: { station: Station; fired: number | null; readied: number | null }[];
  dishIds: readonly string[];
  /** The stock the order took: for each ingredient, its slot (ingredientSlot) then the units. */
  stockTaken: readonly number[];
  items: readonly ItemRecord[];
  remakes: readonly RemakeRecord[];
}

/**
 * Ingredient ids as small numbers, so that a report adds up the units of a day's orders (about 18
 * ingredients each) in an array rather than a map keyed by id. A few hundred ids at most.
 */
const slots = new Map<string, number>();
const slotIds: string[] = [];

function ingredientSlot(id: string): number {
  let slot = slots.get(id);
  if (slot === undefined) {
    slot = slotIds.push(id) - 1;
    slots.set(id, slot);
  }
  return slot;
}

const parsed = (at: string | null) => (at === null ? null : instant(at));

export function serviceRecord(order: OrderDoc): ServiceRecord {
  const created = instant(order.created_at);
  let firstFired: number | null = null;
  const tickets = order.tickets.map(({ station, fired_at, ready_at }) => {
    const fired = parsed(fired_at);
    if (fired !== null && (firstFired === null || fired < firstFired)) firstFired = fired;
    return { station, fired, readied: parsed(ready_at) };
  });
  const stockTaken: number[] = [];
  for (const { ingredient_id, units } of order.stock_taken) stockTaken.push(ingredientSlot(ingredient_id), units);
  const readyAt = parsed(order.ready_at);
  const quoted = readyAt === null ? null : parsed(order.quoted_ready_at ?? null);
  return {
    id: order.id,
    created,
    placed: firstFired ?? created,
    readyAt,
    quoted,
    closedAt: parsed(order.closed_at),
    tickets,
    dishIds: order.dish_ids,
    stockTaken,
    ...itemRecords(order),
  };
}

/** Past this a ticket is late: the station's longest dish on the order plus the scheduling margin. */
function lateAfterSeconds(order: ServiceRecord, station: Station, dishes: ReadonlyMap<string, DishDoc>): number | null {
  let longest: number | null = null;
  for (const id of order.dishIds) {
    const dish = dishes.get(id);
    if (dish?.station === station && (longest === null || dish.preparation_time > longest)) longest = dish.preparation_time;
  }
  return longest === null ? null : (longest + SCHEDULE_MARGIN_MINUTES) * 60;
}

/** Readied later than its quoted_ready_at by more than this, an order broke its promise (docs/quotes.md). */
export const PROMISE_MARGIN_SECONDS = 5 * 60;

export class ServiceTimes {
  readonly tickets: ReadonlyMap<Station, Tally>;
  readonly placed: Tally;
  readonly ready: Tally;
  /** ready_at − quoted_ready_at (seconds, negative when early) of the readied orders that had a quote; late past the margin. */
  readonly promised: Tally;
  readonly closed: Tally;
  /** Items sold and voided per dish, remakes per station and reason. */
  readonly items: ItemTally;
  /** Units taken by the orders placed in the window, by ingredient slot, and the slots in the order first taken. */
  private readonly units: number[] = [];
  private readonly taken: number[] = [];

  constructor(
    private readonly window: Window,
    /** Every dish the orders name, by id (a dish deleted since is absent). */
    private readonly dishes: ReadonlyMap<string, DishDoc>,
  ) {
    this.tickets = new Map(STATIONS.map((station) => [station, new Tally(window)]));
    this.placed = new Tally(window);
    this.ready = new Tally(window);
    this.promised = new Tally(window);
    this.closed = new Tally(window);
    this.items = new ItemTally(window);
  }

  /** Counts an order updated in the window (one created at or after its end adds nothing). */
  add(order: ServiceRecord): void {
    const { created, readyAt, closedAt } = order;
    if (!(created < this.window.end)) return;
    for (const { station, fired, readied } of order.tickets) {
      if (fired === null || !this.inWindow(readied)) continue;
      const limit = lateAfterSeconds(order, station, this.dishes);
      const seconds = (readied - fired) / 1000;
      this.tickets.get(station)?.add(readied, seconds, limit !== null && seconds > limit);
    }
    this.items.add(created, order.items, order.remakes);
    if (this.inWindow(created)) {
      this.placed.add(created, 0);
      const stock = order.stockTaken;
      for (let index = 0; index < stock.length; index += 2) {
        const slot = stock[index]!;
        const before = this.units[slot];
        if (before === undefined) this.taken.push(slot);
        this.units[slot] = (before ?? 0) + stock[index + 1]!;
      }
    }
    if (this.inWindow(readyAt)) {
      this.ready.add(readyAt, (readyAt - order.placed) / 1000);
      if (order.quoted !== null) {
        const seconds = (readyAt - order.quoted) / 1000;
        this.promised.add(readyAt, seconds, seconds > PROMISE_MARGIN_SECONDS);
      }
    }
    if (this.inWindow(closedAt) && readyAt !== null) this.closed.add(closedAt, (closedAt - readyAt) / 1000);
  }

  /** Units of each ingredient taken by the orders placed in the window, by ingredient id. */
  used(): Map<string, number> {
    return new Map(this.taken.map((slot) => [slotIds[slot]!, this.units[slot]!]));
  }

  private inWindow(at: number | null): at is number {
    return at !== null && at >= this.window.start && at < this.window.end;
  }
}
