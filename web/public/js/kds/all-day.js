// The station's all-day counts: how many of each dish are on its open tickets, and what fires soon.
// Loaded from GET /stations/{station}/all-day and replaced by every `station.all_day` event.
import { api } from '../lib/api.js';
import { $, h } from '../lib/dom.js';
import { isOrderEvent } from '../lib/events.js';
/** @import { AllDay, LiveEvent } from '../../../types/api.js' */

/** @param {string} station */
export function createAllDay(station) {
  /** Newer loads win over older ones answered late. */
  let asked = 0;
  /** Until the server has pushed counts once, order events are followed by a reload instead. */
  let pushed = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let soon;

  /** @param {AllDay} counts */
  function show({ items, upcoming }) {
    /** @param {AllDay['items'][number]} item */
    const chip = ({ dish_id, name, quantity }) =>
      h(
        'li',
        { class: 'all-day-item', dataset: { dishId: dish_id } },
        h('span', { class: 'all-day-qty' }, String(quantity)),
        h('span', { class: 'all-day-name', title: name }, name),
      );
    $('#all-day-items').replaceChildren(...items.map(chip));
    $('#all-day-upcoming').replaceChildren(...upcoming.map(chip));
    $('#all-day-none').hidden = items.length > 0;
    $('#all-day-soon').hidden = upcoming.length === 0;
  }

  async function reload() {
    const mine = ++asked;
    try {
      const counts = await api('GET', `/stations/${encodeURIComponent(station)}/all-day`);
      if (mine === asked) show(counts);
    } catch {
      // The tickets' own load reports trouble; the counts come back with the next event or resync.
    }
  }

  /** @param {LiveEvent} event */
  function receive(event) {
    if (isOrderEvent(event) && !pushed) {
      clearTimeout(soon);
      soon = setTimeout(() => void reload(), 300);
    }
    if (event.type !== 'station.all_day' || event.data.station !== station) return;
    pushed = true;
    asked += 1;
    show(event.data);
  }

  return { reload: () => void reload(), receive };
}
