// One ticket card, readable from two metres: table and priority largest, then the guest, this
// station's dishes, requests (clamped, with the whole text a tap away), the order's other stations
// small, and this station's bump and recall keys.
import { allergyLines } from '../lib/allergy.js';
import { h } from '../lib/dom.js';
import { refreshAge } from '../lib/age.js';
import { countDishes, tableLabel } from '../lib/orders.js';
import { TICKET_BUMP, TICKET_RECALL, TICKET_STATE, ticketOf, ticketStartedAt } from '../lib/tickets.js';

const STATUS_TEXT = { Received: 'New', 'In Progress': 'Preparing', Ready: 'Ready' };
const BUMP_TEXT = { Received: 'Start ▶', 'In Progress': 'Done ✓' };
export const DONE_TEXT = 'Done ✓';
const OTHER_MARK = { scheduled: '…', waiting: '○', preparing: '◐', done: '✓' };

/**
 * @param {any} order the order, with this station's `dishes` and every station's `tickets`
 * @param {string} station
 * @param {{ late: number, veryLate: number }} timers minutes after which the ticket runs late
 * @param {{ bump: (id: string) => void, recall: (id: string) => void, done: (id: string) => void }} actions
 */
export function ticketCard(order, station, timers, actions) {
  const own = ticketOf(order, station)?.status ?? 'Received';
  const card = h('article', {
    class: `ticket status-${TICKET_STATE[own] ?? 'waiting'}`,
    tabIndex: 0,
    dataset: { orderId: order.id, status: own, done: String(own === 'Ready'), started: String(ticketStartedAt(order, station)), late: String(timers.late), veryLate: String(timers.veryLate) },
    'aria-label': `${tableLabel(order)}, ${order.name}, priority ${order.priority}, ${STATUS_TEXT[own] ?? own}`,
  },
  allergyLine(order, station),
  h('header', { class: 'ticket-head' },
    tableBadge(order),
    h('span', { class: `ticket-priority p${order.priority}`, title: 'Priority: 0 is the most urgent' }, `P${order.priority}`),
    h('span', { class: 'ticket-age', dataset: { age: '' } })),
  h('div', { class: 'ticket-meta' },
    h('span', { class: 'ticket-name clamp', title: order.name, dataset: { clampTitle: 'Guest' } }, order.name),
    otherStations(order, station),
    h('span', { class: 'ticket-status' }, STATUS_TEXT[own] ?? own)),
  shortLine(ticketOf(order, station)?.short),
  order.special_requests && h('p', { class: 'ticket-requests' }, h('span', { class: 'clamp', dataset: { clampTitle: 'Special requests' } }, order.special_requests)),
  h('ul', { class: 'ticket-dishes' }, ...countDishes(order.dishes).map(({ name, count }) =>
    h('li', {}, h('span', { class: 'dish-count' }, `${count}×`), h('span', { class: 'dish-name clamp', title: name, dataset: { clampTitle: 'Dish', clampIfCut: '' } }, name)))),
  actionBar(order.id, own, actions));
  refreshAge(card);
  return card;
}

/**
 * The ticket's first line when there is an allergy: the server's alerts for this station's dishes,
 * then the request's allergy words; never clamped, so a cook reads them without a tap at any density.
 */
function allergyLine(order, station) {
  const names = new Map((order.dishes ?? []).map((dish) => [dish.id, dish.name]));
  const { alerts, notes } = allergyLines(ticketOf(order, station)?.allergy_alerts ?? [], names, order.special_requests);
  if (alerts.length + notes.length === 0) return null;
  return h('p', { class: 'ticket-allergy', role: 'note' }, h('strong', {}, 'Allergy'),
    ...alerts.map((alert) => h('span', { class: 'allergy-alert' }, alert)),
    ...notes.map((note) => h('span', { class: 'allergy-note' }, note)));
}

/** Essential ingredients the kitchen is short of that this order holds (a stock correction below zero). */
function shortLine(short) {
  if (!short?.length) return null;
  return h('p', { class: 'ticket-short', role: 'note' }, h('strong', {}, 'Short'), ...short.map((mark) => h('span', { class: 'short-item', dataset: { ingredientId: mark.ingredient_id } }, mark.name)));
}

/** "TABLE" small beside the number large, or "Takeaway": its text reads "Table 12". */
function tableBadge(order) {
  const label = tableLabel(order);
  const number = label.startsWith('Table ') ? label.slice('Table '.length) : null;
  return number === null
    ? h('span', { class: 'ticket-table takeaway' }, label)
    : h('span', { class: 'ticket-table' }, h('small', {}, 'Table'), ` ${number}`);
}

/** The order's other tickets, small: a cook sees whether the rest of the table's food is coming. */
function otherStations(order, station) {
  const others = (order.tickets ?? []).filter((ticket) => ticket.station !== station);
  if (others.length === 0) return null;
  return h('ul', { class: 'ticket-others', 'aria-label': 'Other stations of this order' }, ...others.map((ticket) => {
    const state = TICKET_STATE[ticket.status] ?? 'waiting';
    return h('li', { class: `other state-${state}`, dataset: { station: ticket.station, state }, title: `${ticket.station}: ${ticket.status}` }, `${ticket.station} ${OTHER_MARK[state]}`);
  }));
}

function actionBar(id, own, actions) {
  const recall = TICKET_RECALL[own] && h('button', { class: 'recall', type: 'button', tabIndex: -1, dataset: { action: 'recall' }, on: { click: () => actions.recall(id) } }, '↶ Recall');
  const bump = TICKET_BUMP[own] && h('button', { class: 'bump', type: 'button', tabIndex: -1, dataset: { action: 'bump' }, on: { click: () => actions.bump(id) } }, BUMP_TEXT[own]);
  // A new ticket can be finished in one tap too (a drink is poured, not "started").
  const done = own === 'Received' && h('button', { class: 'bump done', type: 'button', tabIndex: -1, dataset: { action: 'done' }, on: { click: () => actions.done(id) } }, DONE_TEXT);
  return h('footer', { class: 'ticket-actions' }, recall, bump, done);
}
