// Stock at this station: its dishes that cannot be sold now (an essential ingredient ran out), and
// those running low ("Steak 4 left · about 6 min"), listed above the tickets so a cook hears of an
// 86'd dish from the board, not from a guest. Loaded from GET /dishes and kept by the dish events
// (dish.availability carries portions_left once a dish is at or below the restaurant's low_portions,
// read from GET /settings and kept by settings.updated).
import { t } from '../lib/i18n.js';
import { api, fetchAll } from '../lib/api.js';
import { $, h } from '../lib/dom.js';
import { isDishEvent } from '../lib/events.js';
/** @import { Dish, LiveEvent } from '../../../types/api.js' */

/**
 * @param {string} station
 * @param {(dishId: string) => number} pace portions of the dish ordered per minute lately
 */
export function createStockOuts(station, pace = () => 0) {
  /** This station's dishes by id. @type {Map<string, Dish>} */
  let dishes = new Map();
  /** At or below this many portions a dish is running low (the restaurant's setting). */
  let lowPortions = 10;
  /** @param {Dish} dish @returns {dish is Dish & { portions_left: number }} */
  const isLow = (dish) => dish.is_available !== false && typeof dish.portions_left === 'number' && dish.portions_left <= lowPortions;

  function show() {
    const out = [...dishes.values()].filter((dish) => dish.is_available === false).sort((a, b) => a.name.localeCompare(b.name));
    $('#eighty-six-items').replaceChildren(...out.map((dish) => h('li', { dataset: { dishId: dish.id }, title: dish.name }, dish.name)));
    $('#eighty-six').hidden = out.length === 0;
    const low = [...dishes.values()].filter(isLow).sort((a, b) => a.portions_left - b.portions_left || a.name.localeCompare(b.name));
    $('#low-items').replaceChildren(
      ...low.map((dish) => h('li', { class: 'low-item', dataset: { dishId: dish.id }, title: dish.name }, lowText(dish))),
    );
    $('#low').hidden = low.length === 0;
  }

  /** "Steak 4 left · about 6 min" at the pace of the last minutes; without orders lately, no estimate. @param {Dish & { portions_left: number }} dish */
  function lowText(dish) {
    const perMinute = pace(dish.id);
    const minutes = perMinute > 0 ? Math.max(1, Math.round(dish.portions_left / perMinute)) : null;
    return minutes === null
      ? t('kds.low-item', { dish: dish.name, count: dish.portions_left })
      : t('kds.low-item-pace', { dish: dish.name, count: dish.portions_left, minutes });
  }

  async function reload() {
    try {
      const [menu, settings] = await Promise.all([
        fetchAll('/dishes', { filter: `station.eq~${station}` }),
        api('GET', '/settings').catch(() => null),
      ]);
      dishes = new Map(menu.map((dish) => [dish.id, dish]));
      if (settings) lowPortions = settings.low_portions;
      show();
    } catch {
      // The tickets' own load reports trouble; the list comes back at the next resync.
    }
  }

  /** @param {LiveEvent} event */
  function receive(event) {
    if (event.type === 'settings.updated') {
      lowPortions = event.data.low_portions ?? lowPortions;
      show();
      return;
    }
    if (!isDishEvent(event)) return;
    const held = dishes.get(event.data.id);
    if (event.type === 'dish.deleted' || (event.type !== 'dish.availability' && event.data.station !== station))
      dishes.delete(event.data.id);
    else if (event.type === 'dish.availability') {
      if (held) dishes.set(held.id, { ...held, is_available: event.data.is_available, portions_left: event.data.portions_left });
    } else dishes.set(event.data.id, event.data);
    show();
  }

  return { reload: () => void reload(), receive, refresh: show };
}
