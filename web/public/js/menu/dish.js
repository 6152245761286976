// One dish on the menu board: name, price, description and image name; greyed out while unavailable.
import { h } from '../lib/dom.js';

const currency = new URLSearchParams(location.search).get('currency');
const price = new Intl.NumberFormat(undefined, currency
  ? { style: 'currency', currency }
  : { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** @param {{ id: string, name: string, description: string, price: number, image_name: string, is_available: boolean }} dish */
export function dishItem(dish) {
  return h('li', { class: dish.is_available ? 'dish' : 'dish unavailable', dataset: { dishId: dish.id, available: String(dish.is_available) } },
    h('div', { class: 'dish-line' },
      h('span', { class: 'dish-title' }, dish.name),
      h('span', { class: 'dish-price' }, price.format(dish.price))),
    h('p', { class: 'dish-description' }, dish.description),
    h('div', { class: 'dish-foot' },
      h('span', { class: 'dish-image', title: 'Image file' }, dish.image_name),
      !dish.is_available && h('span', { class: 'sold-out' }, 'Sold out')));
}
