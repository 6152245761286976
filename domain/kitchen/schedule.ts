// A scheduled time as the API takes it, and the margin a schedule is kept by (when the order fires
// is fire-times.ts's).
import type { DishDoc } from '../../models/dish.js';
import { MAX_SCHEDULE_AHEAD_DAYS, MAX_SCHEDULE_AHEAD_MS } from '../../models/limits.js';
import { DATE_TIME_RULE, instantOf } from '../../query/date-time.js';
import { badRequest } from '../errors.js';

export const SCHEDULE_MARGIN_MINUTES = 5;

export function longestPreparationMinutes(dishes: readonly DishDoc[]): number {
  return Math.max(0, ...dishes.map((dish) => dish.preparation_time));
}

const scheduleProblem = (message: string, detail: string) =>
  badRequest(`scheduled_at ${detail}`, { errors: [{ path: 'scheduled_at', message }] });

/**
 * A `scheduled_at` as the API takes it, for an order or a quote: a date-time by the one rule
 * (query/date-time.ts), in the future and at most a year ahead; the instant in milliseconds.
 * `leaveOut` finishes "send a future time, or …" (null for an order, leave it out for a quote).
 */
export function scheduledInstant(text: string, now: Date, leaveOut = 'null for now'): number {
  const at = instantOf(text);
  if (at === undefined) throw scheduleProblem(`must be ${DATE_TIME_RULE}`, `must be ${DATE_TIME_RULE}.`);
  if (at <= now.getTime()) throw scheduleProblem('must be in the future', `lies in the past; send a future time, or ${leaveOut}.`);
  if (at - now.getTime() > MAX_SCHEDULE_AHEAD_MS) {
    throw scheduleProblem(
      `must be at most ${MAX_SCHEDULE_AHEAD_DAYS} days ahead`,
      `lies more than ${MAX_SCHEDULE_AHEAD_DAYS} days ahead; an order can be scheduled at most a year ahead.`,
    );
  }
  return at;
}
