// A new staff account: user name, email, role and a first password, through POST /users. A name
// taken in any case is answered with the account that holds it.
import { t } from '../lib/i18n.js';
import { api, ApiError, sendChange } from '../lib/api.js';
import { notify } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { accountText, roleWord } from './words.js';
/** @import { User } from '../../../types/api.js' */

/**
 * @param {(shown?: { name: string }) => Promise<void>} onCreated shows the new account in the list
 */
export function createNewAccountForm(onCreated) {
  const form = /** @type {HTMLFormElement} */ ($('#new-form'));
  const error = $('#new-error');
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  /** @param {string} name */
  const field = (name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  /** Who already has this name, whatever its case. @param {string} name @returns {Promise<User | undefined>} */
  async function holderOf(name) {
    try {
      /** @type {{ results: User[] }} */
      const page = await api('GET', `/users?${new URLSearchParams({ filter: `user_name.contains~${name}`, limit: '30' })}`);
      return page.results.find((user) => user.user_name.toLowerCase() === name.toLowerCase());
    } catch {
      return undefined;
    }
  }

  /** @param {string} name */
  async function takenText(name) {
    const holder = await holderOf(name);
    if (!holder) return t('staff.taken', { name });
    const role = roleWord(holder.role);
    return holder.user_name === name
      ? t('staff.taken-by', { name, role })
      : t('staff.taken-case', { name, role, holder: holder.user_name });
  }

  /** @param {SubmitEvent} event */
  async function create(event) {
    event.preventDefault();
    const body = {
      user_name: field('user_name').value.trim(),
      email: field('email').value.trim(),
      role: /** @type {HTMLSelectElement} */ (form.elements.namedItem('role')).value,
      password: field('password').value,
    };
    error.textContent = '';
    submit.disabled = true;
    try {
      /** @type {User} */
      const user = await sendChange('POST', '/users', body);
      form.reset();
      notify(t('staff.created', { role: user.role, user: user.user_name }));
      await onCreated({ name: user.user_name });
    } catch (failure) {
      error.textContent =
        failure instanceof ApiError && failure.status === 409 && failure.retryAfter === null
          ? await takenText(body.user_name)
          : accountText(failure);
    } finally {
      submit.disabled = false;
    }
  }

  return {
    mount() {
      form.addEventListener('submit', (event) => void create(event));
    },
  };
}
