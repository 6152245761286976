// The menu as guests read it, shared by the menu board and the ordering app: dishes kept in step
// with dish events, and laid out by category.
import { h } from './dom.js';
import { isFresher } from './sync.js';
/** @import { Dish } from '../../../types/api.js' */

const CATEGORIES = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'];
/** @type {Partial<Record<string, string>>} */
const HEADINGS = { Appetizer: 'Appetizers', 'Main Course': 'Main courses', Dessert: 'Desserts', Drinks: 'Drinks' };

/** Applies a dish event to the dishes held. @param {Map<string, Dish>} dishes @param {string} type @param {any} data */
export function applyDishEvent(dishes, type, data) {
  const held = dishes.get(data.id);
  if (type === 'dish.deleted') dishes.delete(data.id);
  else if (type === 'dish.availability' && held)
    dishes.set(data.id, {
      ...held,
      is_available: data.is_available,
      ...('portions_left' in data ? { portions_left: data.portions_left } : {}),
    });
  else if ((type === 'dish.created' || type === 'dish.updated') && isFresher(held, data)) dishes.set(data.id, data);
}

/**
 * One section per category that has dishes, in menu order, dishes by name.
 * @param {Iterable<Dish>} all @param {(dish: Dish) => HTMLElement} item
 */
export function menuSections(all, item) {
  const dishes = [...all].sort((a, b) => a.name.localeCompare(b.name));
  return CATEGORIES.map((category) => /** @type {[string, Dish[]]} */ ([category, dishes.filter((dish) => dish.category === category)]))
    .filter(([, inCategory]) => inCategory.length > 0)
    .map(([category, inCategory]) =>
      h(
        'section',
        { class: 'category', dataset: { category } },
        h('h2', {}, HEADINGS[category] ?? category),
        h('ul', { class: 'dishes' }, ...inCategory.map(item)),
      ),
    );
}
