// "Find a dish": the menu narrowed to the dishes whose name or description holds what the guest
// typed, whatever its case or accents ("bearnaise" finds "Béarnaise"), as they type.
import { $ } from '../lib/dom.js';
/** @import { Dish } from '../../../types/api.js' */

const field = /** @type {HTMLInputElement} */ ($('#search'));

/** Lower case without accents, so what is typed on any keyboard matches. @param {string} text */
const folded = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** What the guest is looking for, trimmed ('' for everything). */
export const searchText = () => field.value.trim();

/** The dishes that match the search, all of them when it is empty. @param {Iterable<Dish>} dishes */
export function matching(dishes) {
  const wanted = folded(searchText());
  return [...dishes].filter((dish) => wanted === '' || folded(`${dish.name} ${dish.description}`).includes(wanted));
}

/** Calls `onChange` as the guest types (and clears the field). @param {() => void} onChange */
export function wireSearch(onChange) {
  field.addEventListener('input', onChange);
}
