// What clients may see of a document: exactly the properties of its public schema. Whatever else
// is stored beside them (an order's owner_id, anything added later) never reaches an event.
import { dishAnswer } from '../../domain/menu/availability.js';
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

/** Orders and ingredients stored before `allergies`/`allergens` existed have none. */
export function publicOrder(doc: OrderDoc): Order {
  const order = pick<Order>(ORDER_FIELDS, doc);
  order.allergies ??= [];
  return order;
}

export function publicIngredient(doc: IngredientDoc): Ingredient {
  const ingredient = pick<Ingredient>(INGREDIENT_FIELDS, doc);
  ingredient.allergens ??= [];
  return ingredient;
}

/** A dish as clients see it, with `is_available` and `portions_left` derived from the given stock. */
export const publicDish = (doc: DishDoc, stock: ReadonlyMap<string, number>): Dish => {
  const dish = pick<Dish>(DISH_FIELDS, dishAnswer(doc, stock));
  // A dish written around the API without modifier groups is passed on as it was written.
  if (doc.modifier_groups === undefined) delete (dish as Partial<Dish>).modifier_groups;
  return dish;
};

/** Every ingredient the dishes list: enough stock to decide their availability. */
export const ingredientsOf = (dishes: Iterable<DishDoc>): string[] =>
  [...dishes].flatMap((dish) => dish.ingredients.map((entry) => entry.ingredient_id));
