// When an order reaches the kitchen: now, or — if it is due later than its longest dish takes plus
// a 5-minute margin — as a Draft released at its fire time (scheduled_at minus that longest time).
import type { DishDoc } from '../../models/dish.js';

export const SCHEDULE_MARGIN_MINUTES = 5;

export function longestPreparationMinutes(dishes: readonly DishDoc[]): number {
  return Math.max(0, ...dishes.map((dish) => dish.preparation_time));
}

export function planSchedule(
  scheduledAt: string | null,
  dishes: readonly DishDoc[],
  now: Date,
): { status: 'Draft' | 'Received'; fire_at: string | null } {
  if (scheduledAt === null) return { status: 'Received', fire_at: null };
  const longestMs = longestPreparationMinutes(dishes) * 60_000;
  const due = new Date(scheduledAt).getTime();
  if (due - now.getTime() <= longestMs + SCHEDULE_MARGIN_MINUTES * 60_000) return { status: 'Received', fire_at: null };
  return { status: 'Draft', fire_at: new Date(due - longestMs).toISOString() };
}
