// Orders made of items against plain dish_ids orders of the same size, placed through the domain
// and the embedded store in one process, in alternating windows: 4 items with 2 options each
// against 4 dish ids, and 10 items with 2 options each against 10 dish ids. The items side does
// more (the options' groups checked, price, minutes and allergens worked out, the removed and added
// ingredients' allergens read); what the pairing shows is how much more CPU per order that costs.
import { changeDish } from '../../domain/menu/dishes.js';
import { OPEN_ORDERS } from '../../domain/orders/menu-changes.js';
import { createOrder } from '../../domain/orders/orders.js';
import type { DishDoc } from '../../models/dish.js';
import type { OrderCreate } from '../../models/order.js';
import { openSqliteStore } from '../../store/sqlite/index.js';
import { Dataset } from './dataset.js';
import { median } from './stats.js';
import { CONCURRENT, PATRON, cpuUsPerOrder } from './order-path.js';

export interface ItemsPathOptions {
  stored: number;
  warmup: number;
  windows: number;
  perWindow: number;
}

export interface ItemsPair {
  size: number;
  items: number[];
  plain: number[];
  itemsUs: number;
  plainUs: number;
  /** Items over plain: 1.15 is 15% more CPU per order. */
  ratio: number;
}

/**
 * Each dish gets a doneness (no ingredient; not required, so the plain side may order it) and a
 * "no …" removal of its last ingredient; returns the two option ids an item picks.
 */
async function addModifiers(deps: Parameters<typeof changeDish>[0], dishes: readonly DishDoc[]): Promise<Map<string, string[]>> {
  const picks = new Map<string, string[]>();
  for (const dish of dishes) {
    const last = dish.ingredients.at(-1)!;
    const changed = await changeDish(
      deps,
      dish.id,
      {
        modifier_groups: [
          { name: 'Doneness', options: [{ name: 'Medium' }, { name: 'Well done', minutes_delta: 3 }] },
          {
            name: 'Changes',
            max: 2,
            options: [
              { name: 'Without it', ingredient_id: last.ingredient_id, action: 'remove' },
              { name: 'Extra sauce', price_delta: 1 },
            ],
          },
        ],
      },
      false,
    );
    picks.set(dish.id, [changed.modifier_groups[0]!.options[1]!.id, changed.modifier_groups[1]!.options[0]!.id]);
  }
  return picks;
}

export async function measureItemsPath(options: ItemsPathOptions): Promise<ItemsPair[]> {
  const data = await Dataset.create('items-path');
  await data.growTo(options.stored);
  const store = openSqliteStore({ dataDir: data.dir });
  try {
    const deps = { store, now: () => new Date(), openOrders: OPEN_ORDERS };
    const principal = PATRON(data.kitchen.patronId);
    const dishes = data.kitchen.dishes;
    const picks = await addModifiers(deps, dishes);
    const bodies = (size: number, withItems: boolean): OrderCreate[] =>
      Array.from({ length: 40 }, (_, i) => {
        const chosen = Array.from({ length: size }, (_, k) => dishes[(i * 7 + k * 13) % dishes.length]!);
        return withItems
          ? { name: `Table${i}`, table_number: 1 + i, items: chosen.map((dish) => ({ dish_id: dish.id, option_ids: picks.get(dish.id)! })) }
          : { name: `Table${i}`, table_number: 1 + i, dish_ids: chosen.map((dish) => dish.id) };
      });
    const place = async (list: readonly OrderCreate[], orders: number) => {
      let next = 0;
      for (let done = 0; done < orders; done += CONCURRENT) {
        await Promise.all(
          Array.from({ length: Math.min(CONCURRENT, orders - done) }, () => createOrder(deps, principal, list[next++ % list.length]!)),
        );
      }
    };
    const pairs: ItemsPair[] = [];
    for (const size of [4, 10]) {
      const items = bodies(size, true);
      const plain = bodies(size, false);
      await place(items, options.warmup);
      await place(plain, options.warmup);
      const result = { items: [] as number[], plain: [] as number[] };
      for (let window = 0; window < options.windows; window++) {
        const sides = [
          () => cpuUsPerOrder(options.perWindow, () => place(items, options.perWindow)).then((us) => result.items.push(us)),
          () => cpuUsPerOrder(options.perWindow, () => place(plain, options.perWindow)).then((us) => result.plain.push(us)),
        ];
        for (const side of window % 2 === 0 ? sides : sides.reverse()) await side();
      }
      const itemsUs = median(result.items);
      const plainUs = median(result.plain);
      pairs.push({ size, ...result, itemsUs, plainUs, ratio: itemsUs / plainUs });
    }
    return pairs;
  } finally {
    await store.close();
    data.remove();
  }
}
