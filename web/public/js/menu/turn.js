// The menu board on a wall screen nobody touches: /menu?turn=15 turns a page every 15 seconds,
// back to the top after the last, so every dish is shown in turn however long the menu. A page ends
// where a card is cut at the screen's foot: the next page starts with that card whole under the
// sticky bar (a card taller than the screen is turned past by a screen's height). The bar says which
// page is showing. Without `turn` (a guest's tablet or phone) the board scrolls by hand only.
import { t } from '../lib/i18n.js';
import { $ } from '../lib/dom.js';

/** Fewer seconds than this would turn before a guest has read a column. */
export const SHORTEST_TURN_SECONDS = 5;

/** The seconds between turns asked for in the address, or null. @param {string} search */
export function turnSeconds(search) {
  const seconds = Number(new URLSearchParams(search).get('turn'));
  return Number.isFinite(seconds) && seconds >= SHORTEST_TURN_SECONDS ? seconds : null;
}

/** Where each page starts (scroll offsets, the first 0), as the board is laid out now. */
function pageStarts() {
  const root = document.scrollingElement ?? document.documentElement;
  const bar = $('.bar').getBoundingClientRect().height;
  const last = Math.max(0, root.scrollHeight - root.clientHeight);
  const cards = [...document.querySelectorAll('.dish')].map((card) => {
    const box = card.getBoundingClientRect();
    return { top: box.top + root.scrollTop, bottom: box.bottom + root.scrollTop };
  });
  const starts = [0];
  for (let top = 0; top < last;) {
    const foot = top + root.clientHeight;
    // Whole pixels, rounded down: a scroll offset is, and the card's top must not slip under the bar.
    const cut = Math.floor(Math.min(...cards.filter((card) => card.top < foot && card.bottom > foot).map((card) => card.top - bar)));
    const next = Math.min(last, cut > top && cut < Infinity ? cut : Math.floor(top + root.clientHeight - bar));
    starts.push(next);
    top = next;
  }
  return starts;
}

/** Turns the board's pages every `seconds`, and keeps "Page 2 of 3" in the bar. @param {number} seconds */
export function turnPages(seconds) {
  const root = document.scrollingElement ?? document.documentElement;
  /** @param {number[]} starts */
  const showPage = (starts = pageStarts()) => {
    const at = starts.findLastIndex((start) => start <= root.scrollTop + 1) + 1;
    const text = starts.length > 1 ? t('menu.page-of', { at, pages: starts.length }) : '';
    const shown = $('#page-of');
    if (shown.textContent !== text) shown.textContent = text;
  };
  setInterval(() => {
    const starts = pageStarts();
    const next = starts.find((start) => start > root.scrollTop + 1) ?? 0;
    root.scrollTo({ top: next, behavior: 'instant' });
    showPage(starts);
  }, seconds * 1000);
  // Dishes come and go live: the count follows the board's height.
  new ResizeObserver(() => showPage()).observe($('#menu'));
}
