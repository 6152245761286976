// Stock follows orders: one unit of every ingredient per dish occurrence, consumed atomically with
// the order and recorded on it. Essential ingredients never go below zero; others may.
import type { DishDoc } from '../../models/dish.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { EachWrite, StoreSession } from '../../store/types.js';
import { conflict } from '../errors.js';

interface Need {
  units: number;
  /** The first dish for which the ingredient is essential, if any (named in a refusal). */
  essentialFor: DishDoc | undefined;
}

function needsOf(dishes: readonly DishDoc[]): Map<string, Need> {
  const needs = new Map<string, Need>();
  for (const dish of dishes) {
    for (const entry of dish.ingredients) {
      const need = needs.get(entry.ingredient_id) ?? { units: 0, essentialFor: undefined };
      need.units += 1;
      if (entry.is_essential && !need.essentialFor) need.essentialFor = dish;
      needs.set(entry.ingredient_id, need);
    }
  }
  return needs;
}

/** The 409 for an essential ingredient that could not give `units`, naming its dish and its stock now. */
async function refusal(session: StoreSession, ingredientId: string, units: number, essentialFor: DishDoc): Promise<Error> {
  const ingredient = await session.collection('ingredients').get(ingredientId);
  const left = ingredient ? `has ${ingredient.in_stock_qty} in stock and the order needs ${units}` : 'no longer exists';
  return conflict(
    `Dish "${essentialFor.name}" (${essentialFor.id}) cannot be made: its essential ingredient ` +
      `"${ingredient?.name ?? ingredientId}" (${ingredientId}) ${left}.`,
  );
}

/** The units an order took, per ingredient: what it gives back, whatever recipes change later. */
export type StockTaken = { ingredient_id: string; units: number }[];

/**
 * Makes an order hold what `dishes` need: takes what it needs beyond `taken` and gives back the
 * rest, returning what it now holds. Run inside a transaction: a refusal (409) undoes every unit.
 */
export async function adjustStock(session: StoreSession, taken: StockTaken, dishes: readonly DishDoc[]): Promise<StockTaken> {
  const had = new Map(taken.map((entry) => [entry.ingredient_id, entry.units]));
  const needs = needsOf(dishes);
  const ids = [...new Set([...had.keys(), ...needs.keys()])].sort();
  // Every ingredient's change in one call: takes are guarded where the ingredient is essential
  // (never below zero), give-backs and other takes are not; an ingredient gone since is skipped.
  const writes: (EachWrite<IngredientDoc> & { units: number; essentialFor: DishDoc | undefined })[] = [];
  for (const id of ids) {
    const delta = (needs.get(id)?.units ?? 0) - (had.get(id) ?? 0);
    const essentialFor = delta > 0 ? needs.get(id)?.essentialFor : undefined;
    const guard = essentialFor ? [{ field: 'in_stock_qty', op: 'gte' as const, value: delta }] : [];
    if (delta !== 0) writes.push({ id, update: { inc: { in_stock_qty: -delta } }, if: guard, units: delta, essentialFor });
    // An ingredient the new dishes need as much as before is still written (touched): a dish
    // swapped for another of the same recipe must conflict with deleting that dish (which touches
    // its ingredients) on MongoDB, whose transactions conflict only on a shared write.
    else if (needs.has(id)) writes.push({ id, update: { set: {} }, units: 0, essentialFor: undefined });
  }
  if (writes.length > 0) {
    const made = await session.collection('ingredients').updateEach(writes);
    const refused = writes.find((write, index) => write.essentialFor && !made[index]);
    // The transaction's rollback undoes whatever was taken.
    if (refused?.essentialFor) throw await refusal(session, refused.id, refused.units, refused.essentialFor);
  }
  return [...needs].map(([ingredient_id, need]) => ({ ingredient_id, units: need.units }));
}

/** Gives back everything the order took. */
export const returnStock = (session: StoreSession, taken: StockTaken) => adjustStock(session, taken, []);
