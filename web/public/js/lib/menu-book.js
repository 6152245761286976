// The menu as guests read it, shared by the menu board and the ordering app: dishes kept in step
// with dish events, and laid out by category.
import { h } from './dom.js';
import { t } from './i18n.js';
import { isFresher } from './sync.js';
/** @import { Dish, DishEvent } from '../../../types/api.js' */

const CATEGORIES = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'];
/** A category's heading in the screen's language. @param {string} category */
const heading = (category) => (CATEGORIES.includes(category) ? t(`category.${category}`) : category);

/** Applies a dish event to the dishes held. @param {Map<string, Dish>} dishes @param {DishEvent} event */
export function applyDishEvent(dishes, event) {
  const held = dishes.get(event.data.id);
  if (event.type === 'dish.deleted') dishes.delete(event.data.id);
  else if (event.type === 'dish.availability') {
    if (held) dishes.set(held.id, { ...held, is_available: event.data.is_available, portions_left: event.data.portions_left });
  } else if (isFresher(held, event.data)) dishes.set(event.data.id, event.data);
}

/** The section's id, a link's target: "Main Course" → "category-main-course". @param {string} category */
const sectionId = (category) => `category-${category.toLowerCase().replace(/\W+/g, '-')}`;

/** The categories that have dishes, in menu order. @param {Iterable<Dish>} all */
const present = (all) => {
  /** @type {Set<string>} */
  const categories = new Set([...all].map((dish) => dish.category));
  return CATEGORIES.filter((category) => categories.has(category));
};

/**
 * One section per category that has dishes, in menu order, dishes by name.
 * @param {Iterable<Dish>} all @param {(dish: Dish) => HTMLElement} item
 */
export function menuSections(all, item) {
  const dishes = [...all].sort((a, b) => a.name.localeCompare(b.name));
  return present(dishes).map((category) =>
    h(
      'section',
      { class: 'category', id: sectionId(category), dataset: { category } },
      h('h2', {}, heading(category)),
      h('ul', { class: 'dishes' }, ...dishes.filter((dish) => dish.category === category).map(item)),
    ),
  );
}

/** A link to each section of `menuSections`, by its heading. @param {Iterable<Dish>} all */
export function categoryLinks(all) {
  return present(all).map((category) => h('a', { href: `#${sectionId(category)}` }, heading(category)));
}
