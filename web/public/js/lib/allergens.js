// The 14 allergens of EU Regulation 1169/2011 in guests' words, and a dish's against a guest's
// allergies. The server names them as in the contract (`cereals_gluten`, `soybeans`, ...).

/** @type {Record<string, string>} */
export const ALLERGEN_WORDS = {
  celery: 'celery',
  cereals_gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'eggs',
  fish: 'fish',
  lupin: 'lupin',
  milk: 'milk',
  molluscs: 'molluscs',
  mustard: 'mustard',
  nuts: 'tree nuts',
  peanuts: 'peanuts',
  sesame: 'sesame',
  soybeans: 'soy',
  sulphites: 'sulphites',
};
export const ALLERGENS = Object.keys(ALLERGEN_WORDS);

/** @param {string[]} allergens @returns {string} "milk, eggs" */
export const allergenText = (allergens) => allergens.map((allergen) => ALLERGEN_WORDS[allergen] ?? allergen).join(', ');

/**
 * The dish's allergens that the guest is allergic to.
 * @param {{ allergens?: string[] }} dish @param {ReadonlySet<string>} allergies
 */
export const allergensMet = (dish, allergies) => (dish.allergens ?? []).filter((allergen) => allergies.has(allergen));
