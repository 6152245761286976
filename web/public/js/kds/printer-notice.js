// What the station's fallback printer does while this screen is away: the server prints the
// station's tickets once no screen of it has answered for 30 s. Offline that long, the screen says
// the printer has taken over; back online, it says from when to when, so the cooks look there for
// the chits printed meanwhile. Which printers serve the station comes from the settings.
import { api } from '../lib/api.js';
import { h } from '../lib/dom.js';
import { formatAnd, formatTime, t } from '../lib/i18n.js';
/** @import { LiveEvent, Printer } from '../../../types/api.js' */

/** The server's grace before a fallback printer takes over (docs/printers.md). */
const TAKEOVER_MS = 30_000;

/** @param {string} station */
export function createPrinterNotice(station) {
  /** The fallback printers of this station, by name. @type {string[]} */
  let names = [];
  /** @type {number | null} */
  let downSince = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const banner = h('p', { class: 'printer-banner', role: 'status', hidden: true });
  const dismiss = h('button', { type: 'button', class: 'printer-banner-ok', on: { click: () => (banner.hidden = true) } }, 'OK');
  let watching = false;

  const printers = () => ({ count: names.length, printers: formatAnd(names) });

  /** @param {string} text @param {boolean} withOk */
  function say(text, withOk) {
    banner.replaceChildren(text, ...(withOk ? [' ', dismiss] : []));
    banner.hidden = false;
  }

  /** @param {string | undefined} state */
  function linkChanged(state) {
    const now = Date.now();
    if (state !== 'live') {
      if (downSince !== null) return;
      downSince = now;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (downSince !== null && names.length > 0) say(t('printer.down', { since: formatTime(downSince), ...printers() }), false);
      }, TAKEOVER_MS);
      return;
    }
    clearTimeout(timer);
    const away = downSince;
    downSince = null;
    if (away !== null && now - away >= TAKEOVER_MS && names.length > 0)
      say(t('printer.back', { from: formatTime(away), to: formatTime(now), ...printers() }), true);
    else if (!banner.querySelector('button')) banner.hidden = true;
  }

  /** Follows the top bar's link indicator (js/lib/chrome.js), once the frame has put it there. */
  function watch() {
    const link = document.querySelector('#link');
    if (watching || !(link instanceof HTMLElement)) return;
    watching = true;
    document.querySelector('.bar')?.after(banner);
    new MutationObserver(() => linkChanged(link.dataset.state)).observe(link, { attributes: true, attributeFilter: ['data-state'] });
  }

  /** @param {Printer[]} printers */
  function follow(printers) {
    names = printers
      .filter((printer) => printer.mode === 'fallback' && printer.stations.includes(/** @type {any} */ (station)))
      .map((printer) => printer.name);
  }

  async function reload() {
    watch();
    try {
      follow((await api('GET', '/settings')).printers);
    } catch {
      // Read again at the next resync.
    }
  }

  /** @param {LiveEvent} event */
  function receive(event) {
    if (event.type === 'settings.updated') follow(event.data.printers);
  }

  return { reload: () => void reload(), receive };
}
