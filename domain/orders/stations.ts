// What a station works from: bumping its own ticket of an order, its queue of tickets, and its
// all-day counts (domain/kitchen/all-day.ts).
import type { Dish, DishDoc, Station } from '../../models/dish.js';
import { stationOrderCatalogue, type KitchenOrder, type Order, type OrderDoc } from '../../models/order.js';
import { evaluateListQuery } from '../../query/evaluate.js';
import type { AllDay, ItemMove, TicketMove } from '../../models/ticket.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import { requireKitchenStaff } from '../accounts/access.js';
import { actorOf, recordAudit } from './audit.js';
import { AllDayTally } from '../kitchen/all-day.js';
import type { Deps } from '../deps.js';
import { conflict, notFound } from '../errors.js';
import type { KitchenBook } from '../views/kitchen-book.js';
import type { MenuReader } from '../menu/menu.js';
import { publicOrder } from './orders.js';
import type { Principal } from '../accounts/principal.js';
import { applyCourseGap, courseOfTicket, ticketsAt } from '../kitchen/pacing.js';
import { asStation } from '../kitchen/stations.js';
import { derived, moveItem, moveTicket, ticketOfItem, ticketToMove, type KitchenFields } from './tickets.js';
import { orderCookedDishes } from './items.js';
import { roundOf } from './ticket-items.js';
import type { Ticket } from '../../models/ticket.js';

/** Ready tickets stay in the queue this long, so a station can still recall them. */
export const RECALL_WINDOW_MS = 10 * 60_000;

/** What a bump found and decided: the ticket moved, the fields to write (null: nothing changes) and the audit's details. */
interface Bump {
  ticket: Ticket;
  set: KitchenFields | null;
  audit: Record<string, unknown>;
}

/**
 * One bump of a station's ticket or of one of its items: the move and the status it implies in one
 * write, guarded by the order as read (a concurrent bump of another station retries or is refused,
 * never lost), with its audit entry.
 */
async function bump(
  { store, now }: Deps,
  principal: Principal | null,
  id: string,
  decide: (order: OrderDoc, by: string, at: string) => Bump,
): Promise<Order> {
  const user = requireKitchenStaff(principal, 'move station tickets');
  const changed = await store.transaction(async (tx) => {
    const order = await tx.collection('orders').get(id);
    if (!order) throw notFound(`No order with id ${id}.`);
    const at = now();
    const { ticket, set: moved, audit } = decide(order, user.userId, at.toISOString());
    if (!moved) return order;
    let set = moved;
    // A course all Ready starts the clock of the next one when the order has a gap.
    if (order.pacing === 'courses' && order.course_gap_minutes != null) {
      const dishes = await orderCookedDishes(tx, order.items ?? []);
      set = derived(order, applyCourseGap(order, set.tickets, dishes, at.getTime()), at.toISOString());
    }
    const updated = await tx.collection('orders').update(id, { set }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
    if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
    const where = { station: ticket.station, course: courseOfTicket(ticket), ...(roundOf(ticket) > 1 && { round: roundOf(ticket) }) };
    await recordAudit(tx, id, actorOf(user), 'bumped', { ...where, ...audit }, at.toISOString());
    return updated;
  });
  return publicOrder(changed);
}

/** PATCH /orders/{id}/tickets/{station}: one write of the ticket (and its items) and the status it implies. */
export async function moveStationTicket(
  deps: Deps,
  principal: Principal | null,
  id: string,
  stationName: string,
  { status, course, round }: TicketMove,
): Promise<Order> {
  requireKitchenStaff(principal, 'move station tickets');
  const station = asStation(stationName);
  return bump(deps, principal, id, (order, by, at) => {
    const ticket = ticketToMove(order, station, course, round);
    if (!ticket) {
      const which = [course === undefined ? '' : ` in course ${course}`, round === undefined ? '' : ` in round ${round}`].join('');
      throw notFound(`Order ${id} has no ${station} ticket${which}: none of its dishes are made there.`);
    }
    return { ticket, set: moveTicket(order, ticket, status, by, at), audit: { from: ticket.status, to: status } };
  });
}

/** PATCH /orders/{id}/tickets/{station}/items/{item_id}: one item bumped alone; its ticket and the order follow. */
export async function moveStationItem(
  deps: Deps,
  principal: Principal | null,
  id: string,
  stationName: string,
  itemId: string,
  { status }: ItemMove,
): Promise<Order> {
  requireKitchenStaff(principal, 'move station tickets');
  const station = asStation(stationName);
  return bump(deps, principal, id, (order, by, at) => {
    const found = ticketOfItem(order, station, itemId);
    if (!found) throw notFound(`Order ${id} has no item ${itemId} on a ${station} ticket.`);
    const { ticket, entry } = found;
    return { ticket, set: moveItem(order, ticket, entry, status, by, at), audit: { item_id: itemId, from: entry.status, to: status } };
  });
}

/** Orders with a ticket at the station whose order is in one of `statuses`, from the kitchen book. */
async function ordersAt(book: KitchenBook, station: Station, statuses: OrderDoc['status'][]): Promise<OrderDoc[]> {
  return (await book.inStatus(statuses)).filter((order) => ticketsAt(order, station).length > 0);
}

/** What the station reads come from: the open orders and the menu, kept in memory on every store. */
export type StationDeps = Deps & { kitchen: KitchenBook; menu: MenuReader };

/** The dishes of the orders' items, as clients see dishes (with availability), from the live menu. */
async function menuDishes(orders: readonly Pick<OrderDoc, 'dish_ids'>[], menu: MenuReader): Promise<Map<string, Dish>> {
  return new Map((await menu.getEach(orders.flatMap((order) => order.dish_ids))).map((dish) => [dish.id, dish]));
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
): Promise<ListResult<KitchenOrder & { course: number; round: number }>> {
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
      courseOfTicket(a.ticket) - courseOfTicket(b.ticket) ||
      roundOf(a.ticket) - roundOf(b.ticket),
  );
  // The list parameters apply to the rows in that order (a sort is stable: its ties keep it); the
  // dishes are read for the page only. A row's items and dishes are the ones its ticket cooks (the
  // dishes one per unit, as dish_ids counts them).
  const rows = queued.map(({ order, ticket }) => {
    const listed = new Set((ticket.items ?? []).filter((entry) => entry.status !== 'Voided').map((entry) => entry.item_id));
    const items = (order.items ?? []).filter((item) => listed.has(item.id));
    return { ...publicOrder(order), items, course: courseOfTicket(ticket), round: roundOf(ticket) };
  });
  const page = evaluateListQuery(rows, query, stationOrderCatalogue);
  const dishes = await menuDishes(page.results, menu);
  return {
    results: page.results.map((row) => {
      const mine = row.items.flatMap((item) => {
        const dish = dishes.get(item.dish_id);
        return dish ? Array.from({ length: item.quantity }, () => dish) : [];
      });
      return { ...row, dishes: mine };
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
