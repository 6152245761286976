// The board's frame: connection indicator, mute and sign-out buttons, and short notices.
import { $, h } from './dom.js';
import { isMuted, setMuted } from './beep.js';

const STATE_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Offline' };

/** @param {'connecting' | 'live' | 'reconnecting' | 'offline'} state @param {string} [detail] */
export function showLinkState(state, detail) {
  const indicator = $('#link');
  indicator.dataset.state = state;
  indicator.textContent = STATE_TEXT[state];
  indicator.title = detail ?? '';
}

export function wireMuteButton() {
  const button = /** @type {HTMLButtonElement} */ ($('#mute'));
  const show = () => {
    button.textContent = isMuted() ? 'Sound: off' : 'Sound: on';
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

/** A notice at the bottom of the screen for a few seconds (errors stay longer). */
export function notify(message, kind = 'info') {
  const area = $('#notice');
  area.replaceChildren(h('div', { class: `notice notice-${kind}`, role: 'status' }, message));
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => area.replaceChildren(), kind === 'error' ? 8_000 : 3_000);
}

/** Refreshes the clock in the header once a second. */
export function startHeaderClock() {
  const clock = $('#clock');
  const tick = () => (clock.textContent = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  tick();
  setInterval(tick, 1_000);
}
