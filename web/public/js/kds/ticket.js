// One ticket card, readable from two metres: a head that never moves (table left, priority and age
// right, the same place on every card), then the guest, the request in full (a long one makes the
// card taller; its allergy words marked when they concern this station's dishes), this station's
// items (kds/items.js), the order's other stations small, and this station's bump and recall keys.
import { allergyLines } from '../lib/allergy.js';
import { requestBox } from '../lib/request-box.js';
import { h } from '../lib/dom.js';
import { refreshAge } from '../lib/age.js';
import { formatNumber, t } from '../lib/i18n.js';
import { tableLabel } from '../lib/orders.js';
import { STATE_TEXT, TICKET_BUMP, TICKET_RECALL, TICKET_STATE, ticketStartedAt } from '../lib/tickets.js';
import { changeBanner, itemList } from './items.js';
import { seatLabel } from '../lib/items.js';
/** @import { Ticket, TicketStatus } from '../../../types/api.js' */
/** @import { StationOrder } from '../lib/station-book.js' */
/** @import { TicketState } from '../lib/tickets.js' */
/** @import { Entry } from './entries.js' */
/** @import { ItemLine } from './items.js' */
/**
 * @typedef {{
 *   bump: (key: string) => void,
 *   bumpItem: (key: string, line: ItemLine) => void,
 *   recall: (key: string) => void,
 *   done: (key: string) => void,
 *   ack: (entry: Entry) => void,
 *   dishName: (id: string) => string | null,
 * }} TicketActions
 */

/** A request longer than this reads a size smaller on compact cards (kds.css). */
const LONG_REQUEST = 140;
/** @param {StationOrder} order */
const longRequest = (order) => (order.special_requests?.length ?? 0) > LONG_REQUEST;
/** @type {Partial<Record<TicketStatus, string>>} */
const STATUS_TEXT = {
  Received: t('ticket.new'),
  'In Progress': t('ticket.preparing'),
  Ready: t('ticket.ready'),
  Voided: t('ticket.voided'),
};
/** @type {Partial<Record<TicketStatus, string>>} */
const BUMP_TEXT = { Received: t('ticket.start'), 'In Progress': t('ticket.done') };
export const DONE_TEXT = t('ticket.done');
/** @type {Record<TicketState, string>} */
const OTHER_MARK = { scheduled: '…', waiting: '○', preparing: '◐', done: '✓' };

/**
 * @param {Entry} entry the ticket, and its order with the ticket's `dishes` and every station's `tickets`
 * @param {string} station
 * @param {{ late: number, veryLate: number }} timers minutes after which the ticket runs late
 * @param {TicketActions} actions
 */
export function ticketCard(entry, station, timers, actions) {
  const { order, ticket } = entry;
  const own = entry.voided ? 'Voided' : ticket.status;
  const started = ticket.fired_at ? Date.parse(ticket.fired_at) : ticketStartedAt(order, station);
  const card = h(
    'article',
    {
      class: `ticket status-${own === 'Voided' ? 'voided' : (TICKET_STATE[own] ?? 'waiting')}${longRequest(order) ? ' long-request' : ''}`,
      tabIndex: 0,
      dataset: {
        orderId: entry.key,
        status: own,
        done: String(own === 'Ready'),
        started: String(started),
        late: String(timers.late),
        veryLate: String(timers.veryLate),
        course: String(ticket.course ?? 1),
      },
      'aria-label': t('ticket.aria', {
        table: tableLabel(order),
        name: order.name,
        priority: order.priority,
        status: STATUS_TEXT[own] ?? own,
      }),
    },
    h(
      'header',
      { class: 'ticket-head' },
      tableBadge(order),
      h('span', { class: `ticket-priority p${order.priority}`, title: t('ticket.priority-title') }, `P${order.priority}`),
      h('span', { class: 'ticket-age', dataset: { age: '' } }),
    ),
    allergyLine(order, ticket),
    changeBanner(order, ticket, own === 'Voided'),
    h(
      'div',
      { class: 'ticket-meta' },
      order.pacing === 'courses' && h('span', { class: 'ticket-course' }, t('ticket.course', { course: ticket.course ?? 1 })),
      h('span', { class: 'ticket-name clamp', title: order.name, dataset: { clampTitle: t('ticket.guest') } }, order.name),
      otherStations(order, station),
      h('span', { class: 'ticket-status' }, order.deleted_at ? t('ticket.cancelled') : (STATUS_TEXT[own] ?? own)),
    ),
    shortLine(ticket.short),
    requestBox(order.special_requests, new Set((order.dishes ?? []).flatMap((dish) => dish.allergens ?? [])), 'ticket-requests'),
    itemList(order, ticket, own === 'Voided', (line) => actions.bumpItem(entry.key, line), removedDishes(order, ticket, actions.dishName)),
    own === 'Voided' ? ackBar(entry, actions) : actionBar(entry.key, own, actions),
  );
  refreshAge(card);
  return card;
}

/**
 * The line under the head when the guest declared allergies this station's dishes hold: the server's
 * alerts ("Burger: sesame, milk"), never clamped. The request's allergy words are marked in the
 * request itself, so they are said once.
 * @param {StationOrder} order @param {Ticket} ticket
 */
function allergyLine(order, ticket) {
  const names = new Map((order.dishes ?? []).map((dish) => [dish.id, dish.name]));
  // An item's alert names its seat: the cook knows which plate of the table it concerns.
  for (const item of ticket.items) names.set(item.item_id, [seatLabel(item), item.name].filter(Boolean).join(' · '));
  const { alerts } = allergyLines(ticket.allergy_alerts ?? [], names);
  if (alerts.length === 0) return null;
  const items = alerts.map((alert) => h('span', { class: 'allergy-alert' }, alert));
  // A dot between two items: "TEA: MILK · ESPRESSO: MILK" reads as two dishes, never as one run of words.
  const separated = items.flatMap((item, index) =>
    index === 0 ? [item] : [h('span', { class: 'allergy-sep', 'aria-hidden': 'true' }, '·'), item],
  );
  return h('p', { class: 'ticket-allergy', role: 'note' }, h('strong', {}, t('ticket.allergy')), ...separated);
}

/** Essential ingredients the kitchen is short of that this order holds (a stock correction below zero). @param {Ticket['short']} short */
function shortLine(short) {
  if (!short?.length) return null;
  return h(
    'p',
    { class: 'ticket-short', role: 'note' },
    h('strong', {}, t('ticket.short')),
    ...short.map((mark) => h('span', { class: 'short-item', dataset: { ingredientId: mark.ingredient_id } }, mark.name)),
  );
}

/** What the ticket's changes added and removed, by dish id (a change of the order's `dish_ids`). @param {Ticket} ticket */
function dishChanges(ticket) {
  /** @type {Map<string, number>} */
  const added = new Map();
  /** @type {Map<string, number>} */
  const removed = new Map();
  for (const change of ticket.changes ?? []) {
    for (const id of change.added) added.set(id, (added.get(id) ?? 0) + 1);
    for (const id of change.removed) removed.set(id, (removed.get(id) ?? 0) + 1);
  }
  return { added, removed };
}

/**
 * Dishes taken off the order (a new `dish_ids`) since the ticket fired: what the cook must stop making.
 * @param {StationOrder} order @param {Ticket} ticket @param {(id: string) => string | null} dishName
 * @returns {{ name: string | null, count: number }[]}
 */
function removedDishes(order, ticket, dishName) {
  const { added, removed } = dishChanges(ticket);
  const ids = new Set((order.dishes ?? []).map((dish) => dish.id));
  return [...removed.entries()]
    .filter(([id, count]) => !ids.has(id) || count > (added.get(id) ?? 0))
    .map(([id, count]) => ({ name: dishName(id), count }));
}

/** A voided ticket (its dishes called off, or the order deleted): one tap to acknowledge it. @param {Entry} entry @param {TicketActions} actions */
function ackBar(entry, actions) {
  return h(
    'footer',
    { class: 'ticket-actions' },
    h(
      'button',
      { class: 'ack', type: 'button', tabIndex: -1, dataset: { action: 'ack' }, on: { click: () => actions.ack(entry) } },
      t('ticket.seen'),
    ),
  );
}

/** "TABLE" small beside the number large, or "Takeaway": its text reads "Table 12". @param {StationOrder} order */
function tableBadge(order) {
  const label = tableLabel(order);
  const number = order.table_number;
  return number === null || number === undefined
    ? h('span', { class: 'ticket-table takeaway', dataset: { tableLabel: label } }, label)
    : h(
        'span',
        { class: 'ticket-table', dataset: { tableLabel: label } },
        h('small', {}, t('ticket.table-small')),
        ` ${formatNumber(number)}`,
      );
}

/** The order's other tickets, small: a cook sees whether the rest of the table's food is coming. @param {StationOrder} order @param {string} station */
function otherStations(order, station) {
  const others = (order.tickets ?? []).filter((ticket) => ticket.station !== station);
  if (others.length === 0) return null;
  return h(
    'ul',
    { class: 'ticket-others', 'aria-label': t('ticket.others') },
    ...others.map((ticket) => {
      const state = TICKET_STATE[ticket.status] ?? 'waiting';
      return h(
        'li',
        {
          class: `other state-${state}`,
          dataset: { station: ticket.station, state },
          title: t('ticket.other-title', { station: t(`station.${ticket.station}`), status: STATE_TEXT[state] }),
        },
        `${t(`station.${ticket.station}`)} ${OTHER_MARK[state]}`,
      );
    }),
  );
}

/** @param {string} id @param {TicketStatus} own @param {TicketActions} actions */
function actionBar(id, own, actions) {
  const recall =
    TICKET_RECALL[own] &&
    h(
      'button',
      { class: 'recall', type: 'button', tabIndex: -1, dataset: { action: 'recall' }, on: { click: () => actions.recall(id) } },
      t('ticket.recall'),
    );
  const bump =
    TICKET_BUMP[own] &&
    h(
      'button',
      { class: 'bump', type: 'button', tabIndex: -1, dataset: { action: 'bump' }, on: { click: () => actions.bump(id) } },
      BUMP_TEXT[own],
    );
  // A new ticket can be finished in one tap too (a drink is poured, not "started").
  const done =
    own === 'Received' &&
    h(
      'button',
      { class: 'bump done', type: 'button', tabIndex: -1, dataset: { action: 'done' }, on: { click: () => actions.done(id) } },
      DONE_TEXT,
    );
  return h('footer', { class: 'ticket-actions' }, recall, bump, done);
}
