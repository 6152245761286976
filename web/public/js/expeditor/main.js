// The expeditor's screen (/expeditor): every open order across the stations, and scheduled Drafts.
import { api } from '../lib/api.js';
import { beep, unlockAudioOnGesture } from '../lib/beep.js';
import { notify, showLinkState, startHeaderClock, wireMuteButton } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { connectLive } from '../lib/live.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { createOrderBook } from '../lib/order-book.js';
import { byPriorityThenAge, OPEN_STATUSES, startedAt } from '../lib/orders.js';
import { resumeSession, sessionEvents } from '../lib/session.js';
import { createSync } from '../lib/sync.js';
import { tickAges } from '../lib/age.js';
import { orderRow } from './row.js';

const SORTS = {
  priority: byPriorityThenAge,
  age: (a, b) => startedAt(a) - startedAt(b) || a.id.localeCompare(b.id),
};
const list = $('#orders');
const drafts = $('#drafts');
let sortBy = /** @type {keyof typeof SORTS} */ (localStorage.getItem('pos.expeditor.sort') === 'age' ? 'age' : 'priority');
/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;

const book = createOrderBook({ statuses: OPEN_STATUSES });
const sync = createSync({
  load: book.load,
  apply: book.apply,
  render: (reason, appeared) => {
    if (reason === 'event' && appeared) beep();
    render();
  },
  onError: (error) => notify(`Could not load the orders: ${error.message}`, 'error'),
});
const actions = { setPriority, move };

function render() {
  const all = [...sync.records().values()];
  const kitchen = all.filter((order) => order.status !== 'Draft').sort(SORTS[sortBy]);
  const scheduled = all.filter((order) => order.status === 'Draft').sort((a, b) => (a.fire_at ?? '').localeCompare(b.fire_at ?? ''));
  keepFocus(list, () => list.replaceChildren(...kitchen.map((order) => orderRow(order, actions))));
  keepFocus(drafts, () => drafts.replaceChildren(...scheduled.map((order) => orderRow(order, actions))));
  $('#count').textContent = `${kitchen.length} open · ${kitchen.filter((order) => order.status === 'Ready for Assembly').length} ready`;
  $('#empty').hidden = kitchen.length > 0;
  $('#drafts-section').hidden = scheduled.length === 0;
  for (const button of document.querySelectorAll('[data-sort]')) button.setAttribute('aria-pressed', String(/** @type {HTMLElement} */ (button).dataset.sort === sortBy));
}

/** @param {string} id @param {Record<string, unknown>} change */
async function patch(id, change) {
  const order = sync.records().get(id);
  if (!order) return;
  try {
    const changed = await api('PATCH', `/orders/${id}`, change);
    sync.receive('order.updated', { ...changed, dishes: order.dishes });
  } catch (error) {
    notify(`${order.name}: ${/** @type {Error} */ (error).message}`, 'error');
  }
}

function setPriority(id, priority) {
  if (priority >= 0 && priority <= 5) void patch(id, { priority });
}

function move(id, status) {
  void patch(id, { status });
}

/** Digits 0–5 set the focused order's priority; W and P send it On the Way or Ready for Pickup. */
function orderKeys(key, id) {
  if (/^[0-5]$/.test(key)) setPriority(id, Number(key));
  else if (key === 'w' || key === 'W') move(id, 'On the Way');
  else if (key === 'p' || key === 'P') move(id, 'Ready for Pickup');
  else return false;
  return true;
}

/** Shows what the REST lists hold at once, then follows the live link (which resyncs on connect). */
function start() {
  void sync.resync();
  if (socket) socket.connect();
  else socket = connectLive({ rooms: ['expeditor'], onEvent: sync.receive, onResync: () => void sync.resync(), onState: showLinkState });
}

function setUp() {
  wireMuteButton();
  unlockAudioOnGesture();
  startHeaderClock();
  for (const grid of [list, drafts]) wireTicketKeys(grid, { other: orderKeys });
  for (const button of document.querySelectorAll('[data-sort]')) {
    button.addEventListener('click', () => {
      sortBy = /** @type {HTMLElement} */ (button).dataset.sort === 'age' ? 'age' : 'priority';
      localStorage.setItem('pos.expeditor.sort', sortBy);
      render();
    });
  }
  sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
  tickAges(list, '.order');
  guardWithLogin(start);
}

setUp();
if (await resumeSession()) resumeInto(start);
