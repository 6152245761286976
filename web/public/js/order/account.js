// The guest's account: the menu and the cart need none; a guest orders with a name, and the device's
// account is opened behind the scenes (guest.js). A returning guest with an account of their own
// signs in from the top bar's Sign in, or the link under Place order. Any account may order.
import { $ } from '../lib/dom.js';
import { currentSession, sessionEvents, signIn, signOut } from '../lib/session.js';
import { deviceGuest, isDeviceGuest } from './guest.js';

/** @param {HTMLFormElement} form @param {string} name */
const field = (form, name) => String(new FormData(form).get(name) ?? '');

/** @param {HTMLFormElement} form @param {HTMLElement} error @param {(form: HTMLFormElement) => Promise<string | null>} submit */
function wire(form, error, submit) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const failure = await submit(form);
    if (failure) error.textContent = failure;
  });
}

/** Shows the sign-in form under the cart, focused. */
export function askForAccount() {
  const account = $('#account');
  account.hidden = false;
  account.scrollIntoView({ block: 'start' });
  /** @type {HTMLInputElement} */ ($('#login input[name=user_name]')).focus({ preventScroll: true });
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
  $('#sign-in').addEventListener('click', () => askForAccount());
  $('#sign-in-here').addEventListener('click', () => askForAccount());
  $('#sign-out').addEventListener('click', () => signOut());
  sessionEvents.addEventListener('signed-in', () => enter(onSignedIn));
  sessionEvents.addEventListener('signed-out', () => {
    document.body.classList.add('anonymous');
    $('#who').textContent = '';
    onSignedOut();
  });
}

/** @param {() => void} onSignedIn */
export function enter(onSignedIn) {
  document.body.classList.remove('anonymous');
  $('#account').hidden = true;
  for (const form of document.querySelectorAll('#account form')) /** @type {HTMLFormElement} */ (form).reset();
  const userName = currentSession()?.user_name ?? '';
  // The device's guest account goes by the name the guest gave, never its generated user name.
  const shownName = isDeviceGuest(userName) ? (deviceGuest()?.name ?? '') : userName;
  $('#who').textContent = shownName;
  const name = /** @type {HTMLInputElement} */ ($('#checkout input[name=name]'));
  // The account's name fills an empty name field once the guest is in.
  if (!name.value) name.value = shownName.replace(/\s+/g, '');
  name.required = true;
  onSignedIn();
}
