// The orders still in the kitchen (Draft to Ready for Assembly), kept in memory from the store's
// change events on every store: the one home of the open orders. A station's queue and its all-day
// counts read no documents (they are what every screen asks for, again and again, and a kitchen
// holds a few hundred at most); the queues' re-estimates walk it too.
//
// Why a read can trust it whichever store runs: `inStatus()` first awaits store.settled(), which
// resolves once every change committed before the read has been applied here (the embedded store:
// at once, its events precede every later read; MongoDB: once the change stream has passed the
// majority's newest write, see store/mongo/settle-point.ts). Events are applied in commit order and
// each carries the whole document, so an event older than the load it follows is overwritten by a
// later one before any read that could have seen the later write is answered. After a resync (another
// program's commit) `inStatus` also waits for the book's reload; `current` does not wait.
import type { OrderDoc, OrderStatus } from '../../models/order.js';
import type { ChangeEvent, Store } from '../../store/types.js';
import { LoadWhileChanging } from './load-while-changing.js';
import { Reloads } from './reloads.js';

export const KITCHEN_STATUSES: readonly OrderStatus[] = ['Draft', 'Received', 'In Progress', 'Ready for Assembly'];

export class KitchenBook {
  private orders = new Map<string, OrderDoc>();
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;
  private readonly reloads = new Reloads();
  /**
   * Live: a change reaches the book at once, even during a reload (the order path and the
   * re-estimates read `current` without waiting), and again after the reload, over what it read.
   */
  private readonly changes = new LoadWhileChanging<ChangeEvent>((event) => this.apply(event), { live: true });

  static async open(store: Store): Promise<KitchenBook> {
    const book = new KitchenBook(store);
    await book.load();
    return book;
  }

  private constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => this.changes.hear(event));
    // Another program changed the data (no event says which orders): the book is read again.
    this.unsubscribeResync = store.onResync(() => this.reloads.start(() => this.load()));
  }

  /**
   * Reads the kitchen's orders and makes them the book, then applies over it the changes heard
   * while it read (they are newer than what it read). A later load started meanwhile supersedes
   * this one; a failed one leaves the book as it was, until the next.
   */
  private async load(): Promise<void> {
    await this.changes.load(
      () => this.store.collection('orders').find([{ field: 'status', op: 'in', value: [...KITCHEN_STATUSES] }]),
      (loaded) => (this.orders = new Map(loaded.map((order) => [order.id, order]))),
    );
  }

  /**
   * The orders in one of `statuses` as a read of the store now would find them, in no set order
   * (documents shared with the change feed: never edit one).
   */
  async inStatus(statuses: readonly OrderStatus[]): Promise<OrderDoc[]> {
    await this.reloads.after(this.store.settled());
    return [...this.orders.values()].filter((order) => statuses.includes(order.status));
  }

  /** Every kitchen order as of the last change applied (no wait: for background work that follows the changes). */
  get current(): ReadonlyMap<string, OrderDoc> {
    return this.orders;
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
    this.orders.clear();
  }

  private apply(event: ChangeEvent): void {
    if (event.collection !== 'orders') return;
    const after = event.after as OrderDoc | null;
    // The event's own document, shared with the other listeners (no copy on the order path): read only.
    if (after && KITCHEN_STATUSES.includes(after.status)) this.orders.set(event.id, after);
    else this.orders.delete(event.id);
  }
}
