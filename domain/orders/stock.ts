// Stock follows orders: each item takes its quantity times the recipe's units of every ingredient
// of its dish (less removed ones, plus added ones), consumed atomically with the order and recorded
// on it. Essential ingredients (and added ones) never go below zero; others may, down to the
// stock's floor of -MAX_STOCK, where they stay (a give-back likewise stops at +MAX_STOCK).
import type { DishDoc } from '../../models/dish.js';
import type { ModifierOption } from '../../models/modifiers.js';
import type { OrderItem } from '../../models/order-item.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import type { EachWrite, StoreSession } from '../../store/types.js';
import { MAX_STOCK } from '../../models/limits.js';
import { conflict } from '../errors.js';

/** Who needs an essential ingredient: a dish, or one of its "add" options (named in a refusal). */
interface Essential {
  dish: DishDoc;
  option?: ModifierOption;
}

interface Need {
  units: number;
  /** The first dish (or option) for which the ingredient is essential, if any. */
  essentialFor: Essential | undefined;
}

/** What an order's units need, per ingredient. */
export type StockNeeds = Map<string, Need>;

function need(needs: StockNeeds, ingredientId: string, units: number, essential: Essential | undefined): void {
  const entry = needs.get(ingredientId) ?? { units: 0, essentialFor: undefined };
  entry.units += units;
  entry.essentialFor ??= essential;
  needs.set(ingredientId, entry);
}

/**
 * What `items` take: per item, quantity × the recipe's units of every ingredient of its dish not
 * removed by an option, plus quantity units of each added ingredient (essential: the guest asked
 * for it). Voided items take nothing.
 */
export function stockNeeds(items: readonly OrderItem[], dishes: ReadonlyMap<string, DishDoc>, needs: StockNeeds = new Map()): StockNeeds {
  for (const item of items) {
    const dish = dishes.get(item.dish_id);
    if (item.status !== 'Active' || !dish) continue;
    const chosen = (dish.modifier_groups ?? []).flatMap((group) => group.options).filter((option) => item.option_ids.includes(option.id));
    const removed = new Set(chosen.flatMap((option) => (option.action === 'remove' ? [option.ingredient_id] : [])));
    for (const entry of dish.ingredients) {
      if (!removed.has(entry.ingredient_id)) {
        need(needs, entry.ingredient_id, item.quantity * (entry.quantity ?? 1), entry.is_essential ? { dish } : undefined);
      }
    }
    for (const option of chosen) if (option.action === 'add') need(needs, option.ingredient_id!, item.quantity, { dish, option });
  }
  return needs;
}

/** What the order holds (`taken`) plus what `more` needs: the target when items join an order (or are cooked again). */
export function neededBeside(taken: StockTaken, more: StockNeeds): StockNeeds {
  const needs: StockNeeds = new Map(taken.map((entry) => [entry.ingredient_id, { units: entry.units, essentialFor: undefined }]));
  for (const [id, { units, essentialFor }] of more) need(needs, id, units, essentialFor);
  return needs;
}

/** The 409 for an essential ingredient that could not give `units`, naming its dish (or option) and its stock now. */
async function refusal(session: StoreSession, ingredientId: string, units: number, { dish, option }: Essential): Promise<Error> {
  const ingredient = await session.collection('ingredients').get(ingredientId);
  const left = ingredient ? `has ${ingredient.in_stock_qty} in stock and the order needs ${units}` : 'no longer exists';
  const what = option ? ` with "${option.name}" (${option.id}): its added ingredient` : ': its essential ingredient';
  return conflict(
    `Dish "${dish.name}" (${dish.id}) cannot be made${what} "${ingredient?.name ?? ingredientId}" (${ingredientId}) ${left}.`,
  );
}

/** The units an order took, per ingredient: what it gives back, whatever recipes change later. */
export type StockTaken = { ingredient_id: string; units: number }[];

/**
 * Makes an order hold what `needs` says: takes what it needs beyond `taken` and gives back the
 * rest, returning what it now holds. Run inside a transaction: a refusal (409) undoes every unit.
 */
export async function adjustStock(session: StoreSession, taken: StockTaken, needs: StockNeeds): Promise<StockTaken> {
  const had = new Map(taken.map((entry) => [entry.ingredient_id, entry.units]));
  const ids = [...new Set([...had.keys(), ...needs.keys()])].sort();
  // Every ingredient's change in one call: takes are guarded where the ingredient is essential
  // (never below zero), other takes and give-backs only by the stock's bounds; an ingredient gone
  // since is skipped.
  const writes: (EachWrite<IngredientDoc> & { units: number; essentialFor: Essential | undefined })[] = [];
  for (const id of ids) {
    const delta = (needs.get(id)?.units ?? 0) - (had.get(id) ?? 0);
    const essentialFor = delta > 0 ? needs.get(id)?.essentialFor : undefined;
    if (delta !== 0)
      writes.push({ id, update: { inc: { in_stock_qty: -delta } }, if: [withinBounds(delta, essentialFor)], units: delta, essentialFor });
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
    // A take or give-back that would cross the stock's bounds leaves the ingredient at the bound.
    const atBounds = writes.filter((write, index) => !made[index] && write.units !== 0);
    if (atBounds.length > 0) await session.collection('ingredients').updateEach(atBounds.map(toBound));
  }
  return [...needs].map(([ingredient_id, need]) => ({ ingredient_id, units: need.units }));
}

/** The condition a take or give-back of `units` is written under. */
function withinBounds(units: number, essentialFor: Essential | undefined) {
  if (essentialFor) return { field: 'in_stock_qty', op: 'gte' as const, value: units };
  return units > 0
    ? { field: 'in_stock_qty', op: 'gte' as const, value: -MAX_STOCK + units }
    : { field: 'in_stock_qty', op: 'lte' as const, value: MAX_STOCK + units };
}

/** The write that leaves an ingredient at the bound its take (or give-back) of `units` would cross. */
function toBound(write: { id: string; units: number }): EachWrite<IngredientDoc> {
  const bound = write.units > 0 ? -MAX_STOCK : MAX_STOCK;
  const beyond =
    write.units > 0 ? { op: 'lt' as const, value: -MAX_STOCK + write.units } : { op: 'gt' as const, value: MAX_STOCK + write.units };
  return { id: write.id, update: { set: { in_stock_qty: bound } }, if: [{ field: 'in_stock_qty', ...beyond }] };
}

/** What the order holds once `units` leave it (given back to the shelf, or wasted: then they leave without going back). */
export function heldWithout(taken: StockTaken, units: StockNeeds): StockTaken {
  return taken.map((entry) => ({ ingredient_id: entry.ingredient_id, units: entry.units - (units.get(entry.ingredient_id)?.units ?? 0) }));
}

/** Gives back everything the order took. */
export const returnStock = (session: StoreSession, taken: StockTaken) => adjustStock(session, taken, new Map());
