// The guest's allergies: chosen from the 14 allergens, kept in localStorage like the cart, sent
// with every order. Dishes that contain one are marked on the menu and in the cart.
import { t } from '../lib/i18n.js';
import { ALLERGENS, allergenName, allergenText } from '../lib/allergens.js';
import { $, h } from '../lib/dom.js';

const KEY = 'pos.order.allergies';

/** @returns {Set<string>} */
function load() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((allergen) => ALLERGENS.includes(allergen)) : []);
  } catch {
    return new Set();
  }
}

export const allergies = load();

/** The choices, one 44 px check box per allergen. @param {() => void} onChange */
export function wireAllergies(onChange) {
  const summary = () => {
    $('#allergies-summary').textContent =
      allergies.size === 0 ? t('order.allergies-none') : allergenText(ALLERGENS.filter((allergen) => allergies.has(allergen)));
  };
  $('#allergy-choices').replaceChildren(
    ...ALLERGENS.map((allergen) =>
      h(
        'label',
        { class: 'allergy-choice' },
        h('input', {
          type: 'checkbox',
          name: 'allergy',
          value: allergen,
          checked: allergies.has(allergen),
          on: {
            change: (/** @type {Event} */ event) => {
              if (/** @type {HTMLInputElement} */ (event.target).checked) allergies.add(allergen);
              else allergies.delete(allergen);
              localStorage.setItem(KEY, JSON.stringify([...allergies]));
              summary();
              onChange();
            },
          },
        }),
        allergenName(allergen),
      ),
    ),
  );
  summary();
}
