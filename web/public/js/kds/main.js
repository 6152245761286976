// The station screen (/kds/<station>): its open tickets, live, with bump and recall.
import { tickAges } from '../lib/age.js';
import { notify } from '../lib/chrome.js';
import { $ } from '../lib/dom.js';
import { keepFocus, wireTicketKeys } from '../lib/keyboard.js';
import { createOrderBook } from '../lib/order-book.js';
import { BUMP, byPriorityThenAge, KITCHEN_STATUSES, RECALL } from '../lib/orders.js';
import { staffBoard } from '../lib/staff-board.js';
import { ticketCard } from './ticket.js';

const station = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
const grid = $('#tickets');
/** Orders bumped from this screen, newest last: "Recall last" walks back through them. */
const bumped = [];
const board = staffBoard({ room: `station:${station}`, book: createOrderBook({ statuses: KITCHEN_STATUSES, station }), render, what: 'tickets' });

const isDone = (ticket) => ticket.status === 'Ready for Assembly';

/** Tickets still to make first (priority, then age), then those done here and waiting for the expeditor. */
function render() {
  const sorted = [...board.records().values()].sort(byPriorityThenAge);
  const tickets = [...sorted.filter((ticket) => !isDone(ticket)), ...sorted.filter(isDone)];
  keepFocus(grid, () => grid.replaceChildren(...tickets.map((ticket) => ticketCard(ticket, { bump, recall }))));
  $('#count').textContent = `${tickets.filter((ticket) => !isDone(ticket)).length} open`;
  $('#empty').hidden = tickets.length > 0;
}

/** One step along `moves` from the ticket's status, if there is one. */
function move(id, moves) {
  const status = moves[board.records().get(id)?.status ?? ''];
  return status ? board.changeOrder(id, { status }) : Promise.resolve(false);
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
    if (await move(id, RECALL)) return;
  }
  notify('Nothing to recall: no ticket bumped from this screen is still in the kitchen.');
}

const title = `${station[0]?.toUpperCase()}${station.slice(1)} station`;
document.title = `${title} · Kitchen display`;
$('#station').textContent = title;
wireTicketKeys(grid, { bump: (id) => void bump(id), recall: (id) => void recall(id) });
$('#recall-last').addEventListener('click', () => void recallLast());
tickAges(grid, '.ticket');
await board.open();
