// The tickets in columns without holes: each card spans as many of the grid's small rows as it is
// tall, so the next card takes the column that frees up first (the grid places cards in their order,
// left to right, then down). A long request makes its card taller, never the cards beside it; a
// ticket taller than the screen continues in the next column first (continued.js).
import { continueTallTickets, splitLimit } from './continued.js';
/** @import { Limit } from './continued.js' */

/**
 * @param {HTMLElement} grid the `.tickets` grid (small `grid-auto-rows`, no row gap)
 * @param {() => void} [repacked] called after the tickets are packed again for a new screen size
 */
export function createMasonry(grid, repacked) {
  /**
   * Sets each card's span from its height: every card measured first, then every span written, so
   * the board is laid out once per pack rather than once per card. (Cards sit at the top of their
   * rows, `align-items: start`, so a span never changes a card's height.)
   * @param {HTMLElement[]} cards
   */
  const span = (cards) => {
    const row = parseFloat(getComputedStyle(grid).gridAutoRows) || 4;
    const values = cards.map((card) => {
      const margin = parseFloat(getComputedStyle(card).marginBottom) || 0;
      return `span ${Math.max(1, Math.ceil((card.getBoundingClientRect().height + margin) / row))}`;
    });
    cards.forEach((card, i) => {
      if (card.style.gridRowEnd !== values[i]) card.style.gridRowEnd = values[i] ?? '';
    });
  };
  // A card that grows or shrinks (a font loaded, the layout turned compact, the screen turned) is
  // measured again.
  const observer = new ResizeObserver((entries) =>
    span(
      entries
        .map((entry) => entry.target)
        .filter(/** @returns {card is HTMLElement} */ (card) => card instanceof HTMLElement && card.parentElement === grid),
    ),
  );
  const board = /** @type {HTMLElement} */ (grid.closest('.board') ?? grid.parentElement ?? grid);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let due;
  const packLater = () => {
    clearTimeout(due);
    due = setTimeout(() => {
      api.pack();
      repacked?.();
    }, 150);
  };
  // A turned or resized screen holds another height: the tall tickets are split again (and what sits
  // below the fold is counted again, by `repacked`).
  addEventListener('resize', packLater);
  /** How tall a ticket could be at the last split (continued.js); undefined before the first pack. */
  let splitFor = /** @type {string | undefined} */ (undefined);
  /** @param {Limit | null} limit */
  const key = (limit) => (limit ? `${Math.round(limit.screen)} ${Math.round(limit.fit)}` : 'whole');
  // So are they when the strips above them (all-day counts, held, low, 86'd) or a banner change that
  // height: the counts often arrive after the tickets are drawn and split.
  const heights = new ResizeObserver(() => {
    if (splitFor !== undefined && key(splitLimit(grid, board)) !== splitFor) packLater();
  });
  heights.observe(board);
  const strips = board.querySelector('.strips');
  if (strips) heights.observe(strips);
  const api = {
    /** Splits the tickets taller than the screen, then measures every card; called after each render. */
    pack() {
      observer.disconnect();
      splitFor = key(continueTallTickets(grid, board));
      const cards = /** @type {HTMLElement[]} */ ([...grid.children]);
      span(cards);
      for (const card of cards) observer.observe(card);
    },
  };
  return api;
}
