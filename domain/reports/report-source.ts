// Where the kitchen report's orders come from: one source, whichever store runs. A ticket readied,
// an order placed, readied or closed at time t was written at or after t, so the orders updated
// since the window's start (an index range) hold everything the report needs, however long the
// history. Their ids come from the updated_at index in one read; each order's record is the one
// kept since it was last read (service-records.ts), its document read only when it changed.
import type { Condition } from '../../query/types.js';
import type { Store } from '../../store/types.js';
import type { ServiceRecord } from './report-orders.js';
import type { Window } from './report-window.js';
import type { ServiceRecords } from './service-records.js';

/** Records are read by ids, this many documents at most at once for those not kept (so only those are held parsed at once). */
const CHUNK = 240;
const SORT = { field: 'updated_at', direction: 'asc' } as const;
const since = (at: number): Condition => ({ field: 'updated_at', op: 'gte', value: new Date(at).toISOString() });

/**
 * Visits every order updated since the window's start, once, in the updated_at index's order
 * (ordered by creation instead, SQLite would rather walk the creation index through the whole
 * history). An order deleted while the report reads is left out.
 */
export async function eachOrderUpdatedSince(
  store: Store,
  window: Window,
  records: ServiceRecords,
  visit: (order: ServiceRecord) => void,
): Promise<void> {
  const orders = store.collection('orders');
  const { ids } = await orders.listIds({ filter: [since(window.start)], sort: SORT, offset: 0 });
  for (let from = 0; from < ids.length; from += CHUNK)
    for (const record of await records.read(orders, ids.slice(from, from + CHUNK))) visit(record);
}
