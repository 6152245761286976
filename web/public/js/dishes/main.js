// The menu editor (/manager/menu): every dish by category with its station, price, minutes, whether
// it sells now and its allergens; a new dish, a dish changed or deleted. It follows the menu room:
// dish events (another tablet's change, availability flips), the ingredients' events (the recipe
// picker's names) and stock changes (portions read again). Chefs and managers, as the API lets them
// change dishes.
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
import { createEditor } from './editor.js';
import { createRows } from './rows.js';
/** @import { Dish, Ingredient, LiveEvent } from '../../../types/api.js' */

/** @type {Map<string, Dish>} */
let dishes = new Map();
/** @type {Map<string, Ingredient>} */
let ingredients = new Map();
/** The restaurant's low_portions (GET /settings): "N left" shows from there down, as the menu room is told. */
let lowPortions = 10;
/** Events that arrive while a snapshot loads, applied on top of it. @type {LiveEvent[] | null} */
let held = null;
let generation = 0;
/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;
/** Ingredients whose stock moved: their dishes' portions are read again, in one call. */
const moved = new Set();
/** @type {ReturnType<typeof setTimeout> | undefined} */
let dishesSoon;
const DISHES_AFTER_MS = 250;

const filter = /** @type {HTMLInputElement} */ ($('#filter'));
const rows = createRows($('#dish-sections'), $('#dish-jump'), (action, id) => editor.start(action, id));
const editor = createEditor({
  dish: (id) => dishes.get(id),
  ingredients: () => ingredients,
  saved: (dish) => apply({ type: 'dish.updated', data: dish }),
  deleted: (id) => {
    dishes.delete(id);
    show();
  },
  buttonOf: rows.buttonOf,
});

function show() {
  const shown = rows.show(dishes, ingredients, lowPortions, filter.value);
  const all = [...dishes.values()];
  const out = all.filter((dish) => !dish.is_available).length;
  $('#dish-count').textContent = `${all.length} ${all.length === 1 ? 'dish' : 'dishes'} · ${out} sold out`;
  const none = $('#dishes-none');
  none.hidden = shown > 0;
  none.textContent = all.length === 0 ? 'No dishes yet: add the first with + New dish.' : `No dish matches “${filter.value.trim()}”.`;
  editor.refresh();
}

async function load() {
  const mine = ++generation;
  held = [];
  try {
    const [menu, stock, settings] = await Promise.all([fetchAll('/dishes'), fetchAll('/ingredients'), api('GET', '/settings')]);
    if (mine !== generation) return;
    dishes = new Map(menu.map((dish) => [dish.id, dish]));
    ingredients = new Map(stock.map((ingredient) => [ingredient.id, ingredient]));
    lowPortions = settings.low_portions;
    const missed = held;
    held = null;
    for (const event of missed) apply(event, false);
    show();
  } catch (error) {
    if (mine !== generation) return;
    held = null;
    notify(`Could not load the menu. ${boardText(/** @type {Error} */ (error))}`, 'error', { label: 'Try again', run: () => void load() });
  }
}

/** @param {LiveEvent} event @param {boolean} [render] */
function apply(event, render = true) {
  if (held) return void held.push(event);
  if (event.type === 'stock.updated') {
    for (const level of event.data.ingredients) moved.add(level.id);
    clearTimeout(dishesSoon);
    dishesSoon = setTimeout(() => void reloadDishes(), DISHES_AFTER_MS);
    return;
  }
  if (event.type === 'ingredient.deleted') ingredients.delete(event.data.id);
  else if (event.type === 'ingredient.created' || event.type === 'ingredient.updated') {
    if (isFresher(ingredients.get(event.data.id), event.data)) ingredients.set(event.data.id, event.data);
  } else if (event.type === 'settings.updated') lowPortions = event.data.low_portions;
  else if (isDishEvent(event)) applyDishEvent(dishes, event);
  else return;
  if (render) show();
}

/**
 * The dishes using ingredients whose stock moved, as the server counts their portions now (the menu
 * room hears of portions only at or below low_portions, and of availability only when it flips).
 */
async function reloadDishes() {
  const ids = [...moved];
  moved.clear();
  if (ids.length === 0) return;
  try {
    const fresh = await fetchAll('/dishes', { filter: `ingredients.ingredient_id.in~${ids.join(',')}` });
    for (const dish of fresh) if (dishes.has(dish.id)) dishes.set(dish.id, dish);
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

mountFrame({ signInTitle: 'Sign in to the menu editor', shown: 'this menu' });
$('#mute').hidden = true;
startHeaderClock();
filter.addEventListener('input', () => show());
$('#new-dish').addEventListener('click', () => editor.start('new'));
sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
guardWithLogin(start, 'menu');
if (await resumeSession()) resumeInto(start);
