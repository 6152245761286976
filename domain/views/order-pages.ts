// Order list pages as JSON text, from each order's public JSON kept in memory, on every store. A
// page costs an index read of its ids and its total, and the text of the orders not yet kept: no
// document read, parse or serialization for orders already served (a station's screen asks for the
// same few dozen open orders again and again). Any change to an order drops its text; a page waits
// for the store to have delivered every earlier change first (kept-per-document.ts).
import { Order, type OrderDoc } from '../../models/order.js';
import type { ListQuery } from '../../query/types.js';
import type { Store } from '../../store/types.js';
import { KeptPerDocument } from './kept-per-document.js';

/** About 5 MB of text at most: far more orders than any screen shows. */
const MAX_KEPT = 5_000;
const ORDER_PROPERTIES = Object.keys(Order.properties);

/**
 * The order as the response schema would serialize it: its public properties only, in the
 * schema's order (so the text is the one GET /orders gives without this page cache).
 */
export function orderText(doc: OrderDoc): string {
  const shown: Record<string, unknown> = {};
  for (const key of ORDER_PROPERTIES) {
    if (Object.hasOwn(doc, key)) shown[key] = doc[key as keyof OrderDoc];
    // Orders stored before allergies existed have none.
    else if (key === 'allergies') shown[key] = [];
  }
  return JSON.stringify(shown);
}

export class OrderPages {
  private readonly texts: KeptPerDocument<'orders', string>;

  constructor(private readonly store: Store) {
    // The oldest kept goes first: a screen's open orders are the newest served.
    this.texts = new KeptPerDocument(store, 'orders', orderText, MAX_KEPT);
  }

  /**
   * The body of a page of `query` (already narrowed to what the caller may see), as the list
   * route would serialize it; null when an order of the page went away while it was read.
   */
  async page(query: ListQuery): Promise<string | null> {
    const orders = this.store.collection('orders');
    const { ids, total_results } = await orders.listIds(query);
    const texts = await this.texts.read(orders, ids);
    if (texts.includes(undefined)) return null;
    return `{"results":[${texts.join(',')}],"total_results":${total_results}}`;
  }

  close(): void {
    this.texts.close();
  }
}
