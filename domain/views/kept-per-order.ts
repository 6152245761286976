// Values derived from orders (a page's JSON text, a report's record), kept in memory between reads
// on every store: any change to an order drops its value (another program's commit, all of them),
// and values read while an order change arrived are not kept (the document read may be the older
// one). At most `max` are kept; the oldest goes first.
//
// Why a kept value is never stale, whichever store runs: a read first awaits store.settled(), which
// resolves once every change committed before it has reached the listeners (the embedded store: at
// once; MongoDB: once the change stream has passed the majority's newest write). A value kept now
// was derived from a document at least as new as the last change delivered for it, and any later
// change drops it when its event arrives, which settled() waits for before the next read serves it.
// (Keying each value by the order's updated_at instead would cost every page a read of that column
// beside its ids: not index-only on the embedded store's list indexes.)
import type { OrderDoc } from '../../models/order.js';
import type { Collection, Store } from '../../store/types.js';

export class KeptPerOrder<V> {
  private readonly kept = new Map<string, V>();
  /** Counts order changes: a read that overlapped one is not kept. */
  private changes = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  constructor(
    private readonly store: Store,
    private readonly derive: (doc: OrderDoc) => V,
    private readonly max: number,
  ) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection !== 'orders') return;
      this.changes++;
      this.kept.delete(event.id);
    });
    // Another program changed the data (no event says which orders): every value is derived again.
    this.unsubscribeResync = store.onResync(() => {
      this.changes++;
      this.kept.clear();
    });
  }

  /** The values of the orders with these ids, in that order: undefined for one not found (deleted meanwhile). */
  async read(orders: Collection<OrderDoc>, ids: readonly string[]): Promise<(V | undefined)[]> {
    await this.store.settled();
    const missing = ids.filter((id) => !this.kept.has(id));
    const read = new Map<string, V>();
    if (missing.length > 0) {
      const since = this.changes;
      for (const doc of await orders.find([{ field: 'id', op: 'in', value: missing }])) read.set(doc.id, this.derive(doc));
      if (since === this.changes) for (const [id, value] of read) this.keep(id, value);
    }
    return ids.map((id) => this.kept.get(id) ?? read.get(id));
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
    this.kept.clear();
  }

  private keep(id: string, value: V): void {
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(id, value);
  }
}
