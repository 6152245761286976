// The stock page (/manager/stock): every ingredient with its stock and the dishes that use it, out
// and low ones first; a delivery added, a stock take, an ingredient added or deleted. It follows the
// menu room, which carries every stock change (`stock.updated`, one per commit: an order, a restock
// on another tablet), the ingredients' own events and the dishes' availability. Managers and chefs,
// as the API lets them change ingredients.
import { api, fetchAll } from '../lib/api.js';
import { notify, showLinkState, startHeaderClock } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { boardText } from '../lib/errors.js';
import { isDishEvent } from '../lib/events.js';
import { mountFrame } from '../lib/frame.js';
import { connectLive } from '../lib/live.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { applyDishEvent } from '../lib/menu-book.js';
import { currentRole, resumeSession, sessionEvents } from '../lib/session.js';
import { isFresher } from '../lib/sync.js';
import { createChanges } from './changes.js';
import { createRows } from './rows.js';
/** @import { Dish, Ingredient, LiveEvent } from '../../../types/api.js' */

/** @type {Map<string, Ingredient>} */
let ingredients = new Map();
/** @type {Map<string, Dish>} */
let dishes = new Map();
/** The restaurant's low_portions (GET /settings), read at every load. */
let lowPortions = 10;
/** Events that arrive while a snapshot loads, applied on top of it. @type {LiveEvent[] | null} */
let held = null;
let generation = 0;
/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;
/** Ingredients whose stock moved: their dishes' portions are read again from the server, in one call. */
const moved = new Set();
/** @type {ReturnType<typeof setTimeout> | undefined} */
let dishesSoon;
const DISHES_AFTER_MS = 250;

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
  saved: (ingredient) => apply({ type: 'ingredient.updated', data: ingredient }),
  named: (name) => [...ingredients.values()].find((each) => each.name.toLocaleLowerCase() === name.toLocaleLowerCase()),
  buttonOf: (id, action) => rows.rowOf(id)?.querySelector(`[data-action="${action}"]`) ?? null,
  deleted: (id) => {
    ingredients.delete(id);
    show();
  },
});

function show(resort = false) {
  const counts = rows.show(ingredients, dishes, lowPortions, filter.value, resort);
  const total = ingredients.size;
  $('#stock-count').textContent = `${counts.out} out · ${counts.low} low · ${total} in all`;
  $('#low-limit').textContent = String(lowPortions);
  const none = $('#stock-none');
  none.hidden = counts.shown > 0;
  none.textContent =
    total === 0 ? 'No ingredients yet: add the first with + New ingredient.' : `No ingredient or dish matches “${filter.value.trim()}”.`;
  changes.refresh();
}

async function load() {
  const mine = ++generation;
  held = [];
  try {
    const [stock, menu, settings] = await Promise.all([fetchAll('/ingredients'), fetchAll('/dishes'), api('GET', '/settings')]);
    if (mine !== generation) return;
    ingredients = new Map(stock.map((ingredient) => [ingredient.id, ingredient]));
    dishes = new Map(menu.map((dish) => [dish.id, dish]));
    lowPortions = settings.low_portions;
    const missed = held;
    held = null;
    for (const event of missed) apply(event, false);
    show();
  } catch (error) {
    if (mine !== generation) return;
    held = null;
    notify(`Could not load the stock. ${boardText(/** @type {Error} */ (error))}`, 'error', { label: 'Try again', run: () => void load() });
  }
}

/** @param {LiveEvent} event @param {boolean} [render] */
function apply(event, render = true) {
  if (held) return void held.push(event);
  if (event.type === 'stock.updated') {
    for (const level of event.data.ingredients) {
      const ingredient = ingredients.get(level.id);
      if (ingredient && isFresher(ingredient, level)) ingredients.set(level.id, { ...ingredient, ...level });
      moved.add(level.id);
    }
    clearTimeout(dishesSoon);
    dishesSoon = setTimeout(() => void reloadDishes(), DISHES_AFTER_MS);
  } else if (event.type === 'ingredient.deleted') ingredients.delete(event.data.id);
  else if (event.type === 'ingredient.created' || event.type === 'ingredient.updated') {
    if (isFresher(ingredients.get(event.data.id), event.data)) ingredients.set(event.data.id, event.data);
  } else if (event.type === 'settings.updated') lowPortions = event.data.low_portions;
  else if (isDishEvent(event)) applyDishEvent(dishes, event);
  else return;
  if (render) show();
}

/**
 * The dishes that use ingredients whose stock moved, as the server counts their portions now (the
 * menu room is told of a dish's portions only at or below low_portions, and of its availability
 * only when it flips).
 */
async function reloadDishes() {
  const ids = [...moved];
  moved.clear();
  if (ids.length === 0) return;
  try {
    const fresh = await fetchAll('/dishes', { filter: `ingredients.ingredient_id.in~${ids.join(',')}` });
    for (const dish of fresh) dishes.set(dish.id, dish);
    show();
  } catch {
    // The next stock change or resync reads them again.
  }
}

function start() {
  // The report is for managers: a chef following the link would be signed out there.
  $('#to-report').hidden = currentRole() !== 'manager';
  void load();
  if (socket) socket.connect();
  else socket = connectLive({ rooms: ['menu'], onEvent: (event) => apply(event), onResync: () => void load(), onState: showLinkState });
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
