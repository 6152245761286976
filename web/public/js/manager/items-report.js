// The kitchen report's items: units sold per dish with the units voided before and after the
// kitchen started them (those after are waste), and the dishes cooked again per station and reason.
import { $, h } from '../lib/dom.js';
import { formatNumber, t } from '../lib/i18n.js';
import { REMAKE_REASONS } from '../lib/items.js';
import { STATIONS } from '../lib/orders.js';
/** @import { KitchenReport, RemakeReason } from '../../../types/api.js' */

const REASONS = /** @type {RemakeReason[]} */ (Object.keys(REMAKE_REASONS));

/** @param {KitchenReport} report */
export function showItemsReport(report) {
  const dishes = [...report.items.dishes].sort((a, b) => b.sold - a.sold || a.name.localeCompare(b.name));
  $('#dish-rows').replaceChildren(
    ...dishes.map((dish) =>
      h(
        'tr',
        { dataset: { dishId: dish.dish_id } },
        h('td', {}, dish.name),
        h('td', {}, formatNumber(dish.sold)),
        h('td', {}, formatNumber(dish.voided_before_start)),
        h('td', { class: dish.voided_after_start > 0 ? 'waste' : '' }, formatNumber(dish.voided_after_start)),
      ),
    ),
  );
  $('#dishes-none').hidden = dishes.length > 0;

  const remakes = report.remakes.counts;
  /** @param {string} station @param {RemakeReason} reason */
  const count = (station, reason) =>
    remakes.filter((each) => each.station === station && each.reason === reason).reduce((sum, each) => sum + each.count, 0);
  const stations = STATIONS.filter((station) => remakes.some((each) => each.station === station && each.count > 0));
  // A station a line, its total first, then each reason it had: "Hot 3 · Sent back 2 · Dropped 1".
  $('#remake-rows').replaceChildren(
    ...stations.map((station) => {
      const counts = REASONS.map((reason) => ({ reason, n: count(station, reason) })).filter(({ n }) => n > 0);
      return h(
        'li',
        { dataset: { station } },
        h('strong', { class: 'remake-station' }, t(`station.${station}`)),
        h('span', { class: 'remake-total' }, formatNumber(counts.reduce((sum, { n }) => sum + n, 0))),
        ...counts.map(({ reason, n }) =>
          h('span', { class: 'remake-reason', dataset: { reason } }, `${REMAKE_REASONS[reason]} ${formatNumber(n)}`),
        ),
      );
    }),
  );
  $('#remakes-none').hidden = stations.length > 0;
}
