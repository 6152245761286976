// The station screen (/kds/<station>): this station's tickets, live, with its own bump and recall;
// its all-day counts and stock-outs; built to hold up in a rush (compact layout, nothing hidden
// below the fold, nothing moving under a finger).
import { t, translate } from '../lib/i18n.js';
import { tickAges } from '../lib/age.js';
import { notify } from '../lib/chrome.js';
import { offerWholeText } from '../lib/clamp.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { createStationBook } from '../lib/station-book.js';
import { sessionEvents } from '../lib/session.js';
import { staffBoard } from '../lib/staff-board.js';
import { stationName } from '../lib/orders.js';
import { TICKET_BUMP, TICKET_RECALL, ticketStartedAt } from '../lib/tickets.js';
import { ackKey, dropDeleted, parseKey, stationEntries } from './entries.js';
import { refreshHeld, showHeld } from './held-strip.js';
import { createAllDay } from './all-day.js';
import { createHold, updateInPlace } from './hold.js';
import { wireLayout } from './layout.js';
import { createMoreBelow } from '../lib/more-below.js';
import { createMasonry } from './masonry.js';
import { createStockOuts } from './stock.js';
import { createPrinterNotice } from './printer-notice.js';
import { ticketCard } from './ticket.js';
import { beep } from '../lib/beep.js';
import { changeSignature } from './items.js';
import { ITEM_BUMP, ITEM_RECALL } from '../lib/items.js';
import { createTimers } from './timers.js';
/** @import { Entry } from './entries.js' */
/** @import { ItemLine } from './items.js' */
/** @import { LiveEvent } from '../../../types/api.js' */

translate();
const station = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const grid = $('#tickets');
/** Orders whose ticket was bumped from this screen, newest last: "Recall last" walks back through them. @type {string[]} */
const bumped = [];
const allDay = createAllDay(station);
const stock = createStockOuts(station, pace);
const timers = createTimers(station);
const printerNotice = createPrinterNotice(station);
const side = {
  reload: () => [allDay, stock, printerNotice].forEach((part) => part.reload()),
  receive: (/** @type {LiveEvent} */ event) => [allDay, stock, printerNotice].forEach((part) => part.receive(event)),
};
const book = createStationBook(station);
const board = staffBoard({
  rooms: [`station:${station}`, 'menu'],
  book,
  render,
  what: 'tickets',
  side,
  signInTitle: t('kds.sign-in'),
});
const hold = createHold(grid, () => render());
const moreBelow = createMoreBelow(grid, board);
// Tickets split again for a turned screen move up or down: the strip counts those below again.
const masonry = createMasonry(grid, () => moreBelow.recount());
const layout = wireLayout(() => render());

/** Voided cards a cook has acknowledged (by card and when it was voided). @type {Set<string>} */
const acknowledged = new Set();
const stationBook = book;
/** The last render's cards, by key, for the actions. */
let current = /** @type {Map<string, Entry>} */ (new Map());

/** @param {Entry} entry */
const isDone = (entry) => entry.ticket.status === 'Ready' && !entry.voided;
/** @param {Entry} entry */
const startedOf = (entry) => (entry.ticket.fired_at ? Date.parse(entry.ticket.fired_at) : ticketStartedAt(entry.order, station));
/** Orders placed this long ago or less set the pace a low dish is selling at. */
const PACE_WINDOW_MINUTES = 10;
/** Portions of the dish ordered per minute over the last minutes (orders still on this board). @param {string} dishId */
function pace(dishId) {
  const since = Date.now() - PACE_WINDOW_MINUTES * 60_000;
  let portions = 0;
  for (const order of board.records().values()) {
    if (Date.parse(order.created_at) >= since) portions += (order.dishes ?? []).filter((dish) => dish.id === dishId).length;
  }
  return portions / PACE_WINDOW_MINUTES;
}

/** How late an open ticket runs now: 0 on time, 1 late (amber), 2 very late (red). @param {Entry} entry @param {number} now */
function lateness(entry, now) {
  if (isDone(entry) || entry.voided) return 0;
  const { late, veryLate } = timers.forOrder(entry.order);
  const minutes = (now - startedOf(entry)) / 60_000;
  return veryLate > 0 && minutes > veryLate ? 2 : late > 0 && minutes > late ? 1 : 0;
}

/**
 * Called-off tickets first (a cook must see them), then very late ones (the oldest first), whatever
 * their priority: a forgotten P5 must not sit last and red. Then by priority, a late ticket counting
 * one priority higher; then the oldest.
 * @param {number} now @returns {(a: Entry, b: Entry) => number}
 */
function byUrgency(now) {
  /** @param {Entry} entry */
  const rank = (entry) => {
    // A dish to cook again goes on top: a guest is waiting with an empty plate.
    if (entry.ticket.remake_of && !isDone(entry) && !entry.voided) return -3;
    if (entry.voided) return -2;
    const late = lateness(entry, now);
    return late === 2 ? -1 : Math.max(0, entry.order.priority - late);
  };
  return (a, b) => rank(a) - rank(b) || startedOf(a) - startedOf(b) || a.key.localeCompare(b.key);
}
/** @param {number} now */
const entriesNow = (now) => stationEntries(board.records(), station, acknowledged, now);
/** Which tickets ran late at the last render: when that changes, the tickets are sorted again. */
let lateAtRender = '';
/** @param {number} now */
const lateNow = (now) =>
  entriesNow(now)
    .cards.filter((entry) => lateness(entry, now) > 0)
    .map((entry) => `${entry.key}:${lateness(entry, now)}`)
    .sort()
    .join();

/** Called-off and open tickets first, then those done here (kept for the recall window); held ones in the strip. */
function render() {
  const now = Date.now();
  lateAtRender = lateNow(now);
  const { cards: entries, held } = entriesNow(now);
  const sorted = entries.sort(byUrgency(now));
  const tickets = [...sorted.filter((entry) => !isDone(entry)), ...sorted.filter(isDone)];
  current = new Map(tickets.map((entry) => [entry.key, entry]));
  const open = tickets.filter((entry) => !isDone(entry) && !entry.voided).length;
  layout.apply(open);
  const cards = tickets.map((entry) =>
    ticketCard(entry, station, timers.forOrder(entry.order), { bump, bumpItem, recall, done, ack, dishName: stationBook.dishName }),
  );
  announceChanges(tickets, cards, now);
  keepFocus(grid, () => (hold.holding() ? updateInPlace(grid, cards) : grid.replaceChildren(...cards)));
  offerWholeText(grid, '.ticket-actions');
  masonry.pack();
  showHeld(held);
  $('#count').textContent = t('kds.open', { count: open });
  $('#empty').hidden = tickets.length > 0;
  moreBelow.rendered(tickets.map((entry) => entry.key));
  stock.refresh();
}

/** The ticket's path, and the course and round that name it among the station's tickets of the order. @param {string} key */
function ticketPath(key) {
  const { id, course, round } = parseKey(key);
  const which = current.get(key)?.ticket.round === undefined ? { course } : { course, round };
  return { id, which, path: `/orders/${id}/tickets/${encodeURIComponent(station)}` };
}

/**
 * One step along `moves` from the card's ticket status, if there is one.
 * @param {string} key @param {typeof TICKET_BUMP} moves @returns {Promise<boolean>}
 */
function move(key, moves) {
  const entry = current.get(key);
  const status = entry && !entry.voided && moves[entry.ticket.status];
  if (!status) return Promise.resolve(false);
  const { id, which, path } = ticketPath(key);
  return board.changeOrder(id, { status, ...which }, path);
}

/**
 * A tap on an item: done (struck through, kept on the ticket), in the server's steps (a new item is
 * started first); a tap on a done item takes it back to cooking (a finger slipped). Identical items
 * on one line move together.
 * @param {string} key @param {ItemLine} line
 */
async function bumpItem(key, line) {
  const { id, path } = ticketPath(key);
  const steps = line.item.status === 'Received' ? ['In Progress', 'Ready'] : [ITEM_BUMP[line.item.status] ?? ITEM_RECALL[line.item.status]];
  for (const status of steps) {
    if (!status) return;
    for (const itemId of line.ids) if (!(await board.changeOrder(id, { status }, `${path}/items/${itemId}`))) return;
  }
}

/** Tickets whose change marks (a remake, a new round, items added or voided) were seen at the last render, by key. */
let changesSeen = /** @type {Map<string, string> | null} */ (null);
/** Until when each changed card flashes, by key. @type {Map<string, number>} */
const flashing = new Map();
const FLASH_MS = 4_000;

/**
 * A change made while the order cooks is never silent: a remake, a new round, an item added or
 * voided chimes (as a new ticket does) and flashes its card, also when it came in an update of a
 * ticket already shown. @param {Entry[]} entries @param {HTMLElement[]} cards @param {number} now
 */
function announceChanges(entries, cards, now) {
  const seen = new Map(entries.map((entry) => [entry.key, changeSignature(entry.ticket)]));
  const fresh = changesSeen
    ? entries.filter((entry) => seen.get(entry.key) && seen.get(entry.key) !== changesSeen?.get(entry.key)).map((entry) => entry.key)
    : [];
  changesSeen = seen;
  for (const key of fresh) flashing.set(key, now + FLASH_MS);
  if (fresh.length > 0) beep();
  entries.forEach((entry, index) => {
    const until = flashing.get(entry.key) ?? 0;
    if (until > now) cards[index]?.classList.add('flash', 'changed');
    else flashing.delete(entry.key);
  });
}

/** @param {string} key */
async function bump(key) {
  if (await move(key, TICKET_BUMP)) bumped.push(key);
}

/** A new ticket finished in one tap: the server's two steps, Start then Done. @param {string} key */
async function done(key) {
  if (current.get(key)?.ticket.status === 'Received' && !(await move(key, TICKET_BUMP))) return;
  render();
  await bump(key);
}

/** @param {string} key */
async function recall(key) {
  await move(key, TICKET_RECALL);
}

/** A cook has seen a voided ticket: it leaves this board at once, even under the finger that tapped it. @param {Entry} entry */
function ack(entry) {
  acknowledged.add(ackKey(entry));
  render();
  grid.querySelector(`[data-order-id="${CSS.escape(entry.key)}"]`)?.remove();
}

async function recallLast() {
  while (bumped.length > 0) {
    const key = bumped.pop() ?? '';
    render();
    if (await move(key, TICKET_RECALL)) return;
  }
  notify(t('kds.nothing-to-recall'));
}

const title = stationName(station);
document.title = t('kds.page-title', { title });
$('#station').textContent = title;
wireTicketKeys(grid, { bump: (id) => void bump(id), recall: (id) => void recall(id) }, { home: true });
$('#recall-last').addEventListener('click', () => void recallLast());
timers.wire(() => render());
tickAges(grid, '.ticket');
// Ready tickets leave once their recall window has passed, with or without an event.
setInterval(render, 30_000);
// A ticket turning late rises at once, not at the next event.
setInterval(() => {
  if (lateNow(Date.now()) !== lateAtRender) render();
}, 5_000);
// Held countdowns tick; a deleted order's voided cards leave after their moment.
setInterval(() => {
  refreshHeld();
  if (dropDeleted(board.records(), Date.now())) render();
}, 1_000);
// The station's pace moves slowly (it is learned over two hours): asked once open, at every sign-in
// (a board opened before anyone signed in was refused it) and every minute.
const followPace = async () => {
  if (await timers.loadPace()) render();
};
setInterval(() => void followPace(), 60_000);
sessionEvents.addEventListener('signed-in', () => void followPace());
await board.open();
void followPace();
