// When a ticket or an order runs late, one rule for every board: amber past the minutes its dishes
// are expected to take (the longest of its dishes' menu minutes, each times its station's pace), red
// once past them by the margin the kitchen report counts a ticket late by (GET /stations/{station}/pace
// says both). A dish's menu minutes are its item's `minutes` (options included: a well-done steak
// takes what its item says), else its preparation_time.

/** The report's margin, until the server's pace says otherwise. */
export const LATE_MARGIN_MINUTES = 5;

/** @typedef {{ speed: number, late_margin_minutes: number }} Pace */

/** The menu's own times: what a board uses before the server says the pace. @type {Pace} */
export const MENU_PACE = { speed: 1, late_margin_minutes: LATE_MARGIN_MINUTES };

/**
 * Each dish's menu minutes in this order: the longest `minutes` of its active items, else its preparation_time.
 * @param {{ items?: { dish_id: string, minutes: number, status: string }[] }} order
 * @returns {(dish: { id?: string, preparation_time?: number }) => number}
 */
export function menuMinutes(order) {
  /** @type {Map<string, number>} */
  const byDish = new Map();
  for (const item of order.items ?? [])
    if (item.status === 'Active') byDish.set(item.dish_id, Math.max(byDish.get(item.dish_id) ?? 0, item.minutes));
  return (dish) => (dish.id !== undefined ? byDish.get(dish.id) : undefined) ?? dish.preparation_time ?? 0;
}

/**
 * @param {{ dishes: { id?: string, station?: string, preparation_time?: number }[], items?: { dish_id: string, minutes: number, status: string }[] }} order
 *   the ticket's (or the whole order's) dishes, and the order's items
 * @param {(station: string) => Pace} [paceOf] each station's pace (the menu's times by default)
 * @returns {{ late: number, veryLate: number }} minutes; 0 for no threshold
 */
export function lateAfter(order, paceOf = () => MENU_PACE) {
  const minutes = menuMinutes(order);
  let expected = 0;
  let margin = LATE_MARGIN_MINUTES;
  for (const dish of order.dishes) {
    const pace = paceOf(dish.station ?? '');
    const at = minutes(dish) * pace.speed;
    if (at > expected) [expected, margin] = [at, pace.late_margin_minutes];
  }
  if (expected === 0) return { late: 0, veryLate: 0 };
  const late = Math.round(expected * 10) / 10;
  return { late, veryLate: late + margin };
}
