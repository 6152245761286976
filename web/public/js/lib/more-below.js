// No ticket is invisible: when some sit below the fold, a bar at the bottom says how many, names the
// newest one out of sight, and jumps to it (or to the first hidden ticket) with one tap. Only open
// ones count: a card marked `data-done="true"` (finished, kept for a recall) is not announced.
import { t } from './i18n.js';
import { $ } from './dom.js';

/** @param {HTMLElement} grid */
export function createMoreBelow(grid) {
  const button = /** @type {HTMLButtonElement} */ ($('#more-below'));
  /** The ticket that arrived last, while it is still off screen. */
  let newest = /** @type {string | null} */ (null);

  const scroller = /** @type {HTMLElement} */ (grid.closest('.board'));
  const below = () => {
    // The board scrolls on its own, above the strip: its bottom edge is the fold.
    const fold = scroller.getBoundingClientRect().bottom || window.innerHeight;
    return /** @type {HTMLElement[]} */ ([...grid.querySelectorAll('[data-order-id]:not(.gone):not([data-done="true"])')]).filter(
      (card) => card.getBoundingClientRect().top > fold - 40,
    );
  };

  function update() {
    const hidden = below();
    if (newest && !hidden.some((card) => card.dataset.orderId === newest)) newest = null;
    const fresh = newest ? grid.querySelector(`[data-order-id="${CSS.escape(newest)}"]`) : null;
    const name = /** @type {HTMLElement | null | undefined} */ (fresh?.querySelector('[data-table-label]'))?.dataset.tableLabel;
    button.hidden = hidden.length === 0;
    button.textContent = name ? t('board.more-below-new', { count: hidden.length, name }) : t('board.more-below', { count: hidden.length });
    button.classList.toggle('has-new', Boolean(name));
  }

  button.addEventListener('click', () => {
    const target = /** @type {HTMLElement | null} */ (
      (newest && grid.querySelector(`[data-order-id="${CSS.escape(newest)}"]`)) || below()[0] || null
    );
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    target.classList.add('flash');
    setTimeout(() => target.classList.remove('flash'), 2_000);
    newest = null;
    update();
  });
  scroller.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);

  return {
    /** After each render; `arrived` is the id of a ticket that just appeared, if any. @param {string | null} arrived */
    update(arrived) {
      if (arrived) newest = arrived;
      update();
    },
  };
}
