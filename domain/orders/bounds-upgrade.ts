// Data stored before the limits (models/limits.ts, query/date-time.ts) brought within them at the
// next start, once: a dish longer than a day takes a day, stock beyond ±1e9 is held at the bound,
// a price (a dish's, an ingredient's, an option's change, an ordered item's) beyond the highest is
// held at it and an item's minutes at a day, and an order's time no four-digit UTC year can write
// (a year-10000 schedule) waits at the last instant there is, so the scheduler never fires it by
// mistake and quotes and reports answer.
import type { DishDoc } from '../../models/dish.js';
import { LATEST_INSTANT, MAX_MINUTES, MAX_PRICE, MAX_STOCK } from '../../models/limits.js';
import type { OrderDoc } from '../../models/order.js';
import type { OrderItem } from '../../models/order-item.js';
import { canonicalDateTime } from '../../query/date-time.js';
import type { Store } from '../../store/types.js';
import { totalOf } from './items.js';

const PAGE = 500;
const LATEST = new Date(LATEST_INSTANT).toISOString();
const ORDER_TIMES = ['scheduled_at', 'fire_at', 'next_fire_at', 'quoted_ready_at', 'expected_ready_at'] as const;

/** `value` held within ±`bound`. */
const held = (value: number, bound: number) => Math.max(-bound, Math.min(bound, value));

/** A stored time in the canonical form: itself when it already is, else its canonical form, else the latest instant. */
const withinBounds = (time: string): string => canonicalDateTime(time) ?? LATEST;

/** The fields of `order` whose times or items' prices and minutes lie outside the rules, set to what they become; null when none do. */
function boundedOrder(order: OrderDoc): Partial<OrderDoc> | null {
  const set: Record<string, unknown> = {};
  for (const field of ORDER_TIMES) {
    const time = order[field];
    if (typeof time === 'string' && withinBounds(time) !== time) set[field] = withinBounds(time);
  }
  const outside = (time: string | null | undefined) => typeof time === 'string' && withinBounds(time) !== time;
  if (order.tickets.some((ticket) => outside(ticket.fire_at)))
    set.tickets = order.tickets.map((ticket) => (outside(ticket.fire_at) ? { ...ticket, fire_at: withinBounds(ticket.fire_at!) } : ticket));
  const items = order.items ?? [];
  if (items.some((item) => !(Math.abs(item.price) <= MAX_PRICE) || item.minutes > MAX_MINUTES)) {
    set.items = items.map((item) => ({ ...item, price: held(item.price, MAX_PRICE) || 0, minutes: Math.min(MAX_MINUTES, item.minutes) }));
    set.total = totalOf(set.items as OrderItem[]);
  }
  return Object.keys(set).length > 0 ? (set as Partial<OrderDoc>) : null;
}

/** The fields of `dish` beyond the limits, set to what they become; null when none are. */
function boundedDish(dish: DishDoc): Partial<DishDoc> | null {
  const set: Partial<DishDoc> = {};
  if (dish.preparation_time > MAX_MINUTES) set.preparation_time = MAX_MINUTES;
  if (dish.price > MAX_PRICE) set.price = MAX_PRICE;
  const options = (dish.modifier_groups ?? []).flatMap((group) => group.options);
  const beyond = options.some((option) => Math.abs(option.price_delta) > MAX_PRICE || Math.abs(option.minutes_delta) > MAX_MINUTES);
  if (beyond) {
    set.modifier_groups = dish.modifier_groups!.map((group) => ({
      ...group,
      options: group.options.map((option) => ({
        ...option,
        price_delta: held(option.price_delta, MAX_PRICE),
        minutes_delta: held(option.minutes_delta, MAX_MINUTES),
      })),
    }));
  }
  return Object.keys(set).length > 0 ? set : null;
}

/** Brings every dish, ingredient and order within the limits; returns how many documents changed. */
export async function boundStoredData(store: Store): Promise<number> {
  let changed = 0;
  const dishes = (await store.collection('dishes').find([])).flatMap((dish) => {
    const set = boundedDish(dish);
    return set ? [{ id: dish.id, update: { set } }] : [];
  });
  changed += (await store.collection('dishes').updateEach(dishes)).filter(Boolean).length;
  const ingredients = (await store.collection('ingredients').find([])).flatMap((ingredient) => {
    const set = {
      ...(Math.abs(ingredient.in_stock_qty) > MAX_STOCK && { in_stock_qty: held(ingredient.in_stock_qty, MAX_STOCK) }),
      ...(ingredient.price > MAX_PRICE && { price: MAX_PRICE }),
    };
    return Object.keys(set).length > 0 ? [{ id: ingredient.id, update: { set } }] : [];
  });
  changed += (await store.collection('ingredients').updateEach(ingredients)).filter(Boolean).length;
  const orders = store.collection('orders');
  for (let after = ''; ;) {
    const page = await orders.find(after ? [{ field: 'id', op: 'gt', value: after }] : [], {
      sort: { field: 'id', direction: 'asc' },
      limit: PAGE,
    });
    const writes = page.flatMap((order) => {
      const set = Array.isArray(order.tickets) ? boundedOrder(order) : null;
      // Another instance upgrading at the same time, or a write since: theirs stands.
      return set ? [{ id: order.id, update: { set }, if: [{ field: 'updated_at', op: 'eq' as const, value: order.updated_at }] }] : [];
    });
    changed += (await orders.updateEach(writes)).filter(Boolean).length;
    if (page.length < PAGE) return changed;
    after = page[page.length - 1]!.id;
  }
}
