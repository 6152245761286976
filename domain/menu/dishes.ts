// The menu's dishes: validated against existing ingredients, answered with live availability, and
// protected from deletion while an unfinished order still needs them.
import type { Dish, DishBody, DishDoc, DishPatch, DishWrite } from '../../models/dish.js';
import { UNFINISHED_STATUSES } from '../../models/order.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { StoreSession } from '../../store/types.js';
import { allergensOf } from './allergens.js';
import { addedIngredientIds, modifierGroupsOf } from './modifiers.js';
import { withAvailability } from './availability.js';
import type { Deps } from '../deps.js';
import { badRequest, conflict, notFound } from '../errors.js';
import type { MenuReader } from './menu.js';
import type { MenuDeps } from './open-orders.js';

async function loadDish(session: StoreSession, id: string): Promise<DishDoc> {
  const dish = await session.collection('dishes').get(id);
  if (!dish) throw notFound(`No dish with id ${id}.`);
  return dish;
}

/** Every ingredient a dish names must exist (400 listing the unknown ones); returns them. */
async function assertIngredientsExist(session: StoreSession, entries: readonly { ingredient_id: string }[]): Promise<IngredientDoc[]> {
  const ids = [...new Set(entries.map((entry) => entry.ingredient_id))];
  const found = await session.collection('ingredients').find([{ field: 'id', op: 'in', value: ids }]);
  const known = new Set(found.map((ingredient) => ingredient.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw badRequest(`Unknown ingredient ids: ${unknown.join(', ')}.`, {
      errors: [{ path: 'ingredients', message: `unknown ingredient ids: ${unknown.join(', ')}` }],
    });
  }
  return found;
}

/** The dishes of `dishIds`, one per entry (duplicates kept, in order); 400 naming unknown ids. */
export async function dishesFor(session: StoreSession, dishIds: readonly string[], strict = true): Promise<DishDoc[]> {
  const found = await session.collection('dishes').getEach(dishIds);
  const byId = new Map(found.map((dish) => [dish.id, dish]));
  const unknown = [...new Set(dishIds.filter((id) => !byId.has(id)))];
  if (strict && unknown.length > 0) {
    throw badRequest(`Unknown dish ids: ${unknown.join(', ')}.`, {
      errors: [{ path: 'dish_ids', message: `unknown dish ids: ${unknown.join(', ')}` }],
    });
  }
  return dishIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Writes (touches: updated_at moves) the ingredients a dish names, inside the caller's transaction.
 * MongoDB transactions are snapshot-isolated and conflict only when both write one document, so a
 * check in one transaction and a write in another could both commit (write skew). Every order
 * writes the ingredients of its dishes (stock), and deleting an ingredient writes the ingredient:
 * touching them here makes deleteDish conflict with createOrder, and createDish/changeDish with
 * deleteIngredient; the loser's transaction is retried and then sees the winner's write.
 */
export async function touchIngredients(session: StoreSession, entries: readonly { ingredient_id: string }[]): Promise<void> {
  const ids = [...new Set(entries.map((entry) => entry.ingredient_id))].sort();
  await session.collection('ingredients').updateEach(ids.map((id) => ({ id, update: { set: {} } })));
}

/** Reads go through the menu reader: the store itself, or the live menu where the store allows. */
export const listDishes = ({ menu }: { menu: MenuReader }, query: ListQuery): Promise<ListResult<Dish>> => menu.list(query);

export async function getDish({ menu }: { menu: MenuReader }, id: string): Promise<Dish> {
  const dish = await menu.get(id);
  if (!dish) throw notFound(`No dish with id ${id}.`);
  return dish;
}

export async function createDish({ store }: Deps, body: DishBody): Promise<Dish> {
  // Availability is read inside the transaction: the answer is complete when the write commits
  // (an Idempotency-Key stores it then).
  return store.transaction(async (tx) => {
    const { modifier_groups: groups = [], ...fields } = body;
    const modifier_groups = modifierGroupsOf(groups, fields);
    const ingredients = await writeIngredients(tx, body.ingredients, modifier_groups);
    const allergens = allergensOf(body.ingredients, ingredients);
    return (await withAvailability(tx, [await tx.collection('dishes').insert({ ...fields, modifier_groups, allergens })]))[0] as Dish;
  });
}

/** The ingredients a dish names, its recipe's and its "add" options', checked to exist and touched; returns the recipe's. */
async function writeIngredients(tx: StoreSession, recipe: DishDoc['ingredients'], groups: DishDoc['modifier_groups'] = []) {
  const entries = [...recipe, ...addedIngredientIds(groups).map((ingredient_id) => ({ ingredient_id }))];
  const found = await assertIngredientsExist(tx, entries);
  await touchIngredients(tx, entries);
  return found;
}

export async function changeDish({ store, openOrders }: MenuDeps, id: string, changes: DishPatch, replace: boolean): Promise<Dish> {
  return store.transaction(async (tx) => {
    const current = await loadDish(tx, id);
    const { id: _id, created_at: _c, updated_at: _u, allergens: _a, ...kept } = current;
    // PUT keeps the modifier groups when the body omits them, as PATCH does.
    const { modifier_groups: groups, ...fields } = changes;
    const merged = { ...(replace ? (fields as DishWrite) : { ...kept, ...fields }) };
    // Kept groups are checked again: a removal must still name a recipe ingredient, a faster option leave the dish above 0 minutes.
    const modifier_groups = modifierGroupsOf(groups ?? current.modifier_groups ?? [], merged);
    let allergens = current.allergens;
    if (changes.ingredients || groups !== undefined) {
      const found = await writeIngredients(tx, merged.ingredients, modifier_groups);
      if (changes.ingredients) allergens = allergensOf(merged.ingredients, found);
    }
    const next = { ...merged, modifier_groups, ...(allergens && { allergens }) };
    const changed = (await tx.collection('dishes').replace(id, next)) ?? current;
    if ((current.allergens ?? []).join() !== (changed.allergens ?? []).join()) await openOrders.realert(tx, [id]);
    return (await withAvailability(tx, [changed]))[0] as Dish;
  });
}

export async function deleteDish({ store }: Deps, id: string): Promise<void> {
  await store.transaction(async (tx) => {
    const dish = await loadDish(tx, id);
    const open = await tx.collection('orders').find(
      [
        { field: 'dish_ids', op: 'eq', value: id },
        { field: 'status', op: 'in', value: [...UNFINISHED_STATUSES] },
      ],
      { limit: 10 },
    );
    if (open.length > 0) {
      throw conflict(`The dish is in unfinished orders (${open.map((order) => order.id).join(', ')}); finish or delete them first.`);
    }
    await touchIngredients(tx, dish.ingredients);
    await tx.collection('dishes').delete(id);
  });
}

/** GET /dishes/{id}/ingredients: the dish's ingredients, through the same list rules. */
export async function listDishIngredients({ store }: Deps, id: string, query: ListQuery): Promise<ListResult<IngredientDoc>> {
  const dish = await loadDish(store, id);
  const ids = [...new Set(dish.ingredients.map((entry) => entry.ingredient_id))];
  return store.collection('ingredients').list({ ...query, filter: [{ field: 'id', op: 'in', value: ids }, ...query.filter] });
}
