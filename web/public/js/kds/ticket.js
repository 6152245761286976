// One ticket card: who and where, how long it has waited, what to make, and the bump and recall keys.
import { h } from '../lib/dom.js';
import { refreshAge } from '../lib/age.js';
import { BUMP, countDishes, RECALL, startedAt, tableLabel } from '../lib/orders.js';

const STATUS_TEXT = { Received: 'New', 'In Progress': 'Preparing', 'Ready for Assembly': 'Ready' };
const BUMP_TEXT = { Received: 'Start ▶', 'In Progress': 'Done ✓' };

/**
 * @param {import('../lib/order-book.js').BoardOrder} ticket
 * @param {{ bump: (id: string) => void, recall: (id: string) => void }} actions
 */
export function ticketCard(ticket, actions) {
  const prep = Math.max(0, ...ticket.dishes.map((dish) => dish.preparation_time));
  const card = h('article', {
    class: `ticket status-${slug(ticket.status)}`,
    tabIndex: 0,
    dataset: { orderId: ticket.id, status: ticket.status, started: String(startedAt(ticket)), prep: String(prep) },
    'aria-label': `${ticket.name}, ${tableLabel(ticket)}, ${ticket.status}`,
  },
  h('header', { class: 'ticket-head' },
    h('span', { class: 'ticket-name' }, ticket.name),
    h('span', { class: 'ticket-age', dataset: { age: '' } })),
  h('div', { class: 'ticket-meta' },
    h('span', { class: 'ticket-table' }, tableLabel(ticket)),
    h('span', { class: `ticket-priority p${ticket.priority}`, title: 'Priority: 0 is the most urgent' }, `P${ticket.priority}`),
    h('span', { class: 'ticket-status' }, STATUS_TEXT[ticket.status] ?? ticket.status)),
  ticket.special_requests && h('p', { class: 'ticket-requests' }, ticket.special_requests),
  h('ul', { class: 'ticket-dishes' }, ...countDishes(ticket.dishes).map(({ name, count }) =>
    h('li', {}, h('span', { class: 'dish-count' }, `${count}×`), h('span', { class: 'dish-name' }, name)))),
  actionBar(ticket, actions));
  refreshAge(card);
  return card;
}

function actionBar(ticket, actions) {
  const recall = RECALL[ticket.status] && h('button', { class: 'recall', type: 'button', tabIndex: -1, dataset: { action: 'recall' }, on: { click: () => actions.recall(ticket.id) } }, '↶ Recall');
  const bump = BUMP[ticket.status] && h('button', { class: 'bump', type: 'button', tabIndex: -1, dataset: { action: 'bump' }, on: { click: () => actions.bump(ticket.id) } }, BUMP_TEXT[ticket.status]);
  return h('footer', { class: 'ticket-actions' }, recall, bump);
}

/** "Ready for Assembly" → "ready-for-assembly". @param {string} status */
const slug = (status) => status.toLowerCase().replace(/\s+/g, '-');
