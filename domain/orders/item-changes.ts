// The three changes an order takes while it cooks: items added (a round of beers), an item voided
// (all or some units; stock back only if not started), an item remade with a reason. Each is one
// write of the order with a `changes` entry on the tickets concerned and an audit entry.
import type { OrderDoc, Order } from '../../models/order.js';
import type { ItemRemake, ItemsAdd, ItemVoid, OrderItem } from '../../models/order-item.js';
import type { Station } from '../../models/dish.js';
import type { StoredTicket as Ticket } from '../../models/order.js';
import type { TicketChange, TicketItem } from '../../models/ticket.js';
import { newId } from '../../store/ids.js';
import type { StoreSession } from '../../store/types.js';
import { assertMaySeeOrder, isStaff, requireKitchenStaff, requireUser } from '../accounts/access.js';
import type { Principal } from '../accounts/principal.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { assertLineTakes, lineTransaction, type LineChange } from '../kitchen/line-guard.js';
import { assertAllergiesConfirmed, confirmedChanges, withAllergyAlerts } from './allergies.js';
import { actorOf, recordAudit } from './audit.js';
import { buildItems, cookedDishes, itemFields, itemSources, type ItemSources } from './items.js';
import { FINISHED_STATUSES, NOT_STARTED_STATUSES } from './order-status.js';
import { publicOrder, writeGuarded, type OrderDeps, type OrderQuoting } from './orders.js';
import { byCourseAndStation, courseFired, courseOfTicket } from '../kitchen/pacing.js';
import { afterStockReturned } from './shortages.js';
import { adjustStock, heldWithout, neededBeside, stockNeeds } from './stock.js';
import { struckEntry } from './waste.js';
import { roundOf, stationIn, statusOfItems, ticketEntry } from './ticket-items.js';
import { derived } from './tickets.js';

/** Loads the order for a change while it cooks: 404 unknown (or another patron's), 409 once it has left the pass. */
async function loadCooking(tx: StoreSession, principal: Principal, id: string, patronMay: boolean): Promise<OrderDoc> {
  const order = await tx.collection('orders').get(id);
  if (!order) throw notFound(`No order with id ${id}.`);
  assertMaySeeOrder(principal, order);
  if (!isStaff(principal)) {
    if (!patronMay) throw forbidden('Only kitchen staff may remake an item.');
    if (!NOT_STARTED_STATUSES.includes(order.status))
      throw forbidden(`The order is ${order.status}: patrons may change its items only while Draft or Received.`);
  }
  if (FINISHED_STATUSES.includes(order.status)) {
    throw conflict(`The order is ${order.status}: it has left the pass and its items no longer change.`);
  }
  return order;
}

function itemOf(order: OrderDoc, itemId: string): OrderItem {
  const item = (order.items ?? []).find((each) => each.id === itemId);
  if (!item) throw notFound(`Order ${order.id} has no item ${itemId}.`);
  if (item.status === 'Voided') throw conflict(`Item ${itemId} is voided: it is no longer cooked.`);
  return item;
}

const change = (at: string, entry: Partial<Pick<TicketChange, 'added' | 'voided' | 'remade'>>): TicketChange => ({
  at,
  added: [],
  removed: [],
  ...entry,
});

/** The order's next round at a station and course. */
const nextRound = (tickets: readonly Ticket[], station: Station, course: number): number =>
  1 + Math.max(0, ...tickets.filter((ticket) => ticket.station === station && courseOfTicket(ticket) === course).map(roundOf));

/** A ticket nobody has started: Draft or Received with no item started. */
const unstarted = (ticket: Ticket): boolean =>
  (ticket.status === 'Draft' || ticket.status === 'Received') && (ticket.items ?? []).every((entry) => entry.started_at === null);

/** A fresh ticket of a later round: fired now when its course has fired, else held with its course. */
function roundTicket(tickets: readonly Ticket[], station: Station, course: number, at: string): Ticket {
  const fires = courseFired(tickets, course);
  const held = tickets.find((ticket) => courseOfTicket(ticket) === course && ticket.status === 'Draft');
  return {
    station,
    status: fires ? 'Received' : 'Draft',
    fired_at: fires ? at : null,
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course,
    fire_at: fires ? at : (held?.fire_at ?? null),
    changes: [],
    round: nextRound(tickets, station, course),
    items: [],
  };
}

/**
 * The tickets with the new items: each joins the latest ticket of its station and course while
 * nobody has started it, else a new ticket of the next round. Fired tickets get an `added` change.
 */
function placeNewItems(tickets: readonly Ticket[], items: readonly OrderItem[], sources: ItemSources, at: string): Ticket[] {
  type Listing = Ticket & { items: TicketItem[] };
  const result: Listing[] = tickets.map((ticket) => ({ ...ticket, items: [...(ticket.items ?? [])] }));
  const stationOf = stationIn(sources.dishes);
  const touched = new Set<Ticket>();
  for (const item of items) {
    const station = stationOf(item)!;
    const latest = result
      .filter((ticket) => ticket.station === station && courseOfTicket(ticket) === item.course && ticket.status !== 'Voided')
      .sort((a, b) => roundOf(b) - roundOf(a))[0];
    let home: Listing | undefined = latest && (unstarted(latest) || touched.has(latest)) ? latest : undefined;
    if (!home) {
      home = { ...roundTicket(result, station, item.course, at), items: [] };
      result.push(home);
    }
    home.items.push(ticketEntry(item));
    touched.add(home);
  }
  return result
    .map((ticket) => {
      if (!touched.has(ticket) || ticket.fired_at === null) return ticket;
      const ids = ticket.items.filter((entry) => items.some((item) => item.id === entry.item_id)).map((entry) => entry.item_id);
      return { ...ticket, changes: [...(ticket.changes ?? []), change(at, { added: ids })] };
    })
    .sort(byCourseAndStation);
}

/**
 * POST /orders/{id}/items: staff, or the owning patron while Draft or Received. Stock, allergy and
 * kitchen-full checks as on create, and the line's guard as on an edit: the new items may not fire
 * a dish held for the table (403 unless expeditor or manager); their work on the line is quoted.
 */
export async function addItems(deps: OrderDeps & OrderQuoting, principal: Principal | null, id: string, body: ItemsAdd): Promise<Order> {
  const user = requireUser(principal);
  const at = deps.now();
  const changed = await lineTransaction(deps, async (tx) => {
    const order = await loadCooking(tx, user, id, true);
    const current = order.items ?? [];
    const sources = await itemSources(tx, body.items, 'items', current);
    const added = buildItems(body.items, sources, order.pacing, 'items', current);
    const table = { allergies: order.allergies ?? [], seat_allergies: order.seat_allergies ?? [] };
    const confirmed = assertAllergiesConfirmed(added, table, body.allergy_confirmed);
    const stockTaken = await adjustStock(tx, order.stock_taken, neededBeside(order.stock_taken, stockNeeds(added, sources.dishes)));
    const items = [...current, ...added];
    const placed = placeNewItems(order.tickets, added, sources, at.toISOString());
    // After the stock check, as on create: a held dish brought forward, or a full kitchen, refuses the addition.
    const quote = assertLineTakes(deps, user, addition(order, current, items, placed, sources, at));
    const tickets = withAllergyAlerts(placed, items, table);
    const updated = await writeGuarded(tx, order, {
      ...itemFields(items),
      stock_taken: stockTaken,
      ...derived(order, tickets, at.toISOString()),
      ...(quote && { expected_ready_at: quote.ready_at }),
    });
    const when = at.toISOString();
    await recordAudit(tx, id, actorOf(user), 'items_added', { items: added.map((item) => item.id) }, when);
    if (confirmed.length > 0) await recordAudit(tx, id, actorOf(user), 'allergy_confirmed', confirmedChanges(confirmed), when);
    return updated;
  });
  return publicOrder(changed);
}

/** What the line's guard compares for an addition: the order's units before, and with the new items on their tickets. */
function addition(
  order: OrderDoc,
  current: readonly OrderItem[],
  items: readonly OrderItem[],
  tickets: Ticket[],
  sources: ItemSources,
  at: Date,
): LineChange {
  const pacing = order.pacing;
  return {
    before: { tickets: order.tickets, pacing, dishes: cookedDishes(current, sources.dishes) },
    after: { tickets, pacing, dishes: cookedDishes(items, sources.dishes) },
    scheduledAt: order.scheduled_at === null ? null : Date.parse(order.scheduled_at),
    promised: order.expected_ready_at ?? null,
    now: at.getTime(),
  };
}

/**
 * POST /orders/{id}/items/{item_id}/void: staff, or the owning patron while Draft or Received. All
 * of the item, or `quantity` units of it (a Voided item of that quantity beside the rest). Stock
 * comes back only if nobody had started it; otherwise the units are waste.
 */
export async function voidItem(deps: OrderDeps, principal: Principal | null, id: string, itemId: string, body: ItemVoid): Promise<Order> {
  const user = requireUser(principal);
  const at = deps.now().toISOString();
  const changed = await deps.store.transaction(async (tx) => {
    const order = await loadCooking(tx, user, id, true);
    const item = itemOf(order, itemId);
    const quantity = body.quantity ?? item.quantity;
    if (quantity > item.quantity) {
      throw badRequest(`Item ${itemId} has ${item.quantity} units; void at most that many.`, {
        errors: [{ path: 'quantity', message: `at most ${item.quantity}` }],
      });
    }
    const whole = quantity === item.quantity;
    const voided: OrderItem = whole ? { ...item, status: 'Voided' } : { ...item, id: newId(), quantity, status: 'Voided' };
    const kept: OrderItem | null = whole ? null : { ...item, quantity: item.quantity - quantity };
    const items = (order.items ?? []).flatMap((each) => (each.id !== itemId ? [each] : kept ? [kept, voided] : [voided]));
    const entries = order.tickets.flatMap((ticket) =>
      (ticket.items ?? []).filter((entry) => entry.item_id === itemId && entry.status !== 'Voided'),
    );
    const started = entries.some((entry) => entry.started_at !== null);
    const tickets = order.tickets.map((ticket) => {
      if (!(ticket.items ?? []).some((entry) => entry.item_id === itemId && entry.status !== 'Voided')) return ticket;
      const listed = (ticket.items ?? []).flatMap((entry) => {
        if (entry.item_id !== itemId || entry.status === 'Voided') return [entry];
        const struck = struckEntry(entry, voided);
        return kept ? [{ ...entry, quantity: kept.quantity }, struck] : [struck];
      });
      const status = ticket.fired_at === null && statusOfItems(listed) !== 'Voided' ? ticket.status : statusOfItems(listed);
      const changes = ticket.fired_at === null ? (ticket.changes ?? []) : [...(ticket.changes ?? []), change(at, { voided: [voided.id] })];
      return { ...ticket, items: listed, status, changes };
    });
    const dishes = (await itemSources(tx, [], 'items', [item])).dishes;
    const units = stockNeeds([{ ...item, quantity, status: 'Active' }], dishes);
    const held = heldWithout(order.stock_taken, units);
    // Started units are waste: they leave the order without going back to the shelf.
    const stockTaken = started ? held : await adjustStock(tx, order.stock_taken, neededBeside(held, new Map()));
    const given = started ? [] : [...units].map(([ingredient_id, need]) => ({ ingredient_id, units: need.units }));
    const table = { allergies: order.allergies ?? [], seat_allergies: order.seat_allergies ?? [] };
    const updated = await writeGuarded(tx, order, {
      ...itemFields(items),
      stock_taken: stockTaken,
      ...derived(order, withAllergyAlerts(tickets, items, table), at),
    });
    await recordAudit(
      tx,
      id,
      actorOf(user),
      'item_voided',
      { item_id: voided.id, of: itemId, quantity, reason: body.reason ?? null, started },
      at,
    );
    if (given.length === 0) return updated;
    await afterStockReturned(tx, given);
    return (await tx.collection('orders').get(id)) ?? updated;
  });
  return publicOrder(changed);
}

/**
 * POST /orders/{id}/items/{item_id}/remake: the kitchen cooks it again, on a new ticket of the next
 * round at its station and course, fired at once, its stock taken again (409 when an essential
 * ingredient lacks: nothing changes). A Ready for Assembly order goes back to In Progress.
 */
export async function remakeItem(
  deps: OrderDeps,
  principal: Principal | null,
  id: string,
  itemId: string,
  body: ItemRemake,
): Promise<Order> {
  const user = requireKitchenStaff(principal, 'remake an item');
  const at = deps.now().toISOString();
  const changed = await deps.store.transaction(async (tx) => {
    const order = await loadCooking(tx, user, id, false);
    const item = itemOf(order, itemId);
    const sources = await itemSources(tx, [], 'items', [item]);
    const station = stationIn(sources.dishes)(item);
    if (!station) throw conflict(`The dish of item ${itemId} is no longer on the menu: it cannot be cooked again.`);
    const stockTaken = await adjustStock(tx, order.stock_taken, neededBeside(order.stock_taken, stockNeeds([item], sources.dishes)));
    const remake: Ticket = {
      ...roundTicket(order.tickets, station, item.course, at),
      status: 'Received',
      fired_at: at,
      fire_at: at,
      remake_of: itemId,
      remake_reason: body.reason,
      items: [{ ...ticketEntry(item), note: body.note === undefined ? item.note : body.note }],
      changes: [change(at, { remade: [itemId] })],
    };
    const table = { allergies: order.allergies ?? [], seat_allergies: order.seat_allergies ?? [] };
    const tickets = withAllergyAlerts([...order.tickets, remake].sort(byCourseAndStation), order.items ?? [], table);
    const updated = await writeGuarded(tx, order, { stock_taken: stockTaken, ...derived(order, tickets, at) });
    await recordAudit(
      tx,
      id,
      actorOf(user),
      'item_remade',
      { item_id: itemId, reason: body.reason, note: body.note ?? null, station, round: remake.round },
      at,
    );
    return updated;
  });
  return publicOrder(changed);
}
