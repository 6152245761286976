// The guest's account: the menu and the cart need none; signing in (or opening a patron account)
// is asked for at checkout, or from the top bar's Sign in to see earlier orders. Any account may
// order; sign-ups are patrons.
import { t } from '../lib/i18n.js';
import { fieldText, showAccountRules } from '../lib/account-rules.js';
import { $ } from '../lib/dom.js';
import { currentSession, sessionEvents, signIn, signOut } from '../lib/session.js';

/** @param {HTMLFormElement} form @param {string} name */
const field = (form, name) => String(new FormData(form).get(name) ?? '');

/** Opens a patron account; resolves to null, or the Problem detail to show. @param {string} userName @param {string} email @param {string} password */
async function signUp(userName, email, password) {
  const response = await fetch('/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: userName, email, password, role: 'patron' }),
    credentials: 'omit',
  });
  if (response.ok) return signIn(userName, password);
  const problem = await response.json().catch(() => ({}));
  // A field the rules refuse is said in plain words ("Password must contain …"), not as the API's "Invalid body.".
  if (response.status === 400 && Array.isArray(problem.errors) && problem.errors.length > 0) return fieldText(problem.errors);
  return problem.detail ?? t('account.create-failed', { status: response.status });
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

/**
 * Shows the account forms under the cart, the one asked for focused.
 * @param {'signup' | 'login'} which
 */
export function askForAccount(which) {
  const account = $('#account');
  account.hidden = false;
  account.scrollIntoView({ block: 'start' });
  /** @type {HTMLInputElement} */ ($(`#${which} input[name=user_name]`)).focus({ preventScroll: true });
}

/**
 * Wires the forms and the top bar; `onSignedIn` runs once someone is in (also after a reload),
 * `onSignedOut` when they leave.
 * @param {() => void} onSignedIn @param {() => void} onSignedOut
 */
export function wireAccount(onSignedIn, onSignedOut) {
  wire(/** @type {HTMLFormElement} */ ($('#login')), $('#login-error'), (form) =>
    signIn(field(form, 'user_name').trim(), field(form, 'password')),
  );
  wire(/** @type {HTMLFormElement} */ ($('#signup')), $('#signup-error'), (form) =>
    signUp(field(form, 'user_name').trim(), field(form, 'email').trim(), field(form, 'password')),
  );
  void showAccountRules();
  $('#sign-in').addEventListener('click', () => askForAccount('login'));
  $('#sign-out').addEventListener('click', () => signOut());
  sessionEvents.addEventListener('signed-in', () => enter(onSignedIn));
  sessionEvents.addEventListener('signed-out', () => {
    document.body.classList.add('anonymous');
    $('#who').textContent = '';
    /** @type {HTMLInputElement} */ ($('#checkout input[name=name]')).required = false;
    onSignedOut();
  });
}

/** @param {() => void} onSignedIn */
export function enter(onSignedIn) {
  document.body.classList.remove('anonymous');
  $('#account').hidden = true;
  for (const form of document.querySelectorAll('#account form')) /** @type {HTMLFormElement} */ (form).reset();
  const userName = currentSession()?.user_name ?? '';
  $('#who').textContent = userName;
  const name = /** @type {HTMLInputElement} */ ($('#checkout input[name=name]'));
  // Signed out the name may stay empty: the account's name fills it once the guest is in.
  if (!name.value) name.value = userName.replace(/\s+/g, '');
  name.required = true;
  onSignedIn();
}
