// Speed of service, computed from the timestamps stored on orders and their tickets (which orders
// are read: report-source.ts), per station and bucket: local hours or days of the settings' time zone.
import { STATIONS } from '../../models/dish.js';
import type { KitchenReport, KitchenReportQuery } from '../../models/report.js';
import { DATE_TIME_RULE, instantOf } from '../../query/date-time.js';
import { requireManager } from '../accounts/access.js';
import type { Deps } from '../deps.js';
import { badRequest } from '../errors.js';
import type { MenuReader } from '../menu/menu.js';
import type { Principal } from '../accounts/principal.js';
import { ServiceTimes } from './report-orders.js';
import { eachOrderUpdatedSince } from './report-source.js';
import { bucketStarts, spread, type Tally, type Window } from './report-window.js';
import type { ServiceRecords } from './service-records.js';
import { currentSettings, type SettingsBook } from '../settings.js';
import { dayStart } from './zoned-time.js';

const DAY_MS = 86_400_000;
const MAX_DAYS = 93;

/** A window's end as the API takes date-times (query/date-time.ts); 400 naming it otherwise. */
function windowEnd(name: 'from' | 'to', text: string): number {
  const at = instantOf(text);
  if (at === undefined)
    throw badRequest(`\`${name}\` must be ${DATE_TIME_RULE}.`, { errors: [{ path: name, message: `must be ${DATE_TIME_RULE}` }] });
  return at;
}

function parseWindow({ from, to, bucket = 'hour' }: KitchenReportQuery, now: Date, timeZone: string): Window {
  const end = to === undefined ? now.getTime() : windowEnd('to', to);
  const start = from === undefined ? end - DAY_MS : windowEnd('from', from);
  if (!(start < end)) throw badRequest('`from` must come before `to`.', { errors: [{ path: 'from', message: 'must be before to' }] });
  if (end - start > MAX_DAYS * DAY_MS)
    throw badRequest(`A report covers at most ${MAX_DAYS} days.`, {
      errors: [{ path: 'to', message: `must be at most ${MAX_DAYS} days after from` }],
    });
  return { start, end, bucket, timeZone };
}

/** What the report reads beside the store: the views kept in memory on every store. */
export interface ReportSources {
  menu: MenuReader;
  serviceRecords: ServiceRecords;
  /** The time zone the buckets follow (UTC without one). */
  settings?: SettingsBook;
}

export async function kitchenReport(
  { store, now, menu, serviceRecords, settings }: Deps & ReportSources,
  principal: Principal | null,
  query: KitchenReportQuery,
): Promise<KitchenReport> {
  requireManager(principal, 'read the kitchen report');
  const timeZone = settings ? currentSettings({ settings }).time_zone : 'UTC';
  const at = now();
  const window = parseWindow(query, at, timeZone);
  const times = new ServiceTimes(window, await menu.dishes());
  await eachOrderUpdatedSince(store, window, serviceRecords, (order) => times.add(order));

  const { placed, ready, promised, closed } = times;
  const orderTimes = (index: number | null) => ({
    placed: placed.count(index),
    ready: ready.count(index),
    closed: closed.count(index),
    placed_to_ready: spread(ready.values(index)),
    ready_to_closed: spread(closed.values(index)),
    ready_vs_quoted: promiseKept(promised.summary(index)),
  });
  const starts = bucketStarts(window);
  return {
    from: new Date(window.start).toISOString(),
    to: new Date(window.end).toISOString(),
    bucket: window.bucket,
    time_zone: timeZone,
    today: new Date(dayStart(timeZone, at.getTime())).toISOString(),
    stations: STATIONS.map((station) => {
      const tally = times.tickets.get(station)!;
      return { station, ...tally.summary(null), buckets: starts.map((start, index) => ({ start, ...tally.summary(index) })) };
    }),
    orders: { ...orderTimes(null), buckets: starts.map((start, index) => ({ start, ...orderTimes(index) })) },
    items: { dishes: times.items.items(null), buckets: starts.map((start, index) => ({ start, dishes: times.items.items(index) })) },
    remakes: { counts: times.items.remade(null), buckets: starts.map((start, index) => ({ start, counts: times.items.remade(index) })) },
    stock: await stockPace(store, times.used(), placed.count(null)),
  };
}

/** The readied orders that had a quote: how far from it they were readied, and how many broke it. */
function promiseKept({
  tickets,
  median_seconds,
  p90_seconds,
  late,
}: ReturnType<Tally['summary']>): KitchenReport['orders']['ready_vs_quoted'] {
  return { quoted: tickets, median_seconds, p90_seconds, late };
}

/**
 * How many more orders `stock` covers at `perOrder` units each, never below 0. Stock stored before
 * its bound (models/limits.ts) may be far larger than any count: the answer is then capped, never Infinity.
 */
const ordersCovered = (stock: number, perOrder: number): number =>
  Math.min(Number.MAX_SAFE_INTEGER, Math.max(0, Math.floor(stock / perOrder)));

/** Ingredients the window used, with how many more orders their stock covers at that pace. */
async function stockPace(store: Deps['store'], used: ReadonlyMap<string, number>, orders: number): Promise<KitchenReport['stock']> {
  if (used.size === 0) return [];
  const ingredients = await store.collection('ingredients').find([{ field: 'id', op: 'in', value: [...used.keys()] }]);
  return ingredients
    .map((ingredient) => {
      const units = used.get(ingredient.id) ?? 0;
      return {
        ingredient_id: ingredient.id,
        name: ingredient.name,
        in_stock_qty: ingredient.in_stock_qty,
        unit: ingredient.unit ?? null,
        units_used: units,
        orders_covered: ordersCovered(ingredient.in_stock_qty, units / orders),
      };
    })
    .sort((a, b) => a.orders_covered - b.orders_covered || a.name.localeCompare(b.name));
}
