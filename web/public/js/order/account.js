// Signing in, or opening a patron account, before ordering. Any account may order; sign-ups are patrons.
import { $ } from '../lib/dom.js';
import { currentSession, sessionEvents, signIn, signOut } from '../lib/session.js';

/** @param {HTMLFormElement} form */
const field = (form, name) => String(new FormData(form).get(name) ?? '');

/** Opens a patron account; resolves to null, or the Problem detail to show. */
async function signUp(userName, email, password) {
  const response = await fetch('/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, email, password, role: 'patron' }),
    credentials: 'omit',
  });
  if (response.ok) return signIn(userName, password);
  const problem = await response.json().catch(() => ({}));
  return problem.detail ?? `Could not create the account (HTTP ${response.status}).`;
}

/** @param {HTMLFormElement} form @param {HTMLElement} error @param {(form: HTMLFormElement) => Promise<string | null>} submit */
function wire(form, error, submit) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const failure = await submit(form);
    if (failure) error.textContent = failure;
  });
}

/** Shows the forms while signed out; `onSignedIn` runs once someone is in (also after a reload). */
export function guardWithAccount(onSignedIn) {
  wire(/** @type {HTMLFormElement} */ ($('#login')), $('#login-error'), (form) => signIn(field(form, 'user_name').trim(), field(form, 'password')));
  wire(/** @type {HTMLFormElement} */ ($('#signup')), $('#signup-error'), (form) => signUp(field(form, 'user_name').trim(), field(form, 'email').trim(), field(form, 'password')));
  $('#sign-out').addEventListener('click', () => signOut());
  sessionEvents.addEventListener('signed-in', () => enter(onSignedIn));
  sessionEvents.addEventListener('signed-out', () => {
    document.body.classList.add('signed-out');
    /** @type {HTMLInputElement} */ ($('#login input[name=user_name]')).focus();
  });
}

/** @param {() => void} onSignedIn */
export function enter(onSignedIn) {
  document.body.classList.remove('signed-out');
  const userName = currentSession()?.user_name ?? '';
  $('#who').textContent = userName;
  const name = /** @type {HTMLInputElement} */ ($('#checkout input[name=name]'));
  if (!name.value) name.value = userName.replace(/\s+/g, '');
  onSignedIn();
  $('#menu-heading').focus();
}
