// Every ingredient and dish, and the restaurant's low_portions, as the stock page and the menu
// editor hold them: read from the REST lists, then kept in step with the menu room. Events that
// arrive while a snapshot loads are held and applied on top of it. A stock change updates its
// ingredients at once and reads the dishes that use them again, in one call: the menu room is told
// of a dish's portions only at or below low_portions, and of its availability only when it flips.
import { api, fetchAll } from './api.js';
import { notify } from './chrome.js';
import { boardText } from './errors.js';
import { isDishEvent } from './events.js';
import { t } from './i18n.js';
import { applyDishEvent } from './menu-book.js';
import { isFresher } from './sync.js';
/** @import { Dish, Ingredient, LiveEvent } from '../../../types/api.js' */

/** The dishes of moved ingredients are read this long after the first move (a commit's moves together). */
const DISHES_AFTER_MS = 250;

/**
 * @param {{ what: string, changed: () => void }} options `what` names the page's records in the
 *   load failure's notice ("stock", "menu"); `changed` runs after a load or an event that changed something
 */
export function createPantry({ what, changed }) {
  /** @type {Map<string, Ingredient>} */
  const ingredients = new Map();
  /** @type {Map<string, Dish>} */
  const dishes = new Map();
  /** The restaurant's low_portions (GET /settings): "N left" shows from there down, as the menu room is told. */
  let lowPortions = 10;
  /** @type {LiveEvent[] | null} */
  let held = null;
  let generation = 0;
  /** Ingredients whose stock moved: their dishes' portions are read again. */
  const moved = new Set();
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let dishesSoon;

  async function load() {
    const mine = ++generation;
    held = [];
    try {
      const [stock, menu, settings] = await Promise.all([fetchAll('/ingredients'), fetchAll('/dishes'), api('GET', '/settings')]);
      if (mine !== generation) return;
      refill(ingredients, stock);
      refill(dishes, menu);
      lowPortions = settings.low_portions;
      const missed = held;
      held = null;
      for (const event of missed) apply(event, false);
      changed();
    } catch (error) {
      if (mine !== generation) return;
      held = null;
      notify(t('pantry.load-failed', { what, reason: boardText(/** @type {Error} */ (error)) }), 'error', {
        label: t('pantry.retry'),
        run: () => void load(),
      });
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
    if (render) changed();
  }

  /** The dishes that use ingredients whose stock moved, as the server counts their portions now. */
  async function reloadDishes() {
    const ids = [...moved];
    moved.clear();
    if (ids.length === 0) return;
    try {
      const fresh = await fetchAll('/dishes', { filter: `ingredients.ingredient_id.in~${ids.join(',')}` });
      // A dish deleted meanwhile stays deleted.
      for (const dish of fresh) if (dishes.has(dish.id)) dishes.set(dish.id, dish);
      changed();
    } catch {
      // The next stock change or resync reads them again.
    }
  }

  return { ingredients, dishes, lowPortions: () => lowPortions, load, apply };
}

/** @template {{ id: string }} T @param {Map<string, T>} map @param {T[]} records */
function refill(map, records) {
  map.clear();
  for (const record of records) map.set(record.id, record);
}
