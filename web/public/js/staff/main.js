// The manager's staff page (/manager/staff): the accounts as GET /users pages them (staff first,
// guests behind a filter), a new staff account, and per account its role, a new password, the
// sign-in lock and deletion. Managers only. Accounts have no live events: the list is read again
// after every change, when the tablet comes back to the page, and every 30 s while it is open.
import { t, translate } from '../lib/i18n.js';
import { api } from '../lib/api.js';
import { notify, startHeaderClock } from '../lib/chrome.js';
import { $, h } from '../lib/dom.js';
import { mountFrame } from '../lib/frame.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { resumeSession, sessionEvents } from '../lib/session.js';
import { createAccountDialog } from './account.js';
import { createNewAccountForm } from './new-account.js';
import { showAccountRules } from '../lib/account-rules.js';
import { accountText, isMe, roleName, roleWord, STAFF_ROLES } from './words.js';
/** @import { User } from '../../../types/api.js' */

/** The API's largest page. */
const PAGE = 30;
const REFRESH_MS = 30_000;

let offset = 0;
let total = 0;
/** Answers that arrive after a newer request started are dropped. */
let asked = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let typing;

/** The list query: the chosen roles and the typed name, sorted so staff come first. */
function query() {
  const show = /** @type {HTMLSelectElement} */ ($('#show')).value;
  // A `|` separates the API's filter conditions: the longest part of the name without one is searched.
  const typed = /** @type {HTMLInputElement} */ ($('#find')).value.trim();
  const name = typed.split('|').reduce((longest, part) => (part.length > longest.length ? part : longest), '');
  const conditions = [];
  if (show === 'staff') conditions.push(`role.in~${STAFF_ROLES}`);
  else if (show !== 'all') conditions.push(`role.eq~${show}`);
  if (name) conditions.push(`user_name.contains~${name}`);
  // By role (chef, expeditor, manager, then patron: staff first), or by name within one role.
  const sort = show === 'staff' || show === 'all' ? 'role' : 'user_name';
  const params = new URLSearchParams({ limit: String(PAGE), offset: String(offset), sort });
  if (conditions.length) params.set('filter', conditions.join('|'));
  return { params, show, name: typed };
}

/** Reads the page shown (and the counts in the bar) again. */
export async function reloadList() {
  const mine = ++asked;
  const { params, show, name } = query();
  try {
    /** @type {{ results: User[], total_results: number }} */
    const page = await api('GET', `/users?${params}`);
    if (mine !== asked) return;
    // The last page may have emptied (an account deleted): step back to the new last page.
    if (page.results.length === 0 && offset > 0 && page.total_results > 0) {
      offset = Math.floor((page.total_results - 1) / PAGE) * PAGE;
      return reloadList();
    }
    total = page.total_results;
    showPage(page.results, show, name);
  } catch (error) {
    if (mine === asked) notify(t('staff.load-failed', { reason: accountText(error) }), 'error');
  }
  void showCounts();
}

/** @param {User[]} users @param {string} show @param {string} name */
function showPage(users, show, name) {
  // A row a keyboard is on keeps the focus when the list is read again.
  const focused = document.activeElement?.closest('[data-user-id]')?.getAttribute('data-user-id');
  $('#accounts').replaceChildren(...users.map(row));
  if (focused) /** @type {HTMLElement | null} */ (document.querySelector(`[data-user-id="${focused}"] button`))?.focus();
  const none = $('#accounts-none');
  none.hidden = users.length > 0;
  const whom = { show, role: roleWord(show), name };
  none.textContent = name ? t('staff.none-named', whom) : t('staff.none', whom);
  $('#page-text').textContent =
    total > PAGE ? t('staff.range', { from: offset + 1, to: offset + users.length, total }) : total ? t('staff.shown', { total }) : '';
  /** @type {HTMLButtonElement} */ ($('#prev')).disabled = offset === 0;
  /** @type {HTMLButtonElement} */ ($('#next')).disabled = offset + PAGE >= total;
  $('.pager').hidden = total <= PAGE;
}

/** One account: the whole row is the button that opens it. @param {User} user */
function row(user) {
  return h(
    'li',
    { dataset: { userId: user.id } },
    h(
      'button',
      { type: 'button', class: 'account-row', on: { click: () => dialog.open(user) } },
      h(
        'span',
        { class: 'account-who' },
        h('bdi', { class: 'account-user' }, user.user_name),
        isMe(user) && h('span', { class: 'me' }, t('staff.you')),
      ),
      h('bdi', { class: 'account-email' }, user.email),
      h('span', { class: `role role-${user.role}` }, roleName(user.role)),
    ),
  );
}

/** "12 staff · 300 guests" in the bar: two one-item reads for their totals. */
async function showCounts() {
  try {
    const count = async (/** @type {string} */ filter) =>
      /** @type {number} */ ((await api('GET', `/users?${new URLSearchParams({ limit: '1', filter, fields: 'id' })}`)).total_results);
    const [staff, guests] = await Promise.all([count(`role.in~${STAFF_ROLES}`), count('role.eq~patron')]);
    $('#staff-count').textContent = t('staff.counts', { staff, guests });
  } catch {
    // The list says what went wrong.
  }
}

const dialog = createAccountDialog(reloadList);
const newAccount = createNewAccountForm(async (shown) => {
  // The new account, found in the list: its name typed in the box, among the staff.
  if (shown) {
    /** @type {HTMLInputElement} */ ($('#find')).value = shown.name;
    /** @type {HTMLSelectElement} */ ($('#show')).value = 'staff';
    offset = 0;
  }
  await reloadList();
});

function start() {
  void reloadList();
  void showAccountRules();
}

translate();
mountFrame({ signInTitle: t('staff.sign-in'), shown: 'list', nav: 'manager' });
// No sound and no live link on this page: accounts are read, not pushed.
$('#mute').hidden = true;
$('#link').hidden = true;
startHeaderClock();
newAccount.mount();
$('#find').addEventListener('input', () => {
  clearTimeout(typing);
  typing = setTimeout(() => {
    offset = 0;
    void reloadList();
  }, 250);
});
// Every read takes the box's text as it is: a pending one for the typing is then done with.
$('#show').addEventListener('change', () => {
  clearTimeout(typing);
  offset = 0;
  void reloadList();
});
$('#prev').addEventListener('click', () => {
  clearTimeout(typing);
  offset = Math.max(0, offset - PAGE);
  void reloadList();
});
$('#next').addEventListener('click', () => {
  clearTimeout(typing);
  offset += PAGE;
  void reloadList();
});
const signedIn = () => !document.body.classList.contains('signed-out');
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && signedIn()) void reloadList();
});
// Another manager's changes show within half a minute; not under an open account.
setInterval(() => {
  if (signedIn() && document.visibilityState === 'visible' && !dialog.isOpen()) void reloadList();
}, REFRESH_MS);
sessionEvents.addEventListener('signed-out', () => dialog.close());
guardWithLogin(start, 'managers');
if (await resumeSession()) resumeInto(start);
