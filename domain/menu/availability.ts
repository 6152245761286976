// Whether a dish can be sold now: every essential ingredient has in_stock_qty > 0. Derived from
// current stock whenever it is read, so it can never disagree with the ingredients.
import type { Dish, DishDoc } from '../../models/dish.js';
import type { StoreSession } from '../../store/types.js';

/** The ingredients a dish cannot be made without. */
export function essentialIds(dish: DishDoc): string[] {
  return dish.ingredients.filter((entry) => entry.is_essential).map((entry) => entry.ingredient_id);
}

/** Stock of the given ingredients, by id (absent ids are missing from the map). */
export async function stockOf(session: StoreSession, ingredientIds: Iterable<string>): Promise<Map<string, number>> {
  const ids = [...new Set(ingredientIds)];
  if (ids.length === 0) return new Map();
  const found = await session.collection('ingredients').find([{ field: 'id', op: 'in', value: ids }]);
  return new Map(found.map((ingredient) => [ingredient.id, ingredient.in_stock_qty]));
}

/** True when every essential ingredient is known and in stock. */
export function isAvailable(dish: DishDoc, stock: ReadonlyMap<string, number>): boolean {
  return essentialIds(dish).every((id) => (stock.get(id) ?? 0) > 0);
}

/**
 * How many more of the dish the stock allows: the least, over its essential ingredients, of the
 * stock divided by the units one dish takes (an ingredient listed twice takes two), rounded down,
 * never below 0; null for a dish without an essential ingredient (nothing limits it).
 */
export function portionsLeft(dish: DishDoc, stock: ReadonlyMap<string, number>): number | null {
  let least: number | null = null;
  for (const [id, units] of essentialUnits(dish)) {
    const portions = Math.max(0, Math.floor((stock.get(id) ?? 0) / units));
    if (least === null || portions < least) least = portions;
  }
  return least;
}

/** Units of each essential ingredient one dish takes (every entry of it counts, by its recipe quantity, as stock is taken). */
function essentialUnits(dish: DishDoc): Map<string, number> {
  const essential = new Set(essentialIds(dish));
  const units = new Map<string, number>();
  for (const entry of dish.ingredients) {
    if (essential.has(entry.ingredient_id)) units.set(entry.ingredient_id, (units.get(entry.ingredient_id) ?? 0) + (entry.quantity ?? 1));
  }
  return units;
}

/** The dish as clients see it, with what the stock allows now (a dish stored without allergens has none). */
export function dishAnswer(dish: DishDoc, stock: ReadonlyMap<string, number>): Dish {
  return {
    ...dish,
    modifier_groups: dish.modifier_groups ?? [],
    is_available: isAvailable(dish, stock),
    portions_left: portionsLeft(dish, stock),
    allergens: dish.allergens ?? [],
  };
}

/** The dishes as clients see them, with `is_available` and `portions_left` from one stock lookup. */
export async function withAvailability(session: StoreSession, dishes: DishDoc[]): Promise<Dish[]> {
  const stock = await stockOf(session, dishes.flatMap(essentialIds));
  return dishes.map((dish) => dishAnswer(dish, stock));
}

/** Dishes that list any of the ingredients (essential or not). */
export function dishesUsing(session: StoreSession, ingredientIds: string[]): Promise<DishDoc[]> {
  if (ingredientIds.length === 0) return Promise.resolve([]);
  return session.collection('dishes').find([{ field: 'ingredients.ingredient_id', op: 'in', value: ingredientIds }]);
}
