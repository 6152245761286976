// What a PUT or PATCH of an order changes, decided once per edit: which parts it touches (items,
// schedule, pacing, course gap, allergies) and whether each may change now, the items it leaves
// (units the kitchen had started kept as waste), the stock they hold, and its audit entries.
import type { DishDoc } from '../../models/dish.js';
import type { OrderDoc, OrderPatch, Pacing } from '../../models/order.js';
import type { OrderItem } from '../../models/order-item.js';
import type { StoreSession } from '../../store/types.js';
import type { Principal } from '../accounts/principal.js';
import { conflict } from '../errors.js';
import type { LineChange, LinePlan } from '../kitchen/line-guard.js';
import { actorOf, fieldChanges, recordAudit, voidedChanges } from './audit.js';
import { itemsForDishIds, itemsForEdit, itemWritesOf, withCourses, type ItemSources } from './items.js';
import { NOT_STARTED_STATUSES } from './order-status.js';
import { adjustStock, heldWithout, stockNeeds, type StockTaken } from './stock.js';
import { wastedBy, type WastedPart } from './waste.js';

/** What an edit changes beyond plain fields, each decided once. */
export interface EditScope {
  items: boolean;
  schedule: boolean;
  pacing: boolean;
  gap: boolean;
  allergies: boolean;
}

export function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return new Date(a).getTime() === new Date(b).getTime();
}

/** The fields whose values would really change (a PUT resends unchanged ones). */
export function changedFields(order: OrderDoc, wanted: OrderPatch): string[] {
  return Object.entries(wanted)
    .filter(([field, value]) => {
      const current = order[field as keyof OrderDoc];
      if (field === 'scheduled_at') return !sameInstant(value as string | null, current as string | null);
      return JSON.stringify(value) !== JSON.stringify(current);
    })
    .map(([field]) => field);
}

/** A schedule moves only while nothing of the order has reached the kitchen (a fired ticket cooks to the old time). */
function assertNotFired(order: OrderDoc): void {
  if (order.tickets.some((ticket) => ticket.fired_at !== null)) {
    throw conflict(`The order is ${order.status} and its tickets have fired: its schedule can change only while it is Draft.`);
  }
}

function assertNotStarted(order: OrderDoc, what: string): void {
  if (!NOT_STARTED_STATUSES.includes(order.status)) {
    throw conflict(`The order is ${order.status}: its ${what} can change only while it is Draft or Received.`);
  }
}

/** What the edit touches; 409 for a part that may no longer change (400 for both dish_ids and items). */
export function scopeOf(order: OrderDoc, wanted: OrderPatch): EditScope {
  if (wanted.items !== undefined && wanted.dish_ids !== undefined) itemWritesOf(wanted);
  const scope = {
    items: wanted.items !== undefined || (wanted.dish_ids !== undefined && wanted.dish_ids.join() !== order.dish_ids.join()),
    schedule: wanted.scheduled_at !== undefined && !sameInstant(wanted.scheduled_at, order.scheduled_at),
    pacing: wanted.pacing !== undefined && wanted.pacing !== order.pacing,
    gap: wanted.course_gap_minutes !== undefined && wanted.course_gap_minutes !== order.course_gap_minutes,
    allergies:
      (wanted.allergies ?? order.allergies ?? []).join() !== (order.allergies ?? []).join() ||
      (wanted.seat_allergies !== undefined && JSON.stringify(wanted.seat_allergies) !== JSON.stringify(order.seat_allergies ?? [])),
  };
  if (scope.items) assertNotStarted(order, 'dishes');
  if (scope.schedule) assertNotFired(order);
  if (scope.pacing) assertNotStarted(order, 'pacing');
  return scope;
}

/** The item writes an edit brings that the order does not have yet (their dishes must exist). */
export function newWrites(wanted: OrderPatch, scope: EditScope): { dish_id: string; option_ids?: string[] }[] {
  if (wanted.items !== undefined) return wanted.items;
  return scope.items ? wanted.dish_ids!.map((dish_id) => ({ dish_id })) : [];
}

/**
 * The items an edit leaves: its `items` list, or its different `dish_ids` applied, with courses
 * again for a new pacing; units of started items it takes off stay as Voided items (`wasted`).
 */
export function editedItems(
  order: OrderDoc,
  wanted: OrderPatch,
  sources: ItemSources,
  pacing: Pacing,
  scope: EditScope,
): { items: OrderItem[]; wasted: WastedPart[] } {
  const current = order.items ?? [];
  if (wanted.items !== undefined) return withWaste(order, itemsForEdit(current, wanted.items, sources, pacing));
  const items = scope.items ? itemsForDishIds(current, wanted.dish_ids!, sources, pacing) : current;
  return withWaste(order, scope.pacing ? withCourses(items, pacing, sources.dishes) : items);
}

function withWaste(order: OrderDoc, items: OrderItem[]): { items: OrderItem[]; wasted: WastedPart[] } {
  const wasted = wastedBy(order.items ?? [], items, order.tickets);
  return { items: wasted.length === 0 ? items : [...items, ...wasted.map((part) => part.voided)], wasted };
}

/**
 * Makes the order hold the stock its edited items need: wasted units leave what it holds without
 * going back to the shelf, the rest is taken or given back. Returns what it holds and what went back.
 */
export async function restock(
  tx: StoreSession,
  order: OrderDoc,
  items: readonly OrderItem[],
  wasted: readonly WastedPart[],
  dishes: ReadonlyMap<string, DishDoc>,
): Promise<{ stockTaken: StockTaken; givenBack: StockTaken }> {
  const waste = stockNeeds(
    wasted.map((part) => ({ ...part.voided, status: 'Active' as const })),
    dishes,
  );
  const held = heldWithout(order.stock_taken, waste);
  const stockTaken = await adjustStock(tx, held, stockNeeds(items, dishes));
  return { stockTaken, givenBack: unitsGivenBack(held, stockTaken) };
}

/** What an order gave back when its dishes changed: per ingredient, the units it no longer holds. */
function unitsGivenBack(before: StockTaken, after: StockTaken): StockTaken {
  const now = new Map(after.map((entry) => [entry.ingredient_id, entry.units]));
  return before.map((entry) => ({ ingredient_id: entry.ingredient_id, units: entry.units - (now.get(entry.ingredient_id) ?? 0) }));
}

/** What the line's guard compares for an edit: the order as stored, and as it would be. */
export function lineChange(
  order: OrderDoc,
  dishesBefore: readonly DishDoc[],
  after: LinePlan,
  scheduledAt: string | null,
  at: Date,
): LineChange {
  const before = { tickets: order.tickets, pacing: order.pacing, dishes: dishesBefore };
  const promised = order.expected_ready_at ?? null;
  return { before, after, scheduledAt: scheduledAt === null ? null : Date.parse(scheduledAt), now: at.getTime(), promised };
}

/** The edit's audit entries: the fields it changed, and the tickets it voided (none for an edit that changed nothing). */
export async function auditChange(tx: StoreSession, principal: Principal, before: OrderDoc, after: OrderDoc, at: string): Promise<void> {
  const changes = fieldChanges(before, after);
  if (Object.keys(changes).length > 0) await recordAudit(tx, after.id, actorOf(principal), 'changed', changes, at);
  const voided = voidedChanges(before.tickets, after.tickets);
  if (voided) await recordAudit(tx, after.id, actorOf(principal), 'voided', voided, at);
}
