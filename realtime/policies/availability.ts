// dish.availability: the dishes a committed batch flipped between sellable and not, or whose
// portions left it changed to a value at or below `low_portions`, whatever did it (an order
// consuming stock, a PATCH, a deleted order giving stock back, a dish's new ingredient list).
// Judged on the state before and after the whole batch, so one transaction touching several
// ingredients of a dish tells it at most once, and only when its state really changed. Each goes to
// the menu and to the room of the dish's own station.
import { essentialIds, isAvailable, portionsLeft } from '../../domain/menu/availability.js';
import { DEFAULT_SETTINGS } from '../../models/settings.js';
import type { DishDoc } from '../../models/dish.js';
import type { Delivery } from '../events.js';
import type { KitchenView } from '../kitchen-view.js';
import type { Change } from '../normalize.js';
import { stationRoom } from '../rooms.js';
import { ingredientsOf } from './public-fields.js';

/** `low`: the `low_portions` setting as the batch is sent. */
export function availabilityFlips(batch: readonly Change[], view: KitchenView, low: number = DEFAULT_SETTINGS.low_portions): Delivery[] {
  const { stockBefore, unknown } = stockBeforeBatch(batch);
  const dishesBefore = dishesBeforeBatch(batch);
  if (unknown.size === 0 && dishesBefore.size === 0 && !stockMoved(batch, stockBefore)) return [];
  const created = new Set(batch.filter((c) => c.collection === 'dishes' && c.kind === 'created').map((c) => c.current.id));
  const candidates = candidateDishes(view, [...stockBefore.keys(), ...unknown], dishesBefore.keys());
  if (candidates.length === 0) return [];
  const stockAfter = view.stock(ingredientsOf([...candidates, ...dishesBefore.values()]));
  const stockThen = new Map(stockAfter);
  for (const [id, qty] of stockBefore) {
    if (qty === null) stockThen.delete(id);
    else stockThen.set(id, qty);
  }
  // Without the earlier stock no change can be judged: such dishes are told their state now.
  const judgeable = (dish: DishDoc) => !essentialIds(dish).some((id) => unknown.has(id));
  const told = (dish: DishDoc) => {
    if (!judgeable(dish)) return true;
    const then = dishesBefore.get(dish.id) ?? dish;
    if (isAvailable(then, stockThen) !== isAvailable(dish, stockAfter)) return true;
    const portions = portionsLeft(dish, stockAfter);
    return portions !== null && portions <= low && portions !== portionsLeft(then, stockThen);
  };
  // A dish created in the batch has no earlier state: dish.created already carries its state.
  return candidates
    .filter((dish) => !created.has(dish.id) && told(dish))
    .map((dish) => ({
      rooms: ['menu', stationRoom(dish.station)],
      event: {
        type: 'dish.availability',
        data: { id: dish.id, is_available: isAvailable(dish, stockAfter), portions_left: portionsLeft(dish, stockAfter) },
      },
    }));
}

/**
 * Stock of each ingredient the batch wrote, before its first write there (null: it did not exist),
 * and the ingredients whose earlier stock the source did not give (no pre-image).
 */
function stockBeforeBatch(batch: readonly Change[]): { stockBefore: Map<string, number | null>; unknown: Set<string> } {
  const stockBefore = new Map<string, number | null>();
  const unknown = new Set<string>();
  for (const change of batch) {
    const id = change.current.id;
    if (change.collection !== 'ingredients' || stockBefore.has(id) || unknown.has(id)) continue;
    if (change.kind === 'created') stockBefore.set(id, null);
    else if (change.previous) stockBefore.set(id, change.previous.in_stock_qty);
    else unknown.add(id);
  }
  return { stockBefore, unknown };
}

/**
 * Whether the stock of any ingredient the batch wrote changed, or it appeared or disappeared.
 * Availability and portions depend on nothing else, so when none did and no dish changed, nothing
 * is told: a write that only touches ingredients (a dish's edit guarding them) needs no lookups.
 */
function stockMoved(batch: readonly Change[], stockBefore: ReadonlyMap<string, number | null>): boolean {
  const stockAfter = new Map<string, number | null>();
  for (const change of batch) {
    if (change.collection === 'ingredients')
      stockAfter.set(change.current.id, change.kind === 'deleted' ? null : change.current.in_stock_qty);
  }
  return [...stockBefore].some(([id, before]) => before !== stockAfter.get(id));
}

/** Each dish the batch updated, before its first update. */
function dishesBeforeBatch(batch: readonly Change[]): Map<string, DishDoc> {
  const before = new Map<string, DishDoc>();
  for (const change of batch) {
    if (change.collection !== 'dishes' || change.kind !== 'updated' || !change.previous) continue;
    if (!before.has(change.current.id)) before.set(change.current.id, change.previous);
  }
  return before;
}

/** Dishes using a written ingredient, and dishes updated in the batch, as they are after it. */
function candidateDishes(view: KitchenView, ingredientIds: Iterable<string>, updatedIds: Iterable<string>): DishDoc[] {
  const byId = new Map(view.dishesUsing(ingredientIds).map((dish) => [dish.id, dish]));
  const missing = [...updatedIds].filter((id) => !byId.has(id));
  for (const [id, dish] of view.dishes(missing)) byId.set(id, dish);
  return [...byId.values()];
}
