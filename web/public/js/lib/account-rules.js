// A new account's rules as the server states them: its own schema, from the served OpenAPI document,
// so no page keeps a second copy of the password rule; and a 400's field errors in plain words. The
// staff page and the ordering app's sign-up both use them.
import { t } from './i18n.js';

/** @typedef {{ description?: string, minLength?: number, maxLength?: number }} FieldRule */

/** @type {Promise<Record<string, FieldRule>> | null} */
let rules = null;

/**
 * The rules of a new account's fields (user_name, email, password), from the served OpenAPI
 * document's UserCreate schema: written once, in models/user.ts. Empty when it cannot be read.
 * @returns {Promise<Record<string, FieldRule>>}
 */
export function accountRules() {
  rules ??= fetch('/openapi.json', { credentials: 'omit' })
    .then((response) => response.json())
    .then((doc) => doc?.components?.schemas?.UserCreate?.properties ?? {})
    .catch(() => {
      rules = null;
      return {};
    });
  return rules;
}

/** Shows the password rule under each `.password-rules` and sets the inputs' length limits. */
export async function showAccountRules() {
  const { password, user_name: userName } = await accountRules();
  for (const hint of document.querySelectorAll('.password-rules')) hint.textContent = password?.description ?? '';
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name=password]'))) {
    if (password?.minLength) input.minLength = password.minLength;
    if (password?.maxLength) input.maxLength = password.maxLength;
  }
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name=user_name]'))) {
    if (userName?.maxLength && input.closest('.account-form')) input.maxLength = userName.maxLength;
  }
}

const LABELS = ['user_name', 'email', 'password', 'role'];

/**
 * A 400's field errors as sentences: "Password must contain an uppercase letter, …".
 * @param {{ path?: string, message?: string }[]} errors
 */
export function fieldText(errors) {
  return errors
    .map(({ path = '', message = '' }) => {
      const label = LABELS.includes(path) ? t(`account.label-${path}`) : path;
      if (path === 'email' && message.includes('format')) return t('account.email-format');
      if (message === 'must not contain whitespace') return t('account.no-spaces', { label });
      return `${label} ${message}.`;
    })
    .join(' ');
}
