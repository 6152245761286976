// The cart: items (a dish, the options picked, a note) and how many of each, kept in localStorage so
// a reload loses nothing. A dish that sells out while in the cart is flagged, and the order cannot
// be placed until it is taken out.
import { t } from '../lib/i18n.js';
import { allergenText, allergensMet } from '../lib/allergens.js';
import { price } from '../lib/dish.js';
import { h, isolated } from '../lib/dom.js';
import { chosenOptions, modifierText, unitPrice } from '../lib/items.js';
/** @import { Dish } from '../../../types/api.js' */

const KEY = 'pos.order.cart';
/** The most dishes one order takes (the contract's `dish_ids`, at most 100 items). */
export const MOST_DISHES = 100;

/** @typedef {{ dish_id: string, option_ids: string[], note: string | null, quantity: number }} CartLine */

/** A line's key: the dish alone when nothing was chosen for it, so a plain dish added twice is one line. @param {Omit<CartLine, 'quantity'>} line */
export const lineKey = (line) =>
  line.option_ids.length === 0 && !line.note ? line.dish_id : JSON.stringify([line.dish_id, [...line.option_ids].sort(), line.note]);

/** @returns {Map<string, CartLine>} line key → line (a cart kept before items, dish id → quantity, reads as plain lines) */
function load() {
  try {
    /** @type {[string, number | CartLine][]} */
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Map(
      kept.map(([key, line]) => [key, typeof line === 'number' ? { dish_id: key, option_ids: [], note: null, quantity: line } : line]),
    );
  } catch {
    return new Map();
  }
}

export const cart = {
  lines: load(),
  save() {
    localStorage.setItem(KEY, JSON.stringify([...this.lines]));
  },
  /** @param {string} key @param {number} delta */
  change(key, delta) {
    const line = this.lines.get(key) ?? { dish_id: key, option_ids: [], note: null, quantity: 0 };
    const quantity = line.quantity + delta;
    if (quantity > 0) this.lines.set(key, { ...line, quantity });
    else this.lines.delete(key);
    this.save();
  },
  /** A dish with what the guest chose for it: joins the same line when the same was chosen before. @param {CartLine} line */
  add(line) {
    const key = lineKey(line);
    this.lines.set(key, { ...line, quantity: (this.lines.get(key)?.quantity ?? 0) + line.quantity });
    this.save();
  },
  clear() {
    this.lines.clear();
    this.save();
  },
  /** One id per dish to prepare: a dish ordered twice is listed twice. */
  dishIds() {
    return [...this.lines.values()].flatMap((line) => Array(line.quantity).fill(line.dish_id));
  },
  /** The order's `items`: each line with its quantity, and its options and note when it has them. */
  items() {
    return [...this.lines.values()].map((line) => ({
      dish_id: line.dish_id,
      quantity: line.quantity,
      ...(line.option_ids.length > 0 ? { option_ids: line.option_ids } : {}),
      ...(line.note ? { note: line.note } : {}),
    }));
  },
  /** True once the cart holds as many dishes as one order takes: no more may be added. */
  full() {
    return this.dishIds().length >= MOST_DISHES;
  },
};

/**
 * The cart's lines, the total, what blocks checkout (dishes sold out or gone from the menu), and
 * the dishes that meet the guest's allergies ("Steak contains sesame": with the options chosen).
 * @param {Map<string, Dish>} menu @param {(key: string, delta: number) => void} onChange
 * @param {boolean} locked while an order is being placed
 * @param {ReadonlySet<string>} allergies
 * @param {(dish: Dish, optionIds: string[]) => string[]} allergensOf the dish's allergens with those options
 */
export function renderCart(menu, onChange, locked, allergies, allergensOf) {
  /** @type {string[]} */
  const blocked = [];
  /** @type {string[]} */
  const conflicts = [];
  let total = 0;
  const items = [...cart.lines].map(([key, line]) => {
    const { dish_id: id, quantity } = line;
    const dish = menu.get(id);
    const name = dish?.name ?? t('order.gone-dish');
    const available = Boolean(dish?.is_available);
    const met = dish ? allergensMet({ allergens: allergensOf(dish, line.option_ids) }, allergies) : [];
    if (met.length > 0) conflicts.push(t('order.dish-contains', { dish: isolated(name), allergens: allergenText(met) }));
    if (!dish || !available) blocked.push(isolated(name));
    else total += unitPrice(dish, line.option_ids) * quantity;
    const chosen = dish ? chosenOptions(dish, line.option_ids).map(({ option }) => modifierText(option)) : [];
    const classes = ['cart-line', !available && 'unavailable', met.length > 0 && 'conflict'].filter(Boolean).join(' ');
    return h(
      'li',
      { class: classes, dataset: { dishId: id, available: String(available) } },
      h('span', { class: 'cart-name' }, name),
      (chosen.length > 0 || line.note) &&
        h('span', { class: 'cart-choices' }, [...chosen, ...(line.note ? [`“${line.note}”`] : [])].join(' · ')),
      !available && h('span', { class: 'sold-out' }, t('dish.sold-out')),
      h('span', { class: 'cart-qty', 'aria-label': `${quantity} × ${name}` }, `× ${quantity}`),
      // The line's price with its options (a sold-out or removed dish counts nothing, so shows none).
      h('span', { class: 'cart-price' }, dish && available ? price.format(unitPrice(dish, line.option_ids) * quantity) : ''),
      h(
        'button',
        {
          type: 'button',
          class: 'qty',
          'aria-label': t('order.one-less', { dish: name }),
          disabled: locked,
          dataset: { focusKey: `less-${key}` },
          on: { click: () => onChange(key, -1) },
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
          dataset: { focusKey: `more-${key}` },
          on: { click: () => onChange(key, 1) },
        },
        '+',
      ),
    );
  });
  return { items, total: price.format(total), blocked, conflicts };
}
