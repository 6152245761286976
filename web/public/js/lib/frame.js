// The markup every staff board shares, built in one place: the right end of the top bar (sound,
// link, clock, who, sign out), the "connection lost" banner, the sign-in form, the sign-out
// confirmation and the notice area. A page's HTML holds only its own parts.
import { h } from './dom.js';
import { languagePicker, t } from './i18n.js';
import { managerNav } from './manager-nav.js';

/**
 * @param {{ signInTitle: string, shown: string, nav?: 'manager' }} options `signInTitle` in the screen's
 *   language; `shown` names what the page shows, for the banner of a lost link (`tickets`, `orders`,
 *   `counts`, `menu`, `list`, `figures`: the choices of the message `link.stale`); `nav: 'manager'` puts the manager's
 *   pages' navigation after the title
 */
export function mountFrame({ signInTitle, shown, nav }) {
  const bar = document.querySelector('header.bar');
  if (!bar || document.querySelector('#login')) return;
  if (nav === 'manager') (bar.querySelector('.bar-count') ?? bar.querySelector('h1'))?.after(managerNav());
  // On a phone the bar is one row (the title, its count, the link's dot and ⋯); ⋯ opens the rest.
  const more = h(
    'button',
    { id: 'bar-more', type: 'button', class: 'bar-button', 'aria-expanded': 'false', 'aria-label': t('frame.more') },
    '⋯',
  );
  more.addEventListener('click', () => more.setAttribute('aria-expanded', String(bar.classList.toggle('open'))));
  bar.append(
    h('button', { id: 'mute', type: 'button', class: 'bar-button', 'aria-pressed': 'false' }, t('sound.on')),
    h('span', { id: 'link', class: 'link', dataset: { state: 'connecting' }, role: 'status' }, t('link.connecting')),
    h('span', { id: 'clock', class: 'bar-clock' }),
    h('span', { id: 'who', class: 'bar-who' }),
    languagePicker({ short: true }),
    h('button', { id: 'sign-out', type: 'button', class: 'bar-button' }, t('frame.sign-out')),
    more,
  );
  bar.after(h('div', { id: 'stale', class: 'stale-banner', role: 'alert', hidden: true, dataset: { shown } }));
  // The bar takes a second line on a narrow screen (or while opened by ⋯): what sticks under it
  // (the lost-link banner, a section jumped to) reads its height here rather than guess it.
  const keepHeight = () => document.documentElement.style.setProperty('--bar-height', `${bar.getBoundingClientRect().height}px`);
  new ResizeObserver(keepHeight).observe(bar);
  keepHeight();
  document.body.append(
    h(
      'form',
      { id: 'login', class: 'login', autocomplete: 'on' },
      h('h2', {}, signInTitle),
      h(
        'label',
        {},
        `${t('frame.user-name')} `,
        h('input', { name: 'user_name', autocomplete: 'username', required: true, autocapitalize: 'off', spellcheck: false }),
      ),
      h(
        'label',
        {},
        `${t('frame.password')} `,
        h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
      ),
      h('button', { type: 'submit' }, t('frame.sign-in')),
      h('p', { id: 'login-error', class: 'login-error', role: 'alert' }),
    ),
    h(
      'dialog',
      { id: 'sign-out-confirm', class: 'confirm' },
      h(
        'form',
        { method: 'dialog' },
        h('p', { class: 'confirm-text' }, t('frame.sign-out-confirm')),
        h(
          'div',
          { class: 'confirm-actions' },
          h('button', { type: 'submit', value: 'stay', class: 'confirm-stay', autofocus: true }, t('frame.stay')),
          h('button', { type: 'submit', value: 'sign-out', class: 'confirm-go' }, t('frame.sign-out')),
        ),
      ),
    ),
    h('div', { id: 'notice', class: 'notice-area', 'aria-live': 'polite' }),
  );
}
