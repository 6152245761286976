// Reading the menu: dishes as clients see them, with `is_available` from current stock, answered
// from a view in memory that the store's change events keep current, on every store. A read first
// awaits store.settled() (every change committed before it has reached the view: at once on the
// embedded store, once the change stream has caught up on MongoDB), and after a resync the menu's
// reload (views/reloads.ts), so it is never behind a write, ours or another program's.
import { dishCatalogue, type Dish, type DishDoc } from '../../models/dish.js';
import { evaluateListQuery, ordering } from '../../query/evaluate.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { ChangeEvent, Store } from '../../store/types.js';
import { LoadWhileChanging } from '../views/load-while-changing.js';
import { Reloads } from '../views/reloads.js';
import { dishAnswer, essentialIds } from './availability.js';

export interface MenuReader {
  list(query: ListQuery): Promise<ListResult<Dish>>;
  /** The dish, or null when there is none. */
  get(id: string): Promise<Dish | null>;
  /** The dishes of these ids that exist, each once. */
  getEach(ids: readonly string[]): Promise<Dish[]>;
  /** Every dish by id, as a read of the store now would find them (read-only). */
  dishes(): Promise<ReadonlyMap<string, DishDoc>>;
  /** Stops following the store. */
  close(): void;
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
  private readonly byId = new Map<string, DishDoc>();
  private readonly stock = new Map<string, number>();
  /** Ingredient id → ids of the dishes for which it is essential. */
  private readonly essentialTo = new Map<string, Set<string>>();
  /** Answers with availability, per dish, dropped when the dish or its availability changes. */
  private readonly answers = new Map<string, Dish>();
  /** Every answer in the default order; null until the next list after a change. */
  private ordered: readonly Dish[] | null = null;
  /** Changes that commit while the menu loads are applied after it; a later load supersedes it. */
  private readonly changes = new LoadWhileChanging<ChangeEvent>((event) => this.apply(event));
  private readonly unsubscribe: () => void;
  private readonly unsubscribeResync: () => void;
  private readonly reloads = new Reloads();

  private constructor(private readonly store: Store) {
    this.unsubscribe = store.onChange((event) => this.changes.hear(event));
    // Another program changed the data (no event says what): the menu is read again.
    this.unsubscribeResync = store.onResync(() => this.reloads.start(() => this.load()));
  }

  /** Follows the store from now on, then loads what it holds. */
  static async open(store: Store): Promise<LiveMenu> {
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
    await this.changes.load(
      () => Promise.all([this.store.collection('dishes').find([]), this.store.collection('ingredients').find([])]),
      ([dishes, ingredients]) => {
        for (const kept of [this.byId, this.stock, this.essentialTo, this.answers]) kept.clear();
        this.ordered = null;
        for (const ingredient of ingredients) this.stock.set(ingredient.id, ingredient.in_stock_qty);
        for (const dish of dishes) this.putDish(dish);
      },
    );
  }

  /**
   * Every dish and every ingredient's stock as of the last change applied, with no wait (read-only:
   * the realtime layer, which follows the same changes in order, reads them instead of the store).
   */
  get current(): { dishes: ReadonlyMap<string, DishDoc>; stock: ReadonlyMap<string, number> } {
    return { dishes: this.byId, stock: this.stock };
  }

  /** Every change committed before the read applied, and any reload after a resync done. */
  private settled(): Promise<void> {
    return this.reloads.after(this.store.settled());
  }

  async list(query: ListQuery): Promise<ListResult<Dish>> {
    await this.settled();
    return evaluateListQuery(this.all(), query, dishCatalogue);
  }

  async get(id: string): Promise<Dish | null> {
    await this.settled();
    return this.answer(id);
  }

  async getEach(ids: readonly string[]): Promise<Dish[]> {
    await this.settled();
    return [...new Set(ids)].flatMap((id) => this.answer(id) ?? []);
  }

  async dishes(): Promise<ReadonlyMap<string, DishDoc>> {
    await this.settled();
    return this.byId;
  }

  close(): void {
    this.unsubscribe();
    this.unsubscribeResync();
  }

  private all(): readonly Dish[] {
    if (!this.ordered) {
      const ordered = [...this.byId.values()].sort(byCreation).map((dish) => this.answer(dish.id));
      this.ordered = ordered.filter((dish): dish is Dish => dish !== null);
    }
    return this.ordered;
  }

  private answer(id: string): Dish | null {
    const cached = this.answers.get(id);
    if (cached) return cached;
    const dish = this.byId.get(id);
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
    this.byId.set(dish.id, dish);
    for (const ingredientId of essentialIds(dish)) {
      const users = this.essentialTo.get(ingredientId) ?? new Set<string>();
      users.add(dish.id);
      this.essentialTo.set(ingredientId, users);
    }
    this.forget([dish.id]);
  }

  private dropDish(id: string): void {
    const dish = this.byId.get(id);
    if (!dish) return;
    this.byId.delete(id);
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

/** The menu the server answers from: the live one, whichever store runs. */
export async function openMenu(store: Store): Promise<LiveMenu> {
  return LiveMenu.open(store);
}
