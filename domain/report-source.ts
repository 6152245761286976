// Where the kitchen report's orders and dishes come from. A ticket readied, an order placed,
// readied or closed at time t was written at or after t, so the orders updated since the window's
// start (an index range) hold everything the report needs, however long the history.
import type { DishDoc } from '../models/dish.js';
import type { Condition } from '../query/types.js';
import type { Store } from '../store/types.js';
import type { MenuReader } from './menu.js';
import { serviceRecord, type ServiceRecord } from './report-orders.js';
import type { Window } from './report-window.js';
import type { ServiceRecords } from './service-records.js';

/** Every dish by id: the live menu's where the server keeps one (no query), else the store's. */
export async function dishesById(store: Store, menu: MenuReader | undefined): Promise<ReadonlyMap<string, DishDoc>> {
  return menu?.current?.dishes ?? new Map((await store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
}

/** Orders are read a few hours of updates at a time, so only those are held parsed at once. */
const SLICE_MS = 4 * 3_600_000;
const SORT = { field: 'updated_at', direction: 'asc' } as const;

/**
 * Visits every order updated since the window's start, once: from `kept` where the server keeps
 * the records of orders already read (only their ids are read then), else from the documents.
 * Each slice is sorted by updated_at too, so the store walks that index (ordered by creation
 * instead, SQLite would rather walk the creation index through the whole history). An order
 * written between two slices' reads moves to a later slice: it counts as it was first read.
 */
export async function eachOrderUpdatedSince(store: Store, window: Window, kept: ServiceRecords | undefined, visit: (order: ServiceRecord) => void): Promise<void> {
  const orders = store.collection('orders');
  const seen = new Set<string>();
  for (let from = window.start; ; from += SLICE_MS) {
    const until = from + SLICE_MS;
    const last = until >= window.end;
    const filter: Condition[] = [{ field: 'updated_at', op: 'gte', value: new Date(from).toISOString() }];
    // The last slice has no end: an order readied in the window may have been written since.
    if (!last) filter.push({ field: 'updated_at', op: 'lt', value: new Date(until).toISOString() });
    const records = kept
      ? await kept.read(orders, (await orders.listIds({ filter, sort: SORT, offset: 0 })).ids)
      : (await orders.find(filter, { sort: SORT })).map(serviceRecord);
    for (const record of records) {
      if (seen.has(record.id)) continue;
      seen.add(record.id);
      visit(record);
    }
    if (last) return;
  }
}
