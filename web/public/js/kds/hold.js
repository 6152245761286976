// Tickets must not move under a cook's finger. While a pointer rests on a ticket (and for a moment
// after a finger lifts), a new render only updates cards where they stand: a ticket that left the
// board stays as a greyed "gone" card and new ones join at the end. The full re-sort follows once
// the pointer has left.
const AFTER_TOUCH_MS = 1_500;
const AFTER_MOUSE_MS = 300;
/** A mouse left resting on a ticket (a desktop screen) holds the order only this long after it last moved. */
const RESTING_MS = 8_000;

/** @param {HTMLElement} grid @param {() => void} onRelease called once when a deferred re-sort may run */
export function createHold(grid, onRelease) {
  let over = false;
  let lingering = false;
  let movedAt = 0;
  let deferred = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resting;

  const release = () => {
    if (!deferred) return;
    deferred = false;
    onRelease();
  };
  /** A resting mouse holds the order RESTING_MS after it last moved, then the deferred re-sort runs. */
  const releaseWhenRested = () => {
    clearTimeout(resting);
    resting = setTimeout(
      () => {
        if (over && Date.now() - movedAt < RESTING_MS) releaseWhenRested();
        else if (over) release();
      },
      Math.max(0, movedAt + RESTING_MS - Date.now()) + 50,
    );
  };

  /** @param {EventTarget | null} target */
  const onTicket = (target) => target instanceof Element && target.closest('[data-order-id]') !== null;
  grid.addEventListener('pointerover', (event) => {
    if (!onTicket(event.target)) return;
    over = true;
    movedAt = Date.now();
    clearTimeout(timer);
  });
  grid.addEventListener('pointermove', () => void (movedAt = Date.now()), { passive: true });
  grid.addEventListener('pointerdown', () => void (movedAt = Date.now()), { passive: true });
  grid.addEventListener('pointerout', (event) => {
    if (onTicket(event.relatedTarget)) return;
    over = false;
    lingering = true;
    clearTimeout(timer);
    clearTimeout(resting);
    timer = setTimeout(
      () => {
        lingering = false;
        release();
      },
      event.pointerType === 'touch' ? AFTER_TOUCH_MS : AFTER_MOUSE_MS,
    );
  });

  return {
    /** True while renders must keep cards in place; the caller's full render runs on release. */
    holding() {
      const held = lingering || (over && Date.now() - movedAt < RESTING_MS);
      if (held) deferred = true;
      if (held && !lingering) releaseWhenRested();
      return held;
    },
  };
}

/**
 * Replaces each shown card by its fresh version in the same place; cards without one are greyed
 * out as gone (their buttons disabled); cards not shown yet are added at the end.
 * @param {HTMLElement} grid @param {HTMLElement[]} fresh
 */
export function updateInPlace(grid, fresh) {
  const byId = new Map(fresh.map((card) => [card.dataset.orderId, card]));
  for (const shown of /** @type {NodeListOf<HTMLElement>} */ (grid.querySelectorAll('[data-order-id]'))) {
    const next = byId.get(shown.dataset.orderId);
    byId.delete(shown.dataset.orderId);
    if (next) shown.replaceWith(next);
    else if (!shown.classList.contains('gone')) {
      shown.classList.add('gone');
      shown.setAttribute('aria-disabled', 'true');
      for (const button of shown.querySelectorAll('button')) /** @type {HTMLButtonElement} */ (button).disabled = true;
    }
  }
  grid.append(...byId.values());
}
