// What the staff page says: roles by name, and the server's refusals in plain words (the account
// rules and field errors come from lib/account-rules.js).
import { t } from '../lib/i18n.js';
import { ApiError, NotSentError } from '../lib/api.js';
import { boardText } from '../lib/errors.js';
import { fieldText } from '../lib/account-rules.js';
import { currentSession } from '../lib/session.js';
/** @import { User } from '../../../types/api.js' */

const ROLES = ['chef', 'expeditor', 'manager', 'patron'];
export const STAFF_ROLES = 'chef,expeditor,manager';

/** A role's name as a heading or label says it ("Chef"). @param {string} role */
export const roleName = (role) => (ROLES.includes(role) ? t(`role.${role}`) : role);
/** A role's name inside a sentence ("chef"; German keeps its capital). @param {string} role */
export const roleWord = (role) => (ROLES.includes(role) ? t(`role-word.${role}`) : role);

/** Whether this account is the signed-in one (names are unique whatever their case). @param {User} user */
export const isMe = (user) => user.user_name.toLowerCase() === (currentSession()?.user_name ?? '').toLowerCase();

/**
 * The staff page's words for a failed call. The kitchen boards' wording speaks of orders; here a
 * 404 is an account deleted meanwhile, and a 400 or 409 says what to change in the server's words.
 * @param {unknown} error
 */
export function accountText(error) {
  if (error instanceof NotSentError) return t('staff.not-sent', { message: error.message });
  if (!(error instanceof ApiError)) return t('error.other');
  if (error.status === 400 && Array.isArray(error.problem.errors) && error.problem.errors.length > 0)
    return fieldText(error.problem.errors);
  if (error.status === 404) return t('staff.gone');
  if (error.status === 403) return t('staff.not-manager');
  if (error.status === 400 || error.status === 409) return error.message;
  return boardText(error);
}
