// The board's frame at work: connection indicator (and the stale look of a board whose link is
// down), mute button, header clock, and short notices, some with an action such as "Send again".
import { $, h } from './dom.js';
import { isMuted, setMuted } from './beep.js';
import { formatTime, t } from './i18n.js';

/** When the link went down; null while live. */
let downSince = /** @type {Date | null} */ (null);
/** Only a board that has been live has something on screen that can go stale. */
let everLive = false;

/** True while the live link is up: a board only sends taps then. */
export const linkIsLive = () => document.querySelector('#link')?.getAttribute('data-state') === 'live';

/** @param {'connecting' | 'live' | 'reconnecting' | 'offline'} state @param {string} [detail] */
export function showLinkState(state, detail) {
  const indicator = $('#link');
  const wasLive = indicator.dataset.state === 'live';
  indicator.dataset.state = state;
  indicator.textContent = t(`link.${state}`);
  indicator.title = detail ?? '';
  if (state === 'live') {
    downSince = null;
    everLive = true;
  } else if (wasLive || !downSince) downSince = new Date();
  // Everything on screen may be out of date: dim it and say since when, until the link is back.
  const stale = state !== 'live' && everLive;
  document.body.classList.toggle('link-down', state !== 'live');
  const banner = document.querySelector('#stale');
  if (!(banner instanceof HTMLElement)) return;
  banner.hidden = !stale;
  const since = downSince ? formatTime(downSince, { seconds: true }) : '';
  banner.textContent = stale ? `${t('link.stale', { since, shown: banner.dataset.shown })} ${detail ?? ''}`.trim() : '';
}

export function wireMuteButton() {
  const button = /** @type {HTMLButtonElement} */ ($('#mute'));
  const show = () => {
    button.textContent = isMuted() ? t('sound.off') : t('sound.on');
    button.setAttribute('aria-pressed', String(isMuted()));
  };
  button.addEventListener('click', () => {
    setMuted(!isMuted());
    show();
  });
  show();
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let noticeTimer;

/**
 * A notice at the bottom of the screen for a few seconds (errors stay longer, and one with an
 * action until it is used or replaced).
 * @param {string} message @param {'info' | 'error'} [kind] @param {{ label: string, run: () => void }} [action]
 */
export function notify(message, kind = 'info', action) {
  const area = $('#notice');
  const button =
    action &&
    h(
      'button',
      {
        type: 'button',
        class: 'notice-action',
        on: {
          click: () => {
            area.replaceChildren();
            action.run();
          },
        },
      },
      action.label,
    );
  area.replaceChildren(h('div', { class: `notice notice-${kind}`, role: 'status' }, h('span', {}, message), button));
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => area.replaceChildren(), action ? 20_000 : kind === 'error' ? 8_000 : 3_000);
}

/** Refreshes the clock in the header once a second. */
export function startHeaderClock() {
  const clock = $('#clock');
  const tick = () => (clock.textContent = formatTime(new Date()));
  tick();
  setInterval(tick, 1_000);
}
