// Stock follows orders: one unit of every ingredient per dish occurrence, consumed atomically with
// the order. Essential ingredients never go below zero; others may.
import type { DishDoc } from '../models/dish.js';
import type { StoreSession } from '../store/types.js';
import { conflict } from './errors.js';

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

async function take(session: StoreSession, ingredientId: string, units: number, essentialFor: DishDoc | undefined) {
  const ingredients = session.collection('ingredients');
  const guard = essentialFor ? [{ field: 'in_stock_qty', op: 'gte' as const, value: units }] : [];
  const taken = await ingredients.update(ingredientId, { inc: { in_stock_qty: -units } }, { if: guard });
  if (taken || !essentialFor) return;
  const ingredient = await ingredients.get(ingredientId);
  const left = ingredient ? `has ${ingredient.in_stock_qty} in stock and the order needs ${units}` : 'no longer exists';
  throw conflict(`Dish "${essentialFor.name}" (${essentialFor.id}) cannot be made: its essential ingredient "${ingredient?.name ?? ingredientId}" (${ingredientId}) ${left}.`);
}

/**
 * Moves stock from `before` dishes to `after` dishes: consumes what `after` needs beyond `before`
 * and gives back the rest. Run inside a transaction: a refusal (409) undoes every unit taken.
 */
export async function adjustStock(session: StoreSession, before: readonly DishDoc[], after: readonly DishDoc[]): Promise<void> {
  const had = needsOf(before);
  const needs = needsOf(after);
  const ids = [...new Set([...had.keys(), ...needs.keys()])].sort();
  for (const id of ids) {
    const delta = (needs.get(id)?.units ?? 0) - (had.get(id)?.units ?? 0);
    if (delta > 0) await take(session, id, delta, needs.get(id)?.essentialFor);
    else if (delta < 0) await session.collection('ingredients').update(id, { inc: { in_stock_qty: -delta } });
  }
}

export const consumeStock = (session: StoreSession, dishes: readonly DishDoc[]) => adjustStock(session, [], dishes);
export const returnStock = (session: StoreSession, dishes: readonly DishDoc[]) => adjustStock(session, dishes, []);

