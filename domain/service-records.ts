// The orders the kitchen report read, kept between reports as their instants (report-orders.ts).
// With the embedded store (change events published right after each commit, before any later
// read), a report then costs an index read of the ids of its window's orders and the documents of
// those written since the last report: a manager's screen asks for the same day again and again,
// and most of its orders have not changed. Any change to an order drops its record.
import type { Collection, Store } from '../store/types.js';
import type { OrderDoc } from '../models/order.js';
import { serviceRecord, type ServiceRecord } from './report-orders.js';

/** A busy day's orders several times over, at about 1.5 KB each. */
const MAX_KEPT = 5_000;

export class ServiceRecords {
  private readonly records = new Map<string, ServiceRecord>();
  /** Counts order changes: a document read while one commits may be the old one, and is not kept. */
  private changes = 0;
  private readonly unsubscribe: () => void;

  /** Only for a store whose change events precede every later read (`synchronousChanges`). */
  static open(store: Store): ServiceRecords | undefined {
    return store.synchronousChanges ? new ServiceRecords(store) : undefined;
  }

  private constructor(store: Store) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection !== 'orders') return;
      this.changes++;
      this.records.delete(event.id);
    });
  }

  /** The records of the orders with these ids, in that order; an order deleted meanwhile is left out. */
  async read(orders: Collection<OrderDoc>, ids: readonly string[]): Promise<ServiceRecord[]> {
    const missing = ids.filter((id) => !this.records.has(id));
    const read = new Map<string, ServiceRecord>();
    if (missing.length > 0) {
      const since = this.changes;
      for (const doc of await orders.find([{ field: 'id', op: 'in', value: missing }])) read.set(doc.id, serviceRecord(doc));
      if (since === this.changes) for (const [id, record] of read) this.keep(id, record);
    }
    const found: ServiceRecord[] = [];
    for (const id of ids) {
      const record = this.records.get(id) ?? read.get(id);
      if (record !== undefined) found.push(record);
    }
    return found;
  }

  close(): void {
    this.unsubscribe();
    this.records.clear();
  }

  private keep(id: string, record: ServiceRecord): void {
    // The oldest kept goes first: the report most asked for is the newest day's.
    if (this.records.size >= MAX_KEPT) this.records.delete(this.records.keys().next().value as string);
    this.records.set(id, record);
  }
}
