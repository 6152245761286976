// The screens' language, in one home: which language this screen speaks, its message catalogue
// (ICU MessageFormat through intl-messageformat, web/public/i18n/<language>.json), and how numbers,
// prices, times and durations are written in it (Intl). Staff screens speak the restaurant's
// language (settings.language, written on the page by the server) unless someone picked another on
// this device; the ordering app and the menu board (`<html data-audience="guest">`) speak the
// guest's browser language. A choice made on the device is kept there and wins in both cases.
// Only this screen's catalogue is fetched, once the language is known, through a top-level await:
// every module that imports this one, so all of a page's own code, runs only once it is in, and
// builds the screen in its language; the page's `load` event finds it built (loadCatalogue). No
// other catalogue stands in for a missing key: the catalogue check (test/web/catalogues.test.ts)
// keeps every key in every language.
import { IntlMessageFormat } from '/boards/vendor/intl-messageformat.js';

export const LANGUAGES = /** @type {const} */ (['en', 'es', 'fr', 'de']);
/** @typedef {(typeof LANGUAGES)[number]} Language */
/** @typedef {Record<string, string | number | Date | null | undefined>} MessageValues */

const DEVICE_KEY = 'pos.language';
const root = document.documentElement;

/** @param {unknown} code @returns {Language | null} */
const asLanguage = (code) => {
  const primary = typeof code === 'string' ? code.toLowerCase().split('-')[0] : '';
  return LANGUAGES.find((language) => language === primary) ?? null;
};

/** The restaurant's, as the server wrote them on the page. */
const restaurantLanguage = asLanguage(root.dataset.language) ?? 'en';
export const currency = root.dataset.currency || 'USD';

/** The language picked on this device, if any. */
function deviceLanguage() {
  try {
    return asLanguage(localStorage.getItem(DEVICE_KEY));
  } catch {
    return null;
  }
}

/** The browser's first language this server speaks. */
const browserLanguage = () => navigator.languages.map(asLanguage).find(Boolean) ?? null;

const isGuestScreen = root.dataset.audience === 'guest';
/** @type {Language} */
export const language = deviceLanguage() ?? (isGuestScreen ? browserLanguage() : null) ?? restaurantLanguage;
root.lang = language;

/**
 * The catalogue of `chosen`. A top-level await does not hold the page's `load` event, a module
 * script still loading does: the catalogue's module (the server makes it for each language from one
 * text, server/plugins/boards.ts) is also put on the page as a script (the same module, fetched
 * once), so `load` comes after it, and after the page's code that waited for it.
 * @param {Language} chosen
 * @returns {Promise<Record<string, string>>}
 */
async function loadCatalogue(chosen) {
  const url = `/boards/js/lib/catalogues/${chosen}.js`;
  const loaded = import(url);
  const holdsLoad = document.createElement('script');
  holdsLoad.type = 'module';
  holdsLoad.src = url;
  document.head.append(holdsLoad);
  return (await loaded).default;
}
const catalogue = await loadCatalogue(language);
/** @type {Map<string, IntlMessageFormat>} */
const compiled = new Map();

/**
 * The message `key` in this screen's language, its ICU arguments filled from `values`.
 * @param {string} key @param {MessageValues} [values]
 * @returns {string}
 */
export function t(key, values) {
  let message = compiled.get(key);
  if (!message) {
    const source = catalogue[key];
    if (source === undefined) {
      console.error(`No message "${key}" in the ${language} catalogue`);
      return key;
    }
    message = new IntlMessageFormat(source, language);
    compiled.set(key, message);
  }
  return String(message.format(values));
}

/**
 * Puts the catalogue's words into a page's own markup: an element's `data-i18n` key replaces the element's
 * first text of its own (so a label keeps its input), and `data-i18n-aria-label`,
 * `data-i18n-placeholder`, `data-i18n-title` set those attributes.
 * @param {ParentNode} [within]
 */
export function translate(within = document) {
  for (const element of within.querySelectorAll('[data-i18n]')) {
    const text = t(/** @type {HTMLElement} */ (element).dataset.i18n ?? '');
    const own = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
    if (element.children.length === 0) element.textContent = text;
    else if (own) own.textContent = /\s$/.test(own.textContent ?? '') ? `${text} ` : text;
    else element.prepend(`${text} `);
  }
  for (const attribute of ['aria-label', 'placeholder', 'title']) {
    for (const element of within.querySelectorAll(`[data-i18n-${attribute}]`)) {
      element.setAttribute(attribute, t(element.getAttribute(`data-i18n-${attribute}`) ?? ''));
    }
  }
}

/** Keeps `language` on this device from now on and shows the page again in it. @param {Language} chosen */
export function chooseLanguage(chosen) {
  try {
    localStorage.setItem(DEVICE_KEY, chosen);
  } catch {
    // A device that keeps nothing still switches for this page.
  }
  location.reload();
}

/**
 * A small select of the four languages, each named in itself (Intl.DisplayNames, so no catalogue
 * holds them), that switches this device. `short`: the codes only ("DE"), for a staff board's bar,
 * where the station's name needs the room; each still named in itself to a screen reader.
 * @param {{ short?: boolean }} [options]
 * @returns {HTMLSelectElement}
 */
export function languagePicker({ short = false } = {}) {
  const select = document.createElement('select');
  select.className = 'language-picker';
  select.setAttribute('aria-label', t('language.pick'));
  for (const code of LANGUAGES) {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    const named = name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
    const option = new Option(short ? code.toUpperCase() : named, code, false, code === language);
    option.lang = code;
    if (short) option.setAttribute('aria-label', named);
    select.append(option);
  }
  select.addEventListener('change', () => chooseLanguage(/** @type {Language} */ (select.value)));
  return select;
}

/** A restaurant language change reaches a staff screen that follows it. @param {string} next */
export function followRestaurantLanguage(next) {
  if (deviceLanguage() === null && asLanguage(next) && next !== language) location.reload();
}

const prices = new Intl.NumberFormat(language, { style: 'currency', currency });
/** An amount in the restaurant's currency, written the language's way ("12,50 €", "$12.50"). @param {number} amount */
export const formatPrice = (amount) => prices.format(amount);

/** @param {number} value @param {Intl.NumberFormatOptions} [options] */
export const formatNumber = (value, options) => new Intl.NumberFormat(language, options).format(value);

const times = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
const secondsToo = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** A clock time, "14:05" or "2:05 PM" as the language writes it. @param {Date | number} at @param {{ seconds?: boolean }} [options] */
export const formatTime = (at, { seconds = false } = {}) => (seconds ? secondsToo : times).format(at);

/** @param {Date | number} at @param {Intl.DateTimeFormatOptions} options */
export const formatDate = (at, options) => new Intl.DateTimeFormat(language, options).format(at);

const minuteUnit = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
const secondUnit = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short' });
/** A duration as the language abbreviates it: "14 min", "45 s". @param {number} minutes */
export const formatMinutes = (minutes) => minuteUnit.format(minutes);
/** @param {number} seconds */
export const formatSeconds = (seconds) => secondUnit.format(seconds);

/** "Hot line and Pass" ("Hot line y Pass"). @param {string[]} words */
export const formatAnd = (words) => new Intl.ListFormat(language, { type: 'conjunction' }).format(words);

/** "milk, eggs" in the language's list style. @param {string[]} words */
export const formatList = (words) => new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(words);
