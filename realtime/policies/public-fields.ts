// What clients may see of a document: exactly the properties of its public schema. Whatever else
// is stored beside them (an order's owner_id, anything added later) never reaches an event.
import { isAvailable } from '../../domain/availability.js';
import { Dish, type DishDoc } from '../../models/dish.js';
import { Ingredient, type IngredientDoc } from '../../models/ingredient.js';
import { Order, type OrderDoc } from '../../models/order.js';

const ORDER_FIELDS = new Set(Object.keys(Order.properties));
const DISH_FIELDS = new Set(Object.keys(Dish.properties));
const INGREDIENT_FIELDS = new Set(Object.keys(Ingredient.properties));

/** The public properties of `doc`, in its own order (run for every event of every commit: no arrays of entries). */
function pick<T>(fields: ReadonlySet<string>, doc: object): T {
  const picked: Record<string, unknown> = {};
  for (const field of Object.keys(doc)) if (fields.has(field)) picked[field] = (doc as Record<string, unknown>)[field];
  return picked as T;
}

export const publicOrder = (doc: OrderDoc): Order => pick(ORDER_FIELDS, doc);

export const publicIngredient = (doc: IngredientDoc): IngredientDoc => pick(INGREDIENT_FIELDS, doc);

/** A dish as clients see it, with `is_available` derived from the given stock. */
export const publicDish = (doc: DishDoc, stock: ReadonlyMap<string, number>): Dish =>
  pick(DISH_FIELDS, { ...doc, is_available: isAvailable(doc, stock) });

/** Every ingredient the dishes list: enough stock to decide their availability. */
export const ingredientsOf = (dishes: Iterable<DishDoc>): string[] =>
  [...dishes].flatMap((dish) => dish.ingredients.map((entry) => entry.ingredient_id));
