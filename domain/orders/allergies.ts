// Allergies at the table against the allergens of the dishes: an order whose dishes meet them is
// refused unless confirmed, and each station's ticket names its own dishes that meet them.
import type { Allergen } from '../../models/allergens.js';
import type { DishDoc } from '../../models/dish.js';
import type { AllergyAlert, Ticket } from '../../models/ticket.js';
import type { StoreSession } from '../../store/types.js';
import { conflict } from '../errors.js';
import { UNFINISHED_STATUSES } from './order-status.js';
import { courseOf } from './pacing.js';

interface Meeting {
  dish: DishDoc;
  allergens: Allergen[];
}

/** Each dish (once) whose allergens meet `allergies`, with only the allergens that meet. */
function meetings(dishes: readonly DishDoc[], allergies: readonly Allergen[]): Meeting[] {
  if (allergies.length === 0) return [];
  const wanted = new Set<string>(allergies);
  const met = new Map<string, Meeting>();
  for (const dish of dishes) {
    if (met.has(dish.id)) continue;
    const allergens = (dish.allergens ?? []).filter((allergen) => wanted.has(allergen));
    if (allergens.length > 0) met.set(dish.id, { dish, allergens });
  }
  return [...met.values()];
}

/**
 * 409 naming each dish and the allergens that meet the order's allergies, unless the guest
 * confirmed them (`allergy_confirmed: true`). Runs before any stock is taken.
 */
export function assertAllergiesConfirmed(dishes: readonly DishDoc[], allergies: readonly Allergen[], confirmed: boolean | undefined): void {
  if (confirmed === true) return;
  const met = meetings(dishes, allergies);
  if (met.length === 0) return;
  const named = met.map(({ dish, allergens }) => `"${dish.name}" (${dish.id}) contains ${allergens.join(', ')}`);
  throw conflict(`The order's allergies meet its dishes: ${named.join('; ')}. Send "allergy_confirmed": true to place it anyway.`, {
    errors: met.map(({ dish, allergens }) => ({
      path: 'dish_ids',
      message: `dish ${dish.id} ("${dish.name}") contains ${allergens.join(', ')}`,
    })),
  });
}

/**
 * The tickets with `allergy_alerts` on each ticket that cooks a dish meeting the allergies: its
 * station, and its course when the order is paced by courses (`courseOf`). A ticket without an
 * alert carries no such property.
 */
export function withAllergyAlerts(
  tickets: readonly Ticket[],
  dishes: readonly DishDoc[],
  allergies: readonly Allergen[],
  courseOf: (dish: DishDoc) => number = () => 1,
): Ticket[] {
  const met = meetings(dishes, allergies);
  // The usual order: no allergies, no alerts to add or take away.
  if (met.length === 0 && !tickets.some((ticket) => ticket.allergy_alerts)) return [...tickets];
  return tickets.map(({ allergy_alerts: _old, ...ticket }) => {
    const cooks = (dish: DishDoc) => dish.station === ticket.station && courseOf(dish) === (ticket.course ?? 1);
    const alerts: AllergyAlert[] = met.filter(({ dish }) => cooks(dish)).map(({ dish, allergens }) => ({ dish_id: dish.id, allergens }));
    return alerts.length > 0 ? { ...ticket, allergy_alerts: alerts } : ticket;
  });
}

/**
 * After the allergens of `dishIds` changed (a dish's ingredients, or an ingredient's allergens): the
 * open orders holding one of them, with allergies at the table, get their tickets' allergy_alerts
 * anew, in the caller's transaction; each one rewritten reaches its stations as `order.updated`.
 */
export async function realertOpenOrders(session: StoreSession, dishIds: readonly string[]): Promise<void> {
  if (dishIds.length === 0) return;
  const orders = await session.collection('orders').find([
    { field: 'dish_ids', op: 'in', value: [...dishIds] },
    { field: 'status', op: 'in', value: [...UNFINISHED_STATUSES] },
  ]);
  const alerted = orders.filter((order) => (order.allergies ?? []).length > 0);
  if (alerted.length === 0) return;
  const ids = [...new Set(alerted.flatMap((order) => order.dish_ids))];
  const byId = new Map((await session.collection('dishes').getEach(ids)).map((dish) => [dish.id, dish]));
  const writes = alerted.flatMap((order) => {
    const dishes = order.dish_ids.flatMap((id) => byId.get(id) ?? []);
    const tickets = withAllergyAlerts(order.tickets, dishes, order.allergies ?? [], courseOf(order.pacing ?? 'at_once', dishes));
    return JSON.stringify(tickets) === JSON.stringify(order.tickets) ? [] : [{ id: order.id, update: { set: { tickets } } }];
  });
  if (writes.length > 0) await session.collection('orders').updateEach(writes);
}
