// What each stored order adds to the kitchen report: its tickets readied in the window, and when
// it was placed, readied and closed. The report reads every order updated in its window (1,440 in
// a busy day), so each timestamp is parsed once and nothing is built per order but the numbers.
import { STATIONS, type DishDoc, type Station } from '../models/dish.js';
import type { OrderDoc } from '../models/order.js';
import { SCHEDULE_MARGIN_MINUTES } from './schedule.js';
import { instant } from './instant.js';
import { Tally, type Window } from './report-window.js';

const parsed = (at: string | null) => (at === null ? null : instant(at));

/** Past this a ticket is late: the station's longest dish on the order plus the scheduling margin. */
function lateAfterSeconds(order: OrderDoc, station: Station, dishes: ReadonlyMap<string, DishDoc>): number | null {
  let longest: number | null = null;
  for (const id of order.dish_ids) {
    const dish = dishes.get(id);
    if (dish?.station === station && (longest === null || dish.preparation_time > longest)) longest = dish.preparation_time;
  }
  return longest === null ? null : (longest + SCHEDULE_MARGIN_MINUTES) * 60;
}

export class ServiceTimes {
  readonly tickets: ReadonlyMap<Station, Tally>;
  readonly placed: Tally;
  readonly ready: Tally;
  readonly closed: Tally;
  /** Units of each ingredient taken by the orders placed in the window. */
  readonly used = new Map<string, number>();

  constructor(
    private readonly window: Window,
    /** The dishes of the orders added, by id (a dish deleted since is absent). */
    private readonly dishes: ReadonlyMap<string, DishDoc>,
  ) {
    this.tickets = new Map(STATIONS.map((station) => [station, new Tally(window)]));
    this.placed = new Tally(window);
    this.ready = new Tally(window);
    this.closed = new Tally(window);
  }

  /** Counts an order updated in the window (one created at or after its end adds nothing). */
  add(order: OrderDoc): void {
    const created = instant(order.created_at);
    if (!(created < this.window.end)) return;
    // When the order reached the kitchen: its first ticket's firing (a scheduled order's release), else its creation.
    let firstFired: number | null = null;
    for (const ticket of order.tickets) {
      const fired = parsed(ticket.fired_at);
      if (fired !== null && (firstFired === null || fired < firstFired)) firstFired = fired;
      const readied = parsed(ticket.ready_at);
      if (fired === null || !this.inWindow(readied)) continue;
      const limit = lateAfterSeconds(order, ticket.station, this.dishes);
      const seconds = (readied - fired) / 1000;
      this.tickets.get(ticket.station)?.add(readied, seconds, limit !== null && seconds > limit);
    }
    if (this.inWindow(created)) {
      this.placed.add(created, 0);
      for (const { ingredient_id, units } of order.stock_taken) this.used.set(ingredient_id, (this.used.get(ingredient_id) ?? 0) + units);
    }
    const readyAt = parsed(order.ready_at);
    if (this.inWindow(readyAt)) this.ready.add(readyAt, (readyAt - (firstFired ?? created)) / 1000);
    const closedAt = parsed(order.closed_at);
    if (this.inWindow(closedAt) && readyAt !== null) this.closed.add(closedAt, (closedAt - readyAt) / 1000);
  }

  private inWindow(at: number | null): at is number {
    return at !== null && at >= this.window.start && at < this.window.end;
  }
}
