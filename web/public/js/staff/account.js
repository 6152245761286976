// One account, opened from the list: change its role, set a new password (which signs that person
// out everywhere), lift the sign-in lock, delete it. A manager may do each to their own account
// too, as the contract allows: the page says what follows before it is done.
import { t } from '../lib/i18n.js';
import { api, sendChange } from '../lib/api.js';
import { notify } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { accessTokenMinutes, signIn, signOut } from '../lib/session.js';
import { accountText, isMe, roleName, roleWord } from './words.js';
/** @import { User } from '../../../types/api.js' */

/** @param {() => Promise<void>} onChanged reads the list again */
export function createAccountDialog(onChanged) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#account'));
  const roleForm = /** @type {HTMLFormElement} */ ($('#role-form'));
  const passwordForm = /** @type {HTMLFormElement} */ ($('#password-form'));
  const roleField = /** @type {HTMLSelectElement} */ (roleForm.elements.namedItem('role'));
  const passwordField = /** @type {HTMLInputElement} */ (passwordForm.elements.namedItem('password'));
  const error = $('#account-error');
  const done = $('#account-done');
  /** What a change did, said in the dialog: the page's notices sit under its backdrop. @param {string} text */
  const say = (text) => (done.textContent = text);
  /** @type {User | null} */
  let user = null;

  /** @param {User} shown */
  function show(shown) {
    user = shown;
    $('#account-name').textContent = shown.user_name;
    const about = { role: roleName(shown.role), email: shown.email };
    $('#account-about').textContent = isMe(shown) ? t('staff.about-me', about) : t('staff.about', about);
    roleField.value = shown.role;
    // A signed-in device keeps its access token until it runs out: that is how soon everywhere is.
    const minutes = accessTokenMinutes();
    const within = { minutes: minutes || 'none', user: shown.user_name };
    $('#password-note').textContent = isMe(shown) ? t('staff.password-note-me', within) : t('staff.password-note', within);
  }

  /** The shared confirmation; resolves true when the manager goes ahead. @param {string} text @param {string} go */
  function confirm(text, go) {
    const asking = /** @type {HTMLDialogElement} */ ($('#account-confirm'));
    $('#confirm-text').textContent = text;
    $('#confirm-go').textContent = go;
    asking.returnValue = '';
    asking.showModal();
    return new Promise((resolve) => asking.addEventListener('close', () => resolve(asking.returnValue === 'go'), { once: true }));
  }

  /** This tablet's manager is no longer one: the page is closed with the reason on its sign-in form. @param {string} why */
  function leave(why) {
    dialog.close();
    signOut();
    $('#login-error').textContent = why;
  }

  /**
   * Runs one change with the buttons held; a refusal is said in the dialog (an account deleted
   * meanwhile closes it). @param {(account: User) => Promise<void>} change
   */
  async function run(change) {
    if (!user) return;
    error.textContent = '';
    done.textContent = '';
    const buttons = [...dialog.querySelectorAll('button')].filter((button) => button.id !== 'account-close');
    for (const button of buttons) button.disabled = true;
    try {
      await change(user);
    } catch (failure) {
      const text = accountText(failure);
      if (/** @type {{ status?: number }} */ (failure).status === 404) {
        dialog.close();
        notify(text, 'error');
        void onChanged();
      } else error.textContent = text;
    } finally {
      for (const button of buttons) button.disabled = false;
    }
  }

  roleForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(async (account) => {
      const role = roleField.value;
      if (role === account.role) return;
      const demotingMe = isMe(account) && role !== 'manager';
      const question = t('staff.demote-me', { role: roleWord(role) });
      if (demotingMe && !(await confirm(question, t('staff.change-my-role')))) return;
      show(await sendChange('PATCH', `/users/${account.id}`, { role }));
      void onChanged();
      if (demotingMe) leave(t('staff.now-me', { role: roleWord(role) }));
      else say(t('staff.now', { user: account.user_name, role: roleWord(role) }));
    });
  });

  passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(async (account) => {
      const password = passwordField.value;
      await sendChange('PATCH', `/users/${account.id}`, { password });
      passwordForm.reset();
      if (isMe(account)) {
        // Our own refresh token was revoked with the others: sign this tablet in again with the new password.
        await signIn(account.user_name, password);
        say(t('staff.password-changed-me'));
      } else say(t('staff.password-set', { user: account.user_name }));
    });
  });

  $('#unlock').addEventListener('click', () =>
    run(async (account) => {
      await sendChange('POST', `/users/${account.id}/unlock`);
      say(t('staff.unlocked', { user: account.user_name }));
    }),
  );

  $('#delete').addEventListener('click', () =>
    run(async (account) => {
      if (!(await confirm(await deleteText(account), t('staff.delete')))) return;
      await sendChange('DELETE', `/users/${account.id}`);
      void onChanged();
      if (isMe(account)) leave(t('staff.deleted-me', { user: account.user_name }));
      else {
        dialog.close();
        notify(t('staff.deleted', { user: account.user_name }));
      }
    }),
  );

  /** What deleting this account means, said before it is done. @param {User} account */
  async function deleteText(account) {
    if (!isMe(account)) return t('staff.delete-question', { role: roleWord(account.role), user: account.user_name });
    const managers = await api('GET', `/users?${new URLSearchParams({ limit: '1', fields: 'id', filter: 'role.eq~manager' })}`)
      .then((/** @type {{ total_results: number }} */ page) => page.total_results)
      .catch(() => 0);
    return t('staff.delete-me-question', { user: account.user_name, last: managers === 1 ? 'yes' : 'no' });
  }

  $('#account-close').addEventListener('click', () => dialog.close());
  // Back to the account's row for a keyboard: the row that opened it may have been drawn again meanwhile.
  dialog.addEventListener('close', () => {
    const row = user && document.querySelector(`[data-user-id="${user.id}"] button`);
    if (row instanceof HTMLElement && !document.body.classList.contains('signed-out')) row.focus();
  });

  return {
    /** @param {User} account */
    open(account) {
      show(account);
      error.textContent = '';
      done.textContent = '';
      passwordForm.reset();
      dialog.showModal();
    },
    isOpen: () => dialog.open,
    close: () => dialog.close(),
  };
}
