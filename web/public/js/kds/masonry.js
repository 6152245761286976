// The tickets in columns without holes: each card spans as many of the grid's small rows as it is
// tall, so the next card takes the column that frees up first (the grid places cards in their order,
// left to right, then down). A long request makes its card taller, never the cards beside it; a
// ticket taller than the screen continues in the next column first (continued.js).
import { continueTallTickets } from './continued.js';

/**
 * @param {HTMLElement} grid the `.tickets` grid (small `grid-auto-rows`, no row gap)
 * @param {() => void} [repacked] called after the tickets are packed again for a new screen size
 */
export function createMasonry(grid, repacked) {
  /** @param {HTMLElement} card */
  const span = (card) => {
    const row = parseFloat(getComputedStyle(grid).gridAutoRows) || 4;
    const margin = parseFloat(getComputedStyle(card).marginBottom) || 0;
    const rows = Math.max(1, Math.ceil((card.getBoundingClientRect().height + margin) / row));
    const value = `span ${rows}`;
    if (card.style.gridRowEnd !== value) card.style.gridRowEnd = value;
  };
  // A card that grows or shrinks (a font loaded, the layout turned compact, the screen turned) is
  // measured again.
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) if (entry.target instanceof HTMLElement && entry.target.parentElement === grid) span(entry.target);
  });
  const board = /** @type {HTMLElement} */ (grid.closest('.board') ?? grid.parentElement ?? grid);
  // A turned or resized screen holds another height: the tall tickets are split again (and what sits
  // below the fold is counted again, by `repacked`).
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let resized;
  addEventListener('resize', () => {
    clearTimeout(resized);
    resized = setTimeout(() => {
      api.pack();
      repacked?.();
    }, 150);
  });
  const api = {
    /** Splits the tickets taller than the screen, then measures every card; called after each render. */
    pack() {
      observer.disconnect();
      continueTallTickets(grid, board);
      for (const card of /** @type {HTMLElement[]} */ ([...grid.children])) {
        span(card);
        observer.observe(card);
      }
    },
  };
  return api;
}
