// The station screen (/kds/<station>): its open tickets, live, with bump and recall.
import { api } from '../lib/api.js';
import { beep, unlockAudioOnGesture } from '../lib/beep.js';
import { notify, showLinkState, startHeaderClock, wireMuteButton } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { connectLive } from '../lib/live.js';
import { guardWithLogin, resumeInto } from '../lib/login.js';
import { createOrderBook } from '../lib/order-book.js';
import { BUMP, byPriorityThenAge, KITCHEN_STATUSES, RECALL } from '../lib/orders.js';
import { resumeSession, sessionEvents } from '../lib/session.js';
import { createSync } from '../lib/sync.js';
import { tickAges } from '../lib/age.js';
import { ticketCard } from './ticket.js';

const station = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const grid = $('#tickets');
/** Orders bumped from this screen, newest last: "Recall last" walks back through them. */
const bumped = [];
/** @type {ReturnType<typeof connectLive> | null} */
let socket = null;

const book = createOrderBook({ statuses: KITCHEN_STATUSES, station });
const sync = createSync({
  load: book.load,
  apply: book.apply,
  render: (reason, appeared) => {
    if (reason === 'event' && appeared) beep();
    render();
  },
  onError: (error) => notify(`Could not load the tickets: ${error.message}`, 'error'),
});

/** Tickets still to make first (priority, then age), then those done here and waiting for the expeditor. */
function inWorkOrder(tickets) {
  const done = (ticket) => ticket.status === 'Ready for Assembly';
  return [...tickets.filter((ticket) => !done(ticket)), ...tickets.filter(done)];
}

function render() {
  const tickets = inWorkOrder([...sync.records().values()].sort(byPriorityThenAge));
  keepFocus(grid, () => grid.replaceChildren(...tickets.map((ticket) => ticketCard(ticket, { bump, recall }))));
  $('#count').textContent = `${tickets.filter((ticket) => ticket.status !== 'Ready for Assembly').length} open`;
  $('#empty').hidden = tickets.length > 0;
}

/** Moves the order one step through the API; the answer is shown at once, the event confirms it. */
async function move(id, moves) {
  const ticket = sync.records().get(id);
  const status = ticket && moves[ticket.status];
  if (!status) return false;
  try {
    const order = await api('PATCH', `/orders/${id}`, { status });
    sync.receive('order.updated', { ...order, dishes: ticket.dishes });
    return true;
  } catch (error) {
    notify(`${ticket.name}: ${/** @type {Error} */ (error).message}`, 'error');
    return false;
  }
}

async function bump(id) {
  if (await move(id, BUMP)) bumped.push(id);
}

async function recall(id) {
  await move(id, RECALL);
}

async function recallLast() {
  while (bumped.length > 0) {
    const id = bumped.pop() ?? '';
    if (RECALL[sync.records().get(id)?.status ?? '']) {
      await recall(id);
      return;
    }
  }
  notify('Nothing to recall: no ticket bumped from this screen is still in the kitchen.');
}

/** Shows what the REST lists hold at once, then follows the live link (which resyncs on connect). */
function start() {
  void sync.resync();
  if (socket) socket.connect();
  else socket = connectLive({ rooms: [`station:${station}`], onEvent: sync.receive, onResync: () => void sync.resync(), onState: showLinkState });
}

function setUp() {
  const title = `${station[0]?.toUpperCase()}${station.slice(1)} station`;
  document.title = `${title} · Kitchen display`;
  $('#station').textContent = title;
  wireMuteButton();
  unlockAudioOnGesture();
  startHeaderClock();
  wireTicketKeys(grid, { bump: (id) => void bump(id), recall: (id) => void recall(id) });
  $('#recall-last').addEventListener('click', () => void recallLast());
  sessionEvents.addEventListener('signed-out', () => socket?.disconnect());
  tickAges(grid, '.ticket');
  guardWithLogin(start);
}

setUp();
if (await resumeSession()) resumeInto(start);
