// When a ticket or an order runs late, one rule for every board: amber past the minutes its dishes
// are expected to take (the longest preparation time, times the station's pace), red once past them
// by the margin the kitchen report counts a ticket late by (GET /stations/{station}/pace says both).

/** The report's margin, until the server's pace says otherwise. */
export const LATE_MARGIN_MINUTES = 5;

/**
 * @param {{ preparation_time?: number }[]} dishes the ticket's (or the order's) dishes
 * @param {{ factor: number, late_margin_minutes: number }} [pace] the station's pace (the menu's times by default)
 * @returns {{ late: number, veryLate: number }} minutes; 0 for no threshold
 */
export function lateAfter(dishes, pace = { factor: 1, late_margin_minutes: LATE_MARGIN_MINUTES }) {
  const prep = Math.max(0, ...dishes.map((dish) => dish.preparation_time ?? 0));
  if (prep === 0) return { late: 0, veryLate: 0 };
  const expected = Math.round(prep * pace.factor * 10) / 10;
  return { late: expected, veryLate: expected + pace.late_margin_minutes };
}
