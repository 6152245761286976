// Shortages: a stock correction below zero means the kitchen is short of units it already promised.
// The orders holding that (essential) ingredient whose ticket for the dish (its station and course) has not started
// are marked short, newest first, until the marked ones cover the shortfall; stock added back clears
// the marks, oldest first. Orders are read only when the stock is below zero, or was before the
// write: an ordinary correction or order never looks at them.
import type { DishDoc, Station } from '../../models/dish.js';
import type { IngredientDoc } from '../../models/ingredient.js';
import { UNFINISHED_STATUSES, type OrderDoc } from '../../models/order.js';
import type { ShortMark, Ticket } from '../../models/ticket.js';
import type { StoreSession } from '../../store/types.js';
import { dishesUsing } from '../menu/availability.js';
import type { StockCorrection } from '../menu/open-orders.js';
import { courseOf } from '../kitchen/pacing.js';

const NOT_STARTED = new Set<Ticket['status']>(['Draft', 'Received']);

/** Marks and clears orders for each correction that leaves or left the stock below zero. */
export async function markShortages(session: StoreSession, corrections: readonly StockCorrection[]): Promise<void> {
  for (const { ingredient, before } of corrections) {
    if (before >= 0 && ingredient.in_stock_qty >= 0) continue;
    await markShortage(session, ingredient);
  }
}

/**
 * After an order gave units back (deleted, or its dishes changed), inside the same transaction: the
 * stock of those ingredients rose by what came back, which clears marks as any restock does.
 */
export async function afterStockReturned(
  session: StoreSession,
  returned: readonly { ingredient_id: string; units: number }[],
): Promise<void> {
  const back = new Map(returned.filter((entry) => entry.units > 0).map((entry) => [entry.ingredient_id, entry.units]));
  if (back.size === 0) return;
  const ingredients = await session.collection('ingredients').find([{ field: 'id', op: 'in', value: [...back.keys()] }]);
  await markShortages(
    session,
    ingredients.map((ingredient) => ({ ingredient, before: ingredient.in_stock_qty - (back.get(ingredient.id) ?? 0) })),
  );
}

/** Units the order holds of the ingredient (what it took when placed or changed). */
const unitsHeld = (order: OrderDoc, id: string) => order.stock_taken.find((taken) => taken.ingredient_id === id)?.units ?? 0;

const isMarked = (order: OrderDoc, id: string) => order.tickets.some((ticket) => ticket.short?.some((mark) => mark.ingredient_id === id));

const byAge = (a: OrderDoc, b: OrderDoc) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

async function markShortage(session: StoreSession, ingredient: IngredientDoc): Promise<void> {
  const id = ingredient.id;
  // Stations whose dishes cannot be made without it; dishes that can do without it mark nothing.
  const essentialTo = (await dishesUsing(session, [id])).filter((dish) =>
    dish.ingredients.some((entry) => entry.ingredient_id === id && entry.is_essential),
  );
  const needing = new Map<string, DishDoc>(essentialTo.map((dish) => [dish.id, dish]));
  const orders = await session.collection('orders').find([
    { field: 'stock_taken.ingredient_id', op: 'eq', value: id },
    { field: 'status', op: 'in', value: [...UNFINISHED_STATUSES] },
  ]);
  const ticketsOf = await ticketsNeeding(session, orders, needing);
  const concerned = (order: OrderDoc) => ticketsOf.get(order.id) ?? new Set<string>();
  const shortfall = Math.max(0, -ingredient.in_stock_qty);
  const marked = orders.filter((order) => isMarked(order, id)).sort(byAge);
  let covered = marked.reduce((sum, order) => sum + unitsHeld(order, id), 0);
  const mark: OrderDoc[] = [];
  const clear: OrderDoc[] = [];
  if (covered < shortfall) {
    const markable = orders
      .filter((order) => !isMarked(order, id) && unitsHeld(order, id) > 0)
      .filter((order) => order.tickets.some((ticket) => concerned(order).has(ticketKey(ticket)) && NOT_STARTED.has(ticket.status)))
      .sort(byAge)
      .reverse();
    for (const order of markable) {
      if (covered >= shortfall) break;
      mark.push(order);
      covered += unitsHeld(order, id);
    }
  } else {
    for (const order of marked) {
      if (covered - unitsHeld(order, id) < shortfall) break;
      clear.push(order);
      covered -= unitsHeld(order, id);
    }
  }
  const writes = [
    ...mark.map((order) => ({
      id: order.id,
      tickets: marking(order, concerned(order), { ingredient_id: id, name: ingredient.name, units: unitsHeld(order, id) }),
    })),
    ...clear.map((order) => ({ id: order.id, tickets: clearing(order, id) })),
  ];
  if (writes.length > 0)
    await session
      .collection('orders')
      .updateEach(writes.map(({ id: orderId, tickets }) => ({ id: orderId, update: { set: { tickets } } })));
}

/** A ticket's place in its order: its station and course (one ticket each). */
const ticketKey = (ticket: Pick<Ticket, 'station' | 'course'>) => `${ticket.station}/${ticket.course ?? 1}`;

/**
 * For each order, the tickets (station and course) that cook a dish needing the ingredient. An
 * order paced by courses numbers its courses over all its dishes' categories, so its dishes are
 * read; any other order has course 1 only.
 */
async function ticketsNeeding(
  session: StoreSession,
  orders: readonly OrderDoc[],
  needing: ReadonlyMap<string, DishDoc>,
): Promise<Map<string, Set<string>>> {
  const coursed = orders.filter((order) => order.pacing === 'courses');
  const dishIds = [...new Set(coursed.flatMap((order) => order.dish_ids))];
  const dishes = new Map((dishIds.length > 0 ? await session.collection('dishes').getEach(dishIds) : []).map((dish) => [dish.id, dish]));
  return new Map(
    orders.map((order) => {
      const course = courseOf(
        order.pacing,
        order.dish_ids.flatMap((dishId) => dishes.get(dishId) ?? []),
      );
      const keys = order.dish_ids.flatMap((dishId) => {
        const dish = needing.get(dishId);
        return dish ? [ticketKey({ station: dish.station as Station, course: course(dishes.get(dishId) ?? dish) })] : [];
      });
      return [order.id, new Set(keys)];
    }),
  );
}

/** The order's not-started tickets that cook a dish needing the ingredient, with the mark added. */
function marking(order: OrderDoc, concerned: ReadonlySet<string>, mark: ShortMark): Ticket[] {
  return order.tickets.map((ticket) =>
    concerned.has(ticketKey(ticket)) && NOT_STARTED.has(ticket.status) ? { ...ticket, short: [...(ticket.short ?? []), mark] } : ticket,
  );
}

/** The order's tickets without the ingredient's mark (a ticket left with none carries no `short`). */
function clearing(order: OrderDoc, ingredientId: string): Ticket[] {
  return order.tickets.map(({ short, ...ticket }) => {
    const kept = (short ?? []).filter((mark) => mark.ingredient_id !== ingredientId);
    return kept.length > 0 ? { ...ticket, short: kept } : ticket;
  });
}
