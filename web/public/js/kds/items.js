// A ticket's item lines and its change banner: every item with its count, name, seat, modifiers
// (removals and additions in capitals), note and its own allergy alert; one tap on a line bumps that
// item alone (done: struck through, kept on the ticket); items added after the ticket fired marked
// NEW, voided ones struck through and marked VOID; a later round or a remake said in a banner.
import { allergenText } from '../lib/allergy.js';
import { h } from '../lib/dom.js';
import { t } from '../lib/i18n.js';
import { modifierText, seatLabel, seatShort, ticketMarks } from '../lib/items.js';
/** @import { KitchenOrder, Ticket, TicketItem } from '../../../types/api.js' */

/**
 * One line of the ticket: identical items (same dish, choices, seat, note, state) read as one
 * "2× Steak" and are bumped together.
 * @typedef {{ ids: string[], item: TicketItem, quantity: number, mark: 'new' | 'void' | null, alert: string[] }} ItemLine
 */

/**
 * The ticket's items as lines, in ticket order, identical ones merged.
 * @param {Ticket} ticket @param {Map<string, string>} [dishOf] item id → dish id @returns {ItemLine[]}
 */
export function itemLines(ticket, dishOf = new Map()) {
  const { added, voided } = ticketMarks(ticket, dishOf);
  /** @type {Map<string, string[]>} item id → the allergens its alert names */
  const alerts = new Map();
  for (const alert of ticket.allergy_alerts ?? [])
    if (alert.item_id) alerts.set(alert.item_id, [...(alerts.get(alert.item_id) ?? []), ...alert.allergens]);
  /** @type {Map<string, ItemLine>} */
  const lines = new Map();
  for (const item of ticket.items ?? []) {
    // A later round is new as a whole (its banner says so): its lines need no NEW of their own.
    const isNew = added.has(item.item_id) && (ticket.round ?? 1) === 1;
    const mark = item.status === 'Voided' || voided.has(item.item_id) ? 'void' : isNew ? 'new' : null;
    const alert = [...new Set(alerts.get(item.item_id) ?? [])];
    const same = JSON.stringify([item.name, item.modifiers.map((each) => each.id), item.seat, item.note, item.status, mark, alert]);
    const line = lines.get(same);
    if (line) {
      line.ids.push(item.item_id);
      line.quantity += item.quantity;
    } else lines.set(same, { ids: [item.item_id], item, quantity: item.quantity, mark, alert });
  }
  return [...lines.values()];
}

/**
 * The items of a ticket: a line each, a tap bumping it unless the ticket is called off. Dishes taken
 * off the order by a new `dish_ids` come last, struck through, as "Removed" (their voided items not
 * said twice).
 * @param {KitchenOrder} order @param {Ticket} ticket @param {boolean} voidedTicket
 * @param {(line: ItemLine) => void} bumpItem
 * @param {{ name: string | null, count: number }[]} removed
 */
export function itemList(order, ticket, voidedTicket, bumpItem, removed) {
  /** @type {Map<string, number>} */
  const saidRemoved = new Map();
  for (const dish of removed) if (dish.name) saidRemoved.set(dish.name, (saidRemoved.get(dish.name) ?? 0) + dish.count);
  const lines = itemLines(ticket, itemDishes(order)).filter((line) => {
    const left = saidRemoved.get(line.item.name) ?? 0;
    if (line.item.status !== 'Voided' || left < line.quantity) return true;
    saidRemoved.set(line.item.name, left - line.quantity);
    return false;
  });
  return h(
    'ul',
    { class: 'ticket-dishes ticket-items' },
    ...lines.map((line) => itemLine(line, voidedTicket, bumpItem)),
    ...removed.map(({ name, count }) =>
      h(
        'li',
        { class: 'dish-removed', 'aria-label': t('item.removed-aria', { name: name ?? t('item.a-dish') }) },
        h('span', { class: 'dish-count' }, `${count}×`),
        h(
          'span',
          { class: 'dish-name clamp', title: name ?? '', dataset: { clampTitle: t('item.dish'), clampIfCut: '' } },
          name ?? t('item.removed-dish'),
        ),
      ),
    ),
  );
}

/** @type {Record<TicketItem['status'], string>} */
const ITEM_STATE = { Received: 'waiting', 'In Progress': 'preparing', Ready: 'done', Voided: 'voided' };

/** @param {ItemLine} line @param {boolean} voidedTicket @param {(line: ItemLine) => void} bumpItem */
function itemLine(line, voidedTicket, bumpItem) {
  const { item, quantity, mark } = line;
  const tappable = !voidedTicket && item.status !== 'Voided';
  const seat = seatLabel(item);
  const details = [
    line.alert.length > 0 && h('span', { class: 'item-allergy' }, `⚠ ${line.alert.map(allergenText).join(', ').toUpperCase()}`),
    ...item.modifiers.map((modifier) =>
      h('span', { class: `item-mod mod-${modifier.action ?? 'choice'}`, dataset: { modifierId: modifier.id } }, modifierText(modifier)),
    ),
    item.note && h('span', { class: 'item-note' }, `“${item.note}”`),
  ].filter((part) => part instanceof HTMLElement);
  const state = ITEM_STATE[item.status];
  const status = item.status === 'Voided' ? t('ticket.voided') : t(`ticket.status-${item.status}`);
  const what = [`${quantity}× ${item.name}`, seat, ...details.map((part) => part.textContent), status].filter(Boolean).join(', ');
  return h(
    'li',
    {
      class: mark === 'new' ? 'dish-new' : mark === 'void' ? 'dish-removed item-void' : '',
      dataset: { itemId: line.ids.join(' '), state, ...(tappable ? { action: 'item' } : {}) },
      role: tappable ? 'button' : undefined,
      'aria-label': tappable ? t('item.tap-aria', { what }) : what,
      on: tappable ? { click: () => bumpItem(line) } : undefined,
    },
    h('span', { class: 'dish-count' }, `${quantity}×`),
    h('span', { class: 'dish-name clamp', title: item.name, dataset: { clampTitle: t('item.dish'), clampIfCut: '' } }, item.name),
    seat && h('span', { class: 'item-seat' }, seatShort(item)),
    mark === 'new' && h('span', { class: 'new-mark' }, t('item.new-mark')),
    mark === 'void' && h('span', { class: 'void-mark' }, t('item.void-mark')),
    details.length > 0 && h('span', { class: 'item-details' }, ...details),
  );
}

/**
 * The banner of a ticket that changed after it fired, loud and first under the allergy: REMAKE with
 * its reason (on top of the board), a later round NEW, items added NEW, items voided VOID.
 * @param {KitchenOrder} order @param {Ticket} ticket @param {boolean} voidedTicket
 */
export function changeBanner(order, ticket, voidedTicket) {
  const { round, remake, added, voided, isNew } = ticketMarks(ticket, itemDishes(order));
  const parts = [
    remake && h('span', { class: 'change-remake' }, t('item.remake-banner', { reason: remake })),
    isNew && h('span', { class: 'change-new' }, round > 1 ? t('item.new-round', { round }) : t('item.new-added', { count: added.size })),
    !voidedTicket && voided.size > 0 && h('span', { class: 'change-void' }, t('item.void-count', { count: voided.size })),
    voidedTicket && (ticket.items ?? []).length > 0 && h('span', { class: 'change-void' }, t('item.void-whole')),
  ].filter((part) => part instanceof HTMLElement);
  if (parts.length === 0) return null;
  return h('p', { class: 'ticket-change', role: 'status' }, ...parts);
}

/**
 * What makes a ticket worth a chime and a flash once more: its remake, its round, and how many
 * changes it carries. Compared between renders.
 * @param {Ticket} ticket
 */
export function changeSignature(ticket) {
  const { round, remake } = ticketMarks(ticket);
  return remake || round > 1 || (ticket.changes ?? []).length > 0 ? `${round}:${remake ?? ''}:${(ticket.changes ?? []).length}` : '';
}

/** Each item's dish, from the order's own items (a change of `dish_ids` names dishes). @param {KitchenOrder} order */
const itemDishes = (order) => new Map((order.items ?? []).map((item) => [item.id, item.dish_id]));
