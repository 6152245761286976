// What a station works from: bumping its own ticket of an order, its queue of tickets, and its
// all-day counts (domain/views/all-day.ts).
import { STATIONS, type Dish, type DishDoc, type Station } from '../../models/dish.js';
import { stationOrderCatalogue, type KitchenOrder, type Order, type OrderDoc } from '../../models/order.js';
import { evaluateListQuery } from '../../query/evaluate.js';
import type { AllDay, TicketMove } from '../../models/ticket.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import { requireKitchenStaff } from '../accounts/access.js';
import { actorOf, recordAudit } from './audit.js';
import { AllDayTally } from '../views/all-day.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import type { KitchenBook } from '../views/kitchen-book.js';
import type { MenuReader } from '../menu/menu.js';
import { dishesFor, publicOrder } from './orders.js';
import type { Principal } from '../accounts/principal.js';
import { applyCourseGap, courseOf, courseOfTicket } from './pacing.js';
import { derived, moveTicket, ticketsAt, ticketToMove } from './tickets.js';
import type { Ticket } from '../../models/ticket.js';

/** Ready tickets stay in the queue this long, so a station can still recall them. */
export const RECALL_WINDOW_MS = 10 * 60_000;

export function asStation(station: string): Station {
  if (!(STATIONS as readonly string[]).includes(station))
    throw notFound(`No station "${station}"; the stations are ${STATIONS.join(', ')}.`);
  return station as Station;
}

/** PATCH /orders/{id}/tickets/{station}: one write of the ticket and the status it implies. */
export async function moveStationTicket(
  { store, now }: Deps,
  principal: Principal | null,
  id: string,
  stationName: string,
  { status, course }: TicketMove,
): Promise<Order> {
  const user = requireKitchenStaff(principal, 'move station tickets');
  const station = asStation(stationName);
  const changed = await store.transaction(async (tx) => {
    const order = await tx.collection('orders').get(id);
    const ticket = order ? ticketToMove(order, station, course) : undefined;
    if (!order || !ticket)
      throw notFound(
        order
          ? `Order ${id} has no ${station} ticket${course === undefined ? '' : ` in course ${course}`}: none of its dishes are made there.`
          : `No order with id ${id}.`,
      );
    const at = now();
    let set = moveTicket(order, ticket, status, user.userId, at.toISOString());
    if (!set) return order;
    // A course all Ready starts the clock of the next one when the order has a gap.
    if (order.pacing === 'courses' && order.course_gap_minutes != null) {
      const dishes = await dishesFor(tx, order.dish_ids, false);
      set = derived(order, applyCourseGap(order, set.tickets, dishes, at.getTime()), at.toISOString());
    }
    // Guarded by the order as read: a concurrent bump of another station retries or is refused, never lost.
    const updated = await tx.collection('orders').update(id, { set }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
    if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
    await recordAudit(
      tx,
      id,
      actorOf(user),
      'bumped',
      { station, course: courseOfTicket(ticket), from: ticket.status, to: status },
      at.toISOString(),
    );
    return updated;
  });
  return publicOrder(changed);
}

/** Orders with a ticket at the station whose order is in one of `statuses`, from the kitchen book. */
async function ordersAt(book: KitchenBook, station: Station, statuses: OrderDoc['status'][]): Promise<OrderDoc[]> {
  return (await book.inStatus(statuses)).filter((order) => ticketsAt(order, station).length > 0);
}

/** What the station reads come from: the open orders and the menu, kept in memory on every store. */
export type StationDeps = Deps & { kitchen: KitchenBook; menu: MenuReader };

/** Every dish of each order, as clients see dishes (with availability), from the live menu. */
async function orderDishes(orders: readonly Pick<OrderDoc, 'id' | 'dish_ids'>[], menu: MenuReader): Promise<Map<string, Dish[]>> {
  const dishes = new Map((await menu.getEach(orders.flatMap((order) => order.dish_ids))).map((dish) => [dish.id, dish]));
  return new Map(orders.map((order) => [order.id, order.dish_ids.flatMap((dishId) => dishes.get(dishId) ?? [])]));
}

/** When a Voided ticket was voided: the change that emptied it (it leaves the queue a recall window later). */
const voidedAt = (ticket: Ticket): string => ticket.changes?.at(-1)?.at ?? ticket.fired_at ?? '';

/**
 * GET /stations/{station}/tickets: fired tickets only, one row per ticket (an order paced by
 * courses may have one per course): Received and In Progress ones, and Ready or Voided ones for 10
 * minutes (for recall, and so a cook sees what was called off); highest priority first, then the
 * oldest fired; paged like every list.
 */
export async function stationQueue(
  { now, kitchen, menu }: StationDeps,
  principal: Principal | null,
  stationName: string,
  query: ListQuery,
): Promise<ListResult<KitchenOrder & { course: number }>> {
  requireKitchenStaff(principal, "read a station's queue");
  const station = asStation(stationName);
  const since = new Date(now().getTime() - RECALL_WINDOW_MS).toISOString();
  const shown = (ticket: Ticket): boolean => {
    if (ticket.fired_at === null) return false;
    if (ticket.status === 'Ready') return ticket.ready_at !== null && ticket.ready_at >= since;
    if (ticket.status === 'Voided') return voidedAt(ticket) >= since;
    return ticket.status === 'Received' || ticket.status === 'In Progress';
  };
  const orders = await ordersAt(kitchen, station, ['Draft', 'Received', 'In Progress', 'Ready for Assembly']);
  const queued = orders.flatMap((order) =>
    ticketsAt(order, station)
      .filter(shown)
      .map((ticket) => ({ order, ticket })),
  );
  queued.sort(
    (a, b) =>
      a.order.priority - b.order.priority ||
      (a.ticket.fired_at ?? '').localeCompare(b.ticket.fired_at ?? '') ||
      a.order.id.localeCompare(b.order.id) ||
      courseOfTicket(a.ticket) - courseOfTicket(b.ticket),
  );
  // The list parameters apply to the rows in that order (a sort is stable: its ties keep it); the
  // dishes are read for the page only.
  const rows = queued.map(({ order, ticket }) => ({ ...publicOrder(order), course: courseOfTicket(ticket) }));
  const page = evaluateListQuery(rows, query, stationOrderCatalogue);
  const dishes = await orderDishes(page.results, menu);
  return {
    results: page.results.map((row) => {
      const all = dishes.get(row.id) ?? [];
      const course = courseOf(row.pacing, all);
      return { ...row, dishes: all.filter((dish) => dish.station === station && course(dish) === row.course) };
    }),
    total_results: page.total_results,
  };
}

/** A station's all-day tally of what the store holds now (orders whose ticket there may count). */
export async function allDayTally(station: Station, kitchen: KitchenBook, menu: MenuReader): Promise<AllDayTally> {
  const orders = await ordersAt(kitchen, station, ['Draft', 'Received', 'In Progress']);
  return tallyOf(station, orders, await menu.dishes());
}

/** A station's all-day tally of these orders (`dishes` holding at least theirs). */
export function tallyOf(station: Station, orders: readonly OrderDoc[], dishes: ReadonlyMap<string, DishDoc>): AllDayTally {
  const tally = new AllDayTally(station);
  for (const order of orders) tally.put(order, dishes);
  return tally;
}

/** GET /stations/{station}/all-day. */
export async function allDay({ now, kitchen, menu }: StationDeps, principal: Principal | null, stationName: string): Promise<AllDay> {
  requireKitchenStaff(principal, "read a station's all-day counts");
  return (await allDayTally(asStation(stationName), kitchen, menu)).counts(now());
}
