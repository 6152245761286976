// One order on the expeditor's screen: priority controls, age, each station's share and state, and
// the final moves. A scheduled Draft shows when it will be fired instead.
import { h } from '../lib/dom.js';
import { clockTime, countDishes, startedAt, tableLabel } from '../lib/orders.js';
import { refreshAge } from '../lib/age.js';
import { allPrepDone, STATE_TEXT, TICKET_STATE } from '../lib/tickets.js';

const FINAL_MOVES = ['On the Way', 'Ready for Pickup'];

/**
 * @param {import('../lib/order-book.js').BoardOrder} order
 * @param {{ setPriority: (id: string, priority: number) => void, move: (id: string, status: string) => void }} actions
 */
export function orderRow(order, actions) {
  const prep = Math.max(0, ...order.dishes.map((dish) => dish.preparation_time));
  const row = h('article', {
    class: `order status-${order.status.toLowerCase().replace(/\s+/g, '-')}${allPrepDone(order) ? ' prep-done' : ''}`,
    tabIndex: 0,
    dataset: { orderId: order.id, status: order.status, started: String(startedAt(order)), prep: String(prep) },
    'aria-label': `${order.name}, ${tableLabel(order)}, ${order.status}, priority ${order.priority}`,
  },
  priorityControl(order, actions),
  h('div', { class: 'order-who' },
    h('span', { class: 'order-name' }, order.name),
    h('span', { class: 'order-table' }, tableLabel(order)),
    order.status === 'Draft' ? h('span', { class: 'order-fire' }, `Fires ${order.fire_at ? clockTime(order.fire_at) : '—'}`) : h('span', { class: 'ticket-age', dataset: { age: '' } }),
    order.status === 'Draft' && order.scheduled_at && h('span', { class: 'order-due' }, `Due ${clockTime(order.scheduled_at)}`)),
  h('div', { class: 'order-stations' }, ...stationParts(order)),
  order.special_requests && h('p', { class: 'ticket-requests order-requests' }, order.special_requests),
  h('div', { class: 'order-moves' }, allPrepDone(order) && h('span', { class: 'all-prep-done', role: 'status' }, 'All prep done ✓'), ...moveButtons(order, actions)));
  if (order.status !== 'Draft') refreshAge(row);
  return row;
}

function priorityControl(order, actions) {
  const step = (delta, text, label) => h('button', {
    type: 'button', class: 'priority-step', tabIndex: -1, 'aria-label': label, dataset: { action: delta < 0 ? 'raise' : 'lower' },
    disabled: order.priority + delta < 0 || order.priority + delta > 5,
    on: { click: () => actions.setPriority(order.id, order.priority + delta) },
  }, text);
  return h('div', { class: 'order-priority' },
    step(-1, '▲', 'Raise priority'),
    h('span', { class: `ticket-priority p${order.priority}`, dataset: { priority: String(order.priority) } }, `P${order.priority}`),
    step(1, '▼', 'Lower priority'));
}

/** Each station's ticket (cold, hot, beverages): its dishes with counts, and its own state. */
function stationParts(order) {
  return (order.tickets ?? []).map(({ station, status }) => {
    const state = TICKET_STATE[status] ?? 'waiting';
    const dishes = order.dishes.filter((dish) => dish.station === station);
    return h('div', { class: `station-part state-${state}`, dataset: { station, state } },
      h('span', { class: 'station-name' }, station),
      h('span', { class: 'station-state' }, STATE_TEXT[state]),
      h('ul', { class: 'station-dishes' }, ...countDishes(dishes).map(({ name, count }) => h('li', {}, `${count}× ${name}`))));
  });
}

function moveButtons(order, actions) {
  if (order.status === 'Draft') {
    return [h('button', { type: 'button', tabIndex: -1, class: 'fire', dataset: { action: 'fire' }, on: { click: () => actions.move(order.id, 'Received') } }, 'Fire now')];
  }
  const ready = order.status === 'Ready for Assembly' && allPrepDone(order);
  return FINAL_MOVES.map((status) => h('button', {
    type: 'button', tabIndex: -1, class: 'final', disabled: !ready, dataset: { action: status },
    title: ready ? '' : 'Available once every station is done (all prep done)',
    on: { click: () => actions.move(order.id, status) },
  }, status));
}
