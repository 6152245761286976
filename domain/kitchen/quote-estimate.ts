// Ready-time quotes: when an order of these dishes would be Ready for Assembly, from the live
// queues (KitchenQueues), and the wait limit that turns patrons away when the kitchen is full.
import type { DishDoc } from '../../models/dish.js';
import type { Quote } from '../../models/quote.js';
import type { Pacing } from '../../models/settings.js';
import { kitchenFull } from '../errors.js';
import type { KitchenQueues } from './kitchen-queues.js';
import type { Principal } from '../accounts/principal.js';
import { currentSettings, type SettingsBook } from '../settings.js';
import { courseOf } from './pacing.js';
import { quoteFireTimes } from './fire-times.js';

/**
 * The dishes a quote covers: all of them, or, for an order paced by courses, the first course only
 * (the later ones wait for the table, so no kitchen can promise when they will be asked for).
 */
export function quotedDishes(dishes: readonly DishDoc[], pacing: Pacing): DishDoc[] {
  const course = courseOf(pacing, dishes);
  return dishes.filter((dish) => course(dish) === 1);
}

/** The quote for an order of `dishes` placed at `now`: O(stations), whatever the kitchen holds. */
export function quoteOrder(
  queues: KitchenQueues,
  dishes: readonly DishDoc[],
  now: number,
  pacing: Pacing,
  scheduledAt: number | null,
): Quote {
  const quoted = quotedDishes(dishes, pacing);
  const fires = quoteFireTimes(quoted, pacing, scheduledAt, now, queues.stationTimes());
  // Each unit's minutes are its item's (a dish of an order placed, its options' minutes included).
  const order = {
    items: quoted.map((dish) => ({ id: '', dish_id: dish.id, minutes: dish.preparation_time, status: 'Active' as const })),
  };
  const stations = [...fires].map(([station, fireAt]) => {
    const pace = queues.stations.get(station)!;
    const readyAt = pace.quote(now, fireAt, queues.workOf(order, station));
    return { station, readyAt, ahead: pace.ahead };
  });
  const readyAt = Math.max(scheduledAt ?? now, ...stations.map((station) => station.readyAt));
  return {
    ready_at: new Date(readyAt).toISOString(),
    minutes: Math.max(0, Math.ceil((readyAt - now) / 60_000 - 1e-9)),
    stations: stations.map(({ station, readyAt: at, ahead }) => ({ station, ready_at: new Date(at).toISOString(), ahead })),
  };
}

/**
 * The kitchen-full check of POST /orders, after the stock check: a patron's order quoted beyond
 * max_wait_minutes is refused with the quote and a Retry-After (how much longer than the limit the
 * wait is, at least a minute). Staff are never refused.
 */
export function assertKitchenTakes(settings: SettingsBook, principal: Principal, quote: Quote, scheduledAt: number | null): void {
  const limit = currentSettings({ settings }).max_wait_minutes;
  if (limit === null || principal.role !== 'patron') return;
  // A scheduled order is measured by how late it would be past its time, not by the time until it.
  const wait = scheduledAt === null ? quote.minutes : Math.ceil((Date.parse(quote.ready_at) - scheduledAt) / 60_000);
  if (wait <= limit) return;
  const retryAfter = Math.max(60, Math.ceil((wait - limit) * 60));
  throw kitchenFull(
    `The kitchen is quoting ${quote.minutes} minutes, beyond its limit of ${limit}: nothing was ordered. ` +
      `Try again in about ${Math.ceil(retryAfter / 60)} minutes.`,
    { ready_at: quote.ready_at, minutes: quote.minutes },
    retryAfter,
  );
}
