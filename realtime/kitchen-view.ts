// The kitchen as of one committed batch: dishes and stock read as they are now (from the server's
// live menu, which follows the same changes in order; a feed started without one reads the store), then rewound past changes that
// committed after the batch but still wait in the feed. Payloads and availability flips are thus
// computed for the moment of the change, not for whatever the store holds by then.
import type { LiveMenu } from '../domain/menu/menu.js';
import type { DishDoc } from '../models/dish.js';
import type { BaseDoc, ChangeEvent, CollectionName, StoreSession } from '../store/types.js';

export interface KitchenView {
  /** Stock by ingredient id; an ingredient that did not exist then is absent. */
  stock(ingredientIds: Iterable<string>): Promise<Map<string, number>>;
  /** Dishes by id, as they were then. */
  dishes(ids: Iterable<string>): Promise<Map<string, DishDoc>>;
  /** Dishes listing any of the ingredients (essential or not). */
  dishesUsing(ingredientIds: Iterable<string>): Promise<DishDoc[]>;
}

type Stocked = { in_stock_qty: number } & BaseDoc;

/** The kitchen as it is now: what the view rewinds from. */
interface KitchenNow {
  byIds(name: 'dishes' | 'ingredients', ids: string[]): Promise<BaseDoc[]>;
  using(ingredientIds: string[]): Promise<DishDoc[]>;
}

function fromStore(session: StoreSession): KitchenNow {
  return {
    byIds: (name, ids) => session.collection(name).find([{ field: 'id', op: 'in', value: ids }]),
    using: (ids) => session.collection('dishes').find([{ field: 'ingredients.ingredient_id', op: 'in', value: ids }]),
  };
}

function fromMemory({ dishes, stock }: LiveMenu['current']): KitchenNow {
  const stocked = (id: string): Stocked[] => {
    const qty = stock.get(id);
    // Only the stock is read from an ingredient; the rest of its document is never needed here.
    return qty === undefined ? [] : [{ id, created_at: '', updated_at: '', in_stock_qty: qty }];
  };
  return {
    byIds: async (name, ids) => (name === 'dishes' ? ids.flatMap((id) => dishes.get(id) ?? []) : ids.flatMap(stocked)),
    using: async (ids) => {
      const wanted = new Set(ids);
      return [...dishes.values()].filter((dish) => dish.ingredients.some((entry) => wanted.has(entry.ingredient_id)));
    },
  };
}

/**
 * `later` lists the changes committed after the batch, oldest first; it is read after each lookup.
 * `menu`: the server's live menu, which has applied every change the feed has received (`current`: no wait).
 */
export function kitchenViewAt(session: StoreSession, later: () => readonly ChangeEvent[], menu?: LiveMenu): KitchenView {
  const now = menu?.current ? fromMemory(menu.current) : fromStore(session);
  const byIds = async <D extends BaseDoc>(name: 'dishes' | 'ingredients', ids: Iterable<string>) => {
    const wanted = new Set(ids);
    if (wanted.size === 0) return new Map<string, D>();
    const found = await now.byIds(name, [...wanted]);
    return rewind(new Map(found.map((doc) => [doc.id, doc as D])), name, later(), wanted);
  };
  return {
    async stock(ingredientIds) {
      const ingredients = await byIds<Stocked>('ingredients', ingredientIds);
      return new Map([...ingredients].map(([id, ingredient]) => [id, ingredient.in_stock_qty]));
    },
    dishes: (ids) => byIds<DishDoc>('dishes', ids),
    async dishesUsing(ingredientIds) {
      const wanted = new Set(ingredientIds);
      if (wanted.size === 0) return [];
      const found = await now.using([...wanted]);
      const changes = later();
      // Dishes changed later may have used the ingredients then, even if they do not now.
      const ids = new Set([...found.map((dish) => dish.id), ...changes.filter((e) => e.collection === 'dishes').map((e) => e.id)]);
      const asOfThen = rewind(new Map(found.map((dish) => [dish.id, dish])), 'dishes', changes, ids);
      return [...asOfThen.values()].filter((dish) => dish.ingredients.some((entry) => wanted.has(entry.ingredient_id)));
    },
  };
}

/** Puts back each document's state from before the earliest later change to it. */
function rewind<D extends BaseDoc>(
  found: Map<string, D>,
  collection: CollectionName,
  later: readonly ChangeEvent[],
  ids: Set<string>,
): Map<string, D> {
  const rewound = new Set<string>();
  for (const event of later) {
    if (event.collection !== collection || !ids.has(event.id) || rewound.has(event.id)) continue;
    rewound.add(event.id);
    if (event.before) found.set(event.id, event.before as BaseDoc as D);
    else found.delete(event.id);
  }
  return found;
}
