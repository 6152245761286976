// "Ready in about N min": the live kitchen's quote for what is in the cart (GET /quote), asked
// again when the cart changes and every 30 s while it is shown, since the kitchen's queues move.
// A kitchen too full to take the order (409 "The kitchen is full") is said in plain words too.
import { t } from '../lib/i18n.js';
import { api } from '../lib/api.js';
import { waitText } from '../lib/errors.js';

const EVERY_MS = 30_000;

/** @param {number} minutes */
const aboutText = (minutes) => t('order.ready-about', { minutes: Math.max(1, minutes) });

/**
 * Keeps `element` showing the quote for `dishIds()`; hidden for an empty cart, an order for later,
 * or when no quote can be had. Call `update()` whenever the cart or the details change. The quote
 * follows the chosen `pacing()` (null: the restaurant's default): in courses, the first course's.
 * @param {HTMLElement} element @param {() => string[]} dishIds @param {() => boolean} forLater
 * @param {() => string | null} [pacing]
 */
export function liveQuote(element, dishIds, forLater, pacing = () => null) {
  let asked = '';
  let generation = 0;
  /** @param {boolean} again ask even if the dishes are the same */
  async function update(again = false) {
    const ids = forLater() ? [] : dishIds();
    const paced = pacing();
    const query = { dish_ids: ids.join(','), ...(paced ? { pacing: paced } : {}) };
    const key = new URLSearchParams(query).toString();
    if (key === asked && !again) return;
    asked = key;
    const mine = ++generation;
    if (ids.length === 0) {
      element.hidden = true;
      return;
    }
    try {
      const quote = await api('GET', `/quote?${key}`);
      if (mine !== generation) return;
      element.textContent = aboutText(quote.minutes);
      element.hidden = false;
    } catch {
      if (mine === generation) element.hidden = true;
    }
  }
  setInterval(() => {
    if (!element.hidden) void update(true);
  }, EVERY_MS);
  return { update: () => void update() };
}

/**
 * The kitchen-full refusal in plain words: the wait, that nothing was ordered, and when to try.
 * @param {{ minutes?: number }} problem @param {number | null} retryAfter seconds
 */
export function kitchenFullText(problem, retryAfter) {
  return t('order.kitchen-full', {
    minutes: typeof problem.minutes === 'number' ? problem.minutes : 'none',
    wait: retryAfter ? waitText(retryAfter) : 'none',
  });
}
