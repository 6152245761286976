// Speed of service, computed from the timestamps stored on orders and their tickets. A ticket
// readied, an order placed, readied or closed at time t was written at or after t, so the orders
// updated since `from` (an index range) hold everything the report needs, however long the history.
import { STATIONS, type DishDoc } from '../models/dish.js';
import type { OrderDoc } from '../models/order.js';
import type { KitchenReport, KitchenReportQuery } from '../models/report.js';
import type { Condition } from '../query/types.js';
import { requireManager } from './access.js';
import type { Deps } from './deps.js';
import { badRequest } from './errors.js';
import type { MenuReader } from './menu.js';
import type { Principal } from './principal.js';
import { ServiceTimes } from './report-orders.js';
import { bucketStarts, spread, type Window } from './report-window.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 93;

function parseWindow({ from, to, bucket = 'hour' }: KitchenReportQuery, now: Date): Window {
  const end = to === undefined ? now.getTime() : Date.parse(to);
  const start = from === undefined ? end - DAY_MS : Date.parse(from);
  if (!(start < end)) throw badRequest('`from` must come before `to`.', { errors: [{ path: 'from', message: 'must be before to' }] });
  if (end - start > MAX_DAYS * DAY_MS) throw badRequest(`A report covers at most ${MAX_DAYS} days.`, { errors: [{ path: 'to', message: `must be at most ${MAX_DAYS} days after from` }] });
  return { start, end, bucket };
}

/**
 * Every dish by id: the live menu's where the server keeps one (no query), else read from the store.
 * Only the dishes the orders name are looked up, so a menu of any size gives the same report.
 */
async function dishesById(store: Deps['store'], menu: MenuReader | undefined): Promise<ReadonlyMap<string, DishDoc>> {
  return menu?.current?.dishes ?? new Map((await store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
}

/** Orders are read a few hours of updates at a time, so only those are held parsed at once. */
const SLICE_MS = 4 * 3_600_000;
const SORT = { field: 'updated_at', direction: 'asc' } as const;

/**
 * Visits every order updated since the window's start, once. Each slice is sorted by updated_at too,
 * so the store walks that index (ordered by creation instead, SQLite would rather walk the creation
 * index through the whole history). An order written between two slices' reads (another process's
 * write, or a change stream's store) moves to a later slice: it is counted as it was first read.
 */
async function eachOrderUpdatedSince(store: Deps['store'], window: Window, visit: (order: OrderDoc) => void): Promise<void> {
  const orders = store.collection('orders');
  const seen = new Set<string>();
  for (let from = window.start; ; from += SLICE_MS) {
    const until = from + SLICE_MS;
    const last = until >= window.end;
    const filter: Condition[] = [{ field: 'updated_at', op: 'gte', value: new Date(from).toISOString() }];
    // The last slice has no end: an order readied in the window may have been written since.
    if (!last) filter.push({ field: 'updated_at', op: 'lt', value: new Date(until).toISOString() });
    for (const order of await orders.find(filter, { sort: SORT })) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      visit(order);
    }
    if (last) return;
  }
}

export async function kitchenReport({ store, now, menu }: Deps & { menu?: MenuReader }, principal: Principal | null, query: KitchenReportQuery): Promise<KitchenReport> {
  requireManager(principal, 'read the kitchen report');
  const window = parseWindow(query, now());
  const times = new ServiceTimes(window, await dishesById(store, menu));
  await eachOrderUpdatedSince(store, window, (order) => times.add(order));

  const { placed, ready, closed } = times;
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
      const tally = times.tickets.get(station)!;
      return { station, ...tally.summary(null), buckets: starts.map((start, index) => ({ start, ...tally.summary(index) })) };
    }),
    orders: { ...orderTimes(null), buckets: starts.map((start, index) => ({ start, ...orderTimes(index) })) },
    stock: await stockPace(store, times.used, placed.count(null)),
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
