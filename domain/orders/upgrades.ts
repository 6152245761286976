// Upgrades of data stored by earlier versions, applied at start-up, once: each is recorded in the
// `upgrades` collection when done, so later starts skip it without reading the data again.
import type { DishDoc } from '../../models/dish.js';
import { DEFAULT_PACING, type OrderDoc } from '../../models/order.js';
import type { Ticket, TicketStatus } from '../../models/ticket.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { boundStoredData } from './bounds-upgrade.js';
import { stationsOf } from './tickets.js';
import { nextFireAt } from '../kitchen/fire-times.js';
import { publicTicket } from './ticket-changes.js';
import type { OrderItem } from '../../models/order-item.js';
import type { TicketItemStatus } from '../../models/ticket.js';
import { itemFields } from './items.js';
import { courseOf } from '../kitchen/pacing.js';
import { roundOf, stationIn, withTicketItems } from './ticket-items.js';

const PAGE = 500;

/** What each station's ticket must have been, for an order stored before tickets existed. */
const TICKET_STATUS: Record<OrderDoc['status'], TicketStatus> = {
  Draft: 'Draft',
  Received: 'Received',
  'In Progress': 'In Progress',
  'Ready for Assembly': 'Ready',
  'On the Way': 'Ready',
  'Ready for Pickup': 'Ready',
};

/**
 * Tickets for an order stored without them: its status on every station it has dishes of, fired
 * at its fire time (or creation). When it started or was readied was never stored: those stay null.
 */
function ticketsOfLegacy(order: OrderDoc, dishes: ReadonlyMap<string, DishDoc>): Ticket[] {
  const status = TICKET_STATUS[order.status];
  const fired_at = status === 'Draft' ? null : (order.fire_at ?? order.created_at);
  const stations = stationsOf(order.dish_ids.flatMap((id) => dishes.get(id) ?? []));
  return stations.map((station) => ({ station, status, fired_at, started_at: null, ready_at: null, bumped_by: null }));
}

/** Gives every order stored without tickets its tickets; returns how many were upgraded. */
async function addOrderTickets(store: Store): Promise<number> {
  const orders = store.collection('orders');
  const dishes = new Map((await store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
  let upgraded = 0;
  for (let after = ''; ;) {
    const page = await orders.find(after ? [{ field: 'id', op: 'gt', value: after }] : [], {
      sort: { field: 'id', direction: 'asc' },
      limit: PAGE,
    });
    const legacy = page.filter((order) => !Array.isArray((order as Partial<OrderDoc>).tickets));
    const made = await orders.updateEach(
      legacy.map((order) => ({
        id: order.id,
        update: { set: { tickets: ticketsOfLegacy(order, dishes), ready_at: null, closed_at: null } },
        // Another instance upgrading at the same time, or a write since: theirs stands.
        if: [{ field: 'updated_at', op: 'eq', value: order.updated_at }],
      })),
    );
    upgraded += made.filter(Boolean).length;
    if (page.length < PAGE) return upgraded;
    after = page[page.length - 1]!.id;
  }
}

/**
 * Orders stored before pacing: `at_once`, no course gap, every ticket course 1 planned when it fired
 * (a Draft's at its order's fire time), no changes; and the scheduler's key for a waiting Draft.
 */
async function addOrderPacing(store: Store): Promise<number> {
  const orders = store.collection('orders');
  let upgraded = 0;
  for (let after = ''; ;) {
    const page = await orders.find(after ? [{ field: 'id', op: 'gt', value: after }] : [], {
      sort: { field: 'id', direction: 'asc' },
      limit: PAGE,
    });
    const legacy = page.filter((order) => order.pacing === undefined && Array.isArray((order as Partial<OrderDoc>).tickets));
    const made = await orders.updateEach(
      legacy.map((order) => {
        const tickets = order.tickets.map((ticket) => publicTicket(ticket, order.fire_at));
        return {
          id: order.id,
          update: { set: { pacing: DEFAULT_PACING, course_gap_minutes: null, tickets, next_fire_at: nextFireAt(tickets) } },
          if: [{ field: 'updated_at', op: 'eq' as const, value: order.updated_at }],
        };
      }),
    );
    upgraded += made.filter(Boolean).length;
    if (page.length < PAGE) return upgraded;
    after = page[page.length - 1]!.id;
  }
}

/** Each page of orders, oldest id first, given to `upgrade`; returns how many it changed. */
async function eachOrderPage(store: Store, upgrade: (page: OrderDoc[]) => Promise<number>): Promise<number> {
  const orders = store.collection('orders');
  let upgraded = 0;
  for (let after = ''; ;) {
    const page = await orders.find(after ? [{ field: 'id', op: 'gt', value: after }] : [], {
      sort: { field: 'id', direction: 'asc' },
      limit: PAGE,
    });
    upgraded += await upgrade(page);
    if (page.length < PAGE) return upgraded;
    after = page[page.length - 1]!.id;
  }
}

/** One item per dish_ids entry, as the dish is now (a dish deleted since keeps its id, at no price). */
function itemsOfLegacy(order: OrderDoc, dishes: ReadonlyMap<string, DishDoc>, ids: () => string): OrderItem[] {
  const known = order.dish_ids.flatMap((id) => dishes.get(id) ?? []);
  const course = courseOf(order.pacing, known);
  return order.dish_ids.map((dishId) => {
    const dish = dishes.get(dishId);
    return {
      dish_id: dishId,
      quantity: 1,
      seat: null,
      option_ids: [],
      note: null,
      course: dish ? course(dish) : 1,
      id: ids(),
      name: dish?.name ?? 'Deleted dish',
      price: dish?.price ?? 0,
      minutes: dish?.preparation_time ?? 0,
      allergens: dish?.allergens ?? [],
      modifiers: [],
      status: 'Active',
    };
  });
}

const ENTRY_STATUS: Record<TicketStatus, TicketItemStatus> = {
  Draft: 'Received',
  Received: 'Received',
  'In Progress': 'In Progress',
  Ready: 'Ready',
  Voided: 'Voided',
};

/**
 * Orders stored before items: one item per dish_ids entry, listed on the ticket of its station
 * and course in the state of that ticket; no seat allergies; the table's allergies where absent.
 */
async function addOrderItems(store: Store): Promise<number> {
  const dishes = new Map((await store.collection('dishes').find([])).map((dish) => [dish.id, dish]));
  return eachOrderPage(store, async (page) => {
    const legacy = page.filter((order) => !Array.isArray(order.items));
    const made = await store.collection('orders').updateEach(
      legacy.map((order) => {
        let next = 0;
        const items = itemsOfLegacy(order, dishes, () => `${order.id.slice(0, 18)}${(next++).toString(16).padStart(6, '0')}`);
        const listed = withTicketItems(
          order.tickets.map((ticket) => ({ ...publicTicket(ticket, order.fire_at), round: roundOf(ticket), items: [] })),
          items,
          stationIn(dishes),
        );
        const tickets = listed.map((ticket) => ({
          ...ticket,
          items: (ticket.items ?? []).map((entry) => ({
            ...entry,
            status: ENTRY_STATUS[ticket.status],
            started_at: ticket.started_at,
            ready_at: ticket.status === 'Ready' ? ticket.ready_at : null,
          })),
        }));
        return {
          id: order.id,
          update: { set: { ...itemFields(items), seat_allergies: [], allergies: order.allergies ?? [], tickets } },
          if: [{ field: 'updated_at', op: 'eq' as const, value: order.updated_at }],
        };
      }),
    );
    return made.filter(Boolean).length;
  });
}

/** Dishes stored before modifiers: none. */
async function addDishModifiers(store: Store): Promise<number> {
  const dishes = await store.collection('dishes').find([]);
  const bare = dishes.filter((dish) => !Array.isArray(dish.modifier_groups));
  const made = await store.collection('dishes').updateEach(bare.map((dish) => ({ id: dish.id, update: { set: { modifier_groups: [] } } })));
  return made.filter(Boolean).length;
}

const UPGRADES: { name: string; apply: (store: Store) => Promise<number> }[] = [
  { name: 'order-tickets', apply: addOrderTickets },
  { name: 'order-pacing', apply: addOrderPacing },
  { name: 'within-limits', apply: boundStoredData },
  { name: 'dish-modifiers', apply: addDishModifiers },
  { name: 'order-items', apply: addOrderItems },
  // Prices and options' deltas got their bounds after items existed: the same pass again, for them.
  { name: 'prices-within-limits', apply: boundStoredData },
];

/** Applies every upgrade not yet recorded; returns the names applied with how many documents each changed. */
export async function upgradeStoredData(store: Store): Promise<Record<string, number>> {
  const applied: Record<string, number> = {};
  const done = store.collection('upgrades');
  for (const { name, apply } of UPGRADES) {
    if ((await done.find([{ field: 'name', op: 'eq', value: name }], { limit: 1 })).length > 0) continue;
    applied[name] = await apply(store);
    try {
      await done.insert({ name });
    } catch (error) {
      // Two instances starting together: both applied it (idempotently), one recorded it.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }
  return applied;
}
