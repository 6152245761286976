// Pacing: which course each dish belongs to, the tickets of each course (their fire times are
// fire-times.ts's), and the fires themselves (by the clock, by a person, or by
// itself a gap after the previous course is all Ready). Rules: docs/pacing.md.
import { STATIONS, type DishDoc, type Station } from '../../models/dish.js';
import type { OrderDoc, Pacing } from '../../models/order.js';
import type { StoredTicket as Ticket } from '../../models/order.js';
import { stationFireTimes, type StationTimes } from './fire-times.js';

const MINUTE_MS = 60_000;
/** Food categories in serving order; Drinks join the first course the order has. */
const FOOD_RANK: Readonly<Record<string, number>> = { Appetizer: 1, 'Main Course': 2, Dessert: 3 };

const iso = (ms: number) => new Date(ms).toISOString();

/** Tickets stored before pacing existed carry no course: they are course 1. */
export const courseOfTicket = (ticket: Pick<Ticket, 'course'>): number => ticket.course ?? 1;

/** Every ticket the order has at a station (one per course), by course. */
export function ticketsAt(order: Pick<OrderDoc, 'tickets'>, station: string): Ticket[] {
  return ((order.tickets as Ticket[] | undefined) ?? []).filter((ticket) => ticket.station === station);
}

/** A course waiting for a person (or for the previous course's gap): Draft with no fire time. */
export const isHeld = (ticket: Ticket): boolean => ticket.status === 'Draft' && (ticket.fire_at ?? null) === null;

/**
 * The course of each dish: an item's own (a unit of an item carries it), else 1 unless paced by
 * courses, then numbered over the categories the order has.
 */
export function courseOf(pacing: Pacing, dishes: readonly DishDoc[]): (dish: DishDoc & { course?: number }) => number {
  if (pacing !== 'courses') return () => 1;
  const ranks = [...new Set(dishes.flatMap((dish) => FOOD_RANK[dish.category] ?? []))].sort((a, b) => a - b);
  return (dish) => {
    if (dish.course !== undefined) return dish.course;
    const rank = FOOD_RANK[dish.category];
    return rank === undefined ? 1 : ranks.indexOf(rank) + 1;
  };
}

export interface TicketGroup {
  course: number;
  station: Station;
  dishes: DishDoc[];
}

/** The order's dishes grouped into tickets: one per course and station, by course, then cold, hot, beverages. */
export function ticketGroups(pacing: Pacing, dishes: readonly DishDoc[]): TicketGroup[] {
  const course = courseOf(pacing, dishes);
  const groups = new Map<string, TicketGroup>();
  for (const dish of dishes) {
    const key = `${course(dish)}|${dish.station}`;
    const group = groups.get(key) ?? { course: course(dish), station: dish.station, dishes: [] };
    group.dishes.push(dish);
    groups.set(key, group);
  }
  return [...groups.values()].sort(byCourseAndStation);
}

type Slot = { course?: number; station: Station; round?: number };
/** Tickets listed by course, then cold, hot, beverages, then round. */
export function byCourseAndStation(a: Slot, b: Slot): number {
  return (a.course ?? 1) - (b.course ?? 1) || STATIONS.indexOf(a.station) - STATIONS.indexOf(b.station) || (a.round ?? 1) - (b.round ?? 1);
}

function freshTicket(course: number, station: Station, fireAt: number | null, now: number): Ticket {
  const fired = fireAt !== null && fireAt <= now;
  return {
    station,
    status: fired ? 'Received' : 'Draft',
    fired_at: fired ? iso(now) : null,
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course,
    fire_at: fireAt === null ? null : iso(fireAt),
    changes: [],
    round: 1,
    items: [],
  };
}

/** When a course was released: its earliest fire time or fire; null while it is held (or absent). */
function releaseOf(tickets: readonly Ticket[], course: number): number | null {
  const times = tickets
    .filter((ticket) => courseOfTicket(ticket) === course && ticket.status !== 'Voided' && !isHeld(ticket))
    .map((ticket) => Date.parse(ticket.fired_at ?? ticket.fire_at!));
  return times.length > 0 ? Math.min(...times) : null;
}

export interface PlanInput {
  pacing: Pacing;
  /** The order's dishes, one per dish_ids entry. */
  dishes: readonly DishDoc[];
  scheduledAt: string | null;
  /** When course 1 is released: now, or a scheduled Draft's fire time. */
  orderFiresAt: number;
  now: number;
  /** The order's tickets so far ([] for a new order). */
  current: readonly Ticket[];
  /** The stations' pace and queues, for `together` fire times (absent: the menu's minutes). */
  times?: StationTimes;
}

/**
 * The order's tickets for its dishes: a ticket that fired is kept as it is (its changes are the
 * caller's), the others are planned afresh; a fired ticket whose station and course lost every
 * dish becomes Voided, an unfired one is dropped.
 */
export function planTickets({ pacing, dishes, scheduledAt, orderFiresAt, now, current, times }: PlanInput): Ticket[] {
  // A new order fired at once (most of them): a ticket per station, all fired with the order.
  if (pacing === 'at_once' && current.length === 0)
    return STATIONS.filter((station) => dishes.some((dish) => dish.station === station)).map((station) =>
      freshTicket(1, station, orderFiresAt, now),
    );
  const groups = ticketGroups(pacing, dishes);
  const planned: Ticket[] = [];
  for (const course of [...new Set(groups.map((group) => group.course))]) {
    const ofCourse = groups.filter((group) => group.course === course);
    const released = course === 1 ? orderFiresAt : releaseOf(current, course);
    const due = course === 1 && scheduledAt !== null ? Date.parse(scheduledAt) : null;
    const fires = released === null ? null : stationFireTimes(pacing, ofCourse, released, due, now, times);
    for (const { station } of ofCourse) {
      const kept = current.find((ticket) => ticket.station === station && courseOfTicket(ticket) === course && (ticket.round ?? 1) === 1);
      // A voided ticket given a dish again comes back to the station as it was when it fired.
      const revived = kept?.status === 'Voided' ? { ...kept, status: 'Received' as const, started_at: null, ready_at: null } : kept;
      planned.push(revived && revived.fired_at !== null ? revived : freshTicket(course, station, fires?.get(station) ?? null, now));
    }
  }
  // Tickets of later rounds stay as they are (their items are the caller's).
  const later = current.filter((ticket) => (ticket.round ?? 1) > 1);
  const voided = current
    .filter(
      (ticket) =>
        (ticket.round ?? 1) === 1 &&
        ticket.fired_at !== null &&
        !groups.some((group) => group.station === ticket.station && group.course === courseOfTicket(ticket)),
    )
    .map((ticket): Ticket => ({ ...ticket, status: 'Voided' }));
  return [...planned, ...later, ...voided].sort(byCourseAndStation);
}

/** A Draft ticket fired now: Received, its fire time kept (or now, for a held one). */
export function fired(ticket: Ticket, at: string): Ticket {
  // One stored before pacing (no fire_at) keeps its shape until the upgrade gives it one.
  return ticket.fire_at === undefined
    ? { ...ticket, status: 'Received', fired_at: at }
    : { ...ticket, status: 'Received', fired_at: at, fire_at: ticket.fire_at ?? at };
}

/** The order's tickets with every Draft whose fire time has come fired (a legacy Draft: at the order's fire time). */
export function fireDue(order: OrderDoc, at: string): Ticket[] {
  return order.tickets.map((ticket) => {
    const fireAt = ticket.fire_at === undefined ? order.fire_at : ticket.fire_at;
    return ticket.status === 'Draft' && fireAt !== null && Date.parse(fireAt) <= Date.parse(at) ? fired(ticket, at) : ticket;
  });
}

/** A course has fired once any of its tickets has. */
export const courseFired = (tickets: readonly Ticket[], course: number): boolean =>
  tickets.some((ticket) => courseOfTicket(ticket) === course && ticket.fired_at !== null);

/**
 * Course `course` released at `at`: its tickets get their fire times (dishes due together), and
 * those due now fire. The other courses are left as they are.
 */
export function releaseCourse(order: OrderDoc, dishes: readonly DishDoc[], course: number, at: number, now: number): Ticket[] {
  const groups = ticketGroups(order.pacing, dishes).filter((group) => group.course === course);
  const times = stationFireTimes(order.pacing, groups, at, null, now);
  return order.tickets.map((ticket) => {
    if (courseOfTicket(ticket) !== course || ticket.status !== 'Draft') return ticket;
    const fireAt = times.get(ticket.station) ?? at;
    return fireAt <= now ? fired({ ...ticket, fire_at: iso(fireAt) }, iso(now)) : { ...ticket, fire_at: iso(fireAt) };
  });
}

/**
 * After a ticket move: when every ticket of a course is Ready and the order has a gap, the next
 * course (still held) is released that many minutes after; a recall before it fired holds it again.
 */
export function applyCourseGap(order: OrderDoc, tickets: Ticket[], dishes: readonly DishDoc[], now: number): Ticket[] {
  const gap = order.course_gap_minutes ?? null;
  if (gap === null || order.pacing !== 'courses') return tickets;
  let result = tickets;
  const courses = [...new Set(tickets.map(courseOfTicket))].sort((a, b) => a - b);
  for (const course of courses.slice(0, -1)) {
    const next = course + 1;
    if (courseFired(result, next)) continue;
    const live = result.filter((ticket) => courseOfTicket(ticket) === course && ticket.status !== 'Voided');
    const allReady = live.length > 0 && live.every((ticket) => ticket.status === 'Ready');
    if (allReady) {
      if (result.some((ticket) => courseOfTicket(ticket) === next && isHeld(ticket))) {
        const readyAt = Math.max(...live.map((ticket) => Date.parse(ticket.ready_at ?? iso(now))));
        result = releaseCourse({ ...order, tickets: result }, dishes, next, readyAt + gap * MINUTE_MS, now);
      }
    } else {
      result = result.map((ticket) =>
        courseOfTicket(ticket) === next && ticket.status === 'Draft' ? { ...ticket, fire_at: null } : ticket,
      );
    }
  }
  return result;
}
