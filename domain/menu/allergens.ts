// A dish's allergens are the union of its ingredients' (essential or not), kept on the dish when it
// or one of its ingredients is written, so lists filter on them like any stored array.
import { allergenUnion, type Allergen } from '../../models/allergens.js';
import type { DishDoc } from '../../models/dish.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { StoreSession } from '../../store/types.js';
import { dishesUsing } from './availability.js';

/** The union of the allergens of the ingredients a dish names, from those ingredients. */
export function allergensOf(entries: DishDoc['ingredients'], ingredients: readonly IngredientDoc[]): Allergen[] {
  const byId = new Map(ingredients.map((ingredient) => [ingredient.id, ingredient]));
  return allergenUnion(entries.map((entry) => byId.get(entry.ingredient_id)?.allergens));
}

/**
 * Sets `allergens` again on every dish using one of the ingredients (whose allergens changed),
 * inside the caller's transaction; dishes whose union stays the same are not written. Returns the ids written.
 */
export async function deriveDishAllergens(session: StoreSession, ingredientIds: string[]): Promise<string[]> {
  const dishes = await dishesUsing(session, ingredientIds);
  if (dishes.length === 0) return [];
  const ids = [...new Set(dishes.flatMap((dish) => dish.ingredients.map((entry) => entry.ingredient_id)))];
  const ingredients = await session.collection('ingredients').find([{ field: 'id', op: 'in', value: ids }]);
  const writes = dishes
    .map((dish) => ({ dish, allergens: allergensOf(dish.ingredients, ingredients) }))
    .filter(({ dish, allergens }) => (dish.allergens ?? []).join() !== allergens.join() || !dish.allergens)
    .map(({ dish, allergens }) => ({ id: dish.id, update: { set: { allergens } } }));
  if (writes.length > 0) await session.collection('dishes').updateEach(writes);
  return writes.map((write) => write.id);
}
