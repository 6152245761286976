// The 14 allergens of EU Regulation 1169/2011 in the screen's language (the catalogues' `allergen.*`,
// the regulation's own names in Spanish, French and German), and a dish's against a guest's
// allergies. The server names them as in the contract (`cereals_gluten`, `soybeans`, ...).
import { formatList, t } from './i18n.js';

export const ALLERGENS = [
  'celery',
  'cereals_gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'nuts',
  'peanuts',
  'sesame',
  'soybeans',
  'sulphites',
];

/** One allergen's name in the screen's language. @param {string} allergen */
export const allergenName = (allergen) => (ALLERGENS.includes(allergen) ? t(`allergen.${allergen}`) : allergen);

/** @param {string[]} allergens @returns {string} "milk, eggs" */
export const allergenText = (allergens) => formatList(allergens.map(allergenName));

/**
 * The dish's allergens that the guest is allergic to.
 * @param {{ allergens?: string[] }} dish @param {ReadonlySet<string>} allergies
 */
export const allergensMet = (dish, allergies) => (dish.allergens ?? []).filter((allergen) => allergies.has(allergen));
