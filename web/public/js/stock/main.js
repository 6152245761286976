// The stock page (/manager/stock): every ingredient with its stock and the dishes that use it, out
// and low ones first; a delivery added, a stock take, an ingredient added or deleted. It follows the
// menu room, which carries every stock change (`stock.updated`, one per commit: an order, a restock
// on another tablet), the ingredients' own events and the dishes' availability. Managers and chefs,
// as the API lets them change ingredients.
import { $ } from '../lib/dom.js';
import { formatNumber, t, translate } from '../lib/i18n.js';
import { createPantry } from '../lib/pantry.js';
import { openPantryPage } from '../lib/pantry-page.js';
import { createChanges } from './changes.js';
import { createRows } from './rows.js';

const pantry = createPantry({ what: 'stock', changed: () => show() });
const { ingredients, dishes } = pantry;

const filter = /** @type {HTMLInputElement} */ ($('#filter'));
const rows = createRows(
  $('#stock-rows'),
  (action, id) => changes.start(action, id),
  () => show(),
);
const changes = createChanges({
  ingredient: (id) => ingredients.get(id),
  usedBy: (id) =>
    [...dishes.values()]
      .filter((dish) => dish.ingredients.some((entry) => entry.ingredient_id === id))
      .sort((a, b) => a.name.localeCompare(b.name)),
  saved: (ingredient) => pantry.apply({ type: 'ingredient.updated', data: ingredient }),
  named: (name) => [...ingredients.values()].find((each) => each.name.toLocaleLowerCase() === name.toLocaleLowerCase()),
  buttonOf: (id, action) => rows.rowOf(id)?.querySelector(`[data-action="${action}"]`) ?? null,
  deleted: (id) => {
    ingredients.delete(id);
    show();
  },
});

function show(resort = false) {
  const counts = rows.show(ingredients, dishes, pantry.lowPortions(), filter.value, resort);
  const total = ingredients.size;
  $('#stock-count').textContent = t('stock.counts', { out: counts.out, low: counts.low, total });
  $('#low-limit').textContent = formatNumber(pantry.lowPortions());
  const none = $('#stock-none');
  none.hidden = counts.shown > 0;
  none.textContent = total === 0 ? t('stock.none') : t('stock.no-match', { filter: filter.value.trim() });
  changes.refresh();
}

filter.addEventListener('input', () => show(true));
// On a phone the Out/Low legend folds behind "?" (stock.css), so the rows fill the screen.
const ruleOpen = $('#rule-open');
ruleOpen.addEventListener('click', () => {
  const open = ruleOpen.getAttribute('aria-expanded') !== 'true';
  ruleOpen.setAttribute('aria-expanded', String(open));
  $('.stock-board').classList.toggle('rule-shown', open);
});
translate();
await openPantryPage(pantry, { signInTitle: t('stock.sign-in'), shown: 'counts', who: 'stock' });
