// Upgrades of data stored by earlier versions, applied at start-up, once: each is recorded in the
// `upgrades` collection when done, so later starts skip it without reading the data again.
import type { DishDoc } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { Ticket, TicketStatus } from '../../models/ticket.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { boundStoredData } from './bounds-upgrade.js';
import { stationsOf } from './tickets.js';
import { nextFireAt } from './pacing.js';
import { publicTicket } from './ticket-changes.js';

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
          update: { set: { pacing: 'at_once' as const, course_gap_minutes: null, tickets, next_fire_at: nextFireAt(tickets) } },
          if: [{ field: 'updated_at', op: 'eq' as const, value: order.updated_at }],
        };
      }),
    );
    upgraded += made.filter(Boolean).length;
    if (page.length < PAGE) return upgraded;
    after = page[page.length - 1]!.id;
  }
}

const UPGRADES: { name: string; apply: (store: Store) => Promise<number> }[] = [
  { name: 'order-tickets', apply: addOrderTickets },
  { name: 'order-pacing', apply: addOrderPacing },
  { name: 'within-limits', apply: boundStoredData },
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
