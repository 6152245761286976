// The signed-in session: the token pair in sessionStorage, refreshed before expiry or after a 401.

import { waitText } from './errors.js';
import { t } from './i18n.js';

const KEY = 'pos.session';
/** Refresh this long before the access token expires. */
const EARLY_MS = 60_000;

/** @typedef {{ access_token: string, refresh_token: string, expires_at: string, user_name: string }} TokenPair */

/** Fired on `session`: 'signed-in' and 'signed-out'. */
export const sessionEvents = new EventTarget();

/** @type {ReturnType<typeof setTimeout> | undefined} */
let refreshTimer;
/** @type {Promise<boolean> | null} */
let refreshing = null;

/** @returns {TokenPair | null} */
export function currentSession() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

export const accessToken = () => currentSession()?.access_token ?? null;

/** The access token's claims, read for messages only: the server decides access. */
function claims() {
  const token = accessToken();
  try {
    const payload = token?.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
}

/** The role claim of the access token, for a friendly message only. */
export const currentRole = () => claims()?.role ?? null;

/**
 * How long an access token lives on this server, in minutes (its `exp` minus `iat`): how soon a
 * revoked login stops working everywhere. Null when not signed in.
 * @returns {number | null}
 */
export function accessTokenMinutes() {
  const { exp, iat } = claims() ?? {};
  return Number.isFinite(exp - iat) ? Math.max(1, Math.round((exp - iat) / 60)) : null;
}

/** @param {TokenPair} pair */
function keep(pair) {
  const { access_token, refresh_token, expires_at, user_name } = pair;
  sessionStorage.setItem(KEY, JSON.stringify({ access_token, refresh_token, expires_at, user_name }));
  scheduleRefresh();
}

function scheduleRefresh() {
  clearTimeout(refreshTimer);
  const session = currentSession();
  if (!session) return;
  const wait = Math.max(5_000, new Date(session.expires_at).getTime() - Date.now() - EARLY_MS);
  refreshTimer = setTimeout(() => void refresh(), wait);
}

/** @param {string} path @param {unknown} body */
async function postJson(path, body) {
  // No credentials: a 401 with a Basic challenge would otherwise pop up the browser's own login box.
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    signal: AbortSignal.timeout(10_000),
  });
  const payload = await response.json().catch(() => ({}));
  return { ok: response.ok, status: response.status, payload, retryAfter: response.headers.get('retry-after') };
}

/**
 * Logs in with the JSON password grant; resolves to null, or the Problem detail to show.
 * @param {string} userName @param {string} password @returns {Promise<string | null>}
 */
export async function signIn(userName, password) {
  let answer;
  try {
    answer = await postJson('/auth/token', { grant_type: 'password', user_name: userName, password });
  } catch {
    return t('session.no-connection');
  }
  const { ok, status, payload, retryAfter } = answer;
  if (status === 429) return t('session.too-many', { wait: waitText(Math.max(1, Number(retryAfter) || 60)) });
  if (status === 401) return t('session.wrong');
  if (!ok) return status >= 500 ? t('error.server') : t('session.failed');
  keep(payload);
  sessionEvents.dispatchEvent(new Event('signed-in'));
  return null;
}

export function signOut() {
  clearTimeout(refreshTimer);
  sessionStorage.removeItem(KEY);
  sessionEvents.dispatchEvent(new Event('signed-out'));
}

/** One refresh at a time: refresh tokens are single-use, and a replay would revoke the login. */
export function refresh() {
  refreshing ??= exchange().finally(() => (refreshing = null));
  return refreshing;
}

async function exchange() {
  const session = currentSession();
  if (!session) return false;
  try {
    const { ok, status, payload } = await postJson('/auth/refresh-token', { refresh_token: session.refresh_token });
    if (ok) {
      keep(payload);
      return true;
    }
    if (status === 401 || status === 400) signOut();
  } catch {
    // Network trouble: keep the session and try again shortly.
    refreshTimer = setTimeout(() => void refresh(), 5_000);
  }
  return false;
}

/** Resolves true with an access token good for a while yet, refreshing it first if need be. */
export function freshToken() {
  const session = currentSession();
  if (!session) return Promise.resolve(false);
  return new Date(session.expires_at).getTime() - Date.now() < EARLY_MS ? refresh() : Promise.resolve(true);
}

/** On page load: resume the stored session, refreshing at once if its access token is stale. */
export async function resumeSession() {
  const ready = await freshToken();
  if (ready) scheduleRefresh();
  return ready;
}
