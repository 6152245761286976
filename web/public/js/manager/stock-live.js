// What the manager must act on, live: orders marked short of an ingredient (from the stations'
// queues, which the now strip loads), and dishes running low (portions_left at or below the
// restaurant's low_portions), kept by dish events and settings.updated.
import { api, fetchAll } from '../lib/api.js';
import { $, h } from '../lib/dom.js';
import { isDishEvent } from '../lib/events.js';
import { formatList, formatNumber, t } from '../lib/i18n.js';
import { tableLabel } from '../lib/orders.js';
/** @import { Dish, KitchenOrder, LiveEvent } from '../../../types/api.js' */

export function createStockLive() {
  /** Every dish by id, with its portions_left. @type {Map<string, Dish>} */
  let dishes = new Map();
  let lowPortions = 10;
  /** @param {Dish} dish @returns {dish is Dish & { portions_left: number }} */
  const isLow = (dish) => typeof dish.portions_left === 'number' && dish.portions_left <= lowPortions;

  /** @param {KitchenOrder[][]} queues each station's queue (orders with all their tickets) */
  function showShortages(queues) {
    /** @type {Map<string, { order: KitchenOrder, short: string[] }>} */
    const orders = new Map();
    for (const order of queues.flat()) {
      const short = [...new Set((order.tickets ?? []).flatMap((ticket) => (ticket.short ?? []).map((mark) => mark.name)))];
      if (short.length > 0) orders.set(order.id, { order, short });
    }
    $('#shortage-rows').replaceChildren(
      ...[...orders.values()].map(({ order, short }) =>
        h(
          'li',
          { dataset: { orderId: order.id } },
          h('strong', {}, tableLabel(order)),
          ` ${t('manager.short-of', { name: order.name, ingredients: formatList(short) })}`,
        ),
      ),
    );
    $('#shortages-none').hidden = orders.size > 0;
  }

  function showLow() {
    const low = [...dishes.values()].filter(isLow).sort((a, b) => a.portions_left - b.portions_left || a.name.localeCompare(b.name));
    $('#low-rows').replaceChildren(
      ...low.map((dish) =>
        h(
          'li',
          { class: dish.portions_left === 0 ? 'out' : '', dataset: { dishId: dish.id } },
          h('strong', {}, formatNumber(dish.portions_left)),
          ` ${dish.name}`,
          h('small', {}, ` · ${t(`station.${dish.station}`)}`),
        ),
      ),
    );
    $('#low-none').hidden = low.length > 0;
    $('#low-note').textContent = t('manager.low-note', { limit: lowPortions });
  }

  async function reload() {
    try {
      const [menu, settings] = await Promise.all([fetchAll('/dishes'), api('GET', '/settings')]);
      dishes = new Map(menu.map((dish) => [dish.id, dish]));
      lowPortions = settings.low_portions;
      showLow();
    } catch {
      // Shown again at the next resync.
    }
  }

  /** @param {LiveEvent} event */
  function receive(event) {
    if (event.type === 'settings.updated') lowPortions = event.data.low_portions ?? lowPortions;
    else if (event.type === 'dish.deleted') dishes.delete(event.data.id);
    else if (event.type === 'dish.availability') {
      const held = dishes.get(event.data.id);
      if (held) dishes.set(held.id, { ...held, is_available: event.data.is_available, portions_left: event.data.portions_left });
    } else if (isDishEvent(event)) dishes.set(event.data.id, event.data);
    else return;
    showLow();
  }

  return { reload: () => void reload(), receive, showShortages };
}
