// Orders through their life: created with their stock taken, scheduled as Drafts when due later,
// edited within the role table's limits, moved along the status machine, and deleted.
import type { Dish, DishDoc } from '../models/dish.js';
import type { Order, OrderCreate, OrderDoc, OrderPatch } from '../models/order.js';
import type { ListQuery, ListResult } from '../query/types.js';
import type { StoreSession } from '../store/types.js';
import { assertMayDeleteOrder, assertMayEditOrder, assertMaySeeOrder } from './access.js';
import { withAvailability } from './availability.js';
import type { Deps } from './deps.js';
import type { OrderPages } from './order-pages.js';
import { badRequest, conflict, notFound } from './errors.js';
import { assertMove, NOT_STARTED_STATUSES } from './order-status.js';
import type { Principal } from './principal.js';
import type { KitchenQueues } from './kitchen-queues.js';
import { assertKitchenTakes, quoteOrder } from './quote-estimate.js';
import { planSchedule } from './schedule.js';
import { currentSettings, type SettingsBook } from './settings.js';
import { adjustStock, returnStock } from './stock.js';
import { moveOrder, stationsOf, ticketsFor } from './tickets.js';

/** What clients see: the stored order without its owner. */
export function publicOrder({ owner_id: _owner, stock_taken: _taken, ...order }: OrderDoc): Order {
  return order;
}

async function loadOrder(session: StoreSession, principal: Principal, id: string): Promise<OrderDoc> {
  const order = await session.collection('orders').get(id);
  if (!order) throw notFound(`No order with id ${id}.`);
  assertMaySeeOrder(principal, order);
  return order;
}

/** The dishes of `dishIds`, one per entry (duplicates kept, in order); 400 naming unknown ids. */
export async function dishesFor(session: StoreSession, dishIds: readonly string[], strict = true): Promise<DishDoc[]> {
  const found = await session.collection('dishes').getEach(dishIds);
  const byId = new Map(found.map((dish) => [dish.id, dish]));
  const unknown = [...new Set(dishIds.filter((id) => !byId.has(id)))];
  if (strict && unknown.length > 0) {
    throw badRequest(`Unknown dish ids: ${unknown.join(', ')}.`, { errors: [{ path: 'dish_ids', message: `unknown dish ids: ${unknown.join(', ')}` }] });
  }
  return dishIds.flatMap((id) => byId.get(id) ?? []);
}

function normalizeSchedule(scheduledAt: string | null | undefined, now: Date): string | null {
  if (scheduledAt === undefined || scheduledAt === null) return null;
  const at = new Date(scheduledAt);
  if (at.getTime() <= now.getTime()) {
    throw badRequest('scheduled_at lies in the past; send a future time, or null for now.', { errors: [{ path: 'scheduled_at', message: 'must be in the future' }] });
  }
  return at.toISOString();
}

/** What placing an order reads beside the store, where the server keeps it: the live queues and the settings (quotes, the wait limit). */
export type OrderQuoting = Partial<{ queues: KitchenQueues; settings: SettingsBook }>;

export async function createOrder({ store, now, queues, settings }: Deps & OrderQuoting, principal: Principal, body: OrderCreate): Promise<Order> {
  const createdAt = now();
  const scheduledAt = normalizeSchedule(body.scheduled_at, createdAt);
  const created = await store.transaction(async (tx) => {
    const dishes = await dishesFor(tx, body.dish_ids);
    const stockTaken = await adjustStock(tx, [], dishes);
    // After the stock check: a full kitchen refuses a patron's order, and the transaction gives the stock back.
    const scheduledMs = scheduledAt === null ? null : Date.parse(scheduledAt);
    const quote = queues ? quoteOrder(queues, dishes, createdAt.getTime(), settings ? currentSettings({ settings }).default_pacing : 'at_once', scheduledMs) : null;
    if (quote && settings) assertKitchenTakes(settings, principal, quote, scheduledMs);
    const plan = planSchedule(scheduledAt, dishes, createdAt);
    return tx.collection('orders').insert({
      name: body.name,
      dish_ids: body.dish_ids,
      table_number: body.table_number ?? null,
      special_requests: body.special_requests ?? null,
      scheduled_at: scheduledAt,
      priority: 3,
      ...plan,
      tickets: ticketsFor(stationsOf(dishes), [], plan.status, createdAt.toISOString()),
      ready_at: null,
      closed_at: null,
      quoted_ready_at: quote?.ready_at ?? null,
      expected_ready_at: quote?.ready_at ?? null,
      owner_id: principal.userId,
      stock_taken: stockTaken,
    });
  });
  return publicOrder(created);
}

/** The list a principal may see: patrons, their own orders only. */
function visibleQuery(principal: Principal, query: ListQuery): ListQuery {
  const own = principal.role === 'patron' ? [{ field: 'owner_id', op: 'eq' as const, value: principal.userId }] : [];
  return { ...query, filter: [...own, ...query.filter] };
}

export async function listOrders({ store }: Deps, principal: Principal, query: ListQuery): Promise<ListResult<Order>> {
  const page = await store.collection('orders').list(visibleQuery(principal, query));
  return { results: page.results.map(publicOrder), total_results: page.total_results };
}

/** The page `listOrders` would give, as its JSON text, when `pages` serves it (whole orders); else null. */
export async function orderPageText(pages: OrderPages | undefined, principal: Principal, query: ListQuery): Promise<string | null> {
  return pages && !query.fields ? pages.page(visibleQuery(principal, query)) : null;
}

export async function getOrder({ store }: Deps, principal: Principal, id: string): Promise<Order> {
  return publicOrder(await loadOrder(store, principal, id));
}

/** GET /orders/{id}/dishes: one Dish per dish_ids entry, duplicates kept, before list rules apply. */
export async function orderDishes({ store }: Deps, principal: Principal, id: string): Promise<Dish[]> {
  const order = await loadOrder(store, principal, id);
  return withAvailability(store, await dishesFor(store, order.dish_ids, false));
}

function assertNotStarted(order: OrderDoc, what: string): void {
  if (!NOT_STARTED_STATUSES.includes(order.status)) {
    throw conflict(`The order is ${order.status}: its ${what} can change only while it is Draft or Received.`);
  }
}

/**
 * PUT and PATCH: both change only the fields they carry (a PUT from a client generated from the
 * original OpenAPI must never erase special requests or a schedule it cannot see).
 */
export async function changeOrder({ store, now }: Deps, principal: Principal, id: string, wanted: OrderPatch): Promise<Order> {
  const at = now();
  const changed = await store.transaction(async (tx) => {
    const order = await loadOrder(tx, principal, id);
    assertMayEditOrder(principal, order, changedFields(order, wanted));
    const dishIdsChange = wanted.dish_ids !== undefined && wanted.dish_ids.join() !== order.dish_ids.join();
    const scheduleChange = wanted.scheduled_at !== undefined && !sameInstant(wanted.scheduled_at, order.scheduled_at);
    if (dishIdsChange) assertNotStarted(order, 'dishes');
    if (scheduleChange) assertNotStarted(order, 'schedule');
    const scheduledAt = scheduleChange ? normalizeSchedule(wanted.scheduled_at, at) : order.scheduled_at;
    // Dishes matter only for stock (new dishes), the fire time and the tickets (new dishes or
    // schedule): a status bump needs none.
    const replanned = dishIdsChange || scheduleChange;
    const dishes = replanned ? await dishesFor(tx, wanted.dish_ids ?? order.dish_ids, dishIdsChange) : [];
    const stockTaken = dishIdsChange ? await adjustStock(tx, order.stock_taken, dishes) : order.stock_taken;
    const status = wanted.status ?? order.status;
    if (status !== order.status) assertMove(order.status, status, principal.role);
    const plan = replanned && status === order.status ? planSchedule(scheduledAt, dishes, at) : { status: order.status, fire_at: order.fire_at };
    // Only Draft and Received orders change dishes or schedule, so every ticket still has the order's status.
    const tickets = replanned ? ticketsFor(stationsOf(dishes), order.tickets, plan.status as 'Draft' | 'Received', at.toISOString()) : order.tickets;
    const planned = { ...order, ...plan, tickets };
    const kitchen = status !== order.status ? moveOrder(planned, status, principal.userId, at.toISOString()) : { status: plan.status, tickets };
    const { status: _s, ...fields } = wanted;
    const set = { ...fields, scheduled_at: scheduledAt, fire_at: plan.fire_at, stock_taken: stockTaken, ...kitchen };
    const updated = await tx.collection('orders').update(id, { set }, { if: [{ field: 'status', op: 'eq', value: order.status }] });
    if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
    return updated;
  });
  return publicOrder(changed);
}

/** The fields whose values would really change (a PUT resends unchanged ones). */
function changedFields(order: OrderDoc, wanted: OrderPatch): string[] {
  return Object.entries(wanted)
    .filter(([field, value]) => {
      const current = order[field as keyof OrderDoc];
      if (field === 'scheduled_at') return !sameInstant(value as string | null, current as string | null);
      return JSON.stringify(value) !== JSON.stringify(current);
    })
    .map(([field]) => field);
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return new Date(a).getTime() === new Date(b).getTime();
}

export async function deleteOrder({ store }: Deps, principal: Principal, id: string): Promise<void> {
  await store.transaction(async (tx) => {
    const order = await loadOrder(tx, principal, id);
    assertMayDeleteOrder(principal, order);
    // Units come back only if the kitchen has not started on them.
    if (NOT_STARTED_STATUSES.includes(order.status)) await returnStock(tx, order.stock_taken);
    await tx.collection('orders').delete(id);
  });
}

