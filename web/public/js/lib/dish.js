// One dish as guests see it (the menu board and the ordering app): name, price, description and
// image name; greyed out while unavailable. The ordering app adds its own action (an Add button).
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
  return h('li', { class: dish.is_available ? 'dish' : 'dish unavailable', dataset: { dishId: dish.id, available: String(dish.is_available) } },
    h('div', { class: 'dish-line' },
      h('span', { class: 'dish-title' }, dish.name),
      h('span', { class: 'dish-price' }, price.format(dish.price))),
    h('p', { class: 'dish-description' }, dish.description),
    h('div', { class: 'dish-foot' },
      h('span', { class: 'dish-image', title: 'Image file' }, dish.image_name),
      !dish.is_available && h('span', { class: 'sold-out' }, 'Sold out'),
      action));
}
