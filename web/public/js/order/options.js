// A dish's options as the guest picks them before adding it: each group's choices (a required one,
// such as doneness, must be made before Add; no more than its most), how many, a note for the
// kitchen, the price with the options, and the dish's allergen marks as the options change them
// (an ingredient taken out takes its allergen with it).
import { fetchAll } from '../lib/api.js';
import { allergenText, allergensMet } from '../lib/allergens.js';
import { price } from '../lib/dish.js';
import { h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { choiceProblems, itemAllergens, unitPrice } from '../lib/items.js';
/** @import { Dish, Ingredient, ModifierGroup } from '../../../types/api.js' */
/** @import { CartLine } from './cart.js' */

/** The longest note an item takes. */
export const NOTE_LENGTH = 140;
/** The most units of one item. */
const MOST_UNITS = 99;

/** Each ingredient's own allergens, by id, once loaded: what an option adds or takes away. @type {Map<string, string[]>} */
const ingredientAllergens = new Map();

/** Reads the ingredients' allergens (public, as the menu): until then a removal leaves the dish's marks as they are. */
export async function loadIngredientAllergens() {
  /** @type {Ingredient[]} */
  const all = await fetchAll('/ingredients');
  ingredientAllergens.clear();
  for (const ingredient of all) ingredientAllergens.set(ingredient.id, ingredient.allergens ?? []);
}

/** The dish's allergens with the options chosen. @param {Dish} dish @param {Iterable<string>} optionIds */
export const allergensWith = (dish, optionIds) => itemAllergens(dish, optionIds, (id) => ingredientAllergens.get(id));

/** "Choose 1", "Up to 3", "Choose 1 to 2": what the group asks. @param {ModifierGroup} group */
function groupRule(group) {
  if (group.min === group.max) return t('options.choose-n', { n: group.min });
  if (group.min === 0) return group.max === 1 ? t('options.optional') : t('options.up-to', { max: group.max });
  return t('options.range', { min: group.min, max: group.max });
}

/** An option's price change, "+1.50" or "−0.50"; nothing when free. @param {number} delta */
const priceDelta = (delta) => (delta === 0 ? null : `${delta > 0 ? '+' : '−'}${price.format(Math.abs(delta))}`);

/**
 * Opens the dish's options; resolves with the line to add, or null when the guest closed it.
 * @param {Dish} dish @param {ReadonlySet<string>} allergies the guest's: marks that meet them stand out
 * @returns {Promise<CartLine | null>}
 */
export function pickOptions(dish, allergies) {
  const groups = dish.modifier_groups ?? [];
  /** @type {Set<string>} */
  const chosen = new Set();
  let quantity = 1;
  const marks = h('p', { class: 'options-allergens', role: 'status' });
  const problem = h('p', { class: 'options-problem', role: 'status' });
  const add = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', value: 'add', class: 'confirm-stay options-add' }));
  const count = h('output', { class: 'options-quantity', 'aria-live': 'polite' });
  const note = /** @type {HTMLInputElement} */ (
    h('input', { name: 'note', maxLength: NOTE_LENGTH, autocomplete: 'off', 'aria-describedby': 'options-note-left' })
  );
  const noteLeft = h('span', { id: 'options-note-left', class: 'options-note-left' });
  /** @type {HTMLButtonElement[]} */
  const steps = [];

  /** @param {ModifierGroup} group */
  const fieldset = (group) => {
    const single = group.min === 1 && group.max === 1;
    return h(
      'fieldset',
      { class: 'options-group', dataset: { groupId: group.id, required: String(group.min > 0) } },
      h('legend', {}, group.name, ' ', h('small', {}, groupRule(group))),
      ...group.options.map((option) =>
        h(
          'label',
          { class: 'option' },
          h('input', {
            type: single ? 'radio' : 'checkbox',
            name: `group-${group.id}`,
            value: option.id,
            on: {
              change: (/** @type {Event} */ event) => {
                const input = /** @type {HTMLInputElement} */ (event.target);
                if (single) for (const other of group.options) chosen.delete(other.id);
                if (input.checked) chosen.add(option.id);
                else chosen.delete(option.id);
                refresh();
              },
            },
          }),
          h('span', { class: 'option-name' }, option.name),
          priceDelta(option.price_delta) && h('span', { class: 'option-price' }, priceDelta(option.price_delta)),
        ),
      ),
    );
  };

  function refresh() {
    // The most of a group reached: its other boxes wait until one is unticked.
    for (const group of groups.filter((each) => !(each.min === 1 && each.max === 1))) {
      const full = group.options.filter((option) => chosen.has(option.id)).length >= group.max;
      for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(`input[name="group-${group.id}"]`)))
        input.disabled = full && !input.checked;
    }
    const allergens = allergensWith(dish, chosen);
    const met = allergensMet({ allergens }, allergies);
    marks.textContent = allergens.length > 0 ? t('dish.allergens', { allergens: allergenText(allergens) }) : t('options.no-allergens');
    marks.classList.toggle('conflict', met.length > 0);
    const problems = choiceProblems(groups, chosen);
    problem.textContent = problems.join(' · ');
    add.disabled = problems.length > 0;
    count.textContent = String(quantity);
    const [less, more] = steps;
    if (less) less.disabled = quantity <= 1;
    if (more) more.disabled = quantity >= MOST_UNITS;
    add.textContent = t('options.add', { quantity, price: price.format(unitPrice(dish, chosen) * quantity) });
    noteLeft.textContent = t('options.chars-left', { count: NOTE_LENGTH - note.value.length });
  }

  /** @param {number} delta @param {string} text @param {string} label */
  const step = (delta, text, label) => {
    const button = /** @type {HTMLButtonElement} */ (
      h('button', { type: 'button', class: 'qty', 'aria-label': label, on: { click: () => ((quantity += delta), refresh()) } }, text)
    );
    steps.push(button);
    return button;
  };

  const form = /** @type {HTMLFormElement} */ (
    h(
      'form',
      { method: 'dialog', class: 'options-form' },
      // The dish and its choices scroll on a short screen, above what is missing and Cancel/Add,
      // always in view (the dish's name scrolls too: a phone keeps its height for the choices).
      h(
        'div',
        { class: 'confirm-body options-body' },
        h('h2', { class: 'options-title' }, dish.name),
        h('p', { class: 'options-base' }, price.format(dish.price)),
        marks,
        h('div', { class: 'options-groups' }, ...groups.map(fieldset)),
        h(
          'div',
          { class: 'options-count' },
          h('span', {}, t('options.how-many')),
          step(-1, '−', t('order.one-less', { dish: dish.name })),
          count,
          step(1, '+', t('order.one-more', { dish: dish.name })),
        ),
        h('label', { class: 'options-note' }, `${t('options.note')} `, note, noteLeft),
      ),
      problem,
      h(
        'div',
        { class: 'confirm-actions' },
        h('button', { type: 'submit', value: 'cancel', class: 'options-cancel', formNoValidate: true }, t('kds.cancel')),
        add,
      ),
    )
  );
  note.addEventListener('input', refresh);
  const dialog = /** @type {HTMLDialogElement} */ (
    h('dialog', { class: 'confirm confirm-parts options-dialog', 'aria-label': t('options.dialog', { dish: dish.name }) }, form)
  );
  document.body.append(dialog);
  refresh();
  dialog.showModal();
  // The first choice, as before (left to itself the dialog would focus the scrolling choices' box).
  /** @type {HTMLElement | null} */ (form.querySelector('input'))?.focus();
  return new Promise((resolve) =>
    dialog.addEventListener(
      'close',
      () => {
        dialog.remove();
        const picked = groups.flatMap((group) => group.options.filter((option) => chosen.has(option.id)).map((option) => option.id));
        resolve(
          dialog.returnValue === 'add' && choiceProblems(groups, chosen).length === 0
            ? { dish_id: dish.id, option_ids: picked, note: note.value.trim() || null, quantity }
            : null,
        );
      },
      { once: true },
    ),
  );
}
