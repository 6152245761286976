// Ingredients and their stock: set or adjusted atomically, and never deleted while a dish uses them.
import type { Ingredient, IngredientCreate, IngredientDoc, IngredientPatch } from '../../models/ingredient.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import { MAX_STOCK } from '../../models/limits.js';
import type { StoreSession, Update } from '../../store/types.js';
import { deriveDishAllergens } from './allergens.js';
import { dishesUsing } from './availability.js';
import type { Deps } from '../deps.js';
import type { MenuDeps, OpenOrders } from './open-orders.js';
import { badRequest, conflict, notFound } from '../errors.js';

/** As clients see it: an ingredient stored before allergens or units existed has none. */
export const publicIngredient = (doc: IngredientDoc): Ingredient =>
  doc.allergens && doc.unit !== undefined ? (doc as Ingredient) : { ...doc, unit: doc.unit ?? null, allergens: doc.allergens ?? [] };

export async function listIngredients({ store }: Deps, query: ListQuery): Promise<ListResult<Ingredient>> {
  const page = await store.collection('ingredients').list(query);
  return { results: page.results.map(publicIngredient), total_results: page.total_results };
}

export async function getIngredient({ store }: Deps, id: string): Promise<Ingredient> {
  const ingredient = await store.collection('ingredients').get(id);
  if (!ingredient) throw notFound(`No ingredient with id ${id}.`);
  return publicIngredient(ingredient);
}

export const createIngredient = async ({ store }: Deps, body: IngredientCreate): Promise<Ingredient> =>
  publicIngredient(await store.collection('ingredients').insert({ ...body, unit: body.unit ?? null, allergens: body.allergens ?? [] }));

/**
 * PUT replaces name, in_stock_qty and price; `unit` and `allergens` only when the body carries them
 * (clients generated from the original OpenAPI do not know them and must not erase them).
 */
export async function replaceIngredient({ store, openOrders }: MenuDeps, id: string, body: IngredientCreate): Promise<Ingredient> {
  const replaced = await store.transaction(async (tx) => {
    const current = await tx.collection('ingredients').get(id);
    if (!current) return null;
    const replaced = await tx.collection('ingredients').replace(id, {
      ...body,
      unit: body.unit === undefined ? (current.unit ?? null) : body.unit,
      allergens: body.allergens ?? current.allergens ?? [],
    });
    if (replaced) await afterIngredientWrite(openOrders, tx, current, replaced);
    return replaced;
  });
  if (!replaced) throw notFound(`No ingredient with id ${id}.`);
  return publicIngredient(replaced);
}

/** What follows from an ingredient's write: its dishes' allergens (and open orders' alerts), and the orders a shortage marks. */
async function afterIngredientWrite(openOrders: OpenOrders, tx: StoreSession, before: IngredientDoc, after: IngredientDoc): Promise<void> {
  if ((before.allergens ?? []).join() !== (after.allergens ?? []).join())
    await openOrders.realert(tx, await deriveDishAllergens(tx, [after.id]));
  await openOrders.markShortages(tx, [{ ingredient: after, before: before.in_stock_qty }]);
}

/** `in_stock_qty` sets the stock; `in_stock_delta` adds to it atomically (never both). */
export async function patchIngredient({ store, openOrders }: MenuDeps, id: string, patch: IngredientPatch): Promise<Ingredient> {
  const { in_stock_delta: delta, ...set } = patch;
  if (delta !== undefined && set.in_stock_qty !== undefined) {
    throw badRequest('Send either in_stock_qty (to set the stock) or in_stock_delta (to adjust it), not both.', {
      errors: [{ path: 'in_stock_delta', message: 'cannot be combined with in_stock_qty' }],
    });
  }
  const update: Update<IngredientDoc> = { set, ...(delta !== undefined && { inc: { in_stock_qty: delta } }) };
  const patched = await store.transaction(async (tx) => {
    const current = await tx.collection('ingredients').get(id);
    if (!current) return null;
    const updated = await tx.collection('ingredients').update(id, update);
    // A delta may not take the stock past what a kitchen can hold (models/limits.ts): refused, rolled back.
    if (updated && !(Math.abs(updated.in_stock_qty) <= MAX_STOCK)) {
      throw badRequest(`in_stock_delta would take the stock to ${updated.in_stock_qty}, beyond ±${MAX_STOCK}: nothing was changed.`, {
        errors: [{ path: 'in_stock_delta', message: `would take in_stock_qty beyond ±${MAX_STOCK}` }],
      });
    }
    if (updated) await afterIngredientWrite(openOrders, tx, current, updated);
    return updated;
  });
  if (!patched) throw notFound(`No ingredient with id ${id}.`);
  return publicIngredient(patched);
}

export async function deleteIngredient({ store }: Deps, id: string): Promise<void> {
  await store.transaction(async (tx) => {
    if (!(await tx.collection('ingredients').get(id))) throw notFound(`No ingredient with id ${id}.`);
    const users = await dishesUsing(tx, [id]);
    if (users.length > 0) {
      const names = users.map((dish) => `"${dish.name}" (${dish.id})`).join(', ');
      throw conflict(`The ingredient is used by ${users.length === 1 ? 'the dish' : 'the dishes'} ${names}; remove it from them first.`);
    }
    await tx.collection('ingredients').delete(id);
  });
}
