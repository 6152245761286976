// The running age on tickets and rows: its text, and amber then red as the ticket runs late.
import { formatAge } from './orders.js';

/**
 * Reads `data-started` (ms) and the thresholds `data-late` and `data-very-late` (minutes; 0 for
 * none) from the element; called every second.
 * @param {HTMLElement} element
 */
export function refreshAge(element) {
  const ageMs = Date.now() - Number(element.dataset.started);
  const age = element.querySelector('[data-age]');
  if (age) age.textContent = formatAge(ageMs);
  const done = ['Ready for Assembly', 'Ready', 'Draft'].includes(element.dataset.status ?? '');
  const minutes = ageMs / 60_000;
  const late = Number(element.dataset.late);
  const veryLate = Number(element.dataset.veryLate);
  element.classList.toggle('late', !done && late > 0 && minutes > late && !(veryLate > 0 && minutes > veryLate));
  element.classList.toggle('very-late', !done && veryLate > 0 && minutes > veryLate);
}

/** Every `selector` inside `root`, once a second. @param {HTMLElement} root @param {string} selector */
export function tickAges(root, selector) {
  setInterval(() => root.querySelectorAll(selector).forEach((element) => refreshAge(/** @type {HTMLElement} */ (element))), 1_000);
}
