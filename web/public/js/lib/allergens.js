// The 14 allergens of EU Regulation 1169/2011 in the screen's language (the catalogues' `allergen.*`,
// the regulation's own names in Spanish, French and German), and a dish's against a guest's
// allergies. Their codes (`cereals_gluten`, `soybeans`, ...) are the server's list
// (models/allergens.ts), served as a module at /boards/shared/allergens.js.
import { ALLERGENS } from '/boards/shared/allergens.js';
import { formatList, t } from './i18n.js';

export { ALLERGENS };

/** @param {string} code @returns {code is (typeof ALLERGENS)[number]} */
const isAllergen = (code) => /** @type {readonly string[]} */ (ALLERGENS).includes(code);

/** One allergen's name in the screen's language. @param {string} allergen */
export const allergenName = (allergen) => (isAllergen(allergen) ? t(`allergen.${allergen}`) : allergen);

/** @param {string[]} allergens @returns {string} "milk, eggs" */
export const allergenText = (allergens) => formatList(allergens.map(allergenName));

/**
 * The dish's allergens that the guest is allergic to.
 * @param {{ allergens?: string[] }} dish @param {ReadonlySet<string>} allergies
 */
export const allergensMet = (dish, allergies) => (dish.allergens ?? []).filter((allergen) => allergies.has(allergen));
