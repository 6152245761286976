// One order on the expeditor's rail: table and guest first, then priority and age, the allergy
// alerts and the request in full (its allergy words marked), a cell per station (its ticket's state and every dish, wrapped, never cut; columns aligned
// across rows on a wide screen, a line of their own under the order on a narrower one), how long
// the food has waited at the pass, and the final move. A scheduled Draft shows when it will be
// fired instead.
import { formatList, t } from '../lib/i18n.js';
import { allergyLines } from '../lib/allergy.js';
import { lateAfter, MENU_PACE } from '../lib/lateness.js';
import { requestBox } from '../lib/request-box.js';
import { coursesOf, nextToFire } from '../lib/courses.js';
import { h } from '../lib/dom.js';
import { clockParts, clockTime, countDishes, startedAt, STATIONS, tableLabel, tableShort } from '../lib/orders.js';
import { refreshAge } from '../lib/age.js';
import { allPrepDone, STATE_TEXT, TICKET_STATE } from '../lib/tickets.js';
/** @import { KitchenOrder, OrderStatus } from '../../../types/api.js' */
/**
 * @typedef {{
 *   setPriority: (id: string, priority: number) => void,
 *   move: (id: string, status: OrderStatus) => void,
 *   fireCourse: (id: string, course: number) => void,
 *   fireAll: (id: string) => void,
 * }} RowActions
 */

/**
 * The final move fits the order: a takeaway is picked up, a table's food goes on its way.
 * @param {Pick<KitchenOrder, 'table_number'>} order @returns {{ status: OrderStatus, text: string }}
 */
export const finalMove = (order) =>
  order.table_number === null || order.table_number === undefined
    ? { status: 'Ready for Pickup', text: t('expo.pickup') }
    : { status: 'On the Way', text: t('expo.on-the-way') };

/**
 * @param {KitchenOrder} order with every dish (`dishes`) and every station's `tickets`
 * @param {RowActions} actions
 * @param {(station: string) => import('../lib/lateness.js').Pace} [paceOf] each station's pace, as its board uses it
 */
export function orderRow(order, actions, paceOf = () => MENU_PACE) {
  const done = allPrepDone(order);
  const draft = order.status === 'Draft';
  const { late, veryLate } = lateAfter(order, paceOf);
  // The allergy, the request, shortage and courses: a line of their own as wide as the row, not under the name.
  const allergens = new Set(order.dishes.flatMap((dish) => dish.allergens ?? []));
  const notes = [
    allergyNote(order),
    requestBox(order.special_requests, allergens, 'order-request'),
    shortNote(order),
    coursesLine(order, actions),
  ].filter((note) => note instanceof HTMLElement);
  const row = h(
    'article',
    {
      class: `order status-${order.status.toLowerCase().replace(/\s+/g, '-')}${done ? ' prep-done' : ''}${notes.length > 0 ? ' has-notes' : ''}`,
      tabIndex: 0,
      dataset: {
        orderId: order.id,
        status: order.status,
        started: String(startedAt(order)),
        late: String(late),
        veryLate: String(veryLate),
        readyAt: order.ready_at && done ? String(Date.parse(order.ready_at)) : '',
      },
      'aria-label': t('expo.aria', {
        table: tableLabel(order),
        name: order.name,
        status: t(`expo.status-${order.status}`),
        priority: order.priority,
      }),
    },
    h(
      'div',
      { class: 'order-who' },
      h(
        'span',
        {
          class: `order-table${order.table_number === null || order.table_number === undefined ? ' takeaway' : ''}`,
          dataset: { tableLabel: tableLabel(order) },
        },
        tableShort(order),
      ),
      h('span', { class: 'order-name', title: order.name }, order.name),
    ),
    priorityControl(order, actions),
    notes.length > 0 && h('div', { class: 'order-notes' }, ...notes),
    draft
      ? h('span', { class: 'order-fire' }, t('expo.fires', { time: order.fire_at ? clockTime(order.fire_at) : '—' }))
      : h('span', { class: 'ticket-age', dataset: { age: '' } }),
    h('div', { class: 'order-stations' }, ...STATIONS.map((station) => stationCell(order, station))),
    passCell(order, done),
    h('div', { class: 'order-moves' }, ...moveButtons(order, done, actions)),
  );
  if (!draft) refreshAge(row);
  refreshPass(row);
  refreshPromise(row);
  return row;
}

/** The allergy alerts of every ticket, in red above the stations (the request's words are marked in it). @param {KitchenOrder} order */
function allergyNote(order) {
  const names = new Map((order.dishes ?? []).map((dish) => [dish.id, dish.name]));
  const { alerts } = allergyLines(
    (order.tickets ?? []).flatMap((ticket) => ticket.allergy_alerts ?? []),
    names,
  );
  return alerts.length > 0 && h('span', { class: 'order-allergy', dataset: { label: t('ticket.allergy') } }, alerts.join(' · '));
}

/** @param {string} state @param {string | null | undefined} fireAt */
const courseState = (state, fireAt) =>
  state === 'timed' && fireAt ? t('expo.course-fires', { time: clockTime(fireAt) }) : t(`expo.course-${state}`);

/**
 * A paced order's courses (fired, cooking, ready, held), with Fire for the next held course and
 * Fire all to send every held ticket now; nothing for an order served at once.
 * @param {KitchenOrder} order @param {RowActions} actions
 */
function coursesLine(order, actions) {
  const courses = coursesOf(order);
  const held = (order.tickets ?? []).some((ticket) => ticket.status === 'Draft');
  if (order.status === 'Draft' || (courses.length < 2 && !held)) return null;
  const next = nextToFire(order);
  return h(
    'div',
    { class: 'order-courses' },
    h(
      'ul',
      { class: 'course-states' },
      ...courses.map(({ course, state, fireAt }) =>
        h(
          'li',
          { class: `course course-${state}`, dataset: { course: String(course), state } },
          `${t('expo.course-short', { course })} ${courseState(state, fireAt)}`,
        ),
      ),
    ),
    next &&
      h(
        'button',
        {
          type: 'button',
          tabIndex: -1,
          class: 'fire-course',
          disabled: !next.ready,
          dataset: { action: 'fire-course', course: String(next.course) },
          title: next.ready
            ? t('expo.fire-course', { course: next.course })
            : t('expo.fire-wait', { course: next.course, before: next.course - 1 }),
          on: { click: () => actions.fireCourse(order.id, next.course) },
        },
        t('expo.fire-c', { course: next.course }),
      ),
    held &&
      h(
        'button',
        {
          type: 'button',
          tabIndex: -1,
          class: 'fire-all',
          dataset: { action: 'fire-all' },
          on: { click: () => actions.fireAll(order.id) },
        },
        t('expo.fire-all'),
      ),
  );
}

/** Ingredients the kitchen is short of that this order holds, over its tickets. @param {KitchenOrder} order */
function shortNote(order) {
  const short = new Set((order.tickets ?? []).flatMap((ticket) => (ticket.short ?? []).map((mark) => mark.name)));
  return short.size > 0 && h('span', { class: 'order-short', dataset: { label: t('ticket.short') } }, formatList([...short]));
}

/** @param {KitchenOrder} order @param {RowActions} actions */
function priorityControl(order, actions) {
  /** @param {number} delta @param {string} text @param {string} label */
  const step = (delta, text, label) =>
    h(
      'button',
      {
        type: 'button',
        class: 'priority-step',
        tabIndex: -1,
        'aria-label': label,
        dataset: { action: delta < 0 ? 'raise' : 'lower' },
        disabled: order.priority + delta < 0 || order.priority + delta > 5,
        on: { click: () => actions.setPriority(order.id, order.priority + delta) },
      },
      text,
    );
  return h(
    'div',
    { class: 'order-priority' },
    step(-1, '▲', t('expo.raise')),
    h('span', { class: `ticket-priority p${order.priority}`, dataset: { priority: String(order.priority) } }, `P${order.priority}`),
    step(1, '▼', t('expo.lower')),
  );
}

/** The station's ticket: its state and dishes; an empty cell when the order has none there. @param {KitchenOrder} order @param {string} station */
function stationCell(order, station) {
  // A paced order may have several tickets here: the one being worked on, else the next held one.
  const tickets = (order.tickets ?? []).filter((each) => each.station === station && each.status !== 'Voided');
  const ticket =
    tickets.find((each) => each.status === 'Received' || each.status === 'In Progress') ??
    tickets.find((each) => each.status === 'Draft') ??
    tickets[0];
  if (!ticket) return h('div', { class: 'station-cell empty-cell' });
  const state = TICKET_STATE[ticket.status] ?? 'waiting';
  const dishes = countDishes(order.dishes.filter((dish) => dish.station === station));
  return h(
    'div',
    { class: `station-cell station-part state-${state}`, dataset: { station, state } },
    h('span', { class: 'station-name' }, t(`station.${station}`)),
    h('span', { class: 'station-state' }, STATE_TEXT[state]),
    h('ul', { class: 'station-dishes' }, ...dishes.map(({ name, count }) => h('li', {}, `${count}× ${name}`))),
  );
}

/** @param {KitchenOrder} order @param {boolean} done */
function passCell(order, done) {
  if (!done) return h('div', { class: 'pass-cell' }, promise(order));
  return h(
    'div',
    { class: 'pass-cell' },
    h('span', { class: 'all-prep-done', role: 'status' }, t('expo.all-prep-done')),
    h('span', { class: 'pass-age', dataset: { pass: '' } }),
  );
}

/**
 * The order's promise while it cooks: when it is expected Ready for Assembly ("due 19:42"), red once
 * that is later than the time quoted to the guest, or the quoted time has passed.
 * @param {KitchenOrder} order
 */
function promise(order) {
  if (!order.expected_ready_at) return null;
  // It wraps in the narrow pass column between its day and its time, never inside "12:35 PM".
  const { day, time } = clockParts(order.expected_ready_at);
  return h(
    'span',
    {
      class: 'order-promise',
      dataset: { expected: order.expected_ready_at, quoted: order.quoted_ready_at ?? '' },
      title: order.quoted_ready_at ? t('expo.promised', { time: clockTime(order.quoted_ready_at) }) : '',
    },
    `${t('expo.due')} `,
    day && h('span', { class: 'clock-part' }, day),
    day && ' ',
    h('span', { class: 'clock-part' }, time),
  );
}

/** @param {HTMLElement} row */
export function refreshPromise(row) {
  const label = /** @type {HTMLElement | null} */ (row.querySelector('.order-promise'));
  if (!label) return;
  const quoted = Date.parse(label.dataset.quoted ?? '');
  const missed = !Number.isNaN(quoted) && (Date.parse(label.dataset.expected ?? '') > quoted || Date.now() > quoted);
  label.classList.toggle('missed', missed);
  row.classList.toggle('promise-missed', missed);
}

/** Food waits at the pass: amber after 2 minutes, red after 5 (it is getting cold). */
export const PASS_LATE_MS = 2 * 60_000;
export const PASS_VERY_LATE_MS = 5 * 60_000;

/** @param {HTMLElement} row */
export function refreshPass(row) {
  const readyAt = Number(row.dataset.readyAt);
  const label = row.querySelector('[data-pass]');
  if (!readyAt || !label) return;
  const waited = Math.max(0, Date.now() - readyAt);
  const minutes = Math.floor(waited / 60_000);
  label.textContent = `${minutes}:${String(Math.floor((waited % 60_000) / 1000)).padStart(2, '0')}`;
  row.classList.toggle('pass-late', waited > PASS_LATE_MS && waited <= PASS_VERY_LATE_MS);
  row.classList.toggle('pass-very-late', waited > PASS_VERY_LATE_MS);
}

/** @param {KitchenOrder} order @param {boolean} done @param {RowActions} actions */
function moveButtons(order, done, actions) {
  if (order.status === 'Draft') {
    return [
      h(
        'button',
        {
          type: 'button',
          tabIndex: -1,
          class: 'fire',
          dataset: { action: 'fire' },
          on: { click: () => actions.move(order.id, 'Received') },
        },
        t('expo.fire-now'),
      ),
    ];
  }
  const ready = order.status === 'Ready for Assembly' && done;
  const { status, text } = finalMove(order);
  return [
    h(
      'button',
      {
        type: 'button',
        tabIndex: -1,
        class: 'final',
        disabled: !ready,
        dataset: { action: status },
        title: ready ? t(`expo.final-title-${status}`) : t('expo.final-waits'),
        on: { click: () => actions.move(order.id, status) },
      },
      text,
    ),
  ];
}
