// The menu read from the store on every call (dishes, then the stock of their essential
// ingredients): the answer the server's live menu (domain/menu/menu.ts) must give, which the tests
// compare it with. Not served.
import type { Dish, DishDoc } from '../../models/dish.js';
import type { Condition, ListQuery, ListResult } from '../../query/types.js';
import type { MenuReader } from '../../domain/menu/menu.js';
import { essentialIds, isAvailable, stockOf, withAvailability } from '../../domain/menu/availability.js';
import type { Store, StoreSession } from '../../store/types.js';

export class StoreMenu implements MenuReader {
  constructor(private readonly store: Store) {}

  async list(query: ListQuery): Promise<ListResult<Dish>> {
    const filter = await resolveAvailabilityConditions(this.store, query.filter);
    const page = await this.store.collection('dishes').list({ ...query, filter });
    return { results: await withAvailability(this.store, page.results), total_results: page.total_results };
  }

  async get(id: string): Promise<Dish | null> {
    const dish = await this.store.collection('dishes').get(id);
    return dish ? ((await withAvailability(this.store, [dish]))[0] ?? null) : null;
  }

  async getEach(ids: readonly string[]): Promise<Dish[]> {
    return withAvailability(this.store, await this.store.collection('dishes').getEach([...new Set(ids)]));
  }

  async dishes(): Promise<ReadonlyMap<string, DishDoc>> {
    return new Map((await this.store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
  }

  close(): void {}
}

/**
 * Ids of the dishes that cannot be sold now: an essential ingredient out of stock, or gone (a
 * dish can name a deleted ingredient only through a write made around the API, but then it is
 * still not for sale).
 */
async function unavailableDishIds(session: StoreSession): Promise<string[]> {
  const dishes = await session.collection('dishes').find([]);
  const stock = await stockOf(session, dishes.flatMap(essentialIds));
  return dishes.filter((dish) => !isAvailable(dish, stock)).map((dish) => dish.id);
}

/**
 * Rewrites conditions on the computed `is_available` into conditions on `id` that any store can run.
 * `is_available.eq~true` becomes "id not among the unavailable dishes", and so on.
 */
async function resolveAvailabilityConditions(session: StoreSession, filter: Condition[]): Promise<Condition[]> {
  if (!filter.some((condition) => condition.field === 'is_available')) return filter;
  const unavailable = await unavailableDishIds(session);
  return filter.map((condition) => {
    if (condition.field !== 'is_available') return condition;
    const wanted = new Set(Array.isArray(condition.value) ? condition.value : [condition.value]);
    const positive = condition.op === 'eq' || condition.op === 'in';
    // Which availability values the condition accepts.
    const acceptsTrue = positive ? wanted.has(true) : !wanted.has(true);
    const acceptsFalse = positive ? wanted.has(false) : !wanted.has(false);
    if (acceptsTrue && acceptsFalse) return { field: 'id', op: 'nin', value: [] };
    if (acceptsTrue) return { field: 'id', op: 'nin', value: unavailable };
    if (acceptsFalse) return { field: 'id', op: 'in', value: unavailable };
    return { field: 'id', op: 'in', value: [] };
  });
}
