// The orders the kitchen report read, kept between reports as their instants (report-orders.ts), on
// every store. A report costs an index read of the ids of its window's orders and the documents of
// those written since the last report: a manager's screen asks for the same day again and again,
// and most of its orders have not changed. Any change to an order drops its record; a read waits
// for the store to have delivered every earlier change first (kept-per-document.ts).
import type { Collection, Store } from '../../store/types.js';
import type { OrderDoc } from '../../models/order.js';
import { KeptPerDocument } from '../views/kept-per-document.js';
import { serviceRecord, type ServiceRecord } from './report-orders.js';

/** A busy day's orders several times over, at about 1.5 KB each. */
const MAX_KEPT = 5_000;

export class ServiceRecords {
  // The oldest kept goes first: the report most asked for is the newest day's.
  private readonly records: KeptPerDocument<'orders', ServiceRecord>;

  constructor(store: Store) {
    this.records = new KeptPerDocument(store, 'orders', serviceRecord, MAX_KEPT);
  }

  /** The records of the orders with these ids, in that order; an order deleted meanwhile is left out. */
  async read(orders: Collection<OrderDoc>, ids: readonly string[]): Promise<ServiceRecord[]> {
    return (await this.records.read(orders, ids)).filter((record): record is ServiceRecord => record !== undefined);
  }

  close(): void {
    this.records.close();
  }
}
