// Speed of service, computed from the timestamps stored on orders and their tickets. A ticket
// readied, an order placed, readied or closed at time t was written at or after t, so the orders
// updated since `from` (an index range) hold everything the report needs, however long the history.
import { STATIONS, type DishDoc, type Station } from '../models/dish.js';
import type { OrderDoc } from '../models/order.js';
import type { KitchenReport, KitchenReportQuery } from '../models/report.js';
import type { Ticket } from '../models/ticket.js';
import { requireManager } from './access.js';
import type { Deps } from './deps.js';
import { badRequest } from './errors.js';
import { dishesFor } from './orders.js';
import type { Principal } from './principal.js';
import { SCHEDULE_MARGIN_MINUTES } from './schedule.js';
import { bucketStarts, spread, Tally, type Window } from './report-window.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 93;

function parseWindow({ from, to, bucket = 'hour' }: KitchenReportQuery, now: Date): Window {
  const end = to === undefined ? now.getTime() : Date.parse(to);
  const start = from === undefined ? end - DAY_MS : Date.parse(from);
  if (!(start < end)) throw badRequest('`from` must come before `to`.', { errors: [{ path: 'from', message: 'must be before to' }] });
  if (end - start > MAX_DAYS * DAY_MS) throw badRequest(`A report covers at most ${MAX_DAYS} days.`, { errors: [{ path: 'to', message: `must be at most ${MAX_DAYS} days after from` }] });
  return { start, end, bucket };
}

const ms = (at: string | null) => (at === null ? null : Date.parse(at));
const seconds = (fromMs: number, toMs: number) => (toMs - fromMs) / 1000;

/** Past this a ticket is late: the station's longest dish on the order plus the scheduling margin. */
function lateAfterSeconds(order: OrderDoc, station: Station, dishes: ReadonlyMap<string, DishDoc>): number | null {
  const times = order.dish_ids.flatMap((id) => { const dish = dishes.get(id); return dish?.station === station ? [dish.preparation_time] : []; });
  return times.length === 0 ? null : (Math.max(...times) + SCHEDULE_MARGIN_MINUTES) * 60;
}

/** When the order reached the kitchen: its first ticket's firing (a scheduled order's release), else its creation. */
function placedAt(order: OrderDoc): number {
  const fired = order.tickets.flatMap((ticket: Ticket) => (ticket.fired_at ? [Date.parse(ticket.fired_at)] : []));
  return fired.length > 0 ? Math.min(...fired) : Date.parse(order.created_at);
}

export async function kitchenReport({ store, now }: Deps, principal: Principal | null, query: KitchenReportQuery): Promise<KitchenReport> {
  requireManager(principal, 'read the kitchen report');
  const window = parseWindow(query, now());
  const inWindow = (at: number | null): at is number => at !== null && at >= window.start && at < window.end;
  // Sorted by updated_at too, so the store walks that index from `from` on (ordered by creation
  // instead, SQLite would rather walk the creation index through the whole history).
  const since = [{ field: 'updated_at', op: 'gte' as const, value: new Date(window.start).toISOString() }];
  const orders = (await store.collection('orders').find(since, { sort: { field: 'updated_at', direction: 'asc' } })).filter((order) => Date.parse(order.created_at) < window.end);
  const dishes = new Map((await dishesFor(store, orders.flatMap((order) => order.dish_ids), false)).map((dish) => [dish.id, dish]));

  const tickets = new Map(STATIONS.map((station) => [station, new Tally(window)]));
  const placed = new Tally(window);
  const ready = new Tally(window);
  const closed = new Tally(window);
  const used = new Map<string, number>();
  for (const order of orders) {
    for (const ticket of order.tickets) {
      const [fired, readied] = [ms(ticket.fired_at), ms(ticket.ready_at)];
      if (fired === null || !inWindow(readied)) continue;
      const limit = lateAfterSeconds(order, ticket.station, dishes);
      tickets.get(ticket.station)?.add(readied, seconds(fired, readied), limit !== null && seconds(fired, readied) > limit);
    }
    const [created, readyAt, closedAt] = [Date.parse(order.created_at), ms(order.ready_at), ms(order.closed_at)];
    if (inWindow(created)) {
      placed.add(created, 0);
      for (const { ingredient_id, units } of order.stock_taken) used.set(ingredient_id, (used.get(ingredient_id) ?? 0) + units);
    }
    if (inWindow(readyAt)) ready.add(readyAt, seconds(placedAt(order), readyAt));
    if (inWindow(closedAt) && readyAt !== null) closed.add(closedAt, seconds(readyAt, closedAt));
  }

  const orderTimes = (index: number | null) => ({
    placed: placed.count(index),
    ready: ready.count(index),
    closed: closed.count(index),
    placed_to_ready: spread(ready.values(index)),
    ready_to_closed: spread(closed.values(index)),
  });
  const starts = bucketStarts(window);
  return {
    from: new Date(window.start).toISOString(),
    to: new Date(window.end).toISOString(),
    bucket: window.bucket,
    stations: STATIONS.map((station) => {
      const tally = tickets.get(station)!;
      return { station, ...tally.summary(null), buckets: starts.map((start, index) => ({ start, ...tally.summary(index) })) };
    }),
    orders: { ...orderTimes(null), buckets: starts.map((start, index) => ({ start, ...orderTimes(index) })) },
    stock: await stockPace(store, used, placed.count(null)),
  };
}

/** Ingredients the window used, with how many more orders their stock covers at that pace. */
async function stockPace(store: Deps['store'], used: ReadonlyMap<string, number>, orders: number): Promise<KitchenReport['stock']> {
  if (used.size === 0) return [];
  const ingredients = await store.collection('ingredients').find([{ field: 'id', op: 'in', value: [...used.keys()] }]);
  return ingredients
    .map((ingredient) => {
      const units = used.get(ingredient.id) ?? 0;
      return { ingredient_id: ingredient.id, name: ingredient.name, in_stock_qty: ingredient.in_stock_qty, units_used: units, orders_covered: Math.max(0, Math.floor(ingredient.in_stock_qty / (units / orders))) };
    })
    .sort((a, b) => a.orders_covered - b.orders_covered || a.name.localeCompare(b.name));
}
