// Reading the menu: dishes as clients see them, with `is_available` from current stock. Two ways to
// answer, one behaviour: from the store on every read, or from a view in memory that the store's
// change events keep current (only where those events arrive before the write answers, so the view
// is never behind a read: the embedded store).
import { dishCatalogue, type Dish, type DishDoc } from '../../models/dish.js';
import { evaluateListQuery, ordering } from '../../query/evaluate.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { ChangeEvent, Store } from '../../store/types.js';
import { dishAnswer, essentialIds, resolveAvailabilityConditions, withAvailability } from './availability.js';

export interface MenuReader {
  list(query: ListQuery): Promise<ListResult<Dish>>;
  /** The dish, or null when there is none. */
  get(id: string): Promise<Dish | null>;
  /** Stops following the store (a no-op for readers that keep nothing). */
  close(): void;
  /**
   * Every dish and every ingredient's stock as of the last committed write, where the reader keeps
   * them in memory (read-only: the realtime layer reads them instead of querying the store).
   */
  readonly current?: { dishes: ReadonlyMap<string, DishDoc>; stock: ReadonlyMap<string, number> };
}

/** Reads the store every time: dishes, then the stock of their essential ingredients. */
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

  close(): void {}
}

/** The store's default order: oldest first, ties by id. */
const byCreation = ordering({ field: 'created_at', direction: 'asc' });

function freeze(dish: Dish): Dish {
  for (const entry of dish.ingredients) Object.freeze(entry);
  Object.freeze(dish.ingredients);
  return Object.freeze(dish);
}

/**
 * The menu in memory: every dish and the stock of every ingredient, changed by the store's change
 * events as each write commits. A read is a filter and sort over a few dozen objects, with no
 * query and no JSON to parse. Answers are frozen and shared between requests until a dish changes
 * or the stock of one of its essential ingredients does (its portions left).
 */
export class LiveMenu implements MenuReader {
  private readonly dishes = new Map<string, DishDoc>();
  private readonly stock = new Map<string, number>();
  /** Ingredient id → ids of the dishes for which it is essential. */
  private readonly essentialTo = new Map<string, Set<string>>();
  /** Answers with availability, per dish, dropped when the dish or its availability changes. */
  private readonly answers = new Map<string, Dish>();
  /** Every answer in the default order; null until the next list after a change. */
  private ordered: readonly Dish[] | null = null;
  /** Changes that committed while the menu was loading; null once loaded. */
  private pending: ChangeEvent[] | null = null;
  /** Counts loads: a load superseded by a later one leaves the menu alone. */
  private loads = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;

  private constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => (this.pending ? this.pending.push(event) : this.apply(event)));
    // Another program changed the data (no event says what): the menu is read again.
    this.unsubscribeResync = store.onResync(() => void this.load().catch(() => {}));
  }

  /** Follows the store from now on, then loads what it holds. */
  static async open(store: Store): Promise<LiveMenu> {
    if (!store.synchronousChanges) throw new Error('a live menu needs a store whose change events arrive before its writes answer');
    const menu = new LiveMenu(store);
    try {
      await menu.load();
      return menu;
    } catch (error) {
      menu.close();
      throw error;
    }
  }

  /**
   * Reads every dish and ingredient and makes them the menu. Changes that commit while the load
   * runs are applied after it, in order: each carries the whole document, so applying one the load
   * already saw changes nothing. Until it is done, reads answer from the menu as it was.
   */
  private async load(): Promise<void> {
    const load = ++this.loads;
    this.pending ??= [];
    const [dishes, ingredients] = await Promise.all([this.store.collection('dishes').find([]), this.store.collection('ingredients').find([])]).catch((error: unknown) => {
      if (load === this.loads) this.catchUp();
      throw error;
    });
    if (load !== this.loads) return;
    for (const kept of [this.dishes, this.stock, this.essentialTo, this.answers]) kept.clear();
    this.ordered = null;
    for (const ingredient of ingredients) this.stock.set(ingredient.id, ingredient.in_stock_qty);
    for (const dish of dishes) this.putDish(dish);
    this.catchUp();
  }

  /** Applies what committed during a load, and follows the events again. */
  private catchUp(): void {
    const pending = this.pending ?? [];
    this.pending = null;
    for (const event of pending) this.apply(event);
  }

  get current() {
    return { dishes: this.dishes as ReadonlyMap<string, DishDoc>, stock: this.stock as ReadonlyMap<string, number> };
  }

  async list(query: ListQuery): Promise<ListResult<Dish>> {
    return evaluateListQuery(this.all(), query, dishCatalogue);
  }

  async get(id: string): Promise<Dish | null> {
    return this.answer(id);
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
  }

  private all(): readonly Dish[] {
    if (!this.ordered) {
      const ordered = [...this.dishes.values()].sort(byCreation).map((dish) => this.answer(dish.id));
      this.ordered = ordered.filter((dish): dish is Dish => dish !== null);
    }
    return this.ordered;
  }

  private answer(id: string): Dish | null {
    const cached = this.answers.get(id);
    if (cached) return cached;
    const dish = this.dishes.get(id);
    if (!dish) return null;
    const answer = freeze(structuredClone(dishAnswer(dish, this.stock)));
    this.answers.set(id, answer);
    return answer;
  }

  private apply(event: ChangeEvent): void {
    if (event.collection === 'dishes') {
      this.dropDish(event.id);
      if (event.after) this.putDish(event.after as DishDoc);
    } else if (event.collection === 'ingredients') {
      const before = this.stock.get(event.id);
      const after = event.after ? (event.after as { in_stock_qty: number }).in_stock_qty : undefined;
      if (after === undefined) this.stock.delete(event.id);
      else this.stock.set(event.id, after);
      // Only a change of an essential ingredient's stock can change an answer (its portions left).
      if (before !== after) this.forget(this.essentialTo.get(event.id) ?? []);
    }
  }

  private putDish(dish: DishDoc): void {
    this.dishes.set(dish.id, dish);
    for (const ingredientId of essentialIds(dish)) {
      const users = this.essentialTo.get(ingredientId) ?? new Set<string>();
      users.add(dish.id);
      this.essentialTo.set(ingredientId, users);
    }
    this.forget([dish.id]);
  }

  private dropDish(id: string): void {
    const dish = this.dishes.get(id);
    if (!dish) return;
    this.dishes.delete(id);
    for (const ingredientId of essentialIds(dish)) {
      const users = this.essentialTo.get(ingredientId);
      users?.delete(id);
      if (users?.size === 0) this.essentialTo.delete(ingredientId);
    }
    this.forget([id]);
  }

  private forget(ids: Iterable<string>): void {
    for (const id of ids) this.answers.delete(id);
    this.ordered = null;
  }
}

/** The live menu where the store allows it, the store itself otherwise. */
export async function openMenu(store: Store): Promise<MenuReader> {
  return store.synchronousChanges ? LiveMenu.open(store) : new StoreMenu(store);
}
