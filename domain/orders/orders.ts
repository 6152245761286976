// Orders through their life: created with their stock taken, scheduled as Drafts when due later,
// edited within the role table's limits, moved along the status machine, and deleted.
import type { Dish, DishDoc } from '../../models/dish.js';
import type { Order, OrderCreate, OrderDoc, OrderPatch, Pacing } from '../../models/order.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { StoreSession } from '../../store/types.js';
import { assertMayDeleteOrder, assertMayEditOrder, assertMaySeeOrder } from '../accounts/access.js';
import { assertAllergiesConfirmed, withAllergyAlerts } from './allergies.js';
import { actorOf, fieldChanges, recordAudit, voidedChanges } from './audit.js';
import { withAvailability } from '../menu/availability.js';
import type { Deps } from '../deps.js';
import type { OrderPages } from '../views/order-pages.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { assertMove, NOT_STARTED_STATUSES } from './order-status.js';
import type { Principal } from '../accounts/principal.js';
import { assertLineTakes, lineTransaction, type LineChange, type LinePlan, type LineQuoting } from '../kitchen/line-guard.js';
import { planSchedule, scheduledInstant } from './schedule.js';
import { afterStockReturned } from './shortages.js';
import { adjustStock, returnStock } from './stock.js';
import { moveOrder, kitchenStatus } from './tickets.js';
import { applyCourseGap, courseOf, nextFireAt, planTickets } from './pacing.js';
import { isPublicTicket, publicTicket, recordChanges } from './ticket-changes.js';

/**
 * The restaurant's default pacing for orders placed without one (the settings' default_pacing, as
 * the server wires it); 'at_once' for callers without settings (scripts, domain tests).
 */
export type OrderDeps = Deps & { defaultPacing?: () => Pacing };
const defaultPacingOf = (deps: OrderDeps): Pacing => deps.defaultPacing?.() ?? 'at_once';

/** What clients see: the stored order without its owner. */
export function publicOrder({ owner_id: _owner, stock_taken: _taken, next_fire_at: _next, ...rest }: OrderDoc): Order {
  // `rest` is a fresh object: an order stored before a field existed gets its default in place,
  // and the tickets are copied only when one of them lacks a field (every order on the order path has them all).
  const order = rest as Order & Partial<Pick<Order, 'allergies' | 'pacing' | 'course_gap_minutes'>>;
  order.allergies ??= [];
  order.pacing ??= 'at_once';
  if (order.course_gap_minutes === undefined) order.course_gap_minutes = null;
  if (!rest.tickets.every(isPublicTicket)) order.tickets = rest.tickets.map((ticket) => publicTicket(ticket, rest.fire_at));
  return order;
}

/** The order's fire time: a scheduled Draft's, or, for a paced order all of whose tickets wait, its first ticket's. */
const orderFireAt = (planned: string | null, tickets: OrderDoc['tickets']): string | null =>
  planned ?? (kitchenStatus(tickets) === 'Draft' ? nextFireAt(tickets) : null);

/** The dishes that decide when the order fires: course 1's when paced by courses, else all. */
function firstCourse(pacing: Pacing, dishes: readonly DishDoc[]): DishDoc[] {
  const course = courseOf(pacing, dishes);
  return dishes.filter((dish) => course(dish) === 1);
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
    throw badRequest(`Unknown dish ids: ${unknown.join(', ')}.`, {
      errors: [{ path: 'dish_ids', message: `unknown dish ids: ${unknown.join(', ')}` }],
    });
  }
  return dishIds.flatMap((id) => byId.get(id) ?? []);
}

/** The schedule as stored: null for now, else the canonical UTC form of a time the rule takes (schedule.ts). */
function normalizeSchedule(scheduledAt: string | null | undefined, now: Date): string | null {
  if (scheduledAt === undefined || scheduledAt === null) return null;
  return new Date(scheduledInstant(scheduledAt, now)).toISOString();
}

/** What placing an order reads beside the store, where the server keeps it: the live queues and the settings (quotes, the wait limit). */
export type OrderQuoting = LineQuoting;
const NEW_ORDER: LinePlan = { tickets: [], pacing: 'at_once', dishes: [] };

export async function createOrder(deps: OrderDeps & OrderQuoting, principal: Principal, body: OrderCreate): Promise<Order> {
  const { now } = deps;
  const createdAt = now();
  const scheduledAt = normalizeSchedule(body.scheduled_at, createdAt);
  const pacing = body.pacing ?? defaultPacingOf(deps);
  const created = await lineTransaction(deps, async (tx) => {
    const dishes = await dishesFor(tx, body.dish_ids);
    const allergies = body.allergies ?? [];
    assertAllergiesConfirmed(dishes, allergies, body.allergy_confirmed);
    const stockTaken = await adjustStock(tx, [], dishes);
    const plan = planSchedule(scheduledAt, firstCourse(pacing, dishes), createdAt);
    const orderFiresAt = plan.fire_at === null ? createdAt.getTime() : Date.parse(plan.fire_at);
    const tickets = planTickets({ pacing, dishes, scheduledAt, orderFiresAt, now: createdAt.getTime(), current: [] });
    // After the stock check: a full kitchen refuses a patron's order, and the transaction gives the stock back.
    const scheduledMs = scheduledAt === null ? null : Date.parse(scheduledAt);
    const line = { before: NEW_ORDER, after: { tickets, pacing, dishes }, scheduledAt: scheduledMs, now: createdAt.getTime() };
    const quote = assertLineTakes(deps, principal, line);
    const inserted = await tx.collection('orders').insert({
      name: body.name,
      dish_ids: body.dish_ids,
      table_number: body.table_number ?? null,
      special_requests: body.special_requests ?? null,
      scheduled_at: scheduledAt,
      allergies,
      priority: 3,
      status: kitchenStatus(tickets),
      fire_at: orderFireAt(plan.fire_at, tickets),
      pacing,
      course_gap_minutes: body.course_gap_minutes ?? null,
      tickets: withAllergyAlerts(tickets, dishes, allergies, courseOf(pacing, dishes)),
      next_fire_at: nextFireAt(tickets),
      ready_at: null,
      closed_at: null,
      quoted_ready_at: quote?.ready_at ?? null,
      expected_ready_at: quote?.ready_at ?? null,
      owner_id: principal.userId,
      stock_taken: stockTaken,
    });
    await recordAudit(tx, inserted.id, actorOf(principal), 'placed', fieldChanges(null, inserted), createdAt.toISOString());
    return inserted;
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
export async function orderPageText(pages: OrderPages, principal: Principal, query: ListQuery): Promise<string | null> {
  return query.fields ? null : pages.page(visibleQuery(principal, query));
}

export async function getOrder({ store }: Deps, principal: Principal, id: string): Promise<Order> {
  return publicOrder(await loadOrder(store, principal, id));
}

/** GET /orders/{id}/dishes: one Dish per dish_ids entry, duplicates kept, before list rules apply. */
export async function orderDishes({ store }: Deps, principal: Principal, id: string): Promise<Dish[]> {
  const order = await loadOrder(store, principal, id);
  return withAvailability(store, await dishesFor(store, order.dish_ids, false));
}

/** A schedule moves only while nothing of the order has reached the kitchen (a fired ticket cooks to the old time). */
function assertNotFired(order: OrderDoc): void {
  if (order.tickets.some((ticket) => ticket.fired_at !== null)) {
    throw conflict(`The order is ${order.status} and its tickets have fired: its schedule can change only while it is Draft.`);
  }
}

/** What the line's guard compares for an edit: the order as stored, and as it would be. */
function lineChange(order: OrderDoc, dishesBefore: readonly DishDoc[], after: LinePlan, scheduledAt: string | null, at: Date): LineChange {
  const before = { tickets: order.tickets, pacing: order.pacing ?? 'at_once', dishes: dishesBefore };
  const promised = order.expected_ready_at ?? null;
  return { before, after, scheduledAt: scheduledAt === null ? null : Date.parse(scheduledAt), now: at.getTime(), promised };
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
export async function changeOrder(deps: Deps & OrderQuoting, principal: Principal, id: string, request: OrderPatch): Promise<Order> {
  const at = deps.now();
  const { allergy_confirmed: allergyConfirmed, ...wanted } = request;
  const changed = await lineTransaction(deps, async (tx) => {
    const loaded = await loadOrder(tx, principal, id);
    const order = { ...loaded, allergies: loaded.allergies ?? [] };
    assertMayEditOrder(principal, order, changedFields(order, wanted));
    const dishIdsChange = wanted.dish_ids !== undefined && wanted.dish_ids.join() !== order.dish_ids.join();
    const scheduleChange = wanted.scheduled_at !== undefined && !sameInstant(wanted.scheduled_at, order.scheduled_at);
    const pacingChange = wanted.pacing !== undefined && wanted.pacing !== (order.pacing ?? 'at_once');
    const gapChange = wanted.course_gap_minutes !== undefined && wanted.course_gap_minutes !== (order.course_gap_minutes ?? null);
    if (dishIdsChange) assertNotStarted(order, 'dishes');
    if (scheduleChange) assertNotFired(order);
    if (pacingChange) assertNotStarted(order, 'pacing');
    const scheduledAt = scheduleChange ? normalizeSchedule(wanted.scheduled_at, at) : order.scheduled_at;
    const pacing = wanted.pacing ?? order.pacing ?? 'at_once';
    // Dishes matter only for stock (new dishes), the fire times and the tickets (new dishes,
    // schedule or pacing), a new course gap and the allergy check: a status bump needs none.
    const replanned = dishIdsChange || scheduleChange || pacingChange;
    const allergies = wanted.allergies ?? order.allergies ?? [];
    const allergiesChange = allergies.join() !== (order.allergies ?? []).join();
    const dishes = replanned || gapChange || allergiesChange ? await dishesFor(tx, wanted.dish_ids ?? order.dish_ids, dishIdsChange) : [];
    if (dishIdsChange || allergiesChange) assertAllergiesConfirmed(dishes, allergies, allergyConfirmed);
    const stockTaken = dishIdsChange ? await adjustStock(tx, order.stock_taken, dishes) : order.stock_taken;
    const status = wanted.status ?? order.status;
    if (status !== order.status) assertMove(order.status, status, principal.role);
    const plan =
      replanned && status === order.status
        ? planSchedule(scheduledAt, firstCourse(pacing, dishes), at)
        : { status: order.status, fire_at: order.fire_at };
    let tickets = order.tickets;
    const before = dishIdsChange ? await dishesFor(tx, order.dish_ids, false) : dishes;
    if (replanned) {
      const firstFired = order.tickets.flatMap((ticket) => (ticket.fired_at ? [Date.parse(ticket.fired_at)] : []));
      const orderFiresAt =
        plan.status === 'Draft' && plan.fire_at ? Date.parse(plan.fire_at) : firstFired.length > 0 ? Math.min(...firstFired) : at.getTime();
      const replannedTickets = planTickets({ pacing, dishes, scheduledAt, orderFiresAt, now: at.getTime(), current: order.tickets });
      tickets = recordChanges(
        replannedTickets,
        order.tickets,
        { pacing: order.pacing ?? 'at_once', dishes: before },
        { pacing, dishes },
        at.toISOString(),
      );
    }
    if (replanned || allergiesChange) tickets = withAllergyAlerts(tickets, dishes, allergies, courseOf(pacing, dishes));
    const edited = {
      ...order,
      pacing,
      course_gap_minutes: wanted.course_gap_minutes === undefined ? (order.course_gap_minutes ?? null) : wanted.course_gap_minutes,
    };
    if (gapChange) tickets = applyCourseGap(edited, tickets, dishes, at.getTime());
    // New work on the line, or work brought forward: the line's guard, and the order quoted anew.
    const quote = replanned
      ? assertLineTakes(deps, principal, lineChange(order, before, { tickets, pacing, dishes }, scheduledAt, at))
      : null;
    const planned = { ...edited, ...plan, tickets };
    const kitchen =
      status !== order.status
        ? moveOrder(planned, status, principal.userId, at.toISOString())
        : { status: replanned ? kitchenStatus(tickets) : order.status, tickets, next_fire_at: nextFireAt(tickets) };
    const { status: _s, ...fields } = wanted;
    const set = {
      ...fields,
      scheduled_at: scheduledAt,
      fire_at: replanned ? orderFireAt(plan.fire_at, tickets) : plan.fire_at,
      stock_taken: stockTaken,
      ...kitchen,
      ...(quote && { quoted_ready_at: quote.ready_at, expected_ready_at: quote.ready_at }),
    };
    // Guarded by the order as read: a fire by the scheduler meanwhile is never undone.
    const updated = await tx.collection('orders').update(id, { set }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
    if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
    await auditChange(tx, principal, order, updated, at.toISOString());
    if (!dishIdsChange) return updated;
    // Units given back may clear shortage marks, this order's own among them: answer it as it is then.
    await afterStockReturned(tx, unitsGivenBack(order.stock_taken, stockTaken));
    return (await tx.collection('orders').get(id)) ?? updated;
  });
  return publicOrder(changed);
}

/** The edit's audit entries: the fields it changed, and the tickets it voided (none for an edit that changed nothing). */
async function auditChange(tx: StoreSession, principal: Principal, before: OrderDoc, after: OrderDoc, at: string): Promise<void> {
  const changes = fieldChanges(before, after);
  if (Object.keys(changes).length > 0) await recordAudit(tx, after.id, actorOf(principal), 'changed', changes, at);
  const voided = voidedChanges(before.tickets, after.tickets);
  if (voided) await recordAudit(tx, after.id, actorOf(principal), 'voided', voided, at);
}

/** What an order gave back when its dishes changed: per ingredient, the units it no longer holds. */
function unitsGivenBack(before: OrderDoc['stock_taken'], after: OrderDoc['stock_taken']): OrderDoc['stock_taken'] {
  const now = new Map(after.map((entry) => [entry.ingredient_id, entry.units]));
  return before.map((entry) => ({ ingredient_id: entry.ingredient_id, units: entry.units - (now.get(entry.ingredient_id) ?? 0) }));
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

export async function deleteOrder({ store, now }: Deps, principal: Principal, id: string): Promise<void> {
  await store.transaction(async (tx) => {
    const order = await loadOrder(tx, principal, id);
    assertMayDeleteOrder(principal, order);
    // Units come back only if the kitchen has not started on them.
    const returning = NOT_STARTED_STATUSES.includes(order.status);
    if (returning) await returnStock(tx, order.stock_taken);
    await tx.collection('orders').delete(id);
    await recordAudit(tx, id, actorOf(principal), 'deleted', { status: { before: order.status, after: null } }, now().toISOString());
    if (returning) await afterStockReturned(tx, order.stock_taken);
  });
}
