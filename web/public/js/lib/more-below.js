// No ticket is invisible: when some sit below the fold, a bar at the bottom says how many, names the
// newest one out of sight, and jumps to it (or to the first hidden ticket) with one tap. Only open
// ones count: a card marked `data-done="true"` (finished, kept for a recall) is not announced.
// "Newest" means arrived while the board showed its tickets: a ticket counts as arrived only against
// a render of loaded records, never against one drawn before the board's first load (at the sign-in
// form, or for a pace answered first), which showed none and would make every ticket new.
// The fold is where the board ends with the strip shown, whether or not it shows now: what counts as
// below never depends on the strip's last state, so a screen resized or drawn again announces the
// same tickets as one freshly loaded (and the station board packs its tickets for that height too).
import { t } from './i18n.js';
import { $ } from './dom.js';

/**
 * The board's visible height (its box, without borders) with the strip shown under it and without:
 * the strip is shown or hidden for that moment (no frame is drawn in between), so the answer is the
 * same whether or not it shows now.
 * @param {HTMLElement} board the scrolling board @returns {{ shown: number, hidden: number }}
 */
export function boardHeights(board) {
  const strip = document.getElementById('more-below');
  if (!strip) return { shown: board.clientHeight, hidden: board.clientHeight };
  const was = strip.hidden;
  strip.hidden = false;
  const shown = board.clientHeight;
  strip.hidden = true;
  const hidden = board.clientHeight;
  strip.hidden = was;
  return { shown, hidden };
}

/**
 * @param {HTMLElement} grid
 * @param {{ loaded: () => boolean }} board true once the board's records are loaded (lib/staff-board.js)
 */
export function createMoreBelow(grid, board) {
  const button = /** @type {HTMLButtonElement} */ ($('#more-below'));
  /** The ticket that arrived last, while it is still off screen. */
  let newest = /** @type {string | null} */ (null);
  /** The tickets drawn at the last render of loaded records, by id; null before the first. */
  let shown = /** @type {Set<string> | null} */ (null);

  const scroller = /** @type {HTMLElement} */ (grid.closest('.board'));
  // The board's height with the strip shown, measured again after each render and whenever the
  // board's box changes size (a turned screen, a banner above it), never on a scroll, which changes
  // neither: measuring it lays the page out twice.
  /** @type {number | null} */
  let shownHeight = null;
  new ResizeObserver(() => (shownHeight = null)).observe(scroller);
  const below = () => {
    // The board scrolls on its own, above the strip: its bottom edge, the strip shown, is the fold.
    const box = scroller.getBoundingClientRect();
    shownHeight ??= boardHeights(scroller).shown;
    const fold = box.height > 0 ? box.top + scroller.clientTop + shownHeight : window.innerHeight;
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
  window.addEventListener('resize', () => {
    shownHeight = null;
    update();
  });

  return {
    /**
     * After each render, with the ids of the tickets it drew in their order: the last one not drawn
     * at the previous render of loaded records is the one that just arrived.
     * @param {string[]} ids
     */
    rendered(ids) {
      if (board.loaded()) {
        const arrived = shown ? ids.filter((id) => !shown?.has(id)).at(-1) : undefined;
        if (arrived) newest = arrived;
        shown = new Set(ids);
      }
      shownHeight = null;
      update();
    },
    /** The tickets moved without a render (split again for a turned screen): counted again. */
    recount() {
      shownHeight = null;
      update();
    },
  };
}
