// The kitchen now, per station: open tickets, the oldest one's age (ticking) and how many run late
// now, by the report's own rule (older than the longest dish on the ticket plus 5 minutes), so the
// "Late tickets" tile can count the open ones too. Loaded from each station's queue and reloaded
// whenever an order event arrives.
import { fetchAll } from '../lib/api.js';
import { $, h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { lateAfter } from '../lib/lateness.js';
import { formatAge, STATIONS } from '../lib/orders.js';
import { ticketOf, ticketStartedAt } from '../lib/tickets.js';
/** @import { KitchenOrder } from '../../../types/api.js' */

const OPEN = ['Received', 'In Progress'];

/**
 * @param {() => void} onChange told when the late counts may have changed
 * @param {(queues: KitchenOrder[][]) => void} [onQueues] given each station's queue as loaded
 */
export function createNow(onChange, onQueues = () => {}) {
  /** Each station's open tickets: when they started and when they turn late (ms). */
  let open = new Map(STATIONS.map((station) => [station, /** @type {{ started: number, lateAt: number }[]} */ ([])]));
  let asked = 0;

  function mount() {
    $('#now').replaceChildren(
      ...STATIONS.map((station) =>
        h(
          'div',
          { class: 'now-station', dataset: { station } },
          h('h3', {}, t(`station.${station}`)),
          h('span', { class: 'now-figure' }, h('span', { class: 'now-open' }, '–'), h('small', {}, t('manager.open'))),
          h('span', { class: 'now-figure' }, h('span', { class: 'now-oldest' }, '–'), h('small', {}, t('manager.oldest'))),
          h(
            'span',
            { class: 'now-figure now-late-figure' },
            h('span', { class: 'now-late' }, '–'),
            h('small', {}, t('manager.late-now-label')),
          ),
        ),
      ),
    );
  }

  async function reload() {
    const mine = ++asked;
    try {
      /** @type {KitchenOrder[][]} */
      const queues = await Promise.all(STATIONS.map((station) => fetchAll(`/stations/${encodeURIComponent(station)}/tickets`)));
      if (mine !== asked) return;
      onQueues(queues);
      open = new Map(
        STATIONS.map((station, index) => [
          station,
          (queues[index] ?? [])
            .filter((order) => OPEN.includes(ticketOf(order, station)?.status ?? ''))
            .map((order) => {
              const started = ticketStartedAt(order, station);
              return { started, lateAt: started + lateAfter(order).veryLate * 60_000 };
            }),
        ]),
      );
      refresh();
      onChange();
    } catch {
      // Shown again with the next event or resync.
    }
  }

  /** Open tickets running late now, over every station. */
  const lateNow = (now = Date.now()) =>
    [...open.values()].reduce((sum, tickets) => sum + tickets.filter((ticket) => now > ticket.lateAt).length, 0);

  /** Once a second: ages tick and tickets turn late without an event. */
  function refresh() {
    const now = Date.now();
    for (const station of STATIONS) {
      const tickets = open.get(station) ?? [];
      const cell = $(`#now [data-station="${station}"]`);
      const late = tickets.filter((ticket) => now > ticket.lateAt).length;
      /** @type {HTMLElement} */ (cell.querySelector('.now-open')).textContent = String(tickets.length);
      /** @type {HTMLElement} */ (cell.querySelector('.now-oldest')).textContent = tickets.length
        ? formatAge(now - Math.min(...tickets.map((ticket) => ticket.started)))
        : '–';
      /** @type {HTMLElement} */ (cell.querySelector('.now-late')).textContent = String(late);
      cell.classList.toggle('has-late', late > 0);
    }
  }

  let lastLate = 0;
  setInterval(() => {
    refresh();
    if (lateNow() !== lastLate) {
      lastLate = lateNow();
      onChange();
    }
  }, 1_000);

  return { mount, reload: () => void reload(), lateNow };
}
