// One dish as guests see it (the menu board and the ordering app): a photo tile, name, price and
// description, the price at the foot so a long name has the card's whole width; greyed out while unavailable. The ordering app adds its own action (an Add button).
// The server hosts no dish photos, so the tile is a neutral plate: the image's file name (the dish's
// `image_name`, kept on the tile as data-image) is never shown as text.
import { h } from './dom.js';

const currency = new URLSearchParams(location.search).get('currency');
export const price = new Intl.NumberFormat(undefined, currency
  ? { style: 'currency', currency }
  : { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * @param {{ id: string, name: string, description: string, price: number, image_name: string, is_available: boolean }} dish
 * @param {HTMLElement | null} [action] shown at the foot of the dish
 */
export function dishItem(dish, action = null) {
  const soldOut = !dish.is_available && h('span', { class: 'sold-out' }, 'Sold out');
  return h('li', { class: dish.is_available ? 'dish' : 'dish unavailable', dataset: { dishId: dish.id, available: String(dish.is_available) } },
    h('div', { class: 'dish-photo', 'aria-hidden': 'true', dataset: { image: dish.image_name } }),
    h('div', { class: 'dish-body' },
      h('span', { class: 'dish-title' }, dish.name),
      h('p', { class: 'dish-description' }, dish.description),
      h('div', { class: 'dish-foot' },
        h('span', { class: 'dish-price' }, price.format(dish.price)),
        soldOut,
        action)));
}
