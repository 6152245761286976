// The stock page (/manager/stock): every ingredient with its stock and the dishes that use it, out
// and low ones first; a delivery added, a stock take, an ingredient added or deleted. It follows the
// menu room, which carries every stock change (`stock.updated`, one per commit: an order, a restock
// on another tablet), the ingredients' own events and the dishes' availability. Managers and chefs,
// as the API lets them change ingredients.
import { showLinkState, startHeaderClock } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { mountFrame } from '../lib/frame.js';
import { createPantry } from '../lib/pantry.js';
import { connectLive } from '../lib/live.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { currentRole, resumeSession, sessionEvents } from '../lib/session.js';
import { createChanges } from './changes.js';
import { createRows } from './rows.js';

/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;
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
  $('#stock-count').textContent = `${counts.out} out · ${counts.low} low · ${total} in all`;
  $('#low-limit').textContent = String(pantry.lowPortions());
  const none = $('#stock-none');
  none.hidden = counts.shown > 0;
  none.textContent =
    total === 0 ? 'No ingredients yet: add the first with + New ingredient.' : `No ingredient or dish matches “${filter.value.trim()}”.`;
  changes.refresh();
}

function start() {
  // The report is for managers: a chef following the link would be signed out there.
  $('#to-report').hidden = currentRole() !== 'manager';
  void pantry.load();
  if (socket) socket.connect();
  else
    socket = connectLive({
      rooms: ['menu'],
      onEvent: (event) => pantry.apply(event),
      onResync: () => void pantry.load(),
      onState: showLinkState,
    });
}

mountFrame({ signInTitle: 'Sign in to the stock', shown: 'these counts' });
$('#mute').hidden = true;
startHeaderClock();
filter.addEventListener('input', () => show(true));
// On a phone the Out/Low legend folds behind "?" (stock.css), so the rows fill the screen.
const ruleOpen = $('#rule-open');
ruleOpen.addEventListener('click', () => {
  const open = ruleOpen.getAttribute('aria-expanded') !== 'true';
  ruleOpen.setAttribute('aria-expanded', String(open));
  $('.stock-board').classList.toggle('rule-shown', open);
});
sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
guardWithLogin(start, 'stock');
if (await resumeSession()) resumeInto(start);
