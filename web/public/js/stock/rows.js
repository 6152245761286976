// The ingredient list: each ingredient with its stock, whether it is out or running low, and the
// dishes that use it with what they have left; out and low ones first. Rows are kept by id and only
// rebuilt when what they show changes, so a live event never takes the focus from a keyboard user.
import { allergenText } from '../lib/allergens.js';
import { amount, quantity } from '../lib/amount.js';
import { h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */

/** @typedef {{ dish: Dish, units: number, essential: boolean }} Use one dish's use of an ingredient */
/** @typedef {'out' | 'low' | 'ok'} Level */
/** @typedef {'restock' | 'count' | 'edit'} Action what a row's buttons open (Delete is in Edit's dialog) */

/** Each ingredient's uses, by ingredient id: units per dish as stock is taken (every entry counts). @param {Iterable<Dish>} dishes */
export function usesByIngredient(dishes) {
  /** @type {Map<string, Use[]>} */
  const uses = new Map();
  for (const dish of dishes) {
    /** @type {Map<string, Use>} */
    const mine = new Map();
    for (const entry of dish.ingredients) {
      const use = mine.get(entry.ingredient_id) ?? { dish, units: 0, essential: false };
      use.units += 1;
      use.essential ||= entry.is_essential;
      mine.set(entry.ingredient_id, use);
    }
    for (const [id, use] of mine) uses.set(id, [...(uses.get(id) ?? []), use]);
  }
  for (const list of uses.values()) list.sort((a, b) => a.dish.name.localeCompare(b.dish.name));
  return uses;
}

/**
 * Out: nothing left. Low: the stock makes `lowPortions` or fewer of some dish that cannot be made
 * without it: the same count at which the menu, the stations and the report call a dish low.
 * @param {Ingredient} ingredient @param {Use[]} uses @param {number} lowPortions @returns {Level}
 */
export function levelOf(ingredient, uses, lowPortions) {
  if (ingredient.in_stock_qty <= 0) return 'out';
  const low = uses.some((use) => use.essential && Math.floor(ingredient.in_stock_qty / use.units) <= lowPortions);
  return low ? 'low' : 'ok';
}

const RANK = { out: 0, low: 1, ok: 2 };

/** @param {Dish} dish @param {number} lowPortions */
function dishState(dish, lowPortions) {
  if (!dish.is_available) return { text: t('stock.sold-out'), level: 'out' };
  if (dish.portions_left === null || dish.portions_left === undefined) return { text: t('stock.available'), level: 'ok' };
  return { text: t('stock.left', { count: dish.portions_left }), level: dish.portions_left <= lowPortions ? 'low' : 'ok' };
}

/** After a finger lifts from the list, or the page last scrolled, rows keep their places this long. */
const SETTLE_MS = 1_500;

/**
 * @param {HTMLElement} list
 * @param {(action: Action, id: string) => void} onAction
 * @param {() => void} onSettled called when rows held in place may take their sorted places
 */
export function createRows(list, onAction, onSettled) {
  /** @type {Map<string, { row: HTMLElement, shown: string }>} */
  const rows = new Map();
  // Nothing moves under a finger: while one is on the list, and a moment after it lifts or the page
  // scrolls, a row turning out or low changes where it stands, and the list re-sorts after.
  let pressed = false;
  let touchedAt = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let settle;
  const holding = () => pressed || Date.now() - touchedAt < SETTLE_MS;
  const touched = () => (touchedAt = Date.now());
  list.addEventListener('pointerdown', () => {
    pressed = true;
    touched();
  });
  for (const type of ['pointerup', 'pointercancel'])
    window.addEventListener(type, () => {
      if (pressed) touched();
      pressed = false;
    });
  window.addEventListener('scroll', touched, { passive: true });
  function settleLater() {
    clearTimeout(settle);
    settle = setTimeout(() => (holding() ? settleLater() : onSettled()), SETTLE_MS);
  }

  /** @param {Ingredient} ingredient @param {Use[]} uses @param {Level} level @param {number} lowPortions */
  function build(ingredient, uses, level, lowPortions) {
    const button = (/** @type {Action} */ action, /** @type {string} */ text, /** @type {string} */ label) =>
      h(
        'button',
        {
          type: 'button',
          class: `stock-${action}`,
          dataset: { action },
          'aria-label': label,
          on: { click: () => onAction(action, ingredient.id) },
        },
        text,
      );
    return h(
      'li',
      { class: `stock-row list-row ${level}`, dataset: { ingredientId: ingredient.id, level } },
      h(
        'div',
        { class: 'stock-head' },
        h('span', { class: 'stock-name', dir: 'auto' }, ingredient.name),
        level !== 'ok' && h('span', { class: 'stock-badge' }, level === 'out' ? t('stock.out') : t('stock.low')),
      ),
      h(
        'span',
        { class: 'stock-qty', 'aria-label': t('stock.in-stock-aria', { amount: amount(ingredient.in_stock_qty, ingredient.unit) }) },
        quantity.format(ingredient.in_stock_qty),
        ingredient.unit && h('small', { class: 'stock-unit' }, ` ${ingredient.unit}`),
      ),
      h(
        'div',
        { class: 'stock-uses' },
        uses.length === 0
          ? h('span', { class: 'stock-unused' }, t('stock.unused'))
          : h(
              'ul',
              { class: 'stock-dishes' },
              ...uses.map((use) => {
                const state = dishState(use.dish, lowPortions);
                return h(
                  'li',
                  { class: `dish-use ${state.level}`, dataset: { dishId: use.dish.id } },
                  h('span', { class: 'dish-use-name', dir: 'auto' }, use.dish.name),
                  use.units > 1 && h('span', { class: 'dish-use-note' }, ` ×${use.units}`),
                  !use.essential && h('span', { class: 'dish-use-note' }, ` ${t('stock.optional')}`),
                  h('span', { class: 'dish-use-state' }, ` · ${state.text}`),
                );
              }),
            ),
        ingredient.allergens.length > 0 &&
          h('span', { class: 'stock-allergens' }, t('dish.allergens', { allergens: allergenText(ingredient.allergens) })),
      ),
      h(
        'div',
        { class: 'stock-actions' },
        button('restock', t('stock.delivery'), t('stock.delivery-of', { name: ingredient.name })),
        button('count', t('stock.count'), t('stock.count-of', { name: ingredient.name })),
        button('edit', t('stock.edit'), t('stock.edit-of', { name: ingredient.name })),
      ),
    );
  }

  /**
   * Shows the ingredients matching `filter` (by their name or a dish's), out first, then low, then
   * by name; returns how many are out and low over all of them.
   * @param {Map<string, Ingredient>} ingredients @param {Map<string, Dish>} dishes @param {number} lowPortions @param {string} filter
   * @param {boolean} [resort] sorted even under a finger (the person asked for it: a new filter)
   */
  function show(ingredients, dishes, lowPortions, filter, resort = false) {
    const uses = usesByIngredient(dishes.values());
    const wanted = filter.trim().toLocaleLowerCase();
    const counts = { out: 0, low: 0, ok: 0, shown: 0 };
    const entries = [...ingredients.values()].map((ingredient) => {
      const mine = uses.get(ingredient.id) ?? [];
      const level = levelOf(ingredient, mine, lowPortions);
      counts[level] += 1;
      return { ingredient, uses: mine, level };
    });
    const shown = entries
      .filter(
        ({ ingredient, uses: mine }) =>
          wanted === '' ||
          ingredient.name.toLocaleLowerCase().includes(wanted) ||
          mine.some((use) => use.dish.name.toLocaleLowerCase().includes(wanted)),
      )
      .sort((a, b) => RANK[a.level] - RANK[b.level] || a.ingredient.name.localeCompare(b.ingredient.name));
    counts.shown = shown.length;
    if (holding() && !resort) {
      // Where each row stands now; a new one joins at the end.
      const place = new Map([...list.children].map((row, index) => [row, index]));
      const at = (/** @type {Ingredient} */ ingredient) => {
        const row = rows.get(ingredient.id)?.row;
        return (row && place.get(row)) ?? Infinity;
      };
      const sorted = shown.map((entry) => entry.ingredient.id).join();
      shown.sort((a, b) => at(a.ingredient) - at(b.ingredient));
      if (shown.map((entry) => entry.ingredient.id).join() !== sorted) settleLater();
    }

    const focused = document.activeElement instanceof HTMLElement && list.contains(document.activeElement) ? document.activeElement : null;
    const focusedRow = focused?.closest('[data-ingredient-id]');
    const focusedAction = focused?.dataset.action;
    const focusedAt = focusedRow ? [...list.children].indexOf(focusedRow) : -1;
    /** @type {HTMLElement[]} */
    const order = [];
    for (const { ingredient, uses: mine, level } of shown) {
      const signature = JSON.stringify([
        ingredient,
        level,
        lowPortions,
        mine.map((use) => [use.dish.id, use.dish.name, use.units, use.essential, use.dish.is_available, use.dish.portions_left]),
      ]);
      let kept = rows.get(ingredient.id);
      if (!kept || kept.shown !== signature) {
        kept = { row: build(ingredient, mine, level, lowPortions), shown: signature };
        rows.get(ingredient.id)?.row.replaceWith(kept.row);
        rows.set(ingredient.id, kept);
      }
      order.push(kept.row);
    }
    for (const [id, { row }] of rows)
      if (!ingredients.has(id)) {
        row.remove();
        rows.delete(id);
      }
    const keep = new Set(order);
    for (const child of [...list.children]) if (!keep.has(/** @type {HTMLElement} */ (child))) child.remove();
    // Moves only the rows out of place, so the others (and a focused button) stay where they are.
    order.forEach((row, index) => {
      if (list.children[index] !== row) list.insertBefore(row, list.children[index] ?? null);
    });
    // A row drawn again keeps the focus on the same button; a row gone (deleted, filtered out) hands
    // it to the row now in its place, on its harmless button, so the keyboard never lands on nothing.
    if (focusedRow instanceof HTMLElement && document.activeElement !== focused) {
      const row = rows.get(focusedRow.dataset.ingredientId ?? '')?.row;
      const again = row?.isConnected
        ? row.querySelector(`[data-action="${focusedAction}"]`)
        : (list.children[Math.min(focusedAt, list.children.length - 1)]?.querySelector('[data-action="restock"]') ?? null);
      if (again instanceof HTMLElement) again.focus({ preventScroll: true });
    }
    return counts;
  }

  /** @param {string} id */
  const rowOf = (id) => rows.get(id)?.row;

  return { show, rowOf };
}
