// Ingredients and their stock: set or adjusted atomically, and never deleted while a dish uses them.
import type { IngredientCreate, IngredientDoc, IngredientPatch } from '../models/ingredient.js';
import type { ListQuery, ListResult } from '../query/types.js';
import type { Update } from '../store/types.js';
import { dishesUsing } from './availability.js';
import type { Deps } from './deps.js';
import { badRequest, conflict, notFound } from './errors.js';

export const listIngredients = ({ store }: Deps, query: ListQuery): Promise<ListResult<IngredientDoc>> =>
  store.collection('ingredients').list(query);

export async function getIngredient({ store }: Deps, id: string): Promise<IngredientDoc> {
  const ingredient = await store.collection('ingredients').get(id);
  if (!ingredient) throw notFound(`No ingredient with id ${id}.`);
  return ingredient;
}

export const createIngredient = ({ store }: Deps, body: IngredientCreate): Promise<IngredientDoc> =>
  store.collection('ingredients').insert(body);

export async function replaceIngredient({ store }: Deps, id: string, body: IngredientCreate): Promise<IngredientDoc> {
  const replaced = await store.collection('ingredients').replace(id, body);
  if (!replaced) throw notFound(`No ingredient with id ${id}.`);
  return replaced;
}

/** `in_stock_qty` sets the stock; `in_stock_delta` adds to it atomically (never both). */
export async function patchIngredient({ store }: Deps, id: string, patch: IngredientPatch): Promise<IngredientDoc> {
  const { in_stock_delta: delta, ...set } = patch;
  if (delta !== undefined && set.in_stock_qty !== undefined) {
    throw badRequest('Send either in_stock_qty (to set the stock) or in_stock_delta (to adjust it), not both.', {
      errors: [{ path: 'in_stock_delta', message: 'cannot be combined with in_stock_qty' }],
    });
  }
  const update: Update<IngredientDoc> = { set, ...(delta !== undefined && { inc: { in_stock_qty: delta } }) };
  const patched = await store.transaction(async (tx) => {
    const updated = await tx.collection('ingredients').update(id, update);
    // A large delta can overflow the stock to Infinity, which JSON cannot carry: refuse, rolled back.
    if (updated && !Number.isFinite(updated.in_stock_qty)) {
      throw badRequest('in_stock_delta would take the stock beyond the largest number that can be stored.', {
        errors: [{ path: 'in_stock_delta', message: 'would make in_stock_qty non-finite' }],
      });
    }
    return updated;
  });
  if (!patched) throw notFound(`No ingredient with id ${id}.`);
  return patched;
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
