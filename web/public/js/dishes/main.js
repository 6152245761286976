// The menu editor (/manager/menu): every dish by category with its station, price, minutes, whether
// it sells now and its allergens; a new dish, a dish changed or deleted. It follows the menu room:
// dish events (another tablet's change, availability flips), the ingredients' events (the recipe
// picker's names) and stock changes (portions read again). Chefs and managers, as the API lets them
// change dishes.
import { $ } from '../lib/dom.js';
import { t, translate } from '../lib/i18n.js';
import { createPantry } from '../lib/pantry.js';
import { openPantryPage } from '../lib/pantry-page.js';
import { createEditor } from './editor.js';
import { createRows } from './rows.js';

const pantry = createPantry({ what: 'menu', changed: () => show() });
const { ingredients, dishes } = pantry;

const filter = /** @type {HTMLInputElement} */ ($('#filter'));
const rows = createRows($('#dish-sections'), $('#dish-jump'), (action, id) => editor.start(action, id));
const editor = createEditor({
  dish: (id) => dishes.get(id),
  ingredients: () => ingredients,
  saved: (dish) => pantry.apply({ type: 'dish.updated', data: dish }),
  deleted: (id) => {
    dishes.delete(id);
    show();
  },
  buttonOf: rows.buttonOf,
});

function show() {
  const shown = rows.show(dishes, ingredients, pantry.lowPortions(), filter.value);
  const all = [...dishes.values()];
  const out = all.filter((dish) => !dish.is_available).length;
  $('#dish-count').textContent = t('dishes.counts', { count: all.length, out });
  const none = $('#dishes-none');
  none.hidden = shown > 0;
  none.textContent = all.length === 0 ? t('dishes.none') : t('dishes.no-match', { filter: filter.value.trim() });
  editor.refresh();
}

filter.addEventListener('input', () => show());
$('#new-dish').addEventListener('click', () => editor.start('new'));
translate();
await openPantryPage(pantry, { signInTitle: t('dishes.sign-in'), shown: 'menu', who: 'menu' });
