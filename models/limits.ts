// The bounds every number that reaches the kitchen's clock or a report lies within, in one place:
// the schemas, the domain and the docs (docs/api.md, "Limits") read them from here.
export { EARLIEST_INSTANT, LATEST_INSTANT } from '../query/date-time.js';

/** A day, in minutes: the most a dish's preparation_time, or a modifier's minutes_delta, may take. */
export const MAX_MINUTES = 24 * 60;

/** The largest stock a kitchen can hold, either way: |in_stock_qty| and |in_stock_delta| at most this. */
export const MAX_STOCK = 1_000_000_000;

/** The highest price, of a dish, an ingredient or a modifier's change to a dish's (either way): a billion. */
export const MAX_PRICE = 1_000_000_000;

/** How far ahead an order may be scheduled: a year (366 days, so the same date next year always fits). */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;
export const MAX_SCHEDULE_AHEAD_MS = MAX_SCHEDULE_AHEAD_DAYS * 86_400_000;
