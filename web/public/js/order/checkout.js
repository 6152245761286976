// Placing the order so that it is placed once, however bad the Wi-Fi: one Idempotency-Key per
// checkout, kept in localStorage with the request until the server has answered. A lost answer is
// retried with the same key (the server then replays its 201 instead of ordering again), also after
// a page reload.
import { api, ApiError, newIdempotencyKey as newKey } from '../lib/api.js';

const KEY = 'pos.order.pending';

/** @typedef {{ key: string, body: Record<string, unknown> }} PendingCheckout */

/** @returns {PendingCheckout | null} the checkout sent but not yet answered, if any */
export function pendingCheckout() {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
}

/** Starts a checkout: a new key for this request, stored before anything is sent. @param {Record<string, unknown>} body @returns {PendingCheckout} */
export function startCheckout(body) {
  const pending = { key: newKey(), body };
  localStorage.setItem(KEY, JSON.stringify(pending));
  return pending;
}

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The 409 of a kitchen too busy to take the order: final, although it carries a Retry-After. This is the
 * server's Problem title, matched and never shown: the guest reads `order.kitchen-full` in their language.
 */
export const KITCHEN_FULL = 'The kitchen is full';

/** A refusal stands (the server stored it with the key); a lost answer, a 5xx, or 409 "still running" is worth another try. */
/** @param {unknown} error */
const isFinal = (error) =>
  error instanceof ApiError &&
  error.status < 500 &&
  error.status !== 429 &&
  !(error.status === 409 && error.retryAfter && error.problem?.title !== KITCHEN_FULL);

/**
 * Sends the pending checkout until the server answers; resolves with the order, or rejects with a
 * refusal (sold out, invalid). Either way the key is then done with.
 * @param {PendingCheckout} pending @param {(attempt: number, error: Error) => void} onRetry
 */
export async function sendCheckout(pending, onRetry) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const order = await api('POST', '/orders', pending.body, { 'idempotency-key': pending.key });
      localStorage.removeItem(KEY);
      return order;
    } catch (error) {
      if (isFinal(error)) {
        localStorage.removeItem(KEY);
        throw error;
      }
      onRetry(attempt, /** @type {Error} */ (error));
      const retryAfter = error instanceof ApiError ? error.retryAfter : null;
      await sleep(retryAfter ? retryAfter * 1000 : Math.min(500 * attempt, 5_000));
    }
  }
}
