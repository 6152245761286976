// What went wrong, said plainly on the staff boards: a cook needs to know whether the tap counted
// and what to do next, not "Failed to fetch" or an HTTP code.

/** The request got no answer: nothing was changed (the server refuses it if it arrives late). */
export class NotSentError extends Error {
  /** @param {'timeout' | 'network'} why @param {number} timeoutMs @param {string} method */
  constructor(why, timeoutMs, method) {
    const what = method === 'GET' ? 'Could not reach the kitchen server' : 'Not sent';
    super(
      why === 'timeout'
        ? `${what}: no answer within ${Math.round(timeoutMs / 1000)} s. Check the tablet's Wi-Fi.`
        : `${what}: this tablet has no connection to the kitchen server. Check the Wi-Fi.`,
    );
    this.why = why;
  }
}

/** Seconds as "45 s" or "14 min". @param {number} seconds */
export const waitText = (seconds) => (seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`);

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
  if (status === 429) return `Too many attempts: wait ${waitText(Number.isFinite(wait) && wait > 0 ? wait : 60)} and try again.`;
  if (status === 401) return 'You have been signed out: sign in again.';
  if (status === 403) return 'Your account may not do this here.';
  if (status === 404) return 'This order is no longer in the kitchen (cancelled or already sent out).';
  if (status === 409) return 'Already changed on another screen: showing it as it is now.';
  if (status === 412) return 'Not sent: it reached the kitchen server too late, so nothing was changed.';
  if (status >= 500) return 'The kitchen server had a problem: try again in a moment.';
  return problem.detail ?? 'That did not work: try again.';
}
