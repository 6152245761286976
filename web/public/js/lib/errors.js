// What went wrong, said plainly on the staff boards: a cook needs to know whether the tap counted
// and what to do next, not "Failed to fetch" or an HTTP code.
import { formatMinutes, formatSeconds, t } from './i18n.js';

/** The request got no answer: nothing was changed (the server refuses it if it arrives late). */
export class NotSentError extends Error {
  /** @param {'timeout' | 'network'} why @param {number} timeoutMs @param {string} method */
  constructor(why, timeoutMs, method) {
    const what = method === 'GET' ? 'get' : 'send';
    super(t(`error.${what}-${why}`, { seconds: Math.round(timeoutMs / 1000) }));
    this.why = why;
  }
}

/** Seconds as "45 s" or "14 min", the language's way. @param {number} seconds */
export const waitText = (seconds) => (seconds < 90 ? formatSeconds(seconds) : formatMinutes(Math.ceil(seconds / 60)));

/**
 * A board's words for a failed call: a NotSentError says itself; an API refusal (an error with
 * `status`, `message` the server's detail, `retryAfter`) by its status.
 * @param {Error & { status?: number, retryAfter?: number | null }} error
 */
export function boardText(error) {
  if (error.status === undefined) return error.message;
  return problemText(
    error.status,
    { detail: error.message },
    error.retryAfter === null || error.retryAfter === undefined ? null : String(error.retryAfter),
  );
}

/**
 * @param {number} status @param {{ detail?: string }} problem @param {string | null} retryAfter
 * @returns {string}
 */
export function problemText(status, problem, retryAfter) {
  const wait = Number(retryAfter);
  if (status === 429) return t('error.too-many', { wait: waitText(Number.isFinite(wait) && wait > 0 ? wait : 60) });
  if (status === 401) return t('error.signed-out');
  if (status === 403) return t('error.forbidden');
  if (status === 404) return t('error.gone');
  if (status === 409) return t('error.conflict');
  if (status === 412) return t('error.too-late');
  if (status >= 500) return t('error.server');
  // The server's own words (English, as every Problem): the language's general line where it gave none.
  return problem.detail ?? t('error.other');
}
