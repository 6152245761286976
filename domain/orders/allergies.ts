// Allergies at the table and at each seat against the allergens of the items: an order whose items
// meet them is refused unless confirmed (and the confirmation is audited), and each station's ticket
// names its own items that meet them.
import type { Allergen } from '../../models/allergens.js';
import { UNFINISHED_STATUSES } from '../../models/order.js';
import type { OrderItem, SeatAllergies } from '../../models/order-item.js';
import type { AllergyAlert, Ticket } from '../../models/ticket.js';
import type { StoreSession } from '../../store/types.js';
import { conflict } from '../errors.js';
import { withAllergensNow } from './items.js';
import { withTicketItems } from './ticket-items.js';

/** Who is allergic to what: the whole table, and single seats. */
export interface TableAllergies {
  allergies: readonly Allergen[];
  seat_allergies: SeatAllergies;
}

/** An item whose allergens meet the allergies that concern it, with only the allergens that meet. */
export interface Meeting {
  item: OrderItem;
  allergens: Allergen[];
}

/**
 * The allergies an item is checked against: the table's and its seat's; an item without a seat,
 * the table's and every seat's (it may be shared).
 */
function concerning(item: OrderItem, table: TableAllergies): Set<string> {
  const seats = table.seat_allergies.filter((entry) => item.seat === null || entry.seat === item.seat);
  return new Set<string>([...table.allergies, ...seats.flatMap((entry) => entry.allergies)]);
}

/** Each active item whose allergens meet the allergies that concern it. */
export function meetings(items: readonly OrderItem[], table: TableAllergies): Meeting[] {
  if (table.allergies.length === 0 && table.seat_allergies.length === 0) return [];
  return items.flatMap((item) => {
    if (item.status !== 'Active') return [];
    const concern = concerning(item, table);
    const allergens = item.allergens.filter((allergen) => concern.has(allergen));
    return allergens.length > 0 ? [{ item, allergens }] : [];
  });
}

/**
 * Whether the order speaks of seats (an item with a seat, or a seat's allergies): its refusals and
 * alerts then name items and seats; otherwise they name each dish once, as the seed's clients read.
 */
const bySeat = (items: readonly OrderItem[], table: TableAllergies) =>
  table.seat_allergies.length > 0 || items.some((item) => item.seat !== null);

/** The meetings of a seat-less order, one per dish, with the allergens met over its items. */
function perDish(met: readonly Meeting[]): { dish_id: string; name: string; allergens: Allergen[] }[] {
  const dishes = new Map<string, { dish_id: string; name: string; allergens: Allergen[] }>();
  for (const { item, allergens } of met) {
    const entry = dishes.get(item.dish_id) ?? { dish_id: item.dish_id, name: item.name, allergens: [] };
    for (const allergen of allergens) if (!entry.allergens.includes(allergen)) entry.allergens.push(allergen);
    dishes.set(item.dish_id, entry);
  }
  return [...dishes.values()];
}

/**
 * 409 naming the items (seats) and allergens that meet the allergies, unless the guest confirmed
 * them (`allergy_confirmed: true`). Runs before any stock is taken. Returns what was confirmed (for
 * the audit trail), empty when nothing met.
 */
export function assertAllergiesConfirmed(items: readonly OrderItem[], table: TableAllergies, confirmed: boolean | undefined): Meeting[] {
  const met = meetings(items, table);
  if (met.length === 0 || confirmed === true) return met;
  if (!bySeat(items, table)) {
    const dishes = perDish(met);
    const named = dishes.map(({ dish_id, name, allergens }) => `"${name}" (${dish_id}) contains ${allergens.join(', ')}`);
    throw conflict(`The order's allergies meet its dishes: ${named.join('; ')}. Send "allergy_confirmed": true to place it anyway.`, {
      errors: dishes.map(({ dish_id, name, allergens }) => ({
        path: 'dish_ids',
        message: `dish ${dish_id} ("${name}") contains ${allergens.join(', ')}`,
      })),
    });
  }
  const where = (item: OrderItem) => (item.seat === null ? 'for the table' : `at seat ${item.seat}`);
  const named = met.map(({ item, allergens }) => `"${item.name}" (item ${item.id}) ${where(item)} contains ${allergens.join(', ')}`);
  throw conflict(`The order's allergies meet its items: ${named.join('; ')}. Send "allergy_confirmed": true to place it anyway.`, {
    errors: met.map(({ item, allergens }) => ({
      path: `items.${items.indexOf(item)}`,
      message: `item ${item.id} ("${item.name}") ${where(item)} contains ${allergens.join(', ')}`,
    })),
  });
}

/** What an audit entry of a confirmation records: which items (seats) and allergens the guest accepted. */
export const confirmedChanges = (met: readonly Meeting[]) => ({
  items: met.map(({ item, allergens }) => ({ item_id: item.id, dish_id: item.dish_id, seat: item.seat, allergens })),
});

/**
 * The tickets with `allergy_alerts` on each ticket that cooks an item meeting the allergies (the
 * ticket listing that item). A ticket without an alert carries no such property.
 */
export function withAllergyAlerts(tickets: readonly Ticket[], items: readonly OrderItem[], table: TableAllergies): Ticket[] {
  const met = meetings(items, table);
  // The usual order: no allergies, no alerts to add or take away.
  if (met.length === 0 && !tickets.some((ticket) => ticket.allergy_alerts)) return [...tickets];
  const seats = bySeat(items, table);
  return tickets.map(({ allergy_alerts: _old, ...ticket }) => {
    const listed = new Set((ticket.items ?? []).map((entry) => entry.item_id));
    const mine = met.filter(({ item }) => listed.has(item.id));
    const alerts: AllergyAlert[] = seats
      ? mine.map(({ item, allergens }) => ({ dish_id: item.dish_id, item_id: item.id, seat: item.seat, allergens }))
      : perDish(mine).map(({ dish_id, allergens }) => ({ dish_id, allergens }));
    return alerts.length > 0 ? { ...ticket, allergy_alerts: alerts } : ticket;
  });
}

/**
 * After the allergens of `dishIds` changed (a dish's ingredients, or an ingredient's allergens): the
 * open orders holding one of them, with allergies at the table or a seat, get their items'
 * allergens and their tickets' allergy_alerts anew, in the caller's transaction; each one rewritten
 * reaches its stations as `order.updated`.
 */
export async function realertOpenOrders(session: StoreSession, dishIds: readonly string[]): Promise<void> {
  if (dishIds.length === 0) return;
  const orders = await session.collection('orders').find([
    { field: 'dish_ids', op: 'in', value: [...dishIds] },
    { field: 'status', op: 'in', value: [...UNFINISHED_STATUSES] },
  ]);
  const concerned = new Set(dishIds);
  const writes = [];
  for (const order of orders) {
    const table = { allergies: order.allergies ?? [], seat_allergies: order.seat_allergies ?? [] };
    if (table.allergies.length === 0 && table.seat_allergies.length === 0) continue;
    const items = await withAllergensNow(session, order.items ?? [], concerned);
    const tickets = withAllergyAlerts(
      withTicketItems(order.tickets, items, () => undefined),
      items,
      table,
    );
    if (JSON.stringify(tickets) !== JSON.stringify(order.tickets)) writes.push({ id: order.id, update: { set: { items, tickets } } });
  }
  if (writes.length > 0) await session.collection('orders').updateEach(writes);
}
