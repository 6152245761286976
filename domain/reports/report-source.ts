// Where the kitchen report's orders and dishes come from. A ticket readied, an order placed,
// readied or closed at time t was written at or after t, so the orders updated since the window's
// start (an index range) hold everything the report needs, however long the history.
import type { DishDoc } from '../../models/dish.js';
import type { Condition } from '../../query/types.js';
import type { Store } from '../../store/types.js';
import type { MenuReader } from '../menu/menu.js';
import { serviceRecord, type ServiceRecord } from './report-orders.js';
import type { Window } from './report-window.js';
import type { ServiceRecords } from './service-records.js';

/** Every dish by id: the live menu's where the server keeps one (no query), else the store's. */
export async function dishesById(store: Store, menu: MenuReader | undefined): Promise<ReadonlyMap<string, DishDoc>> {
  return menu?.current?.dishes ?? new Map((await store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
}

/** Orders are read a few hours of updates at a time, so only those are held parsed at once. */
const SLICE_MS = 4 * 3_600_000;
/** Kept records are read by ids, this many documents at most at once for those not kept. */
const CHUNK = 240;
const SORT = { field: 'updated_at', direction: 'asc' } as const;
const since = (at: number): Condition => ({ field: 'updated_at', op: 'gte', value: new Date(at).toISOString() });

/**
 * Visits every order updated since the window's start, once: from `kept` where the server keeps
 * the records of orders already read (the ids come from the updated_at index in one read), else
 * from the documents. Read in the updated_at index's order (ordered by creation instead, SQLite
 * would rather walk the creation index through the whole history).
 */
export async function eachOrderUpdatedSince(store: Store, window: Window, kept: ServiceRecords | undefined, visit: (order: ServiceRecord) => void): Promise<void> {
  const orders = store.collection('orders');
  if (kept) {
    const { ids } = await orders.listIds({ filter: [since(window.start)], sort: SORT, offset: 0 });
    for (let from = 0; from < ids.length; from += CHUNK) for (const record of await kept.read(orders, ids.slice(from, from + CHUNK))) visit(record);
    return;
  }
  // An order written between two slices' reads moves to a later slice: it counts as first read.
  const seen = new Set<string>();
  for (let from = window.start; ; from += SLICE_MS) {
    const until = from + SLICE_MS;
    const last = until >= window.end;
    // The last slice has no end: an order readied in the window may have been written since.
    const filter = last ? [since(from)] : [since(from), { field: 'updated_at', op: 'lt', value: new Date(until).toISOString() } as const];
    for (const order of await orders.find(filter, { sort: SORT })) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      visit(serviceRecord(order));
    }
    if (last) return;
  }
}
