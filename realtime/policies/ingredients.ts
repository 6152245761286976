// Ingredients go to the menu room, beside the dishes and their availability. The kitchen rooms carry
// orders only: a station learns what it can still make from each dish's `is_available`, and kitchen
// staff who do want stock on a screen subscribe to `menu` as well (GET /ingredients is public, so
// the menu room shows nobody anything new).
//
// Stock moves with every order, several ingredients at a time: a commit's stock changes go out as
// ONE `stock.updated` listing every ingredient whose stock it changed, with its new stock, rather
// than one `ingredient.updated` each (an order of two dishes used to send about eight). The
// per-ingredient events remain for what is not stock: an ingredient added, deleted, or renamed or
// repriced (`ingredient.updated`, whole, stock included).
import type { Delivery, StockLevel } from '../events.js';
import type { Change, IngredientChange } from '../normalize.js';
import { publicIngredient } from './public-fields.js';

/** Fields whose change is the stock's alone: every stock write moves `updated_at` too. */
const STOCK_FIELDS: readonly string[] = ['in_stock_qty', 'updated_at'];

/** Without the document before the write (a change stream without pre-images), anything may have changed. */
const stockChanged = (change: IngredientChange) => change.previous === null || change.previous.in_stock_qty !== change.current.in_stock_qty;

function detailsChanged(change: IngredientChange): boolean {
  if (change.previous === null) return true;
  const before: Record<string, unknown> = publicIngredient(change.previous);
  const after: Record<string, unknown> = publicIngredient(change.current);
  return Object.keys(after).some((field) => !STOCK_FIELDS.includes(field) && !same(before[field], after[field]));
}

/** Scalars by value, and lists (allergens) by their items. */
const same = (a: unknown, b: unknown) => a === b || (Array.isArray(a) && Array.isArray(b) && a.join() === b.join());

/** One change's own event: a creation, a deletion, or an update of more than the stock. */
export function ingredientDeliveries(change: IngredientChange): Delivery[] {
  if (change.kind === 'updated' && !detailsChanged(change)) return [];
  return [{ rooms: ['menu'], event: { type: `ingredient.${change.kind}`, data: publicIngredient(change.current) } }];
}

/**
 * The batch's `stock.updated`: each ingredient whose stock it changed, once, where it first changed,
 * as the batch left it. An ingredient the batch then deleted is left out (its `ingredient.deleted`
 * says it all).
 */
export function stockUpdates(batch: readonly Change[]): Delivery[] {
  const levels = new Map<string, StockLevel>();
  for (const change of batch) {
    if (change.collection !== 'ingredients') continue;
    const { id, in_stock_qty, updated_at } = change.current;
    if (change.kind === 'deleted') levels.delete(id);
    else if (change.kind === 'updated' && (levels.has(id) || stockChanged(change))) levels.set(id, { id, in_stock_qty, updated_at });
  }
  if (levels.size === 0) return [];
  return [{ rooms: ['menu'], event: { type: 'stock.updated', data: { ingredients: [...levels.values()] } } }];
}
