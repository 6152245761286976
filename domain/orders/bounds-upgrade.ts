// Data stored before the limits (models/limits.ts, query/date-time.ts) brought within them at the
// next start, once: a dish longer than a day takes a day, stock beyond ±1e9 is held at the bound,
// and an order's time no four-digit UTC year can write (a year-10000 schedule) waits at the last
// instant there is, so the scheduler never fires it by mistake and quotes and reports answer.
import { LATEST_INSTANT, MAX_MINUTES, MAX_STOCK } from '../../models/limits.js';
import type { OrderDoc } from '../../models/order.js';
import { canonicalDateTime } from '../../query/date-time.js';
import type { Store } from '../../store/types.js';

const PAGE = 500;
const LATEST = new Date(LATEST_INSTANT).toISOString();
const ORDER_TIMES = ['scheduled_at', 'fire_at', 'next_fire_at', 'quoted_ready_at', 'expected_ready_at'] as const;

/** A stored time in the canonical form: itself when it already is, else its canonical form, else the latest instant. */
const withinBounds = (time: string): string => canonicalDateTime(time) ?? LATEST;

/** The fields of `order` whose times lie outside the rule, set to what they become; null when none do. */
function boundedTimes(order: OrderDoc): Partial<OrderDoc> | null {
  const set: Record<string, unknown> = {};
  for (const field of ORDER_TIMES) {
    const time = order[field];
    if (typeof time === 'string' && withinBounds(time) !== time) set[field] = withinBounds(time);
  }
  const outside = (time: string | null | undefined) => typeof time === 'string' && withinBounds(time) !== time;
  if (order.tickets.some((ticket) => outside(ticket.fire_at)))
    set.tickets = order.tickets.map((ticket) => (outside(ticket.fire_at) ? { ...ticket, fire_at: withinBounds(ticket.fire_at!) } : ticket));
  return Object.keys(set).length > 0 ? (set as Partial<OrderDoc>) : null;
}

/** Brings every dish, ingredient and order within the limits; returns how many documents changed. */
export async function boundStoredData(store: Store): Promise<number> {
  let changed = 0;
  const dishes = await store.collection('dishes').find([{ field: 'preparation_time', op: 'gt', value: MAX_MINUTES }]);
  const slow = await store
    .collection('dishes')
    .updateEach(dishes.map((dish) => ({ id: dish.id, update: { set: { preparation_time: MAX_MINUTES } } })));
  changed += slow.filter(Boolean).length;
  const ingredients = await store.collection('ingredients').find([]);
  const beyond = ingredients.filter((ingredient) => Math.abs(ingredient.in_stock_qty) > MAX_STOCK);
  const held = await store.collection('ingredients').updateEach(
    beyond.map((ingredient) => ({
      id: ingredient.id,
      update: { set: { in_stock_qty: Math.sign(ingredient.in_stock_qty) * MAX_STOCK } },
    })),
  );
  changed += held.filter(Boolean).length;
  const orders = store.collection('orders');
  for (let after = ''; ;) {
    const page = await orders.find(after ? [{ field: 'id', op: 'gt', value: after }] : [], {
      sort: { field: 'id', direction: 'asc' },
      limit: PAGE,
    });
    const writes = page.flatMap((order) => {
      const set = Array.isArray(order.tickets) ? boundedTimes(order) : null;
      // Another instance upgrading at the same time, or a write since: theirs stands.
      return set ? [{ id: order.id, update: { set }, if: [{ field: 'updated_at', op: 'eq' as const, value: order.updated_at }] }] : [];
    });
    changed += (await orders.updateEach(writes)).filter(Boolean).length;
    if (page.length < PAGE) return changed;
    after = page[page.length - 1]!.id;
  }
}
