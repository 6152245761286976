// The running age on tickets and rows: its text, and amber then red as the order runs late.
import { formatAge, lateness } from './orders.js';

/**
 * Reads `data-started` (ms) and `data-prep` (minutes) from the element; called every second.
 * @param {HTMLElement} element
 */
export function refreshAge(element) {
  const ageMs = Date.now() - Number(element.dataset.started);
  const age = element.querySelector('[data-age]');
  if (age) age.textContent = formatAge(ageMs);
  const done = ['Ready for Assembly', 'Ready', 'Draft'].includes(element.dataset.status ?? '');
  const late = done ? 'ok' : lateness(ageMs, [{ preparation_time: Number(element.dataset.prep) }]);
  element.classList.toggle('late', late === 'late');
  element.classList.toggle('very-late', late === 'very-late');
}

/** Every `selector` inside `root`, once a second. @param {HTMLElement} root @param {string} selector */
export function tickAges(root, selector) {
  setInterval(() => root.querySelectorAll(selector).forEach((element) => refreshAge(/** @type {HTMLElement} */ (element))), 1_000);
}
