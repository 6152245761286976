// "My orders": each order the guest placed, its status in words, how far each kitchen station has
// got with it (its tickets), the time promised and any new one, what the kitchen is short of for
// it, and a Cancel button while the kitchen has not started.
import { formatList, formatPrice, formatTime, t } from '../lib/i18n.js';
import { tableLabel } from '../lib/orders.js';
import { $, h, isolated } from '../lib/dom.js';
import { stationName } from '../lib/orders.js';
/** @import { Dish, Order, OrderStatus, Ticket, TicketStatus } from '../../../types/api.js' */

/** @param {OrderStatus} status */
const statusText = (status) => t(`order.status-${status}`);
/** @param {TicketStatus} status */
const ticketText = (status) => (['Draft', 'Received', 'In Progress', 'Ready'].includes(status) ? t(`ticket.status-${status}`) : status);
export const CANCELLABLE = ['Draft', 'Received'];

const time = { format: formatTime };

/**
 * "2 × Steak, Tea": each name isolated (`bdi`), so a right-to-left name keeps its count before it and
 * leaves the comma and the next dish's count where they belong.
 * @param {Map<string, Dish>} menu @param {string[]} ids @returns {(Node | string)[]}
 */
function dishSummary(menu, ids) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].flatMap(([id, count], index) => [
    `${index > 0 ? ', ' : ''}${count > 1 ? `${count} × ` : ''}`,
    h('bdi', {}, menu.get(id)?.name ?? t('order.a-dish')),
  ]);
}

const FINISHED = ['Ready for Assembly', 'On the Way', 'Ready for Pickup'];

/**
 * Past its promised time by more than this, an order is running late: the kitchen report's margin
 * for a kept promise (docs/quotes.md), so the guest is not told of a one-minute slip.
 */
const LATE_MARGIN_MS = 5 * 60_000;

/**
 * The time the guest was promised (`quoted_ready_at`) while the order is in the kitchen, and the
 * new one when the kitchen now expects it more than the margin later (`expected_ready_at`, pushed
 * live); within the margin the guest is shown the newer time without alarm.
 * @param {Pick<Order, 'status' | 'scheduled_at' | 'quoted_ready_at' | 'expected_ready_at'>} order
 */
function promiseText(order) {
  if (!order.quoted_ready_at || order.scheduled_at || FINISHED.includes(order.status)) return null;
  const promised = new Date(order.quoted_ready_at);
  const expected = order.expected_ready_at ? new Date(order.expected_ready_at) : promised;
  if (expected.getTime() - promised.getTime() > LATE_MARGIN_MS) {
    return { slipped: true, text: t('order.running-late', { expected: time.format(expected), promised: time.format(promised) }) };
  }
  return { slipped: false, text: t('order.ready-at-about', { time: time.format(expected) }) };
}

/**
 * What the kitchen is short of for this order (its tickets' `short` marks), or null.
 * @param {Pick<Ticket, 'short'>[]} tickets
 */
function shortText(tickets) {
  const names = [...new Set(tickets.flatMap((ticket) => (ticket.short ?? []).map((mark) => isolated(mark.name))))];
  return names.length === 0 ? null : t('order.short', { ingredients: formatList(names) });
}

/** "Table 4" or "Takeaway". @param {Pick<Order, 'table_number'>} order */
const tableText = (order) => tableLabel(order);

/**
 * Cancelling deletes the order for good, and a phone's Cancel button sits where a thumb scrolls: it
 * is asked first, the safe choice focused (Escape keeps the order too).
 * @param {Order} order @returns {Promise<boolean>} true once the guest chose to cancel
 */
export function askToCancel(order) {
  const dialog = /** @type {HTMLDialogElement} */ ($('#cancel-confirm'));
  $('#cancel-confirm .confirm-text').textContent = t('order.cancel-question', { name: isolated(order.name), table: tableText(order) });
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'cancel'), { once: true }));
}

/** @param {Order} order @param {Map<string, Dish>} menu @param {(order: Order) => void} onCancel */
export function orderItem(order, menu, onCancel) {
  const status = statusText(order.status);
  // A voided ticket (its dishes taken off the order) is no longer the guest's concern.
  const tickets = (Array.isArray(order.tickets) ? order.tickets : []).filter((ticket) => ticket.status !== 'Voided');
  // Paced by courses, a station may have a ticket per course: name the course then. A course held
  // for later (Draft in an order not scheduled) says "Later".
  const coursed = tickets.some((ticket) => (ticket.course ?? 1) > 1);
  const table = tableText(order);
  const short = shortText(tickets);
  const promise = promiseText(order);
  return h(
    'li',
    { class: 'order', dataset: { orderId: order.id, status: order.status } },
    h(
      'div',
      { class: 'order-line' },
      h('span', { class: 'order-name' }, `${order.name} · ${table}`),
      h('span', { class: 'order-status', dataset: { status: order.status } }, status),
    ),
    h('p', { class: 'order-dishes' }, ...dishSummary(menu, order.dish_ids)),
    // What the guest pays: the order's own total (each item's price with its options, voided ones left out).
    h('p', { class: 'order-total' }, t('order.total'), ' ', h('span', { class: 'order-total-amount' }, formatPrice(order.total))),
    order.scheduled_at && h('p', { class: 'hint' }, t('order.ready-at', { time: time.format(new Date(order.scheduled_at)) })),
    promise && h('p', { class: promise.slipped ? 'order-promise slipped' : 'order-promise' }, promise.text),
    order.special_requests && h('p', { class: 'hint' }, `“${order.special_requests}”`),
    short && h('p', { class: 'order-short', role: 'note' }, short),
    tickets.length > 0 &&
      h(
        'ul',
        { class: 'tickets', 'aria-label': t('order.in-kitchen') },
        ...tickets.map((ticket) =>
          h(
            'li',
            { class: 'ticket', dataset: { station: ticket.station, status: ticket.status } },
            h(
              'span',
              {},
              coursed
                ? t('order.station-course', { station: stationName(ticket.station), course: ticket.course ?? 1 })
                : stationName(ticket.station),
            ),
            h(
              'span',
              { class: 'ticket-status' },
              ticket.status === 'Draft' && !order.scheduled_at ? t('ticket.later') : ticketText(ticket.status),
            ),
          ),
        ),
      ),
    CANCELLABLE.includes(order.status) &&
      h(
        'button',
        {
          type: 'button',
          class: 'cancel',
          'aria-label': t('order.cancel-for', { name: order.name }),
          dataset: { focusKey: `cancel-${order.id}` },
          on: { click: () => onCancel(order) },
        },
        t('order.cancel'),
      ),
  );
}
