// When each ticket fires: the one home of the rule (docs/pacing.md), for the tickets an order is
// planned with, the quote of an order not placed yet, and the held tickets re-timed as the queues
// move. The order reaches the kitchen now, or a scheduled one at scheduled_at less its longest dish;
// `at_once`: every ticket with it; `together` (and each course): each ticket as late as it can fire
// and still be Ready at the due time, its station's queue and pace included (`StationTimes`, from
// the live queues; the menu's minutes where none is at hand).
import type { DishDoc, Station } from '../../models/dish.js';
import type { OrderDoc, Pacing, StoredTicket as Ticket } from '../../models/order.js';
import { longestPreparationMinutes, SCHEDULE_MARGIN_MINUTES } from './schedule.js';

const MINUTE_MS = 60_000;
/** A held ticket's fire time is rewritten once the queues move it by this much. */
export const RETIME_MS = 30_000;

/**
 * When a station would have a ticket Ready were it fired at `firedAt`, judged `now`: its queue as it
 * drains, the held tickets that fire before it, and its pace (the live queues: KitchenQueues).
 */
export interface StationTimes {
  /** A new ticket of these dishes. */
  newReady(station: Station, dishes: readonly DishDoc[], firedAt: number, now: number): number;
  /** A held ticket of the order (not ahead of itself). */
  heldReady(order: OrderDoc, ticket: Ticket, firedAt: number, now: number): number;
  /** When a fired ticket of the order is expected Ready (its ready_at once Ready). */
  readyAt(order: OrderDoc, ticket: Ticket, now: number): number;
}

/** The menu's minutes, behind nothing: where no live queues are at hand (scripts, domain tests). */
const menuReady = (dishes: readonly DishDoc[], firedAt: number) => firedAt + longestPreparationMinutes(dishes) * MINUTE_MS;

/**
 * The latest fire time, not before `from`, at which `readyIf` (when it would be Ready if fired then)
 * is still no later than `due`; `from` when even that is too late. Ready can be no sooner than the
 * ticket's own minutes after its fire, so the first guess (due less those minutes) is the answer
 * unless a queue holds it up; then a few halvings (bounded: 24) find the latest fire that works.
 */
function latestFire(readyIf: (firedAt: number) => number, from: number, due: number): number {
  const own = readyIf(due) - due;
  const guess = Math.max(from, due - own);
  if (readyIf(guess) <= due) return guess;
  if (readyIf(from) > due) return from;
  let [early, late] = [from, guess];
  for (let step = 0; step < 24 && late - early > 1_000; step += 1) {
    const middle = Math.floor((early + late) / 2);
    if (readyIf(middle) <= due) early = middle;
    else late = middle;
  }
  return early;
}

/**
 * When the order reaches the kitchen: now, or — due later than its longest dish takes plus a
 * 5-minute margin — as a Draft released at scheduled_at less that longest time.
 */
export function orderRelease(
  scheduledAt: string | null,
  dishes: readonly DishDoc[],
  now: Date,
): { status: 'Draft' | 'Received'; fire_at: string | null } {
  if (scheduledAt === null) return { status: 'Received', fire_at: null };
  const longestMs = longestPreparationMinutes(dishes) * MINUTE_MS;
  const due = new Date(scheduledAt).getTime();
  if (due - now.getTime() <= longestMs + SCHEDULE_MARGIN_MINUTES * MINUTE_MS) return { status: 'Received', fire_at: null };
  return { status: 'Draft', fire_at: new Date(due - longestMs).toISOString() };
}

/**
 * When each station's ticket of one course fires, the course released at `releasedAt`: at once, or
 * so that every dish is due together (at `due`, else when the slowest station would have its ticket
 * Ready were all fired at the release): each station as late as it can fire and still be Ready by
 * then, its queue and pace included, never before the release.
 */
export function stationFireTimes(
  pacing: Pacing,
  groups: readonly { station: Station; dishes: readonly DishDoc[] }[],
  releasedAt: number,
  due: number | null,
  now: number,
  times?: StationTimes,
): Map<Station, number> {
  if (pacing === 'at_once') return new Map(groups.map((group) => [group.station, releasedAt]));
  const readyIf = (group: (typeof groups)[number]) => (firedAt: number) =>
    times ? times.newReady(group.station, group.dishes, firedAt, now) : menuReady(group.dishes, firedAt);
  const atRelease = groups.map((group) => readyIf(group)(releasedAt));
  const dueAt = due ?? Math.max(releasedAt, ...atRelease);
  // The station that sets the due time fires with the order: holding it back would let later work ahead of it.
  return new Map(
    groups.map((group, index) => [group.station, atRelease[index]! >= dueAt ? releasedAt : latestFire(readyIf(group), releasedAt, dueAt)]),
  );
}

/** The stations an order of these dishes would fire, and when: what a quote of it reads (its first course's dishes). */
export function quoteFireTimes(
  dishes: readonly DishDoc[],
  pacing: Pacing,
  scheduledAt: number | null,
  now: number,
  times?: StationTimes,
): Map<Station, number> {
  const release = orderRelease(scheduledAt === null ? null : new Date(scheduledAt).toISOString(), dishes, new Date(now));
  const releasedAt = release.fire_at === null ? now : Date.parse(release.fire_at);
  const stations = [...new Set(dishes.map((dish) => dish.station))];
  const groups = stations.map((station) => ({ station, dishes: dishes.filter((dish) => dish.station === station) }));
  return stationFireTimes(pacing, groups, releasedAt, scheduledAt, now, times);
}

/** The earliest fire time among the Draft tickets that wait for the clock (compared as instants): the scheduler's key. */
export function nextFireAt(tickets: readonly Ticket[]): string | null {
  let next: string | null = null;
  for (const ticket of tickets)
    if (ticket.status === 'Draft' && ticket.fire_at && (next === null || Date.parse(ticket.fire_at) < Date.parse(next)))
      next = ticket.fire_at;
  return next;
}

/** The order's fire time: a scheduled Draft's, or, for a paced order all of whose tickets wait, its first ticket's. */
export function orderFireAt(planned: string | null, tickets: readonly Ticket[]): string | null {
  if (planned !== null) return planned;
  const live = tickets.filter((ticket) => ticket.status !== 'Voided');
  return live.length > 0 && live.every((ticket) => ticket.status === 'Draft') ? nextFireAt(tickets) : null;
}

/**
 * A paced order's held tickets (Drafts with a fire time still ahead) re-timed to the queues as they
 * are now: each course is due when its fired tickets are expected Ready (not before scheduled_at),
 * and each held ticket fires as late as it can and still be Ready by then (never before now).
 * Null when no fire time moves by RETIME_MS or more. A ticket due now is set to now: the scheduler
 * fires it. O(the order's tickets), each lead O(cooks).
 */
export function retimedTickets(order: OrderDoc, times: StationTimes, now: number): Ticket[] | null {
  if (order.pacing === 'at_once') return null;
  const held = (ticket: Ticket) => ticket.status === 'Draft' && !!ticket.fire_at && Date.parse(ticket.fire_at) > now;
  const scheduled = order.scheduled_at ? Date.parse(order.scheduled_at) : null;
  let changed = false;
  const tickets = order.tickets.map((ticket) => {
    if (!held(ticket)) return ticket;
    const course = ticket.course ?? 1;
    const anchors = order.tickets.filter(
      (other) => (other.course ?? 1) === course && other.status !== 'Voided' && other.status !== 'Draft' && other !== ticket,
    );
    const expected = anchors.map((other) => times.readyAt(order, other, now));
    const due = Math.max(course === 1 && scheduled !== null ? scheduled : Number.NEGATIVE_INFINITY, ...expected);
    // Nothing of its course is cooking and no time is set for it: its plan stands.
    if (due === Number.NEGATIVE_INFINITY) return ticket;
    const fireAt = latestFire((firedAt) => times.heldReady(order, ticket, firedAt, now), now, due);
    if (Math.abs(fireAt - Date.parse(ticket.fire_at!)) < RETIME_MS) return ticket;
    changed = true;
    return { ...ticket, fire_at: new Date(fireAt).toISOString() };
  });
  return changed ? tickets : null;
}
