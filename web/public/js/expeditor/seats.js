// An order's items by seat, as the expeditor assembles the plates: each seat's items with their
// station, state, modifiers and note; Void (all or some units) and Remake (with its reason) on each
// item, each asked first in a confirmation with the safe choice focused. Kept live while open.
import { h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { modifierText, REMAKE_REASONS, seatLabel } from '../lib/items.js';
import { tableLabel } from '../lib/orders.js';
/** @import { KitchenOrder, OrderItem, RemakeReason, TicketItem } from '../../../types/api.js' */

/**
 * @typedef {{
 *   records: () => Map<string, KitchenOrder>,
 *   post: (id: string, path: string, body: Record<string, unknown>) => Promise<boolean>,
 * }} SeatActions
 */

/** @type {Record<TicketItem['status'], string>} */
const STATE_TEXT = { Received: t('seats.waiting'), 'In Progress': t('seats.cooking'), Ready: t('seats.ready'), Voided: t('seats.void') };

/** "2× Steak (seat 3)", as the confirmations name an item. @param {OrderItem} item */
const itemWhat = (item) =>
  item.seat === null
    ? t('seats.what', { quantity: item.quantity, name: item.name })
    : t('seats.what-seat', { quantity: item.quantity, name: item.name, seat: item.seat });

/**
 * Where each item is in the kitchen: its station and its state on the latest ticket that lists it
 * (a remake's, once there is one).
 * @param {KitchenOrder} order @returns {Map<string, { station: string, status: TicketItem['status'], remade: boolean }>}
 */
export function itemStates(order) {
  const states = new Map();
  for (const ticket of order.tickets ?? [])
    for (const item of ticket.items ?? [])
      states.set(item.item_id, {
        station: ticket.station,
        status: item.status,
        remade: Boolean(ticket.remake_of) || states.has(item.item_id),
      });
  return states;
}

/**
 * The order's items grouped by seat, seats in number order, the table's own (no seat) last.
 * @param {OrderItem[]} items @returns {{ seat: number | null, items: OrderItem[] }[]}
 */
export function bySeat(items) {
  /** @type {Map<number | null, OrderItem[]>} */
  const seats = new Map();
  for (const item of items) seats.set(item.seat, [...(seats.get(item.seat) ?? []), item]);
  return [...seats.entries()].sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity)).map(([seat, each]) => ({ seat, items: each }));
}

/** @param {SeatActions} actions */
export function createSeatsDialog(actions) {
  /** @type {HTMLDialogElement | null} */
  let dialog = null;
  let shownId = '';

  /** @param {KitchenOrder} order */
  function content(order) {
    const states = itemStates(order);
    return [
      h('h2', { class: 'seats-title' }, `${tableLabel(order)} · ${order.name}`),
      h(
        'div',
        { class: 'seats' },
        ...bySeat(order.items ?? []).map(({ seat, items }) =>
          h(
            'section',
            { class: 'seat', dataset: { seat: seat === null ? 'table' : String(seat) } },
            h('h3', {}, seat === null ? t('seats.for-table') : seatLabel({ seat })),
            h('ul', { class: 'seat-items' }, ...items.map((item) => seatItem(order, item, states.get(item.id)))),
          ),
        ),
      ),
      h('div', { class: 'confirm-actions' }, h('button', { type: 'submit', class: 'confirm-stay', autofocus: true }, t('board.close'))),
    ];
  }

  /**
   * @param {KitchenOrder} order @param {OrderItem} item
   * @param {{ station: string, status: TicketItem['status'], remade: boolean } | undefined} state
   */
  function seatItem(order, item, state) {
    const voided = item.status === 'Voided';
    const where = voided
      ? t('seats.void')
      : state
        ? state.remade
          ? t('seats.where-remade', { station: t(`station.${state.station}`), state: STATE_TEXT[state.status] })
          : t('seats.where', { station: t(`station.${state.station}`), state: STATE_TEXT[state.status] })
        : t('seats.held');
    /** @param {string} action @param {string} text @param {() => void} run */
    const button = (action, text, run) =>
      h('button', { type: 'button', class: `item-${action}`, dataset: { action }, on: { click: run } }, text);
    return h(
      'li',
      {
        class: `seat-item${voided ? ' item-void' : ''}`,
        dataset: { itemId: item.id, state: voided ? 'voided' : (state?.status ?? 'held') },
      },
      h('span', { class: 'dish-count' }, `${item.quantity}×`),
      h('span', { class: 'seat-item-name' }, item.name),
      h('span', { class: 'seat-item-where' }, where),
      (item.modifiers.length > 0 || item.note) &&
        h(
          'span',
          { class: 'item-details' },
          ...item.modifiers.map((modifier) => h('span', { class: `item-mod mod-${modifier.action ?? 'choice'}` }, modifierText(modifier))),
          item.note && h('span', { class: 'item-note' }, `“${item.note}”`),
        ),
      !voided &&
        h(
          'span',
          { class: 'seat-item-actions' },
          button('void', t('seats.void-key'), () => void voidItem(order, item, state)),
          state && button('remake', t('seats.remake-key'), () => void remakeItem(order, item)),
        ),
    );
  }

  /**
   * Voids the item, or some of its units, once confirmed: a started dish is waste, said before.
   * @param {KitchenOrder} order @param {OrderItem} item @param {{ status: TicketItem['status'] } | undefined} state
   */
  async function voidItem(order, item, state) {
    const started = state?.status === 'In Progress' || state?.status === 'Ready';
    const units =
      item.quantity > 1 &&
      h(
        'label',
        { class: 'confirm-field' },
        `${t('seats.units')} `,
        h('input', { name: 'quantity', type: 'number', min: 1, max: item.quantity, step: 1, value: String(item.quantity), required: true }),
        ` ${t('seats.units-of', { count: item.quantity })}`,
      );
    const answer = await ask(
      t('seats.void-ask', { what: itemWhat(item), why: started ? t('seats.started') : t('seats.unstarted') }),
      [units],
      { keep: t('staff.keep'), go: t('seats.void-key') },
    );
    if (!answer) return;
    const quantity = Number(answer.get('quantity') ?? item.quantity);
    await actions.post(order.id, `/orders/${order.id}/items/${item.id}/void`, quantity < item.quantity ? { quantity } : {});
  }

  /** Cooks the item again at its station, on top of its board, once a reason is picked. @param {KitchenOrder} order @param {OrderItem} item */
  async function remakeItem(order, item) {
    const reasons = h(
      'fieldset',
      { class: 'remake-reasons' },
      h('legend', {}, t('seats.why')),
      ...Object.entries(REMAKE_REASONS).map(([value, text]) =>
        h('label', { class: 'remake-reason' }, h('input', { type: 'radio', name: 'reason', value, required: true }), ` ${text}`),
      ),
    );
    const note = h(
      'label',
      { class: 'confirm-field' },
      `${t('seats.note')} `,
      h('input', { name: 'note', maxLength: 140, autocomplete: 'off' }),
    );
    const answer = await ask(t('seats.remake-ask', { what: itemWhat(item) }), [reasons, note], {
      keep: t('kds.cancel'),
      go: t('seats.remake-key'),
    });
    if (!answer) return;
    const reason = /** @type {RemakeReason} */ (String(answer.get('reason')));
    const text = String(answer.get('note') ?? '').trim();
    await actions.post(order.id, `/orders/${order.id}/items/${item.id}/remake`, { reason, ...(text ? { note: text } : {}) });
  }

  /** @param {KitchenOrder} order */
  function open(order) {
    dialog?.close();
    shownId = order.id;
    dialog = /** @type {HTMLDialogElement} */ (
      h(
        'dialog',
        { class: 'confirm seats-dialog', 'aria-label': t('seats.aria', { table: tableLabel(order), name: order.name }) },
        h('form', { method: 'dialog' }, ...content(order)),
      )
    );
    const shown = dialog;
    shown.addEventListener('close', () => {
      shown.remove();
      if (dialog === shown) dialog = null;
    });
    document.body.append(shown);
    shown.showModal();
  }

  /** The order as it is now, while its dialog is open; closed once the order left the kitchen. */
  function refresh() {
    if (!dialog) return;
    const order = actions.records().get(shownId);
    if (!order) return dialog.close();
    const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
    const scroll = dialog.querySelector('.seats')?.scrollTop ?? 0;
    form.replaceChildren(...content(order));
    const seats = dialog.querySelector('.seats');
    if (seats) seats.scrollTop = scroll;
  }

  return { open, refresh, isOpen: () => dialog !== null };
}

/**
 * A confirmation in the boards' way: the question, its fields, the safe choice focused (Escape
 * chooses it too). Resolves with the form's data once confirmed, else null.
 * @param {string} question @param {(HTMLElement | false)[]} fields @param {{ keep: string, go: string }} labels
 * @returns {Promise<FormData | null>}
 */
function ask(question, fields, labels) {
  const form = /** @type {HTMLFormElement} */ (
    h(
      'form',
      { method: 'dialog' },
      h('p', { class: 'confirm-text' }, question),
      ...fields,
      h(
        'div',
        { class: 'confirm-actions' },
        h('button', { type: 'submit', value: 'keep', class: 'confirm-stay', formNoValidate: true, autofocus: true }, labels.keep),
        h('button', { type: 'submit', value: 'go', class: 'confirm-go' }, labels.go),
      ),
    )
  );
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { class: 'confirm item-confirm' }, form));
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) =>
    dialog.addEventListener(
      'close',
      () => {
        const data = new FormData(form);
        dialog.remove();
        resolve(dialog.returnValue === 'go' ? data : null);
      },
      { once: true },
    ),
  );
}
