// What guards the line on every path that can put work on it or bring work forward (placing an
// order, a change of its dishes, items, pacing or schedule): a dish waiting for a person fires only
// by an expeditor or a manager, and a patron's new or earlier work passes the kitchen-full check.
import type { DishDoc } from '../../models/dish.js';
import type { OrderDoc, Pacing } from '../../models/order.js';
import type { Quote } from '../../models/quote.js';
import type { Store, StoreSession } from '../../store/types.js';
import type { Principal } from '../accounts/principal.js';
import { forbidden } from '../errors.js';
import { courseOf } from './pacing.js';
import { currentSettings, type SettingsBook } from '../settings.js';
import type { KitchenQueues } from './kitchen-queues.js';
import { assertKitchenTakes, quoteOrder } from './quote-estimate.js';

const FIRE_ROLES: readonly Principal['role'][] = ['expeditor', 'manager'];

/** An order's plan as the guard compares it: its tickets, pacing and dishes (one per dish_ids entry). */
export interface LinePlan {
  tickets: OrderDoc['tickets'];
  pacing: Pacing;
  dishes: readonly DishDoc[];
}

export interface LineChange {
  /** The order as stored ({ tickets: [], dishes: [] } for a new one). */
  before: LinePlan;
  after: LinePlan;
  /** The order's scheduled_at after the change, in ms (null: now). */
  scheduledAt: number | null;
  /** When the order was expected ready before the change (its expected_ready_at; null or absent: no promise). */
  promised?: string | null;
  now: number;
}

/** The live queues and settings the check reads (absent for callers without them: scripts, domain tests). */
export type LineQuoting = Partial<{ queues: KitchenQueues; settings: SettingsBook }>;

/** When a ticket reaches (or reached) the kitchen: fired, by the clock, or never until a person fires it. */
function ticketFires(ticket: OrderDoc['tickets'][number]): number {
  if (ticket.status !== 'Draft') return ticket.fired_at ? Date.parse(ticket.fired_at) : 0;
  return ticket.fire_at ? Date.parse(ticket.fire_at) : Infinity;
}

/** Per dish id, when each of its units fires (earliest first): the ticket of its station and course. */
function unitFires({ tickets, pacing, dishes }: LinePlan): Map<string, number[]> {
  const course = courseOf(pacing, dishes);
  const fires = new Map<string, number[]>();
  for (const dish of dishes) {
    const ticket = tickets.find((each) => each.station === dish.station && (each.course ?? 1) === course(dish) && each.status !== 'Voided');
    const list = fires.get(dish.id) ?? [];
    list.push(ticket ? ticketFires(ticket) : Infinity);
    fires.set(dish.id, list);
  }
  for (const list of fires.values()) list.sort((a, b) => a - b);
  return fires;
}

/**
 * What the change does to the line: whether it fires held work, and the dishes (one per unit) it
 * adds to the line or brings forward; a dish's units are matched earliest fire first.
 */
export function lineEffect({ before, after }: Pick<LineChange, 'before' | 'after'>): { firesHeld: boolean; moved: DishDoc[] } {
  const was = unitFires(before);
  const byId = new Map(after.dishes.map((dish) => [dish.id, dish]));
  let firesHeld = false;
  const moved: DishDoc[] = [];
  for (const [id, times] of unitFires(after)) {
    const old = was.get(id) ?? [];
    times.forEach((at, index) => {
      const previous = old[index] ?? Infinity;
      if (previous === Infinity && at < Infinity && index < old.length) firesHeld = true;
      if (at < previous) moved.push(byId.get(id)!);
    });
  }
  return { firesHeld, moved };
}

/** The quote of the order as changed: that of the work moved, or the order's earlier promise if later. */
function promiseAfter(quote: Quote, promised: string | null, now: number): Quote {
  if (promised === null || Date.parse(promised) <= Date.parse(quote.ready_at)) return quote;
  return { ...quote, ready_at: promised, minutes: Math.max(0, Math.ceil((Date.parse(promised) - now) / 60_000 - 1e-9)) };
}

/**
 * The one guard of the line, called by every path that writes an order's tickets before it stores
 * them: 403 when someone other than an expeditor or manager would fire a dish held for a person
 * (a course waiting for the table), and, when the change adds work or brings it forward, the
 * kitchen-full check of that work (409 for a patron quoted beyond max_wait_minutes; the order's
 * other dishes are already in the queues, so they are not quoted again). Returns the order's quote
 * as changed, or null when nothing new reaches the line (or no queues are at hand).
 */
export function assertLineTakes(quoting: LineQuoting, principal: Principal, change: LineChange): Quote | null {
  const { firesHeld, moved } = lineEffect(change);
  if (firesHeld && !FIRE_ROLES.includes(principal.role))
    throw forbidden(
      `Your role (${principal.role}) may not fire a course held for the table; this change would. ` +
        'Ask the expeditor (or a manager) to fire it (POST /orders/{id}/courses/{n}/fire).',
    );
  const { queues, settings } = quoting;
  if (moved.length === 0 || !queues) return null;
  const { before, after, scheduledAt, now } = change;
  // A new order is quoted whole (its held courses are left out by the quote itself).
  const placing = before.tickets.length === 0;
  const quote = quoteOrder(queues, placing ? after.dishes : moved, now, after.pacing, scheduledAt);
  if (settings) assertKitchenTakes(settings, principal, quote, scheduledAt);
  return placing || moved.length === after.dishes.length ? quote : promiseAfter(quote, change.promised ?? null, now);
}

/**
 * Runs a write that can put work on the line. While a wait limit is set, one at a time in this
 * process (KitchenQueues.oneAtATime), so each kitchen-full check sees the orders placed before it;
 * without a limit nothing is refused, and orders go through side by side.
 */
export function onTheLine<T>(quoting: LineQuoting, write: () => Promise<T>): Promise<T> {
  const { queues, settings } = quoting;
  if (!queues || !settings || currentSettings({ settings }).max_wait_minutes === null) return write();
  return queues.oneAtATime(write);
}

/** The store's transaction, let onto the line as onTheLine says: what placing or changing an order writes in. */
export const lineTransaction = <T>(deps: { store: Store } & LineQuoting, work: (tx: StoreSession) => Promise<T>): Promise<T> =>
  onTheLine(deps, () => deps.store.transaction(work));
