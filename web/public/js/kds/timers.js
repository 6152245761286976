// When a station's tickets turn amber and red. By default from the ticket's own dishes at the pace
// the station works now (GET /stations/{station}/pace, the quotes' pace): amber past the expected
// minutes (the longest preparation time times the pace), red past them plus the margin the kitchen
// report counts late by. A drink is judged as a drink, a braise as a braise. A station may set fixed
// minutes instead (remembered on this tablet, per station) with the Timers button.
import { api } from '../lib/api.js';
import { $, h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { LATE_MARGIN_MINUTES, lateAfter } from '../lib/lateness.js';
import { paceLine } from '../lib/pace-line.js';

/** The strip's line on the pace in use. @param {{ speed: number, cooks: number }} pace */
function showPace(pace) {
  const line = document.getElementById('pace');
  if (line) line.textContent = paceLine(pace);
}
/** @import { StationPace } from '../../../types/api.js' */

/** @typedef {{ late: number, veryLate: number }} Fixed */

/** @param {string} station */
export function createTimers(station) {
  const key = `pos.timers.${station}`;

  /** @returns {Fixed | null} */
  function fixed() {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
      return saved && saved.late > 0 && saved.veryLate > saved.late ? saved : null;
    } catch {
      return null;
    }
  }

  /** The station's pace, until the server says otherwise: the menu's times. */
  /** @type {Pick<StationPace, 'speed' | 'late_margin_minutes'>} */
  let pace = { speed: 1, late_margin_minutes: LATE_MARGIN_MINUTES };

  /** Asks the server for the station's pace; true when it changed. */
  async function loadPace() {
    try {
      /** @type {StationPace} */
      const now = await api('GET', `/stations/${encodeURIComponent(station)}/pace`);
      const changed = now.speed !== pace.speed || now.late_margin_minutes !== pace.late_margin_minutes;
      pace = now;
      showPace(now);
      return changed;
    } catch {
      // The tickets' own load reports trouble; the last pace holds until the next ask.
      return false;
    }
  }

  /**
   * The thresholds for a ticket of this order (its dishes here, their items' minutes), in minutes.
   * @param {Parameters<typeof lateAfter>[0]} order
   */
  function forOrder(order) {
    const set = fixed();
    return set ?? lateAfter(order, () => pace);
  }

  /** The Timers button opens a small form; saving re-renders the tickets. @param {() => void} onChange */
  function wire(onChange) {
    $('#timers').addEventListener('click', () => open(onChange));
  }

  /** @param {() => void} onChange */
  function open(onChange) {
    const set = fixed();
    /** @param {string} name @param {number} value */
    const number = (name, value) =>
      h('input', { name, type: 'number', min: 1, max: 240, step: 1, value: String(value), required: true, class: 'timer-minutes' });
    const form = h(
      'form',
      { method: 'dialog', class: 'timer-form' },
      h('h2', {}, t('kds.timers-title', { station: t(`station.${station}`) })),
      h(
        'label',
        { class: 'timer-choice' },
        h('input', { type: 'radio', name: 'mode', value: 'dishes', checked: !set }),
        ` ${t('kds.timers-dishes', { margin: LATE_MARGIN_MINUTES })}`,
      ),
      h(
        'label',
        { class: 'timer-choice' },
        h('input', { type: 'radio', name: 'mode', value: 'fixed', checked: Boolean(set) }),
        ` ${t('kds.timers-fixed')} `,
        number('late', set?.late ?? 10),
        ` ${t('kds.timers-red')} `,
        number('veryLate', set?.veryLate ?? 20),
        ` ${t('kds.timers-min')}`,
      ),
      h('p', { class: 'timer-error login-error', role: 'alert' }),
      h(
        'div',
        { class: 'confirm-actions' },
        h('button', { type: 'submit', value: 'cancel', formNoValidate: true }, t('kds.cancel')),
        h('button', { type: 'submit', value: 'save', class: 'confirm-stay' }, t('kds.save')),
      ),
    );
    const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { id: 'timer-settings', class: 'confirm' }, form));
    form.addEventListener('submit', (event) => {
      const data = new FormData(/** @type {HTMLFormElement} */ (form));
      if (/** @type {SubmitEvent} */ (event).submitter?.getAttribute('value') !== 'save') return;
      const late = Number(data.get('late'));
      const veryLate = Number(data.get('veryLate'));
      if (data.get('mode') === 'fixed' && !(veryLate > late)) {
        event.preventDefault();
        $('.timer-error').textContent = t('kds.timers-order');
        return;
      }
      if (data.get('mode') === 'fixed') localStorage.setItem(key, JSON.stringify({ late, veryLate }));
      else localStorage.removeItem(key);
      onChange();
    });
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  }

  return { forOrder, wire, loadPace };
}
