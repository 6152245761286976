// A ticket taller than the board's visible height continues in the next column, as leading kitchen
// displays do: its last item lines move to a "continued" part right of it (the table named again,
// marked CONTINUED; the card and its parts one item of the grid), and the ticket says "continued"
// under its last line shown, so no
// part is taller than the screen and none needs scrolling to be read. On a phone's single column
// the one long card stays whole (the board scrolls there, and a part would only sit under it).
// The heights come from the board with and without the "more below" strip, whether or not it shows
// now, so the same tickets on the same screen are split the same way however the board got there
// (loaded at that size, or turned or resized to it while tickets sat below).
import { h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { boardHeights } from '../lib/more-below.js';

/** @typedef {{ screen: number, fit: number }} Limit */
/** About the height of the "continued" note under the lines. */
const NOTE_PX = 40;

/**
 * Puts the item lines of every part back in their ticket, then splits each ticket taller than the
 * board's visible height. Called before the cards are measured for their rows (masonry.js).
 * @param {HTMLElement} grid the `.tickets` grid @param {HTMLElement} board the scrolling board around it
 * @returns {Limit | null} the limit split to (null: every ticket whole)
 */
export function continueTallTickets(grid, board) {
  joinParts(grid);
  const limit = splitLimit(grid, board);
  if (!limit) return null;
  const tall = /** @type {HTMLElement[]} */ ([...grid.children]).filter(
    (card) => card.matches('[data-order-id]') && card.getBoundingClientRect().height > limit.fit,
  );
  for (const card of tall) split(card, limit);
  return limit;
}

/**
 * The limit tall tickets are split to now, or null where they stay whole (a single column, no room).
 * @param {HTMLElement} grid @param {HTMLElement} board @returns {Limit | null}
 */
export function splitLimit(grid, board) {
  if (getComputedStyle(grid).display !== 'grid' || columnsOf(grid) < 2) return null;
  const limit = limits(grid, board);
  return limit.screen > 0 ? limit : null;
}

/**
 * How tall a card may be: the board's visible height (`screen`, the strip hidden: a card whose first
 * line alone is taller would not read whole split either), and under its strips (all day, held, low)
 * and above the "more below" strip (`fit`, what a split aims for, so the first row reads whole without
 * scrolling and a part reads whole once scrolled to, strip or not), never under half the board
 * however tall the strips.
 * @param {HTMLElement} grid @param {HTMLElement} board @returns {Limit}
 */
function limits(grid, board) {
  const style = getComputedStyle(board);
  const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
  const heights = boardHeights(board);
  const [screen, shown] = [heights.hidden - padding, heights.shown - padding];
  const strips = grid.getBoundingClientRect().top - board.getBoundingClientRect().top + board.scrollTop - parseFloat(style.paddingTop);
  return { screen, fit: Math.max(shown - Math.max(0, strips), shown / 2) };
}

/**
 * Undoes the last split: each group gives way to its ticket's card. A card replaced by a fresh render
 * (a finger held the board) has every line already: only the card that was split (it says
 * "continued") takes its lines back from the parts.
 * @param {HTMLElement} grid
 */
function joinParts(grid) {
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (grid.querySelectorAll(':scope > .ticket-group'))) {
    const card = group.querySelector('[data-order-id]');
    const list = card?.querySelector(':scope > .ticket-continues') ? card.querySelector('.ticket-items') : null;
    for (const part of group.querySelectorAll('.ticket-continued')) {
      const lines = part.querySelector('.ticket-items');
      if (list && lines) list.append(...lines.children);
    }
    card?.querySelector(':scope > .ticket-continues')?.remove();
    if (card) group.replaceWith(card);
    else group.remove();
  }
}

/**
 * Moves the card's last lines, one at a time, into a new part until the card fits; then the same
 * with the part, while it is still too tall (a ticket may take several columns). A single line
 * taller than the screen stays where it is.
 * @param {HTMLElement} card @param {Limit} limit
 */
function split(card, { screen, fit }) {
  let from = card;
  let fromList = card.querySelector('.ticket-items');
  const first = fromList?.firstElementChild;
  if (!fromList || !first) return;
  // What the card would be with its first line alone (and the note): a card made tall by its request
  // or allergy, not its lines, stays whole, as a part would only take a column's place for nothing.
  const saved = fromList.getBoundingClientRect().bottom - first.getBoundingClientRect().bottom;
  if (card.getBoundingClientRect().height - saved + NOTE_PX > screen) return;
  const table = card.querySelector('.ticket-table');
  let index = 1;
  while (fromList && from.getBoundingClientRect().height > fit && fromList.children.length > 1) {
    index += 1;
    fromList.after(h('p', { class: 'ticket-continues', 'aria-hidden': 'true' }, t('kds.continues')));
    const list = h('ul', { class: fromList.className });
    const part = h(
      'article',
      {
        class: `${card.className} ticket-continued`,
        dataset: { continues: card.dataset.orderId ?? '' },
        'aria-label': t('kds.continued-label', { ticket: card.getAttribute('aria-label') ?? '', part: index }),
      },
      h('header', { class: 'ticket-head' }, table?.cloneNode(true) ?? '', h('span', { class: 'continued-mark' }, t('kds.continued'))),
      list,
    );
    from.after(part);
    while (from.getBoundingClientRect().height > fit && fromList.children.length > 1) {
      const last = fromList.lastElementChild;
      if (last) list.prepend(last);
    }
    from = part;
    fromList = list;
  }
  if (from === card) return;
  // The ticket and its parts side by side, one item of the board's grid spanning their columns, so
  // a part always sits right of the one before it (as many columns as the board has, then a row more).
  const parts = [
    card,
    ...(card.parentElement?.querySelectorAll(`:scope > [data-continues="${CSS.escape(card.dataset.orderId ?? '')}"]`) ?? []),
  ];
  const columns = Math.min(parts.length, columnsOf(card.parentElement));
  const group = h('div', {
    class: 'ticket-group',
    style: `grid-column: span ${columns}; grid-template-columns: repeat(${columns}, minmax(0, 1fr))`,
  });
  card.before(group);
  // The rows a card spanned on the board (masonry.js, while it stood whole) mean nothing in its
  // group: kept, they would push the parts after the first row to the right.
  card.style.removeProperty('grid-row-end');
  group.append(...parts);
}

/** @param {Element | null} grid */
const columnsOf = (grid) => (grid ? getComputedStyle(grid).gridTemplateColumns.split(' ').length : 1);
