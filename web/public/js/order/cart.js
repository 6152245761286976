// The cart: dishes and how many of each, kept in localStorage so a reload loses nothing. A dish that
// sells out while in the cart is flagged, and the order cannot be placed until it is taken out.
import { t } from '../lib/i18n.js';
import { allergenText, allergensMet } from '../lib/allergens.js';
import { price } from '../lib/dish.js';
import { h, isolated } from '../lib/dom.js';
/** @import { Dish } from '../../../types/api.js' */

const KEY = 'pos.order.cart';
/** The most dishes one order takes (the contract's `dish_ids`, at most 100 items). */
export const MOST_DISHES = 100;

/** @returns {Map<string, number>} dish id → quantity */
function load() {
  try {
    return new Map(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
  } catch {
    return new Map();
  }
}

export const cart = {
  lines: load(),
  save() {
    localStorage.setItem(KEY, JSON.stringify([...this.lines]));
  },
  /** @param {string} dishId @param {number} delta */
  change(dishId, delta) {
    const quantity = (this.lines.get(dishId) ?? 0) + delta;
    if (quantity > 0) this.lines.set(dishId, quantity);
    else this.lines.delete(dishId);
    this.save();
  },
  clear() {
    this.lines.clear();
    this.save();
  },
  /** One id per dish to prepare: a dish ordered twice is listed twice. */
  dishIds() {
    return [...this.lines].flatMap(([id, quantity]) => Array(quantity).fill(id));
  },
  /** True once the cart holds as many dishes as one order takes: no more may be added. */
  full() {
    return this.dishIds().length >= MOST_DISHES;
  },
};

/**
 * The cart's lines, the total, what blocks checkout (dishes sold out or gone from the menu), and
 * the dishes that meet the guest's allergies ("Steak contains sesame").
 * @param {Map<string, Dish>} menu @param {(dishId: string, delta: number) => void} onChange
 * @param {boolean} locked while an order is being placed
 * @param {ReadonlySet<string>} allergies
 */
export function renderCart(menu, onChange, locked, allergies) {
  /** @type {string[]} */
  const blocked = [];
  /** @type {string[]} */
  const conflicts = [];
  let total = 0;
  const items = [...cart.lines].map(([id, quantity]) => {
    const dish = menu.get(id);
    const name = dish?.name ?? t('order.gone-dish');
    const available = Boolean(dish?.is_available);
    const met = dish ? allergensMet(dish, allergies) : [];
    if (met.length > 0) conflicts.push(t('order.dish-contains', { dish: isolated(name), allergens: allergenText(met) }));
    if (!dish || !available) blocked.push(isolated(name));
    else total += dish.price * quantity;
    const classes = ['cart-line', !available && 'unavailable', met.length > 0 && 'conflict'].filter(Boolean).join(' ');
    return h(
      'li',
      { class: classes, dataset: { dishId: id, available: String(available) } },
      h('span', { class: 'cart-name' }, name),
      !available && h('span', { class: 'sold-out' }, t('dish.sold-out')),
      h('span', { class: 'cart-qty', 'aria-label': `${quantity} × ${name}` }, `× ${quantity}`),
      h(
        'button',
        {
          type: 'button',
          class: 'qty',
          'aria-label': t('order.one-less', { dish: name }),
          disabled: locked,
          dataset: { focusKey: `less-${id}` },
          on: { click: () => onChange(id, -1) },
        },
        '−',
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'qty',
          'aria-label': t('order.one-more', { dish: name }),
          disabled: locked || !available || cart.full(),
          dataset: { focusKey: `more-${id}` },
          on: { click: () => onChange(id, 1) },
        },
        '+',
      ),
    );
  });
  return { items, total: price.format(total), blocked, conflicts };
}
