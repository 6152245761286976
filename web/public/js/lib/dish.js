// One dish as guests see it (the menu board and the ordering app): name, description, its
// allergens, and at the foot the price (so a long name has the card's whole width) and "Only N
// left" when few remain; greyed out while unavailable, marked when it meets the guest's allergies.
// The ordering app adds its own action (an Add button). The server hosts no dish photos, so a dish
// has no photo slot (a grey placeholder on every dish said nothing); `image_name` is never shown.
import { allergenText, allergensMet } from './allergens.js';
import { h } from './dom.js';
import { formatPrice, t } from './i18n.js';

/**
 * "Only N left" shows from this many portions down: the server's default `low_portions`, at or
 * below which every change reaches the menu room (counts above it are not pushed, so could be stale).
 */
export const FEW_LEFT = 10;

/** Prices in the restaurant's currency, the language's way (lib/i18n.js). */
export const price = { format: formatPrice };

/**
 * @param {{ id: string, name: string, description: string, price: number, image_name: string,
 *   is_available: boolean, portions_left?: number | null, allergens?: string[] }} dish
 * @param {HTMLElement | null} [action] shown at the foot of the dish
 * @param {ReadonlySet<string>} [allergies] the guest's: a dish containing one is marked
 */
export function dishItem(dish, action = null, allergies = new Set()) {
  const soldOut = !dish.is_available && h('span', { class: 'sold-out' }, t('dish.sold-out'));
  const left = dish.portions_left;
  const few =
    dish.is_available &&
    typeof left === 'number' &&
    left <= FEW_LEFT &&
    h('span', { class: 'few-left' }, t('dish.few-left', { count: left }));
  const allergens = dish.allergens ?? [];
  const met = allergensMet(dish, allergies);
  const classes = ['dish', !dish.is_available && 'unavailable', met.length > 0 && 'conflict'].filter(Boolean).join(' ');
  return h(
    'li',
    { class: classes, dataset: { dishId: dish.id, available: String(dish.is_available) } },
    h(
      'div',
      { class: 'dish-body' },
      h('span', { class: 'dish-title' }, dish.name),
      h('p', { class: 'dish-description' }, dish.description),
      met.length > 0 && h('p', { class: 'dish-conflict', role: 'note' }, t('dish.conflict', { allergens: allergenText(met) })),
      allergens.length > 0 && h('p', { class: 'dish-allergens' }, t('dish.allergens', { allergens: allergenText(allergens) })),
      h('div', { class: 'dish-foot' }, h('span', { class: 'dish-price' }, price.format(dish.price)), soldOut, few, action),
    ),
  );
}
