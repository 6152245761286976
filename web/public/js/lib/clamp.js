// Long text (a 120-character name, a 500-character request) is clamped to a few lines so one ticket
// keeps its size; where something was cut, a "Show all" button opens the whole text.
import { h } from './dom.js';

/** Adds "Show all" after every `.clamp` inside `root` whose text does not fit. @param {HTMLElement} root */
export function offerWholeText(root) {
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.clamp'))) {
    const cut = element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;
    const next = element.nextElementSibling;
    if (next?.classList.contains('show-all')) next.remove();
    if (!cut) continue;
    const title = element.dataset.clampTitle ?? '';
    element.after(h('button', { type: 'button', class: 'show-all', tabIndex: -1, dataset: { action: 'show-all' }, on: { click: () => showWhole(title, element.textContent ?? '') } }, 'Show all ▸'));
  }
}

/** @param {string} title @param {string} text */
function showWhole(title, text) {
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'confirm whole-text', 'aria-label': title },
    h('form', { method: 'dialog' },
      h('h2', {}, title),
      h('p', { class: 'whole-text-body' }, text),
      h('div', { class: 'confirm-actions' }, h('button', { type: 'submit', class: 'confirm-stay', autofocus: true }, 'Close')))));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
