// What is held for this station, in the line above the tickets: one short entry per held ticket
// (table, dishes, and a countdown to its fire time, or "held" while its course waits for the
// expeditor), not full tickets: nothing to bump before it fires.
import { t } from '../lib/i18n.js';
import { $, h } from '../lib/dom.js';
import { countDishes, formatAge, tableShort } from '../lib/orders.js';

/** @param {import('./entries.js').Entry[]} entries the held tickets */
export function showHeld(entries) {
  const sorted = [...entries].sort(
    (a, b) => (a.ticket.fire_at ?? '~').localeCompare(b.ticket.fire_at ?? '~') || a.key.localeCompare(b.key),
  );
  $('#held-items').replaceChildren(
    ...sorted.map((entry) =>
      h(
        'li',
        { class: 'held-item', dataset: { heldKey: entry.key } },
        h('strong', {}, tableShort(entry.order)),
        h(
          'span',
          { class: 'held-dishes' },
          ` ${countDishes(entry.order.dishes)
            .map(({ name, count }) => `${count}× ${name}`)
            .join(', ')} `,
        ),
        h('span', { class: 'held-when', dataset: { fireAt: entry.ticket.fire_at ?? '', course: String(entry.ticket.course ?? 1) } }),
      ),
    ),
  );
  $('#held').hidden = sorted.length === 0;
  refreshHeld();
}

/** Once a second: the countdowns. */
export function refreshHeld() {
  for (const when of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#held-items [data-fire-at]'))) {
    const fireAt = Date.parse(when.dataset.fireAt ?? '');
    if (Number.isNaN(fireAt)) when.textContent = t('kds.held-course', { course: when.dataset.course });
    else when.textContent = fireAt > Date.now() ? t('kds.fires-in', { time: formatAge(fireAt - Date.now()) }) : t('kds.firing');
  }
}
