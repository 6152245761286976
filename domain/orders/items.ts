// An order's items: what each one costs, takes and brings (price, minutes, allergens, modifiers),
// checked against its dish's modifier groups, and `dish_ids` as one view of them. The one home of
// "what an item is"; stock (stock.ts), pacing and tickets read the units it gives.
import { allergenUnion, type Allergen } from '../../models/allergens.js';
import type { DishDoc } from '../../models/dish.js';
import { MAX_MINUTES } from '../../models/limits.js';
import type { ModifierOption } from '../../models/modifiers.js';
import type { Pacing } from '../../models/order.js';
import { MAX_UNITS, type ItemEdit, type ItemWrite, type OrderItem } from '../../models/order-item.js';
import { newId } from '../../store/ids.js';
import type { StoreSession } from '../../store/types.js';
import { badRequest } from '../errors.js';
import { courseOf } from '../kitchen/pacing.js';

/** A dish as one unit of an item cooks it: its minutes, allergens and course are the item's. */
export type CookedDish = DishDoc & { course: number; item_id: string };

/** What building items reads: the dishes named, and the allergens of the ingredients their options touch. */
export interface ItemSources {
  dishes: ReadonlyMap<string, DishDoc>;
  ingredientAllergens: ReadonlyMap<string, readonly Allergen[]>;
}

const itemError = (path: string, message: string, detail: string) => badRequest(detail, { errors: [{ path, message }] });

/** The writes of a body that carries `dish_ids` or `items` (exactly one of them: 400 otherwise). */
export function itemWritesOf(body: { dish_ids?: string[] | undefined; items?: ItemWrite[] | undefined }): ItemWrite[] {
  if (body.dish_ids !== undefined && body.items !== undefined) {
    throw itemError(
      'items',
      'send dish_ids or items, not both',
      'Send either dish_ids or items, not both: they are two views of one list.',
    );
  }
  if (body.items !== undefined) return body.items;
  if (body.dish_ids !== undefined) return body.dish_ids.map((dish_id) => ({ dish_id }));
  throw itemError('items', 'required: dish_ids or items', 'An order needs dishes: send dish_ids, or items.');
}

/**
 * The dishes and ingredient allergens `writes` need, and the dishes of the order's `current` items
 * (a dish deleted since is left out); 400 naming unknown dish ids of `writes` (`path`: where they were sent).
 */
export async function itemSources(
  session: StoreSession,
  writes: readonly { dish_id: string; option_ids?: string[] | undefined }[],
  path: string,
  current: readonly OrderItem[] = [],
): Promise<ItemSources> {
  const ids = [...new Set(writes.map((write) => write.dish_id))];
  const found = await session.collection('dishes').getEach([...new Set([...ids, ...current.map((item) => item.dish_id)])]);
  const dishes = new Map(found.map((dish) => [dish.id, dish]));
  const unknown = ids.filter((id) => !dishes.has(id));
  if (unknown.length > 0) {
    throw itemError(path, `unknown dish ids: ${unknown.join(', ')}`, `Unknown dish ids: ${unknown.join(', ')}.`);
  }
  // Allergens are read only for dishes whose chosen options add or remove an ingredient.
  const touched = new Set<string>();
  for (const write of writes) {
    const dish = dishes.get(write.dish_id)!;
    // A removal can only take away allergens the dish has: without any, only an addition needs its ingredient read.
    const chosen = optionsOf(dish).filter(
      (option) =>
        write.option_ids?.includes(option.id) &&
        (option.action === 'add' || (option.action === 'remove' && (dish.allergens ?? []).length > 0)),
    );
    if (chosen.length === 0) continue;
    for (const entry of dish.ingredients) touched.add(entry.ingredient_id);
    for (const option of chosen) touched.add(option.ingredient_id!);
  }
  const ingredients = touched.size === 0 ? [] : await session.collection('ingredients').getEach([...touched]);
  return { dishes, ingredientAllergens: new Map(ingredients.map((ingredient) => [ingredient.id, ingredient.allergens ?? []])) };
}

const optionsOf = (dish: DishDoc): (ModifierOption & { group: string; groupId: string })[] =>
  (dish.modifier_groups ?? []).flatMap((group) => group.options.map((option) => ({ ...option, group: group.name, groupId: group.id })));

/** The allergens of one unit: the dish's, less those only removed ingredients bring, plus the added ones'. */
function itemAllergens(dish: DishDoc, chosen: readonly ModifierOption[], sources: ItemSources): Allergen[] {
  const adds = chosen.some((option) => option.action === 'add');
  if (!adds && (!chosen.some((option) => option.action === 'remove') || (dish.allergens ?? []).length === 0)) return dish.allergens ?? [];
  const removed = new Set(chosen.flatMap((option) => (option.action === 'remove' ? [option.ingredient_id!] : [])));
  const kept = dish.ingredients.filter((entry) => !removed.has(entry.ingredient_id)).map((entry) => entry.ingredient_id);
  const added = chosen.flatMap((option) => (option.action === 'add' ? [option.ingredient_id!] : []));
  return allergenUnion([...kept, ...added].map((id) => sources.ingredientAllergens.get(id)));
}

/**
 * One item as ordered: its options checked against the dish's groups (each group's count within
 * its min and max; an unknown option: 400), its course (only with pacing "courses"), and its
 * price, minutes (at most a day, whatever the options add), allergens and modifiers fixed now.
 * `id` is kept when the item exists already.
 */
function buildItem(write: ItemWrite & { id?: string }, at: string, sources: ItemSources, course: number, pacing: Pacing): OrderItem {
  const dish = sources.dishes.get(write.dish_id)!;
  const options = optionsOf(dish);
  const optionIds = write.option_ids ?? [];
  const chosen = optionIds.map((id) => {
    const option = options.find((each) => each.id === id);
    if (!option) throw itemError(`${at}.option_ids`, `unknown option ${id}`, `Dish "${dish.name}" (${dish.id}) has no option ${id}.`);
    return option;
  });
  for (const group of dish.modifier_groups ?? []) {
    const count = chosen.filter((option) => option.groupId === group.id).length;
    if (count < group.min || count > group.max) {
      const range = group.min === group.max ? `${group.min}` : `${group.min} to ${group.max}`;
      throw itemError(
        `${at}.option_ids`,
        `group "${group.name}" takes ${range} options, ${count} chosen`,
        `Dish "${dish.name}" (${dish.id}): choose ${range} of "${group.name}" (${count} chosen).`,
      );
    }
  }
  if (write.course !== undefined && pacing !== 'courses') {
    throw itemError(`${at}.course`, 'only with pacing "courses"', `An item's course is given only when the order is paced by courses.`);
  }
  const sum = (field: 'price_delta' | 'minutes_delta') => chosen.reduce((total, option) => total + option[field], 0);
  return {
    dish_id: dish.id,
    quantity: write.quantity ?? 1,
    seat: write.seat ?? null,
    option_ids: optionIds,
    note: write.note ?? null,
    course: write.course ?? course,
    id: write.id ?? newId(),
    name: dish.name,
    price: dish.price + sum('price_delta'),
    minutes: Math.min(MAX_MINUTES, dish.preparation_time + sum('minutes_delta')),
    allergens: itemAllergens(dish, chosen, sources),
    modifiers: chosen.map((option) => ({ id: option.id, group: option.group, name: option.name, action: option.action ?? null })),
    status: 'Active',
  };
}

/** The items with the allergens of `dishIds`' items worked out again from their dishes and ingredients as they are now. */
export async function withAllergensNow(
  session: StoreSession,
  items: readonly OrderItem[],
  dishIds: ReadonlySet<string>,
): Promise<OrderItem[]> {
  const concerned = items.filter((item) => item.status === 'Active' && dishIds.has(item.dish_id));
  if (concerned.length === 0) return [...items];
  const sources = await itemSources(session, [], 'items', concerned);
  const allergens = await itemSources(
    session,
    concerned.filter((item) => sources.dishes.has(item.dish_id)),
    'items',
  );
  return items.map((item) => {
    const dish = allergens.dishes.get(item.dish_id);
    if (!concerned.includes(item) || !dish) return item;
    const chosen = optionsOf(dish).filter((option) => item.option_ids.includes(option.id));
    return { ...item, allergens: itemAllergens(dish, chosen, allergens) };
  });
}

/** 400 when the active items come to more than 100 units. */
function assertUnits(items: readonly OrderItem[]): void {
  const units = items.reduce((total, item) => total + (item.status === 'Active' ? item.quantity : 0), 0);
  if (units > MAX_UNITS) {
    throw itemError('items', `at most ${MAX_UNITS} units`, `An order holds at most ${MAX_UNITS} units; this one would hold ${units}.`);
  }
}

/** The items of `writes` (new, or carrying an existing item's id), courses by category unless given. */
export function buildItems(
  writes: readonly (ItemWrite & { id?: string })[],
  sources: ItemSources,
  pacing: Pacing,
  path = 'items',
  others: readonly OrderItem[] = [],
): OrderItem[] {
  const allDishes = [...others.map((item) => item.dish_id), ...writes.map((write) => write.dish_id)].map((id) => sources.dishes.get(id)!);
  const course = courseOf(pacing, allDishes.filter(Boolean));
  const items = writes.map((write, index) =>
    buildItem(write, `${path}.${index}`, sources, course(sources.dishes.get(write.dish_id)!), pacing),
  );
  assertUnits([...others, ...items]);
  return items;
}

/** `dish_ids` as a view of the items: each active item's dish id, repeated by its quantity, in item order. */
export function dishIdsOf(items: readonly OrderItem[]): string[] {
  const ids: string[] = [];
  for (const item of items) if (item.status === 'Active') for (let unit = 0; unit < item.quantity; unit += 1) ids.push(item.dish_id);
  return ids;
}

/** The order's total: price × quantity over its active items, to the cent. */
export function totalOf(items: readonly OrderItem[]): number {
  const cents = items.reduce((sum, item) => sum + (item.status === 'Active' ? Math.round(item.price * 100) * item.quantity : 0), 0);
  return cents / 100;
}

/** The stored fields that follow the items: written together, always. */
export const itemFields = (items: OrderItem[]) => ({ items, dish_ids: dishIdsOf(items), total: totalOf(items) });

/**
 * A new `dish_ids` applied to the items: for each dish, its earliest items are kept (options,
 * seats and notes with them) up to the new count, units come off the latest items first, and new
 * units are new items of quantity 1. Kept items follow the order of the list sent, so a list of
 * single units reads back as it was sent.
 */
export function itemsForDishIds(
  current: readonly OrderItem[],
  dishIds: readonly string[],
  sources: ItemSources,
  pacing: Pacing,
): OrderItem[] {
  const wanted = new Map<string, number>();
  for (const id of dishIds) wanted.set(id, (wanted.get(id) ?? 0) + 1);
  // Units each active item keeps: the earliest items of a dish first.
  const keeps = new Map<OrderItem, number>();
  for (const item of current) {
    if (item.status !== 'Active') continue;
    const left = wanted.get(item.dish_id) ?? 0;
    const kept = Math.min(left, item.quantity);
    wanted.set(item.dish_id, left - kept);
    if (kept > 0) keeps.set(item, kept);
  }
  const fresh = buildItems(
    [...wanted].flatMap(([dish_id, count]) => Array.from({ length: count }, () => ({ dish_id }))),
    sources,
    pacing,
    'dish_ids',
  );
  // In the order sent: each entry takes the next unit of a kept item of that dish, or a new item.
  const emitted: OrderItem[] = [];
  const used = new Map<OrderItem, number>();
  const pending = [...keeps.keys()];
  for (const id of dishIds) {
    const open = pending.find((item) => item.dish_id === id && (used.get(item) ?? 0) < keeps.get(item)!);
    if (open) {
      if (!used.has(open)) emitted.push({ ...open, quantity: keeps.get(open)! });
      used.set(open, (used.get(open) ?? 0) + 1);
      continue;
    }
    const next = fresh.findIndex((item) => item.dish_id === id);
    emitted.push(fresh.splice(next, 1)[0]!);
  }
  // Voided items stay where they are, after the live ones.
  return [...emitted, ...current.filter((item) => item.status === 'Voided')];
}

/**
 * A PUT/PATCH `items` list: an entry with an existing item's id updates that item, one without is
 * new, an item not listed is removed (voided items stay, as the kitchen saw them). 400 for an id
 * the order does not have.
 */
export function itemsForEdit(current: readonly OrderItem[], edits: readonly ItemEdit[], sources: ItemSources, pacing: Pacing): OrderItem[] {
  const known = new Set(current.map((item) => item.id));
  edits.forEach((edit, index) => {
    if (edit.id !== undefined && !known.has(edit.id)) {
      throw itemError(`items.${index}.id`, `unknown item ${edit.id}`, `The order has no item ${edit.id}; omit id for a new item.`);
    }
  });
  const written = buildItems(
    edits.map(({ id, ...write }) => (id === undefined ? write : { ...write, id })),
    sources,
    pacing,
  );
  return [...written, ...current.filter((item) => item.status === 'Voided' && !edits.some((edit) => edit.id === item.id))];
}

/** The items with their courses for a new pacing: by category when paced by courses, else 1. */
export function withCourses(items: readonly OrderItem[], pacing: Pacing, dishes: ReadonlyMap<string, DishDoc>): OrderItem[] {
  const known = items.flatMap((item) => dishes.get(item.dish_id) ?? []);
  const course = courseOf(pacing, known);
  return items.map((item) => {
    const dish = dishes.get(item.dish_id);
    return { ...item, course: dish ? course(dish) : 1 };
  });
}

/** The dishes of the order's items, as its units cook them (a dish deleted since is left out). */
export async function orderCookedDishes(session: StoreSession, items: readonly OrderItem[]): Promise<CookedDish[]> {
  const found = await session.collection('dishes').getEach([...new Set(items.map((item) => item.dish_id))]);
  return cookedDishes(items, new Map(found.map((dish) => [dish.id, dish])));
}

/** Each active unit as the kitchen cooks it, in item order: what pacing, quotes and tickets read. */
export function cookedDishes(items: readonly OrderItem[], dishes: ReadonlyMap<string, DishDoc>): CookedDish[] {
  const units: CookedDish[] = [];
  for (const item of items) {
    const dish = dishes.get(item.dish_id);
    if (item.status !== 'Active' || !dish) continue;
    const cooked = { ...dish, preparation_time: item.minutes, allergens: item.allergens, course: item.course, item_id: item.id };
    for (let unit = 0; unit < item.quantity; unit += 1) units.push(cooked);
  }
  return units;
}
