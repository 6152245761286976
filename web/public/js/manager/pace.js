// The kitchen's pace on the manager's page: per station the pace the quotes and fire times use now
// and tonight's cooks (settings.staffing: a number sets them, empty leaves them as learned), and per
// dish its menu minutes against what it really takes at this pace (GET /stations/{station}/pace).
import { api } from '../lib/api.js';
import { notify } from '../lib/chrome.js';
import { boardText } from '../lib/errors.js';
import { $, h } from '../lib/dom.js';
import { formatNumber, t } from '../lib/i18n.js';
import { STATIONS } from '../lib/orders.js';
/** @import { LiveEvent, Settings, StationPace } from '../../../types/api.js' */

export function createPacePanel() {
  const form = /** @type {HTMLFormElement} */ ($('#pace-form'));
  /** @type {Record<string, number | null>} */
  let staffing = {};
  /** @param {string} station */
  const input = (station) => /** @type {HTMLInputElement | null} */ (form.elements.namedItem(`cooks-${station}`));

  /** @param {StationPace[]} paces */
  function show(paces) {
    $('#pace-stations').replaceChildren(
      ...paces.map((pace) =>
        h(
          'tr',
          { dataset: { station: pace.station } },
          h('td', {}, t(`station.${pace.station}`)),
          h('td', {}, t('manager.pace-speed-value', { speed: pace.speed, learned: pace.learned_from })),
          h(
            'td',
            {},
            h('input', {
              name: `cooks-${pace.station}`,
              type: 'number',
              min: 1,
              max: 20,
              step: 1,
              value: staffing[pace.station] == null ? '' : String(staffing[pace.station]),
              placeholder: t('manager.pace-learned-cooks', { cooks: pace.cooks }),
              'aria-label': t('manager.pace-cooks-of', { station: pace.station }),
              class: 'pace-cooks',
            }),
          ),
        ),
      ),
    );
    const dishes = paces.flatMap((pace) => pace.dishes.map((dish) => ({ ...dish, station: pace.station })));
    $('#pace-dishes').replaceChildren(
      ...dishes.map((dish) =>
        h(
          'tr',
          { dataset: { dishId: dish.dish_id } },
          h('td', {}, dish.name),
          h('td', {}, t(`station.${dish.station}`)),
          h('td', {}, formatNumber(dish.menu_minutes)),
          h('td', { class: dish.minutes > dish.menu_minutes ? 'slower' : '' }, formatNumber(dish.minutes)),
        ),
      ),
    );
    $('#pace-dishes-none').hidden = dishes.length > 0;
  }

  async function reload() {
    try {
      const [settings, ...paces] = await Promise.all([
        /** @type {Promise<Settings>} */ (api('GET', '/settings')),
        ...STATIONS.map((station) => /** @type {Promise<StationPace>} */ (api('GET', `/stations/${station}/pace`))),
      ]);
      staffing = settings.staffing;
      show(paces);
    } catch {
      // Shown again at the next reload.
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    $('#pace-error').textContent = '';
    /** @type {Record<string, number | null>} */
    const change = {};
    for (const station of STATIONS) {
      const field = input(station);
      if (!field) continue;
      const value = field.value.trim() === '' ? null : Number(field.value);
      if (value !== (staffing[station] ?? null)) change[station] = value;
    }
    if (Object.keys(change).length === 0) return;
    try {
      await api('PATCH', '/settings', { staffing: change });
      notify(t('manager.saved'));
      await reload();
    } catch (error) {
      $('#pace-error').textContent = boardText(/** @type {Error} */ (error));
    }
  });

  /** @param {LiveEvent} event */
  function receive(event) {
    if (event.type === 'settings.updated') void reload();
  }

  return { reload: () => void reload(), receive };
}
