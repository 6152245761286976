// What a station works from: bumping its own ticket of an order, its queue of tickets, and its
// all-day counts (domain/all-day.ts).
import { STATIONS, type Dish, type Station } from '../models/dish.js';
import type { KitchenOrder, Order, OrderDoc } from '../models/order.js';
import type { AllDay, TicketMove } from '../models/ticket.js';
import type { ListResult } from '../query/types.js';
import type { Store, StoreSession } from '../store/types.js';
import { requireKitchenStaff } from './access.js';
import { AllDayTally } from './all-day.js';
import { withAvailability } from './availability.js';
import type { Deps } from './deps.js';
import { conflict, notFound } from './errors.js';
import type { KitchenBook } from './kitchen-book.js';
import type { MenuReader } from './menu.js';
import { dishesFor, publicOrder } from './orders.js';
import type { Principal } from './principal.js';
import { moveTicket, ticketOf } from './tickets.js';

/** Ready tickets stay in the queue this long, so a station can still recall them. */
export const RECALL_WINDOW_MS = 10 * 60_000;

export function asStation(station: string): Station {
  if (!(STATIONS as readonly string[]).includes(station)) throw notFound(`No station "${station}"; the stations are ${STATIONS.join(', ')}.`);
  return station as Station;
}

/** PATCH /orders/{id}/tickets/{station}: one write of the ticket and the status it implies. */
export async function moveStationTicket({ store, now }: Deps, principal: Principal | null, id: string, stationName: string, { status }: TicketMove): Promise<Order> {
  const user = requireKitchenStaff(principal, 'move station tickets');
  const station = asStation(stationName);
  const changed = await store.transaction(async (tx) => {
    const order = await tx.collection('orders').get(id);
    const ticket = order && ticketOf(order, station);
    if (!order || !ticket) throw notFound(order ? `Order ${id} has no ${station} ticket: none of its dishes are made there.` : `No order with id ${id}.`);
    const set = moveTicket(order, ticket, status, user.userId, now().toISOString());
    if (!set) return order;
    // Guarded by the order as read: a concurrent bump of another station retries or is refused, never lost.
    const updated = await tx.collection('orders').update(id, { set }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
    if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
    return updated;
  });
  return publicOrder(changed);
}

/** Orders with a ticket at the station whose order is in one of `statuses`: from the book when there is one. */
async function ordersAt(store: StoreSession, station: Station, statuses: OrderDoc['status'][], book?: KitchenBook): Promise<OrderDoc[]> {
  if (book) return book.inStatus(statuses).filter((order) => ticketOf(order, station) !== undefined);
  return store.collection('orders').find([
    { field: 'status', op: 'in', value: statuses },
    { field: 'tickets.station', op: 'eq', value: station },
  ]);
}

/** What the station reads may keep in memory (embedded store): the open orders, and the menu. */
export type StationDeps = Deps & { kitchen?: KitchenBook; menu?: MenuReader };

/** That station's dishes of each order, as clients see dishes (with availability): from the menu in memory when kept. */
async function stationDishes(store: Store, station: Station, orders: readonly OrderDoc[], menu?: MenuReader): Promise<Map<string, Dish[]>> {
  const ids = [...new Set(orders.flatMap((order) => order.dish_ids))];
  const known = menu?.current ? (await Promise.all(ids.map((id) => menu.get(id)))).filter((dish) => dish !== null) : await withAvailability(store, await dishesFor(store, ids, false));
  const dishes = new Map(known.map((dish) => [dish.id, dish]));
  return new Map(orders.map((order) => [order.id, order.dish_ids.flatMap((dishId) => dishes.get(dishId) ?? []).filter((dish) => dish.station === station)]));
}

/**
 * GET /stations/{station}/tickets: Received and In Progress tickets, and Ready ones readied within
 * the recall window; highest priority first, then the oldest fired; paged like every list.
 */
export async function stationQueue({ store, now, kitchen, menu }: StationDeps, principal: Principal | null, stationName: string, page: { limit: number; offset: number }): Promise<ListResult<KitchenOrder>> {
  requireKitchenStaff(principal, "read a station's queue");
  const station = asStation(stationName);
  const readySince = new Date(now().getTime() - RECALL_WINDOW_MS).toISOString();
  const queued = (await ordersAt(store, station, ['Received', 'In Progress', 'Ready for Assembly'], kitchen)).filter((order) => {
    const ticket = ticketOf(order, station);
    if (!ticket || ticket.status === 'Draft') return false;
    return ticket.status !== 'Ready' || (ticket.ready_at !== null && ticket.ready_at >= readySince);
  });
  const firedAt = (order: OrderDoc) => ticketOf(order, station)?.fired_at ?? '';
  queued.sort((a, b) => a.priority - b.priority || firedAt(a).localeCompare(firedAt(b)) || a.id.localeCompare(b.id));
  const shown = queued.slice(page.offset, page.offset + page.limit);
  const dishes = await stationDishes(store, station, shown, menu);
  return { results: shown.map((order) => ({ ...publicOrder(order), dishes: dishes.get(order.id) ?? [] })), total_results: queued.length };
}

/** A station's all-day tally of what the store holds now (orders whose ticket there may count). */
export async function allDayTally(store: StoreSession, station: Station, kitchen?: KitchenBook, menu?: MenuReader): Promise<AllDayTally> {
  const orders = await ordersAt(store, station, ['Draft', 'Received', 'In Progress'], kitchen);
  const dishes = menu?.current?.dishes ?? new Map((await dishesFor(store, orders.flatMap((order) => order.dish_ids), false)).map((dish) => [dish.id, dish]));
  const tally = new AllDayTally(station);
  for (const order of orders) tally.put(order, dishes);
  return tally;
}

/** GET /stations/{station}/all-day. */
export async function allDay({ store, now, kitchen, menu }: StationDeps, principal: Principal | null, stationName: string): Promise<AllDay> {
  requireKitchenStaff(principal, "read a station's all-day counts");
  return (await allDayTally(store, asStation(stationName), kitchen, menu)).counts(now());
}
