// What the staff page says: roles by name, and the server's refusals in plain words (the account
// rules and field errors come from lib/account-rules.js).
import { ApiError, NotSentError } from '../lib/api.js';
import { boardText } from '../lib/errors.js';
import { fieldText } from '../lib/account-rules.js';
import { currentSession } from '../lib/session.js';
/** @import { User } from '../../../types/api.js' */

const ROLE_NAMES = /** @type {Record<string, string>} */ ({ chef: 'Chef', expeditor: 'Expeditor', manager: 'Manager', patron: 'Guest' });
export const STAFF_ROLES = 'chef,expeditor,manager';

/** @param {string} role */
export const roleName = (role) => ROLE_NAMES[role] ?? role;

/** Whether this account is the signed-in one (names are unique whatever their case). @param {User} user */
export const isMe = (user) => user.user_name.toLowerCase() === (currentSession()?.user_name ?? '').toLowerCase();

/**
 * The staff page's words for a failed call. The kitchen boards' wording speaks of orders; here a
 * 404 is an account deleted meanwhile, and a 400 or 409 says what to change in the server's words.
 * @param {unknown} error
 */
export function accountText(error) {
  if (error instanceof NotSentError) return `${error.message} Then try again: the same change is made only once.`;
  if (!(error instanceof ApiError)) return 'That did not work: try again.';
  if (error.status === 400 && Array.isArray(error.problem.errors) && error.problem.errors.length > 0)
    return fieldText(error.problem.errors);
  if (error.status === 404) return 'This account no longer exists: it was deleted on another screen.';
  if (error.status === 403) return "Your account is no longer a manager's: sign in with a manager account to manage staff.";
  if (error.status === 400 || error.status === 409) return error.message;
  return boardText(error);
}
