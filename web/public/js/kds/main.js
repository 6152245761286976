// The station screen (/kds/<station>): this station's tickets, live, with its own bump and recall;
// its all-day counts and stock-outs; built to hold up in a rush (compact layout, nothing hidden
// below the fold, nothing moving under a finger).
import { tickAges } from '../lib/age.js';
import { notify } from '../lib/chrome.js';
import { offerWholeText } from '../lib/clamp.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { createStationBook } from '../lib/station-book.js';
import { staffBoard } from '../lib/staff-board.js';
import { stillOnBoard, TICKET_BUMP, TICKET_RECALL, ticketOf, ticketStartedAt } from '../lib/tickets.js';
import { createAllDay } from './all-day.js';
import { createHold, updateInPlace } from './hold.js';
import { wireLayout } from './layout.js';
import { createMoreBelow } from '../lib/more-below.js';
import { createStockOuts } from './stock.js';
import { ticketCard } from './ticket.js';
import { createTimers } from './timers.js';

const station = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const grid = $('#tickets');
/** Orders whose ticket was bumped from this screen, newest last: "Recall last" walks back through them. */
const bumped = [];
const allDay = createAllDay(station);
const stock = createStockOuts(station, pace);
const timers = createTimers(station);
const side = {
  reload: () => [allDay, stock].forEach((part) => part.reload()),
  receive: (type, data) => [allDay, stock].forEach((part) => part.receive(type, data)),
};
const board = staffBoard({ rooms: [`station:${station}`, 'menu'], book: createStationBook(station), render, what: 'tickets', side, signInTitle: 'Sign in to the kitchen display' });
const hold = createHold(grid, () => render());
const moreBelow = createMoreBelow(grid);
const layout = wireLayout(() => render());
/** Ids shown at the last render, to tell which ticket just arrived. */
let shown = /** @type {Set<string> | null} */ (null);

const own = (order) => ticketOf(order, station);
const isDone = (order) => own(order)?.status === 'Ready';
/** Orders placed this long ago or less set the pace a low dish is selling at. */
const PACE_WINDOW_MINUTES = 10;
/** Portions of the dish ordered per minute over the last minutes (orders still on this board). */
function pace(dishId) {
  const since = Date.now() - PACE_WINDOW_MINUTES * 60_000;
  let portions = 0;
  for (const order of board.records().values()) {
    if (Date.parse(order.created_at) >= since) portions += (order.dishes ?? []).filter((dish) => dish.id === dishId).length;
  }
  return portions / PACE_WINDOW_MINUTES;
}

/** How late an open ticket runs now: 0 on time, 1 late (amber), 2 very late (red). */
function lateness(order, now) {
  if (isDone(order)) return 0;
  const { late, veryLate } = timers.forDishes(order.dishes);
  const minutes = (now - ticketStartedAt(order, station)) / 60_000;
  return veryLate > 0 && minutes > veryLate ? 2 : late > 0 && minutes > late ? 1 : 0;
}

/**
 * Very late tickets first (the oldest first), whatever their priority: a forgotten P5 must not sit
 * last and red. Then by priority, a late ticket counting one priority higher; then the oldest.
 */
function byUrgency(now) {
  const rank = (order) => {
    const late = lateness(order, now);
    return late === 2 ? -1 : Math.max(0, order.priority - late);
  };
  return (a, b) => rank(a) - rank(b) || ticketStartedAt(a, station) - ticketStartedAt(b, station) || a.id.localeCompare(b.id);
}
/** Which tickets ran late at the last render: when that changes, the tickets are sorted again. */
let lateAtRender = '';
const lateNow = (now) => [...board.records().values()].filter((order) => lateness(order, now) > 0).map((order) => `${order.id}:${lateness(order, now)}`).sort().join();

/** Tickets still to make first, then those done here (kept for the recall window). */
function render() {
  const now = Date.now();
  lateAtRender = lateNow(now);
  const sorted = [...board.records().values()].filter((order) => stillOnBoard(own(order), now)).sort(byUrgency(now));
  const tickets = [...sorted.filter((order) => !isDone(order)), ...sorted.filter(isDone)];
  const open = tickets.filter((order) => !isDone(order)).length;
  layout.apply(open);
  const cards = tickets.map((order) => ticketCard(order, station, timers.forDishes(order.dishes), { bump, recall, done }));
  keepFocus(grid, () => (hold.holding() ? updateInPlace(grid, cards) : grid.replaceChildren(...cards)));
  offerWholeText(grid, '.ticket-actions');
  $('#count').textContent = `${open} open`;
  $('#empty').hidden = tickets.length > 0;
  const arrived = shown ? tickets.filter((order) => !shown?.has(order.id)).at(-1)?.id ?? null : null;
  shown = new Set(tickets.map((order) => order.id));
  moreBelow.update(arrived);
  stock.refresh();
}

/** One step along `moves` from this station's ticket status, if there is one. */
function move(id, moves) {
  const order = board.records().get(id);
  const status = order && moves[own(order)?.status ?? ''];
  return status ? board.changeOrder(id, { status }, `/orders/${id}/tickets/${encodeURIComponent(station)}`) : Promise.resolve(false);
}

async function bump(id) {
  if (await move(id, TICKET_BUMP)) bumped.push(id);
}

/** A new ticket finished in one tap: the server's two steps, Start then Done. */
async function done(id) {
  const order = board.records().get(id);
  if (order && own(order)?.status === 'Received' && !(await move(id, TICKET_BUMP))) return;
  await bump(id);
}

async function recall(id) {
  await move(id, TICKET_RECALL);
}

async function recallLast() {
  while (bumped.length > 0) {
    const id = bumped.pop() ?? '';
    if (await move(id, TICKET_RECALL)) return;
  }
  notify('Nothing to recall: no ticket bumped from this screen is still in the kitchen.');
}

const title = `${station[0]?.toUpperCase()}${station.slice(1)} station`;
document.title = `${title} · Kitchen display`;
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
await board.open();
