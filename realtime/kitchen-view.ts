// The kitchen as of one committed batch: dishes and stock read as they are now from the server's
// live menu (which follows the same changes in order, so it holds every change the feed has
// received), then rewound past changes that committed after the batch but still wait in the feed.
// Payloads and availability flips are thus computed for the moment of the change, not for whatever
// the store holds by then.
import type { LiveMenu } from '../domain/menu/menu.js';
import type { DishDoc } from '../models/dish.js';
import type { BaseDoc, ChangeEvent, CollectionName } from '../store/types.js';

export interface KitchenView {
  /** Stock by ingredient id; an ingredient that did not exist then is absent. */
  stock(ingredientIds: Iterable<string>): Map<string, number>;
  /** Dishes by id, as they were then. */
  dishes(ids: Iterable<string>): Map<string, DishDoc>;
  /** Dishes listing any of the ingredients (essential or not). */
  dishesUsing(ingredientIds: Iterable<string>): DishDoc[];
}

type Stocked = { in_stock_qty: number } & BaseDoc;

/** The documents of `ids` in the menu now; an ingredient is only its stock (nothing else is read of it here). */
function nowIn({ dishes, stock }: LiveMenu['current'], name: 'dishes' | 'ingredients', ids: Iterable<string>): BaseDoc[] {
  const found: BaseDoc[] = [];
  for (const id of ids) {
    if (name === 'dishes') {
      const dish = dishes.get(id);
      if (dish) found.push(dish);
    } else {
      const qty = stock.get(id);
      if (qty !== undefined) found.push({ id, created_at: '', updated_at: '', in_stock_qty: qty } as Stocked);
    }
  }
  return found;
}

/** `later` lists the changes committed after the batch, oldest first; it is read after each lookup. */
export function kitchenViewAt(menu: LiveMenu, later: () => readonly ChangeEvent[]): KitchenView {
  const byIds = <D extends BaseDoc>(name: 'dishes' | 'ingredients', ids: Iterable<string>) => {
    const wanted = new Set(ids);
    if (wanted.size === 0) return new Map<string, D>();
    const found = nowIn(menu.current, name, wanted);
    return rewind(new Map(found.map((doc) => [doc.id, doc as D])), name, later(), wanted);
  };
  return {
    stock(ingredientIds) {
      const ingredients = byIds<Stocked>('ingredients', ingredientIds);
      return new Map([...ingredients].map(([id, ingredient]) => [id, ingredient.in_stock_qty]));
    },
    dishes: (ids) => byIds<DishDoc>('dishes', ids),
    dishesUsing(ingredientIds) {
      const wanted = new Set(ingredientIds);
      if (wanted.size === 0) return [];
      const found = [...menu.current.dishes.values()].filter((dish) => dish.ingredients.some((entry) => wanted.has(entry.ingredient_id)));
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
