// The restaurant's settings a manager changes from the report page: the time zone (the report's
// days and hours), the wait limit (patrons' orders quoted beyond it are refused), when a dish
// counts as running low, the staff screens' language and the currency of every price. PATCH
// /settings with what changed; settings.updated and every (re)connection's reload keep the form
// current, but never over a field the manager has changed and not yet saved.
import { api } from '../lib/api.js';
import { notify } from '../lib/chrome.js';
import { boardText } from '../lib/errors.js';
import { $ } from '../lib/dom.js';
import { followRestaurantLanguage, language, LANGUAGES, t } from '../lib/i18n.js';
/** @import { LiveEvent, Settings } from '../../../types/api.js' */

/** @param {() => void} onSaved the report follows a new time zone */
export function createSettingsForm(onSaved) {
  const form = /** @type {HTMLFormElement} */ ($('#settings-form'));
  /** @param {string} name */
  const field = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  let shown = /** @type {Settings | null} */ (null);
  // Each language named in itself; each currency the runtime knows, named in this screen's language.
  const languages = /** @type {HTMLSelectElement} */ (form.elements.namedItem('language'));
  languages.replaceChildren(
    ...LANGUAGES.map((code) => {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
      return new Option(name.charAt(0).toLocaleUpperCase(code) + name.slice(1), code);
    }),
  );
  const currencyNames = new Intl.DisplayNames([language], { type: 'currency' });
  $('#currencies').replaceChildren(
    ...Intl.supportedValuesOf('currency').map((code) => {
      const option = new Option(currencyNames.of(code) ?? code, code);
      option.label = `${code} · ${currencyNames.of(code) ?? code}`;
      return option;
    }),
  );

  /** Per field, the text it was last filled with from the server: a field showing anything else is being edited. */
  const loaded = new Map();

  /**
   * Fills the form with the server's settings. An edit not yet saved (a field no longer showing
   * what was last loaded into it) stays as typed unless `all`: after a save, whose answer holds it.
   * @param {Settings} settings @param {{ all?: boolean }} [options]
   */
  function show(settings, { all = false } = {}) {
    shown = settings;
    const texts = {
      time_zone: settings.time_zone,
      max_wait_minutes: settings.max_wait_minutes === null ? '' : String(settings.max_wait_minutes),
      low_portions: String(settings.low_portions),
      language: settings.language,
      currency: settings.currency,
    };
    for (const [name, text] of Object.entries(texts)) {
      const element = /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
      const edited = loaded.has(name) && element.value !== loaded.get(name);
      if (all || !edited) element.value = text;
      loaded.set(name, text);
    }
    followRestaurantLanguage(settings.language);
  }

  /** Only the fields that differ from what the server holds. */
  function changes() {
    const wait = field('max_wait_minutes').value.trim();
    const next = {
      time_zone: field('time_zone').value.trim(),
      max_wait_minutes: wait === '' ? null : Number(wait),
      low_portions: Number(field('low_portions').value),
      language: languages.value,
      currency: field('currency').value.trim().toUpperCase(),
    };
    return Object.fromEntries(Object.entries(next).filter(([name, value]) => shown?.[/** @type {keyof typeof next} */ (name)] !== value));
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const change = changes();
    $('#settings-error').textContent = '';
    if (Object.keys(change).length === 0) return;
    try {
      show(await api('PATCH', '/settings', change), { all: true });
      notify(t('manager.saved'));
      onSaved();
    } catch (error) {
      $('#settings-error').textContent = boardText(/** @type {Error} */ (error));
    }
  });

  async function reload() {
    try {
      show(await api('GET', '/settings'));
    } catch {
      // Shown again at the next resync.
    }
  }

  /** @param {LiveEvent} event */
  function receive(event) {
    if (event.type === 'settings.updated') show(event.data);
  }

  return { reload: () => void reload(), receive };
}
