// The orders still in the kitchen (Draft to Ready for Assembly), kept in memory from the embedded
// store's change events, so a station's queue and its all-day counts read no documents: they
// are what every screen asks for, again and again, and a kitchen holds a few hundred at most.
import type { OrderDoc, OrderStatus } from '../models/order.js';
import type { ChangeEvent, Store } from '../store/types.js';

export const KITCHEN_STATUSES: readonly OrderStatus[] = ['Draft', 'Received', 'In Progress', 'Ready for Assembly'];

export class KitchenBook {
  private readonly orders = new Map<string, OrderDoc>();
  private readonly unsubscribe: () => void;
  /** Orders changed while the book was being loaded: the load's copies of them are older. */
  private touched: Set<string> | null = new Set();

  /** Only for a store whose change events precede every later read (`synchronousChanges`). */
  static async open(store: Store): Promise<KitchenBook | undefined> {
    if (!store.synchronousChanges) return undefined;
    const book = new KitchenBook(store);
    const loaded = await store.collection('orders').find([{ field: 'status', op: 'in', value: [...KITCHEN_STATUSES] }]);
    for (const order of loaded) if (!book.touched?.has(order.id)) book.orders.set(order.id, order);
    book.touched = null;
    return book;
  }

  private constructor(store: Store) {
    this.unsubscribe = store.onChange((event) => this.apply(event));
  }

  /** The kept orders in one of `statuses`, in no set order (documents shared with the change feed: never edit one). */
  inStatus(statuses: readonly OrderStatus[]): OrderDoc[] {
    return [...this.orders.values()].filter((order) => statuses.includes(order.status));
  }

  close(): void {
    this.unsubscribe();
    this.orders.clear();
  }

  private apply(event: ChangeEvent): void {
    if (event.collection !== 'orders') return;
    this.touched?.add(event.id);
    const after = event.after as OrderDoc | null;
    // The event's own document, shared with the other listeners (no copy on the order path): read only.
    if (after && KITCHEN_STATUSES.includes(after.status)) this.orders.set(event.id, after);
    else this.orders.delete(event.id);
  }
}
