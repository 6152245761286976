// What the boards know of orders: the kitchen's statuses, ages, counts, sorting and labels (the
// moves are per station ticket: tickets.js; how late a ticket runs: age.js).
import { formatDate, formatTime, t } from './i18n.js';
/** @import { Order } from '../../../types/api.js' */

export const STATIONS = ['cold', 'hot', 'beverages'];
/** A station as the kitchen names it on every screen (a board's title, a guest's My orders), in the
 * screen's language. @param {string} station */
export const stationName = (station) => t('station.name', { station });
export const KITCHEN_STATUSES = ['Received', 'In Progress', 'Ready for Assembly'];
export const OPEN_STATUSES = ['Draft', ...KITCHEN_STATUSES];

/** When the kitchen's clock starts: a scheduled order's fire time, else its creation. @param {Pick<Order, 'created_at' | 'fire_at'>} order */
export function startedAt(order) {
  const created = Date.parse(order.created_at);
  const fired = order.fire_at ? Date.parse(order.fire_at) : 0;
  return Math.max(created, fired <= Date.now() ? fired : 0);
}

/** "4:07" under an hour, "1h 05m" beyond. @param {number} ms */
export function formatAge(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const seconds = Math.floor((Math.max(0, ms) % 60_000) / 1000);
  if (minutes < 60) return `${minutes}:${String(seconds).padStart(2, '0')}`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** Dishes with a count each, in the order first listed: "2 × Steak". @param {{ id: string, name: string }[]} dishes */
export function countDishes(dishes) {
  /** @type {Map<string, { id: string, name: string, count: number }>} */
  const counts = new Map();
  for (const dish of dishes) {
    const entry = counts.get(dish.id) ?? { id: dish.id, name: dish.name, count: 0 };
    entry.count += 1;
    counts.set(dish.id, entry);
  }
  return [...counts.values()];
}

/** Priority (0 first), then the oldest first. @param {Order} a @param {Order} b */
export function byPriorityThenAge(a, b) {
  return a.priority - b.priority || startedAt(a) - startedAt(b) || a.id.localeCompare(b.id);
}

/**
 * A clock time in the board's locale, "18:30", with its day ("Sat, Nov 28") when not today.
 * @param {string} iso @returns {{ day: string | null, time: string }}
 */
export function clockParts(iso) {
  const at = new Date(iso);
  const sameDay = at.toDateString() === new Date().toDateString();
  const time = formatTime(at);
  return { day: sameDay ? null : formatDate(at, { weekday: 'short', day: 'numeric', month: 'short' }), time };
}

/** A clock time in the board's locale, "18:30" (or "Sat, Nov 28 18:30" on another day). @param {string} iso */
export function clockTime(iso) {
  const { day, time } = clockParts(iso);
  return day ? `${day} ${time}` : time;
}

/** "T12" where room is short (the held strip, the expeditor's rail), or "Takeaway". @param {{ table_number?: number | null }} order */
export const tableShort = (order) =>
  order.table_number === null || order.table_number === undefined
    ? t('order.takeaway')
    : t('order.table-short', { table: order.table_number });

/** The table, or "Takeaway". @param {{ table_number?: number | null }} order */
export const tableLabel = (order) =>
  order.table_number === null || order.table_number === undefined ? t('order.takeaway') : t('order.table', { table: order.table_number });
