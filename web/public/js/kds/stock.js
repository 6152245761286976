// Stock-outs at this station: its dishes that cannot be sold now (an essential ingredient ran out),
// listed above the tickets so a cook hears of an 86'd dish from the board, not from a guest.
// Loaded from GET /dishes and kept by the menu room's dish events.
import { fetchAll } from '../lib/api.js';
import { $, h } from '../lib/dom.js';

/** @param {string} station */
export function createStockOuts(station) {
  /** This station's dishes by id. */
  let dishes = new Map();

  function show() {
    const out = [...dishes.values()].filter((dish) => dish.is_available === false).sort((a, b) => a.name.localeCompare(b.name));
    $('#eighty-six-items').replaceChildren(...out.map((dish) => h('li', { dataset: { dishId: dish.id }, title: dish.name }, dish.name)));
    $('#eighty-six').hidden = out.length === 0;
  }

  async function reload() {
    try {
      const menu = await fetchAll('/dishes', { filter: `station.eq~${station}` });
      dishes = new Map(menu.map((dish) => [dish.id, dish]));
      show();
    } catch {
      // The tickets' own load reports trouble; the list comes back at the next resync.
    }
  }

  /** @param {string} type @param {any} data */
  function receive(type, data) {
    if (!type.startsWith('dish.')) return;
    const held = dishes.get(data.id);
    if (type === 'dish.deleted' || (type !== 'dish.availability' && data.station !== station)) dishes.delete(data.id);
    else if (type === 'dish.availability') {
      if (held) dishes.set(data.id, { ...held, is_available: data.is_available });
    } else dishes.set(data.id, data);
    show();
  }

  return { reload: () => void reload(), receive };
}
