// Orders through their life: created with their stock taken, scheduled as Drafts when due later,
// edited within the role table's limits, moved along the status machine, and deleted.
import type { Dish, DishDoc } from '../../models/dish.js';
import { DEFAULT_PACING, type Order, type OrderCreate, type OrderDoc, type OrderPatch, type Pacing } from '../../models/order.js';
import type { StoredTicket as Ticket } from '../../models/order.js';
import { MAX_ORDER_ITEMS, MAX_ORDER_TICKETS, type OrderItem } from '../../models/order-item.js';
import type { ListQuery, ListResult } from '../../query/types.js';
import type { StoreSession } from '../../store/types.js';
import { assertMayDeleteOrder, assertMayEditOrder, assertMaySeeOrder } from '../accounts/access.js';
import { assertAllergiesConfirmed, confirmedChanges, withAllergyAlerts, type TableAllergies } from './allergies.js';
import { buildItems, cookedDishes, itemFields, itemSources, itemWritesOf, type CookedDish, type ItemSources } from './items.js';
import { stationIn, withTicketItems } from './ticket-items.js';
import { actorOf, fieldChanges, recordAudit } from './audit.js';
import { withAvailability } from '../menu/availability.js';
import { dishesFor } from '../menu/dishes.js';
import type { Deps } from '../deps.js';
import type { OrderPages } from '../views/order-pages.js';
import { conflict, notFound } from '../errors.js';
import { assertMove, NOT_STARTED_STATUSES } from './order-status.js';
import type { Principal } from '../accounts/principal.js';
import { assertLineTakes, lineTransaction, type LinePlan, type LineQuoting } from '../kitchen/line-guard.js';
import { scheduledInstant } from '../kitchen/schedule.js';
import { nextFireAt, orderFireAt, orderRelease, type StationTimes } from '../kitchen/fire-times.js';
import { afterStockReturned } from './shortages.js';
import { adjustStock, returnStock, stockNeeds } from './stock.js';
import { moveOrder, kitchenStatus } from './tickets.js';
import { applyCourseGap, courseOf, planTickets } from '../kitchen/pacing.js';
import { isPublicTicket, publicTicket, recordChanges } from './ticket-changes.js';
import { auditChange, changedFields, editedItems, lineChange, newWrites, restock, scopeOf, type EditScope } from './order-edit.js';
import { withWastedParts, type WastedPart } from './waste.js';

/**
 * The restaurant's default pacing for orders placed without one (the settings' default_pacing, as
 * the server wires it); the settings' own default for callers without settings (scripts, domain tests).
 */
export type OrderDeps = Deps & { defaultPacing?: () => Pacing };
const defaultPacingOf = (deps: OrderDeps): Pacing => deps.defaultPacing?.() ?? DEFAULT_PACING;

/**
 * The pacing of an order placed without one: the settings' default, except that a takeaway (no
 * table) is paced `together` under a `courses` default: nobody at a table will ask for its next course.
 */
function placedPacing(deps: OrderDeps, body: Pick<OrderCreate, 'pacing' | 'table_number'>): Pacing {
  if (body.pacing) return body.pacing;
  const pacing = defaultPacingOf(deps);
  return pacing === 'courses' && (body.table_number ?? null) === null ? 'together' : pacing;
}

/** What clients see: the stored order without its owner. */
export function publicOrder({ owner_id: _owner, stock_taken: _taken, next_fire_at: _next, ...rest }: OrderDoc): Order {
  // `rest` is a fresh object: an order stored before a field existed gets its default in place,
  // and the tickets are copied only when one of them lacks a field (every order on the order path has them all).
  const order = rest as Order & Partial<Pick<Order, 'allergies' | 'pacing' | 'course_gap_minutes' | 'items' | 'total' | 'seat_allergies'>>;
  order.allergies ??= [];
  // An order written around the API (another program on the database) after the start-up upgrade.
  order.items ??= [];
  order.total ??= 0;
  order.seat_allergies ??= [];
  // Pacing likewise: the one place an order without it is read as the default, which the start-up
  // upgrade writes into every order stored before pacing existed.
  order.pacing ??= DEFAULT_PACING;
  if (order.course_gap_minutes === undefined) order.course_gap_minutes = null;
  if (!rest.tickets.every(isPublicTicket)) order.tickets = rest.tickets.map((ticket) => publicTicket(ticket, rest.fire_at));
  return order;
}

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

/** The schedule as stored: null for now, else the canonical UTC form of a time the rule takes (schedule.ts). */
function normalizeSchedule(scheduledAt: string | null | undefined, now: Date): string | null {
  if (scheduledAt === undefined || scheduledAt === null) return null;
  return new Date(scheduledInstant(scheduledAt, now)).toISOString();
}

/** What placing an order reads beside the store, where the server keeps it: the live queues and the settings (quotes, the wait limit). */
export type OrderQuoting = LineQuoting;
const NEW_ORDER: LinePlan = { tickets: [], pacing: DEFAULT_PACING, dishes: [] };

export async function createOrder(deps: OrderDeps & OrderQuoting, principal: Principal, body: OrderCreate): Promise<Order> {
  const { now } = deps;
  const createdAt = now();
  const scheduledAt = normalizeSchedule(body.scheduled_at, createdAt);
  const pacing = placedPacing(deps, body);
  // An order placed without a course gap takes the settings' one.
  const courseGap = body.course_gap_minutes !== undefined ? body.course_gap_minutes : (deps.settings?.current().course_gap_minutes ?? null);
  const writes = itemWritesOf(body);
  const table = { allergies: body.allergies ?? [], seat_allergies: body.seat_allergies ?? [] };
  const created = await lineTransaction(deps, async (tx) => {
    const sources = await itemSources(tx, writes, body.items ? 'items' : 'dish_ids');
    const items = buildItems(writes, sources, pacing);
    const confirmed = assertAllergiesConfirmed(items, table, body.allergy_confirmed);
    const stockTaken = await adjustStock(tx, [], stockNeeds(items, sources.dishes));
    const dishes = cookedDishes(items, sources.dishes);
    const plan = orderRelease(scheduledAt, firstCourse(pacing, dishes), createdAt);
    const orderFiresAt = plan.fire_at === null ? createdAt.getTime() : Date.parse(plan.fire_at);
    const times = deps.queues?.stationTimes();
    const planned = planTickets({ pacing, dishes, scheduledAt, orderFiresAt, now: createdAt.getTime(), current: [], times });
    // After the stock check: a full kitchen refuses a patron's order, and the transaction gives the stock back.
    const scheduledMs = scheduledAt === null ? null : Date.parse(scheduledAt);
    const line = { before: NEW_ORDER, after: { tickets: planned, pacing, dishes }, scheduledAt: scheduledMs, now: createdAt.getTime() };
    const quote = assertLineTakes(deps, principal, line);
    const tickets = withAllergyAlerts(withTicketItems(planned, items, stationIn(sources.dishes)), items, table);
    const inserted = await tx.collection('orders').insert({
      name: body.name,
      ...itemFields(items),
      table_number: body.table_number ?? null,
      special_requests: body.special_requests ?? null,
      scheduled_at: scheduledAt,
      allergies: table.allergies,
      seat_allergies: table.seat_allergies,
      priority: 3,
      status: kitchenStatus(tickets),
      fire_at: orderFireAt(plan.fire_at, tickets),
      pacing,
      course_gap_minutes: courseGap,
      tickets,
      next_fire_at: nextFireAt(tickets),
      ready_at: null,
      closed_at: null,
      quoted_ready_at: quote?.ready_at ?? null,
      expected_ready_at: quote?.ready_at ?? null,
      owner_id: principal.userId,
      stock_taken: stockTaken,
    });
    const when = createdAt.toISOString();
    await recordAudit(tx, inserted.id, actorOf(principal), 'placed', fieldChanges(null, inserted), when);
    if (confirmed.length > 0)
      await recordAudit(tx, inserted.id, actorOf(principal), 'allergy_confirmed', confirmedChanges(confirmed), when);
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

/** What an edit reads and decides before it writes: its scope, and the order's items, dishes and table as they would be. */
interface Edit {
  scope: EditScope;
  /** The tickets are planned again: new items, a new schedule or a new pacing. */
  replanned: boolean;
  scheduledAt: string | null;
  pacing: Pacing;
  courseGap: number | null;
  table: TableAllergies;
  /** Null when the edit needs no dishes (a status bump). */
  sources: ItemSources | null;
  items: OrderItem[];
  wasted: WastedPart[];
  /** The units cooked before and after the edit. */
  before: CookedDish[];
  dishes: CookedDish[];
}

async function readEdit(tx: StoreSession, order: OrderDoc, wanted: OrderPatch, at: Date): Promise<Edit> {
  const scope = scopeOf(order, wanted);
  const pacing = wanted.pacing ?? order.pacing;
  const replanned = scope.items || scope.schedule || scope.pacing;
  // Dishes matter only for stock (new items), the fire times and the tickets (new items,
  // schedule or pacing), a new course gap and the allergy check: a status bump needs none.
  const sources =
    replanned || scope.gap || scope.allergies
      ? await itemSources(tx, newWrites(wanted, scope), 'items' in wanted ? 'items' : 'dish_ids', order.items)
      : null;
  const { items, wasted } = sources ? editedItems(order, wanted, sources, pacing, scope) : { items: order.items ?? [], wasted: [] };
  return {
    scope,
    replanned,
    scheduledAt: scope.schedule ? normalizeSchedule(wanted.scheduled_at, at) : order.scheduled_at,
    pacing,
    courseGap: wanted.course_gap_minutes === undefined ? order.course_gap_minutes! : wanted.course_gap_minutes,
    table: {
      allergies: wanted.allergies ?? order.allergies ?? [],
      seat_allergies: wanted.seat_allergies ?? order.seat_allergies ?? [],
    },
    sources,
    items,
    wasted,
    before: sources ? cookedDishes(order.items ?? [], sources.dishes) : [],
    dishes: sources ? cookedDishes(items, sources.dishes) : [],
  };
}

/** The schedule the edit leaves: planned again with the tickets (unless the status moves too), else as it was. */
function scheduleOf(order: OrderDoc, edit: Edit, status: OrderDoc['status'], at: Date): Pick<OrderDoc, 'status' | 'fire_at'> {
  return edit.replanned && status === order.status
    ? orderRelease(edit.scheduledAt, firstCourse(edit.pacing, edit.dishes), at)
    : { status: order.status, fire_at: order.fire_at };
}

/** The tickets planned again for the edited items: fired ones kept with a change entry, the items listed on them. */
function replannedTickets(
  order: OrderDoc,
  edit: Edit,
  plan: Pick<OrderDoc, 'status' | 'fire_at'>,
  at: Date,
  times: StationTimes | undefined,
): Ticket[] {
  const firstFired = order.tickets.flatMap((ticket) => (ticket.fired_at ? [Date.parse(ticket.fired_at)] : []));
  const orderFiresAt =
    plan.status === 'Draft' && plan.fire_at ? Date.parse(plan.fire_at) : firstFired.length > 0 ? Math.min(...firstFired) : at.getTime();
  const { pacing, dishes, scheduledAt } = edit;
  const planned = planTickets({ pacing, dishes, scheduledAt, orderFiresAt, now: at.getTime(), current: order.tickets, times });
  const changed = recordChanges(
    planned,
    order.tickets,
    { pacing: order.pacing, dishes: edit.before },
    { pacing, dishes },
    at.toISOString(),
  );
  return withWastedParts(withTicketItems(changed, edit.items, stationIn(edit.sources!.dishes)), edit.wasted);
}

/** The tickets as the edit leaves them: planned again, with the allergy alerts and the course gap applied. */
function editedTickets(
  order: OrderDoc,
  edit: Edit,
  plan: Pick<OrderDoc, 'status' | 'fire_at'>,
  at: Date,
  times: StationTimes | undefined,
): Ticket[] {
  let tickets = edit.replanned ? replannedTickets(order, edit, plan, at, times) : order.tickets;
  if (edit.replanned || edit.scope.allergies) tickets = withAllergyAlerts(tickets, edit.items, edit.table);
  if (edit.scope.gap) {
    tickets = applyCourseGap({ ...order, pacing: edit.pacing, course_gap_minutes: edit.courseGap }, tickets, edit.dishes, at.getTime());
  }
  return tickets;
}

/** The kitchen's fields after the edit: the order's own move (every ticket with it), or its status as its tickets say. */
function kitchenAfter(
  order: OrderDoc,
  edit: Edit,
  plan: Pick<OrderDoc, 'status' | 'fire_at'>,
  tickets: Ticket[],
  status: OrderDoc['status'],
  principal: Principal,
  at: Date,
) {
  if (status !== order.status) {
    const planned = { ...order, pacing: edit.pacing, course_gap_minutes: edit.courseGap, ...plan, tickets };
    return moveOrder(planned, status, principal.userId, at.toISOString());
  }
  return { status: edit.replanned ? kitchenStatus(tickets) : order.status, tickets, next_fire_at: nextFireAt(tickets) };
}

/** When the live queues expect the order, as it will be written, Ready for Assembly (null without queues). */
function expectedAfter(deps: OrderQuoting, order: OrderDoc, at: Date): string | null {
  const expected = deps.queues?.expectedReadyAt(order, at.getTime()) ?? null;
  return expected === null ? null : new Date(expected).toISOString();
}

/**
 * Writes a change of the order, guarded by the order as read: a fire by the scheduler meanwhile is
 * never undone. Every change that adds items or tickets comes here, so here an order stops growing:
 * past 150 items (voided ones included) or 60 tickets a change that grows it is a 409, nothing written.
 */
export async function writeGuarded(tx: StoreSession, order: OrderDoc, set: Partial<OrderDoc>): Promise<OrderDoc> {
  const grows = (next: readonly unknown[] | undefined, now: readonly unknown[] | undefined, most: number) =>
    next !== undefined && next.length > most && next.length > (now?.length ?? 0);
  if (grows(set.items, order.items, MAX_ORDER_ITEMS) || grows(set.tickets, order.tickets, MAX_ORDER_TICKETS)) {
    throw conflict(
      `Order ${order.id} holds as much as one order can (${MAX_ORDER_ITEMS} items, voided ones included, ` +
        `and ${MAX_ORDER_TICKETS} tickets): place a new order for more.`,
    );
  }
  const updated = await tx
    .collection('orders')
    .update(order.id, { set }, { if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }] });
  if (!updated) throw conflict('The order changed while this request was being handled; reload it and try again.');
  return updated;
}

/**
 * PUT and PATCH: both change only the fields they carry (a PUT from a client generated from the
 * original OpenAPI must never erase special requests or a schedule it cannot see).
 */
export async function changeOrder(deps: Deps & OrderQuoting, principal: Principal, id: string, request: OrderPatch): Promise<Order> {
  const at = deps.now();
  const { allergy_confirmed: allergyConfirmed, ...wanted } = request;
  const changed = await lineTransaction(deps, async (tx) => {
    const order = await loadOrder(tx, principal, id);
    assertMayEditOrder(principal, order, changedFields(order, wanted));
    const edit = await readEdit(tx, order, wanted, at);
    const confirmed = edit.scope.items || edit.scope.allergies ? assertAllergiesConfirmed(edit.items, edit.table, allergyConfirmed) : [];
    const stock = edit.scope.items ? await restock(tx, order, edit.items, edit.wasted, edit.sources!.dishes) : null;
    const status = wanted.status ?? order.status;
    if (status !== order.status) assertMove(order.status, status, principal.role);
    const plan = scheduleOf(order, edit, status, at);
    const tickets = editedTickets(order, edit, plan, at, deps.queues?.stationTimes());
    // New work on the line, or work brought forward: the line's guard, and the order expected anew
    // (its quoted_ready_at stays what the guest was told when placing it).
    const after = { tickets, pacing: edit.pacing, dishes: edit.dishes };
    const quote = edit.replanned ? assertLineTakes(deps, principal, lineChange(order, edit.before, after, edit.scheduledAt, at)) : null;
    const { status: _s, items: _i, dish_ids: _d, ...fields } = wanted;
    const kitchen = {
      fire_at: edit.replanned ? orderFireAt(plan.fire_at, tickets) : plan.fire_at,
      ...kitchenAfter(order, edit, plan, tickets, status, principal, at),
    };
    // Work taken away or moved later passes no guard, but the order is expected anew all the same.
    const expected =
      quote?.ready_at ?? (edit.replanned ? expectedAfter(deps, { ...order, ...kitchen, scheduled_at: edit.scheduledAt }, at) : null);
    const updated = await writeGuarded(tx, order, {
      ...fields,
      ...(edit.items !== order.items && itemFields(edit.items)),
      scheduled_at: edit.scheduledAt,
      stock_taken: stock?.stockTaken ?? order.stock_taken,
      ...kitchen,
      ...(expected && { expected_ready_at: expected }),
    });
    await auditChange(tx, principal, order, updated, at.toISOString());
    if (confirmed.length > 0 && allergyConfirmed === true) {
      await recordAudit(tx, id, actorOf(principal), 'allergy_confirmed', confirmedChanges(confirmed), at.toISOString());
    }
    if (!stock) return updated;
    // Units given back may clear shortage marks, this order's own among them: answer it as it is then.
    await afterStockReturned(tx, stock.givenBack);
    return (await tx.collection('orders').get(id)) ?? updated;
  });
  return publicOrder(changed);
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
