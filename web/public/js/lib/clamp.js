// Long text (a 120-character name, a long dish name) is clamped so one ticket keeps its size; where
// something was cut, one "Show all" button on the ticket opens the whole text. A guest's request is
// never clamped (request-box.js).
import { t } from './i18n.js';
import { h } from './dom.js';

/**
 * For every card (`[data-order-id]`) in `root` with a `.clamp` whose text does not fit, adds a
 * "Show all" button after its last clamped text, or first in the card's `into` element when given.
 * A part marked `data-clamp-if-cut` (a dish name) joins the whole text only when it was cut.
 * @param {HTMLElement} root @param {string} [into]
 */
export function offerWholeText(root, into) {
  const cards = /** @type {HTMLElement[]} */ ([...root.querySelectorAll('[data-order-id]')]);
  for (const card of cards) card.querySelector('.show-all')?.remove();
  // Every card measured before any button is added, so the board is laid out once, not once a card.
  const cut = cards.flatMap((card) => {
    const parts = /** @type {HTMLElement[]} */ ([...card.querySelectorAll('.clamp')]);
    if (!parts.some(isCut)) return [];
    const whole = parts
      .filter((part) => part.dataset.clampIfCut === undefined || isCut(part))
      .map((part) => ({ title: part.dataset.clampTitle ?? '', text: part.textContent ?? '' }));
    return [{ card, parts, whole }];
  });
  for (const { card, parts, whole } of cut) {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'show-all',
        tabIndex: -1,
        dataset: { action: 'show-all' },
        on: { click: () => showWhole(card.getAttribute('aria-label') ?? '', whole) },
      },
      t('board.show-all'),
    );
    const holder = into ? card.querySelector(into) : null;
    if (holder) holder.prepend(button);
    else {
      const last = parts.at(-1);
      (last?.closest('p') ?? last?.parentElement)?.after(button);
    }
  }
}

/** Whether the element's text does not fit its box (clamped or cut). @param {HTMLElement} element */
export const isCut = (element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1;

/** @param {string} title @param {{ title: string, text: string }[]} parts */
export function showWhole(title, parts) {
  const dialog = /** @type {HTMLDialogElement} */ (
    h(
      'dialog',
      { class: 'confirm whole-text', 'aria-label': title },
      h(
        'form',
        { method: 'dialog' },
        h(
          'div',
          { class: 'whole-text-parts' },
          ...parts.flatMap((part) => [h('h2', {}, part.title), h('p', { class: 'whole-text-body' }, part.text)]),
        ),
        h('div', { class: 'confirm-actions' }, h('button', { type: 'submit', class: 'confirm-stay', autofocus: true }, t('board.close'))),
      ),
    )
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
