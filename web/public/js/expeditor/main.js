// The expeditor's screen (/expeditor): every open order across the stations, and scheduled Drafts.
import { t, translate } from '../lib/i18n.js';
import { tickAges } from '../lib/age.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { createOrderBook } from '../lib/order-book.js';
import { byPriorityThenAge, OPEN_STATUSES, startedAt, STATIONS } from '../lib/orders.js';
import { createMoreBelow } from '../lib/more-below.js';
import { sessionEvents } from '../lib/session.js';
import { staffBoard } from '../lib/staff-board.js';
import { finalMove, orderRow, refreshPass, refreshPromise } from './row.js';
import { allPrepDone } from '../lib/tickets.js';
import { api } from '../lib/api.js';
import { MENU_PACE } from '../lib/lateness.js';
import { createSeatsDialog } from './seats.js';
/** @import { KitchenOrder, OrderStatus, StationPace } from '../../../types/api.js' */

translate();
/** @type {Record<'priority' | 'age', (a: KitchenOrder, b: KitchenOrder) => number>} */
const SORTS = {
  priority: byPriorityThenAge,
  age: (a, b) => startedAt(a) - startedAt(b) || a.id.localeCompare(b.id),
};
const SORT_KEY = 'pos.expeditor.sort';
const list = $('#orders');
const pass = $('#pass');
const drafts = $('#drafts');
/** @type {keyof typeof SORTS} */
let sortBy = localStorage.getItem(SORT_KEY) === 'age' ? 'age' : 'priority';
const board = staffBoard({
  rooms: ['expeditor'],
  book: createOrderBook({ statuses: OPEN_STATUSES }),
  render,
  what: 'orders',
  signInTitle: t('expo.sign-in'),
});
const actions = {
  setPriority,
  move,
  fireCourse: (/** @type {string} */ id, /** @type {number} */ course) => void board.postOrder(id, `/orders/${id}/courses/${course}/fire`),
  fireAll: (/** @type {string} */ id) => void board.postOrder(id, `/orders/${id}/fire`),
};
const seats = createSeatsDialog({ records: () => board.records(), post: (id, path, body) => board.postOrder(id, path, body) });
const moreBelow = createMoreBelow($('#rail'), board);
/**
 * Each station's pace as its own board uses it (GET /stations/{station}/pace, the quotes' pace):
 * an order runs late here when it would on the station's board. @type {Map<string, import('../lib/lateness.js').Pace>}
 */
const paces = new Map();
const paceOf = (/** @type {string} */ station) => paces.get(station) ?? MENU_PACE;
/** Asks every station's pace; the rail is drawn again when one changed. */
async function loadPaces() {
  const asked = await Promise.all(
    STATIONS.map((station) =>
      api('GET', `/stations/${station}/pace`).then(
        (/** @type {StationPace} */ pace) => pace,
        () => null,
      ),
    ),
  );
  let changed = false;
  for (const pace of asked) {
    if (!pace) continue;
    const was = paces.get(pace.station);
    changed ||= !was || was.speed !== pace.speed || was.late_margin_minutes !== pace.late_margin_minutes;
    paces.set(pace.station, { speed: pace.speed, late_margin_minutes: pace.late_margin_minutes });
  }
  if (changed) render();
}

function render() {
  const all = [...board.records().values()];
  const kitchen = all.filter((order) => order.status !== 'Draft').sort(SORTS[sortBy]);
  // Food waiting at the pass goes first, whatever the sort: the longest wait on top (it is getting cold).
  const atPass = kitchen
    .filter(waitsAtPass)
    .sort((a, b) => Date.parse(a.ready_at ?? '') - Date.parse(b.ready_at ?? '') || a.id.localeCompare(b.id));
  const cooking = kitchen.filter((order) => !waitsAtPass(order));
  const scheduled = all.filter((order) => order.status === 'Draft').sort((a, b) => (a.fire_at ?? '').localeCompare(b.fire_at ?? ''));
  keepFocus(pass, () => pass.replaceChildren(...atPass.map((order) => orderRow(order, actions, paceOf))));
  keepFocus(list, () => list.replaceChildren(...cooking.map((order) => orderRow(order, actions, paceOf))));
  $('#pass-section').hidden = atPass.length === 0;
  $('#cooking-title').hidden = atPass.length === 0 || cooking.length === 0;
  keepFocus(drafts, () => drafts.replaceChildren(...scheduled.map((order) => orderRow(order, actions, paceOf))));
  $('#count').textContent = t('expo.count', { open: kitchen.length, pass: atPass.length });
  $('#empty').hidden = kitchen.length > 0;
  $('#drafts-section').hidden = scheduled.length === 0;
  moreBelow.rendered(kitchen.map((order) => order.id));
  for (const button of document.querySelectorAll('[data-sort]'))
    button.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (button).dataset.sort === sortBy));
  seats.refresh();
}

/** Every ticket Ready and the order Ready for Assembly: its food waits at the pass. @param {KitchenOrder} order */
function waitsAtPass(order) {
  return order.status === 'Ready for Assembly' && allPrepDone(order) && Boolean(order.ready_at);
}

/** @param {string} id @param {number} priority */
function setPriority(id, priority) {
  if (priority >= 0 && priority <= 5) void board.changeOrder(id, { priority });
}

/** @param {string} id @param {OrderStatus} status */
function move(id, status) {
  void board.changeOrder(id, { status });
}

/**
 * Digits 0–5 set the focused order's priority; W (a table) or P (a takeaway) sends it out; S opens
 * its items by seat. @param {string} key @param {string} id
 */
function orderKeys(key, id) {
  const order = board.records().get(id);
  const final = order && finalMove(order).status;
  if (/^[0-5]$/.test(key)) setPriority(id, Number(key));
  else if ((key === 's' || key === 'S') && order) seats.open(order);
  else if ((key === 'w' || key === 'W') && final === 'On the Way') move(id, final);
  else if ((key === 'p' || key === 'P') && final === 'Ready for Pickup') move(id, final);
  else return false;
  return true;
}

/** @param {HTMLElement} button */
function sortWith(button) {
  sortBy = button.dataset.sort === 'age' ? 'age' : 'priority';
  localStorage.setItem(SORT_KEY, sortBy);
  render();
}

for (const grid of [pass, list, drafts]) {
  wireTicketKeys(grid, { other: orderKeys });
  // A tap on an order (anywhere but its buttons) opens its items by seat, to assemble the plates.
  grid.addEventListener('click', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const row = target.closest('.order');
    const order = row instanceof HTMLElement && !target.closest('button, a, input') && board.records().get(row.dataset.orderId ?? '');
    if (order) seats.open(order);
  });
}
for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-sort]')))
  button.addEventListener('click', () => sortWith(button));
tickAges($('#rail'), '.order');
setInterval(() => pass.querySelectorAll('.order').forEach((row) => refreshPass(/** @type {HTMLElement} */ (row))), 1_000);
setInterval(() => list.querySelectorAll('.order').forEach((row) => refreshPromise(/** @type {HTMLElement} */ (row))), 1_000);
// The stations' paces move slowly (learned over many tickets): asked once open, at every sign-in (a
// board opened before anyone signed in was refused them) and every minute.
sessionEvents.addEventListener('signed-in', () => void loadPaces());
await board.open();
void loadPaces();
setInterval(() => void loadPaces(), 60_000);
