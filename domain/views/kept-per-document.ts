// Values derived from the documents of one collection (an order's page text, its report record, a
// token subject's account), kept in memory between reads on every store: any change to a document
// drops its value (another program's commit, all of them), and a value read while a change to its
// document arrived is dropped as soon as it is kept (the document read may be the older one): the
// changes heard during a read are applied again after it (domain/views/load-while-changing.ts). At
// most `max` are kept; the oldest goes first.
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
import { LoadWhileChanging } from './load-while-changing.js';

/** What a change drops: one document's value, or all of them (a resync). */
type Dropped = { id: string } | 'all';

export class KeptPerDocument<N extends CollectionName, V> {
  private readonly kept = new Map<string, V>();
  /**
   * Live, each read installing its own documents: a change drops a value at once, and again once
   * every read in flight meanwhile has kept what it read.
   */
  private readonly changes = new LoadWhileChanging<Dropped>((dropped) => this.drop(dropped), { live: true, eachLoadInstalls: true });
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  constructor(
    private readonly store: Store,
    private readonly collection: N,
    private readonly derive: (doc: Collections[N]) => V,
    private readonly max: number,
  ) {
    this.unsubscribe = store.onChange((event) => {
      if (event.collection === collection) this.changes.hear({ id: event.id });
    });
    // Another program changed the data (no event says which documents): every value is derived again.
    this.unsubscribeResync = store.onResync(() => this.changes.hear('all'));
  }

  /**
   * The values of the documents with these ids, in that order, those not kept read from `source` in
   * one query (the caller's session, or the store): undefined for one not found (deleted meanwhile).
   */
  async read(source: Collection<Collections[N]>, ids: readonly string[]): Promise<(V | undefined)[]> {
    await this.store.settled();
    const missing = ids.filter((id) => !this.kept.has(id));
    const read = new Map<string, V>();
    if (missing.length > 0)
      await this.changes.load(
        () => source.find([{ field: 'id', op: 'in', value: missing }]),
        (docs) => {
          for (const doc of docs) read.set(doc.id, this.derive(doc));
          for (const [id, value] of read) this.keep(id, value);
        },
      );
    return ids.map((id) => this.kept.get(id) ?? read.get(id));
  }

  /** The value of one document, read from the store by its id when not kept (a request's path: no `in` query). */
  async get(id: string): Promise<V | undefined> {
    await this.store.settled();
    const kept = this.kept.get(id);
    if (kept !== undefined) return kept;
    let value: V | undefined;
    await this.changes.load(
      () => this.store.collection(this.collection).get(id),
      (doc) => {
        value = doc ? this.derive(doc) : undefined;
        if (value !== undefined) this.keep(id, value);
      },
    );
    return value;
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
    this.kept.clear();
  }

  private drop(dropped: Dropped): void {
    if (dropped === 'all') this.kept.clear();
    else this.kept.delete(dropped.id);
  }

  private keep(id: string, value: V): void {
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(id, value);
  }
}
