// What a change to the menu does to the orders still open: their allergy alerts and their shortage
// marks. The rules are the orders' own (domain/orders/menu-changes.ts); the services hand them to
// the menu's writes, so the menu, which orders are made of, knows nothing of orders.
import type { IngredientDoc } from '../../models/ingredient.js';
import type { StoreSession } from '../../store/types.js';
import type { Deps } from '../deps.js';

/** One ingredient's write: the ingredient after it, and its stock before. */
export interface StockCorrection {
  ingredient: IngredientDoc;
  before: number;
}

export interface OpenOrders {
  /** After the allergens of these dishes changed: the open orders holding one alerted anew, in the caller's transaction. */
  realert(session: StoreSession, dishIds: readonly string[]): Promise<void>;
  /** After stock corrections: the open orders they leave short marked, and those restocked cleared. */
  markShortages(session: StoreSession, corrections: readonly StockCorrection[]): Promise<void>;
}

/** What a menu write that can touch open orders needs. */
export type MenuDeps = Deps & { openOrders: OpenOrders };
