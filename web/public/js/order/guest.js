// A guest orders with a name (a phone number optional) and no password: the first order opens a
// patron account for this device behind the scenes, through the public POST /users, with a
// generated user name and password kept in this device's storage; later orders, and My orders on
// the next visit, sign in with it silently. A returning guest with an account of their own still
// signs in with it (account.js). See docs/ordering-app.md.
import { fieldText } from '../lib/account-rules.js';
import { t } from '../lib/i18n.js';
import { signIn } from '../lib/session.js';

const KEY = 'pos.order.guest';

/** @typedef {{ user_name: string, password: string, name: string }} DeviceGuest */

/** @returns {DeviceGuest | null} */
export function deviceGuest() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return saved && typeof saved.user_name === 'string' && typeof saved.password === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** Whether the signed-in account is this device's guest account. @param {string | undefined} userName */
export const isDeviceGuest = (userName) => userName !== undefined && deviceGuest()?.user_name === userName;

/** `count` random characters of `alphabet`. @param {string} alphabet @param {number} count */
function random(alphabet, count) {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * A user name no one types: "guest-" and the phone's digits when given (so a manager finds the guest
 * by phone under Staff accounts), then random letters.
 * @param {string} phone
 */
function guestUserName(phone) {
  const digits = phone.replace(/\D/g, '').slice(0, 20);
  return `guest-${digits ? `${digits}-` : ''}${random('abcdefghijkmnpqrstuvwxyz23456789', 8)}`;
}

/** Meets the server's rule (upper, lower, digit, one of @$!%*?&): 24 random letters and digits around them. */
const guestPassword = () => `Gg7@${random('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789', 24)}`;

/**
 * Signs this device's guest in, opening its account first when there is none (or the one kept was
 * deleted); resolves to null, or what to tell the guest.
 * @param {string} name the name the order is called by @param {string} phone optional
 * @returns {Promise<string | null>}
 */
export async function signInAsGuest(name, phone) {
  const kept = deviceGuest();
  if (kept) {
    localStorage.setItem(KEY, JSON.stringify({ ...kept, name }));
    const failure = await signIn(kept.user_name, kept.password);
    if (!failure) return null;
    if (!/password|user/i.test(failure)) return failure;
    // The account was removed by the restaurant: a new one is opened below.
  }
  const guest = { user_name: guestUserName(phone), password: guestPassword(), name };
  let response;
  try {
    response = await fetch('/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_name: guest.user_name,
        email: `${guest.user_name}@guest.invalid`,
        password: guest.password,
        role: 'patron',
      }),
      credentials: 'omit',
    });
  } catch {
    return t('order.guest-offline');
  }
  if (!response.ok) {
    const problem = await response.json().catch(() => ({}));
    if (response.status === 400 && Array.isArray(problem.errors) && problem.errors.length > 0) return fieldText(problem.errors);
    return problem.detail ?? t('order.start-failed', { status: response.status });
  }
  localStorage.setItem(KEY, JSON.stringify(guest));
  return signIn(guest.user_name, guest.password);
}

/** Signs the device's guest in silently at a page load, so My orders shows their orders; false when there is none. */
export async function resumeGuest() {
  const kept = deviceGuest();
  return kept ? (await signIn(kept.user_name, kept.password)) === null : false;
}
