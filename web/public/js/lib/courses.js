// Pacing on the boards (docs/pacing.md): which course each dish belongs to, and the state of each
// course of an order. An order paced by `courses` numbers its courses over the food categories it
// has (Appetizer, Main Course, Dessert); Drinks join course 1; every other order is one course.
/** @import { Order, Ticket } from '../../../types/api.js' */
/** @type {Partial<Record<string, number>>} */
const FOOD_RANK = { Appetizer: 1, 'Main Course': 2, Dessert: 3 };

/**
 * The course of each of these dishes. With every dish of the order (the expeditor) the courses are
 * numbered as the server does; a station sees only its own dishes, so their categories are matched,
 * from the last, with the courses of its tickets that still hold dishes.
 * @param {Pick<Order, 'pacing' | 'tickets'>} order @param {{ category: string }[]} dishes
 * @param {string} [station] the board's station, when `dishes` are only its own
 * @returns {(dish: { category: string }) => number}
 */
export function courseOfDish(order, dishes, station) {
  if (order.pacing !== 'courses') return () => 1;
  const ranks = [...new Set(dishes.flatMap((dish) => FOOD_RANK[dish.category] ?? []))].sort((a, b) => a - b);
  /** @param {{ category: string }} dish */
  const rankOf = (dish) => FOOD_RANK[dish.category];
  if (!station)
    return (dish) => {
      const rank = rankOf(dish);
      return rank === undefined ? 1 : ranks.indexOf(rank) + 1;
    };
  const courses = [
    ...new Set(
      (order.tickets ?? [])
        .filter((ticket) => ticket.station === station && ticket.status !== 'Voided')
        .map((ticket) => ticket.course ?? 1),
    ),
  ].sort((a, b) => a - b);
  const byRank = new Map(ranks.map((rank, index) => [rank, courses[courses.length - ranks.length + index] ?? 1]));
  return (dish) => {
    const rank = rankOf(dish);
    return rank === undefined ? 1 : (byRank.get(rank) ?? 1);
  };
}

/** A ticket waiting for a person (or the previous course's gap): Draft with no fire time. @param {Ticket} ticket */
export const isHeld = (ticket) => ticket.status === 'Draft' && !ticket.fire_at;

/**
 * Each course of the order with its state, lowest first: `held` (waiting for a person), `timed`
 * (fires at `fire_at`), `fired`, `cooking`, `ready`; Voided tickets left out.
 * @param {Pick<Order, 'tickets'>} order
 * @returns {{ course: number, state: 'held' | 'timed' | 'fired' | 'cooking' | 'ready', fireAt: string | null }[]}
 */
export function coursesOf(order) {
  /** @type {Map<number, Ticket[]>} */
  const byCourse = new Map();
  for (const ticket of (order.tickets ?? []).filter((each) => each.status !== 'Voided')) {
    const course = ticket.course ?? 1;
    byCourse.set(course, [...(byCourse.get(course) ?? []), ticket]);
  }
  return [...byCourse.entries()]
    .sort(([a], [b]) => a - b)
    .map(([course, tickets]) => {
      const fireAt =
        tickets
          .filter((ticket) => ticket.status === 'Draft' && ticket.fire_at)
          .map((ticket) => ticket.fire_at)
          .sort()[0] ?? null;
      const state = tickets.every((ticket) => ticket.status === 'Ready')
        ? 'ready'
        : tickets.some((ticket) => ticket.status === 'In Progress' || ticket.status === 'Ready')
          ? 'cooking'
          : tickets.some((ticket) => ticket.fired_at)
            ? 'fired'
            : tickets.every(isHeld)
              ? 'held'
              : 'timed';
      return { course, state, fireAt };
    });
}

/** The next course a person may fire: the first held one, once the one before it has fired. @param {Pick<Order, 'tickets'>} order */
export function nextToFire(order) {
  const courses = coursesOf(order);
  const index = courses.findIndex((course) => course.state === 'held');
  const held = courses[index];
  if (!held) return null;
  const before = courses[index - 1];
  return { course: held.course, ready: !before || (before.state !== 'held' && before.state !== 'timed') };
}
