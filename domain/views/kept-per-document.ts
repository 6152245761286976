// Values derived from the documents of one collection (an order's page text, its report record, a
// token subject's account), kept in memory between reads on every store: any change to a document
// drops its value (another program's commit, all of them), and values read while a change to the
// collection arrived are not kept (the document read may be the older one). At most `max` are
// kept; the oldest goes first.
//
// Why a kept value is never stale, whichever store runs: a read first awaits store.settled(), which
// resolves once every change committed before it has reached the listeners (the embedded store: at
// once; MongoDB: once the change stream has passed the majority's newest write). A value kept now
// was derived from a document at least as new as the last change delivered for it, and any later
// change drops it when its event arrives, which settled() waits for before the next read serves it.
// (Keying each value by the order's updated_at instead would cost every page a read of that column
// beside its ids: not index-only on the embedded store's list indexes.)
import type { Collections } from '../../models/collections.js';
import type { Collection, CollectionName, Store } from '../../store/types.js';

export class KeptPerDocument<N extends CollectionName, V> {
  private readonly kept = new Map<string, V>();
  /** Counts changes to the collection: a read that overlapped one is not kept. */
  private changes = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  constructor(
    private readonly store: Store,
    private readonly collection: N,
    private readonly derive: (doc: Collections[N]) => V,
    private readonly max: number,
  ) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection !== collection) return;
      this.changes++;
      this.kept.delete(event.id);
    });
    // Another program changed the data (no event says which documents): every value is derived again.
    this.unsubscribeResync = store.onResync(() => {
      this.changes++;
      this.kept.clear();
    });
  }

  /**
   * The values of the documents with these ids, in that order, those not kept read from `source` in
   * one query (the caller's session, or the store): undefined for one not found (deleted meanwhile).
   */
  async read(source: Collection<Collections[N]>, ids: readonly string[]): Promise<(V | undefined)[]> {
    await this.store.settled();
    const missing = ids.filter((id) => !this.kept.has(id));
    const read = new Map<string, V>();
    if (missing.length > 0) {
      const since = this.changes;
      for (const doc of await source.find([{ field: 'id', op: 'in', value: missing }])) read.set(doc.id, this.derive(doc));
      if (since === this.changes) for (const [id, value] of read) this.keep(id, value);
    }
    return ids.map((id) => this.kept.get(id) ?? read.get(id));
  }

  /** The value of one document, read from the store by its id when not kept (a request's path: no `in` query). */
  async get(id: string): Promise<V | undefined> {
    await this.store.settled();
    const kept = this.kept.get(id);
    if (kept !== undefined) return kept;
    const since = this.changes;
    const doc = await this.store.collection(this.collection).get(id);
    if (!doc) return undefined;
    const value = this.derive(doc);
    if (since === this.changes) this.keep(id, value);
    return value;
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
