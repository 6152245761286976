// The sign-in screen shown over a staff board until a kitchen account has logged in.
import { $ } from './dom.js';
import { t } from './i18n.js';
import { currentRole, currentSession, sessionEvents, signIn, signOut } from './session.js';

const STAFF = ['chef', 'expeditor', 'manager'];
/** @type {Record<'staff' | 'managers' | 'stock' | 'menu', string[]>} */
const ROLES = { staff: STAFF, managers: ['manager'], stock: ['chef', 'manager'], menu: ['chef', 'manager'] };
/** Who may use this page: every kitchen role, managers only, or those who may change the stock. */
let allowed = { roles: STAFF, refused: 'staff' };

/**
 * Shows the form while signed out; calls `onSignedIn` once an account of the page's roles is in.
 * @param {() => void} onSignedIn @param {'staff' | 'managers' | 'stock' | 'menu'} [who] `stock`, `menu`: those the API lets change them
 */
export function guardWithLogin(onSignedIn, who = 'staff') {
  allowed = { roles: ROLES[who], refused: who };
  const form = /** @type {HTMLFormElement} */ ($('#login'));
  const error = $('#login-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    error.textContent = '';
    const failure = await signIn(String(data.get('user_name') ?? '').trim(), String(data.get('password') ?? ''));
    if (failure) error.textContent = failure;
  });
  // One mis-tap must not blank a station: sign out only once confirmed.
  const confirm = /** @type {HTMLDialogElement} */ ($('#sign-out-confirm'));
  $('#sign-out').addEventListener('click', () => {
    confirm.returnValue = '';
    confirm.showModal();
  });
  confirm.addEventListener('close', () => {
    if (confirm.returnValue === 'sign-out') signOut();
  });
  sessionEvents.addEventListener('signed-in', () => enter(onSignedIn));
  sessionEvents.addEventListener('signed-out', () => show(true));
}

/** @param {() => void} onSignedIn */
function enter(onSignedIn) {
  if (!allowed.roles.includes(currentRole())) {
    signOut();
    $('#login-error').textContent = t(`login.refused-${allowed.refused}`);
    return;
  }
  show(false);
  // Links to pages this role may not open (the manager's navigation) are hidden.
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-roles]')))
    link.hidden = !(link.dataset.roles ?? '').split(' ').includes(currentRole() ?? '');
  const userName = currentSession()?.user_name ?? '';
  $('#who').textContent = userName;
  $('#sign-out').title = t('frame.signed-in-as', { user: userName });
  onSignedIn();
}

/** @param {boolean} signedOut */
function show(signedOut) {
  document.body.classList.toggle('signed-out', signedOut);
  if (signedOut) /** @type {HTMLInputElement} */ ($('#login input[name=user_name]')).focus();
}

/** For a page load with a stored session. @param {() => void} onSignedIn */
export const resumeInto = (onSignedIn) => enter(onSignedIn);
