// The dishes by category, each a row: name, station, price, minutes, whether it sells now (as the
// server counts it from the stock), its recipe and the allergens the server derives from it. Rows are
// kept by id and rebuilt only when what they show changes, so a live event never takes the focus.
import { allergenText } from '../lib/allergens.js';
import { price } from '../lib/dish.js';
import { h } from '../lib/dom.js';
import { formatMinutes, t } from '../lib/i18n.js';
import { categoryLinks, menuSections } from '../lib/menu-book.js';
/** @import { Dish, Ingredient } from '../../../types/api.js' */

export const STATIONS = ['cold', 'hot', 'beverages'];
/** A station in the screen's language ("Hot", "Caliente"); one the page does not know, as the server names it. @param {string} station */
export const stationWord = (station) => (STATIONS.includes(station) ? t(`station.${station}`) : station);
/** A menu category as the menu's sections name it; an unknown one as it is. @param {string} category */
export const categoryWord = (category) =>
  ['Appetizer', 'Main Course', 'Dessert', 'Drinks'].includes(category) ? t(`category.${category}`) : category;

/** "sold out", "8 left" (at or below the restaurant's low portions), or "available". @param {Dish} dish @param {number} lowPortions */
export function stateOf(dish, lowPortions) {
  if (!dish.is_available) return { text: t('dish.sold-out'), level: 'out' };
  const left = dish.portions_left;
  if (left !== null && left !== undefined && left <= lowPortions) return { text: t('stock.left', { count: left }), level: 'low' };
  return { text: t('dishes.available'), level: 'ok' };
}

/**
 * @param {HTMLElement} container
 * @param {HTMLElement} jump the links to each category's section
 * @param {(action: 'edit' | 'delete', id: string) => void} onAction
 */
export function createRows(container, jump, onAction) {
  /** @type {Map<string, { row: HTMLElement, shown: string }>} */
  const rows = new Map();

  /** @param {Dish} dish @param {Map<string, Ingredient>} ingredients @param {number} lowPortions */
  function build(dish, ingredients, lowPortions) {
    const state = stateOf(dish, lowPortions);
    const recipe = dish.ingredients.map((entry) => {
      const name = ingredients.get(entry.ingredient_id)?.name ?? t('dishes.ingredient-gone');
      return h(
        'li',
        { class: entry.is_essential ? '' : 'optional' },
        h('bdi', {}, name),
        !entry.is_essential && ` ${t('dishes.optional')}`,
      );
    });
    /** @param {'edit' | 'delete'} action @param {string} text @param {string} label */
    const button = (action, text, label) =>
      h(
        'button',
        {
          type: 'button',
          class: `dish-${action}`,
          dataset: { action },
          'aria-label': label,
          on: { click: () => onAction(action, dish.id) },
        },
        text,
      );
    return h(
      'li',
      { class: `dish-row list-row ${state.level}`, dataset: { dishId: dish.id, level: state.level } },
      h(
        'div',
        { class: 'dish-head' },
        h('span', { class: 'dish-name', dir: 'auto' }, dish.name),
        h('span', { class: 'dish-state' }, state.text),
      ),
      h(
        'div',
        { class: 'dish-facts' },
        h('span', { class: 'dish-station' }, stationWord(dish.station)),
        h('span', { class: 'dish-price' }, price.format(dish.price)),
        h('span', { class: 'dish-time' }, formatMinutes(dish.preparation_time)),
      ),
      h(
        'div',
        { class: 'dish-more' },
        h('ul', { class: 'dish-recipe', 'aria-label': t('dishes.recipe') }, ...recipe),
        h(
          'span',
          { class: 'dish-allergens' },
          dish.allergens.length ? t('dish.allergens', { allergens: allergenText(dish.allergens) }) : t('dishes.no-allergens'),
        ),
      ),
      h(
        'div',
        { class: 'dish-actions' },
        button('edit', t('dishes.edit'), t('dishes.edit-of', { name: dish.name })),
        button('delete', t('dishes.delete'), t('dishes.delete-of', { name: dish.name })),
      ),
    );
  }

  /**
   * The dishes matching `filter` (by name, an ingredient's name or the station) in their categories;
   * returns how many are shown.
   * @param {Map<string, Dish>} dishes @param {Map<string, Ingredient>} ingredients @param {number} lowPortions @param {string} filter
   */
  function show(dishes, ingredients, lowPortions, filter) {
    const wanted = filter.trim().toLocaleLowerCase();
    const matches = (/** @type {Dish} */ dish) =>
      wanted === '' ||
      dish.name.toLocaleLowerCase().includes(wanted) ||
      stationWord(dish.station).toLocaleLowerCase() === wanted ||
      dish.ingredients.some((entry) => ingredients.get(entry.ingredient_id)?.name.toLocaleLowerCase().includes(wanted));
    const shown = [...dishes.values()].filter(matches);
    const focused =
      document.activeElement instanceof HTMLElement && container.contains(document.activeElement) ? document.activeElement : null;
    const focusedId = focused?.closest('[data-dish-id]')?.getAttribute('data-dish-id');
    const focusedAction = focused?.dataset.action;
    for (const id of rows.keys()) if (!dishes.has(id)) rows.delete(id);
    const sections = menuSections(shown, (dish) => {
      const signature = JSON.stringify([dish, lowPortions, dish.ingredients.map((entry) => ingredients.get(entry.ingredient_id)?.name)]);
      let kept = rows.get(dish.id);
      if (!kept || kept.shown !== signature) {
        kept = { row: build(dish, ingredients, lowPortions), shown: signature };
        rows.set(dish.id, kept);
      }
      return kept.row;
    });
    container.replaceChildren(...sections);
    // A long menu on a phone: one tap to each category shown.
    jump.replaceChildren(...categoryLinks(shown));
    // Rows are moved into new sections, which drops the focus: it goes back to the same button.
    if (focusedId && focusedAction && document.activeElement !== focused)
      /** @type {HTMLElement | null} */ (
        container.querySelector(`[data-dish-id="${focusedId}"] [data-action="${focusedAction}"]`)
      )?.focus();
    return shown.length;
  }

  /** @param {string} id @param {string} action */
  const buttonOf = (id, action) =>
    /** @type {HTMLElement | null} */ (container.querySelector(`[data-dish-id="${id}"] [data-action="${action}"]`));
  return { show, buttonOf };
}
