// Bump-bar keys: arrows move between tickets, space/enter bumps the focused one, backspace recalls.
// The keys keep working when the focused ticket leaves the board: the focus moves to the ticket that
// took its place, and with nothing focused the first key press focuses the first ticket.

const NAVIGATION = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'Enter']);
/**
 * Keys that press a button of the focused card, the first of these actions it shows enabled: the
 * card's buttons stay out of the Tab order (Tab walks the cards), so each has its key. Space or
 * Enter on a called-off ticket is "Seen"; A opens the whole text; F fires a held order or course,
 * N fires every held course of a paced order now.
 * @type {Record<string, string[]>}
 */
const CARD_KEYS = {
  ' ': ['ack'],
  Enter: ['ack'],
  a: ['show-all'],
  A: ['show-all'],
  f: ['fire', 'fire-course'],
  F: ['fire', 'fire-course'],
  n: ['fire-all'],
  N: ['fire-all'],
};

/**
 * @param {HTMLElement} grid the element holding the focusable tickets (`[data-order-id]`)
 * @param {{ bump?: (id: string) => void, recall?: (id: string) => void, other?: (key: string, id: string) => boolean }} actions
 * @param {{ home?: boolean }} [options] `home`: this grid takes the keys when nothing is focused
 */
export function wireTicketKeys(grid, actions, options = {}) {
  if (options.home) {
    document.addEventListener('keydown', (event) => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (!NAVIGATION.has(event.key) || document.querySelector('dialog[open]')) return;
      const first = /** @type {HTMLElement | null} */ (grid.querySelector('[data-order-id]:not(.gone)'));
      if (!first) return;
      first.focus();
      event.preventDefault();
    });
  }
  grid.addEventListener('keydown', (event) => {
    const ticket = /** @type {HTMLElement | null} */ (document.activeElement?.closest('[data-order-id]') ?? null);
    if (!ticket || !grid.contains(ticket) || event.target !== ticket) return;
    const id = ticket.dataset.orderId ?? '';
    const step = arrowStep(event.key, columnsOf(grid));
    if (step !== 0) moveFocus(grid, ticket, step);
    else if (pressCardButton(ticket, event.key)) return event.preventDefault();
    else if (actions.bump && (event.key === ' ' || event.key === 'Enter')) actions.bump(id);
    else if (actions.recall && (event.key === 'Backspace' || event.key === 'r' || event.key === 'R')) actions.recall(id);
    else if (!actions.other?.(event.key, id)) return;
    event.preventDefault();
  });
}

/** Clicks the card's button for `key` (CARD_KEYS), if it shows one enabled. @param {HTMLElement} card @param {string} key */
function pressCardButton(card, key) {
  const button = (CARD_KEYS[key] ?? [])
    .map((action) => /** @type {HTMLButtonElement | null} */ (card.querySelector(`button[data-action="${action}"]:not(:disabled)`)))
    .find((each) => each !== null);
  button?.click();
  return Boolean(button);
}

/** @param {string} key @param {number} columns */
function arrowStep(key, columns) {
  return { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[key] ?? 0;
}

/** How many tickets sit side by side in the grid. @param {HTMLElement} grid */
function columnsOf(grid) {
  const tickets = [...grid.querySelectorAll('[data-order-id]')];
  const top = tickets[0]?.getBoundingClientRect().top;
  return Math.max(1, tickets.filter((ticket) => ticket.getBoundingClientRect().top === top).length);
}

/** @param {HTMLElement} grid @param {HTMLElement} from @param {number} step */
function moveFocus(grid, from, step) {
  const tickets = /** @type {HTMLElement[]} */ ([...grid.querySelectorAll('[data-order-id]')]);
  const index = tickets.indexOf(from) + step;
  tickets[Math.min(tickets.length - 1, Math.max(0, index))]?.focus();
}

/**
 * Puts the focus back on the ticket that had it before a re-render; if that ticket is gone, on the
 * one now at its place (or the last), so a bump bar never loses its place.
 * @param {HTMLElement} grid @param {() => void} render
 */
export function keepFocus(grid, render) {
  const focused = /** @type {HTMLElement | null} */ (document.activeElement?.closest('[data-order-id]') ?? null);
  const inGrid = focused !== null && grid.contains(focused);
  const index = inGrid ? [...grid.querySelectorAll('[data-order-id]')].indexOf(focused) : -1;
  render();
  if (!inGrid) return;
  const id = focused.dataset.orderId ?? '';
  const tickets = /** @type {HTMLElement[]} */ ([...grid.querySelectorAll('[data-order-id]:not(.gone)')]);
  const again = tickets.find((ticket) => ticket.dataset.orderId === id) ?? tickets[Math.min(index, tickets.length - 1)];
  again?.focus({ preventScroll: true });
}
