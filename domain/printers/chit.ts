// What a kitchen chit says: built from an order and one of its tickets when its print job is made,
// so a chit printed after an outage still says what fired then. Pure: tested on its own.
import type { DishDoc, Station } from '../../models/dish.js';
import type { OrderDoc } from '../../models/order.js';
import type { Chit, ChitItem, ChitMarker } from '../../models/printer.js';
import type { Ticket, TicketItem } from '../../models/ticket.js';
import { courseOf, courseOfTicket } from '../kitchen/pacing.js';

/** Which of the ticket's things a chit lists: all of them, or only those a change concerns. */
export type ChitScope =
  { kind: 'ticket' } | { kind: 'dishes'; dish_ids: readonly string[] } | { kind: 'items'; item_ids: readonly string[] };

export interface ChitSource {
  order: OrderDoc;
  ticket: Ticket;
  /** The menu's dishes, by id: names of a ticket without items, and of allergy alerts. */
  dishes: ReadonlyMap<string, DishDoc>;
  marker: ChitMarker | null;
  scope: ChitScope;
  timeZone: string;
}

/** "NO onion" for a removal, the option's own name otherwise. */
export function modifierText({ name, action }: Pick<TicketItem['modifiers'][number], 'name' | 'action'>): string {
  if (action !== 'remove' || /^no\b/i.test(name)) return name;
  return `NO ${name}`;
}

function itemLines(ticket: Ticket, scope: ChitScope): ChitItem[] {
  const listed = (item: TicketItem) =>
    scope.kind === 'items' ? scope.item_ids.includes(item.item_id) : item.status !== 'Voided' || scope.kind !== 'ticket';
  // Items that read alike (same dish, seat, modifiers and note: the seed's dish_ids make one item
  // per unit) share one line, "2 x Steak", as a cook counts them.
  const lines = new Map<string, ChitItem>();
  for (const item of (ticket.items ?? []).filter(listed)) {
    const line: ChitItem = {
      quantity: item.quantity,
      name: item.name,
      seat: item.seat,
      modifiers: item.modifiers.map(modifierText),
      note: item.note,
      voided: item.status === 'Voided',
    };
    const key = JSON.stringify([line.name, line.seat, line.modifiers, line.note, line.voided]);
    const same = lines.get(key);
    if (same) same.quantity += line.quantity;
    else lines.set(key, line);
  }
  return [...lines.values()];
}

/** The dishes of the order that this ticket cooks (its station and course), counted. */
function dishLines(order: OrderDoc, ticket: Ticket, dishes: ReadonlyMap<string, DishDoc>, scope: ChitScope): ChitItem[] {
  const known = order.dish_ids.flatMap((id) => dishes.get(id) ?? []);
  const course = courseOf(order.pacing, known);
  const ids =
    scope.kind === 'dishes'
      ? scope.dish_ids
      : known.filter((dish) => dish.station === ticket.station && course(dish) === courseOfTicket(ticket)).map((dish) => dish.id);
  const counted = new Map<string, number>();
  for (const id of ids) counted.set(id, (counted.get(id) ?? 0) + 1);
  return [...counted].map(([id, quantity]) => ({
    quantity,
    name: dishes.get(id)?.name ?? `Dish ${id}`,
    seat: null,
    modifiers: [],
    note: null,
    voided: false,
  }));
}

/** The allergy line: the ticket's alerts by dish, else the table's allergies; null when neither. */
function allergyLine(order: OrderDoc, ticket: Ticket, dishes: ReadonlyMap<string, DishDoc>): string | null {
  const alerts = ticket.allergy_alerts ?? [];
  if (alerts.length > 0) {
    const parts = alerts.map((alert) => `${dishes.get(alert.dish_id)?.name ?? alert.dish_id}: ${alert.allergens.join(', ')}`);
    return `ALLERGY ${parts.join('; ')}`;
  }
  const table = order.allergies ?? [];
  return table.length > 0 ? `ALLERGY table: ${table.join(', ')}` : null;
}

export function buildChit({ order, ticket, dishes, marker, scope, timeZone }: ChitSource): Chit {
  const items =
    ticket.items && ticket.items.length > 0 && scope.kind !== 'dishes' ? itemLines(ticket, scope) : dishLines(order, ticket, dishes, scope);
  const seats = [...new Set(items.flatMap((item) => (item.seat === null ? [] : [item.seat])))].sort((a, b) => a - b);
  const paced = order.pacing === 'courses' || courseOfTicket(ticket) > 1;
  return {
    marker,
    station: ticket.station,
    allergy: allergyLine(order, ticket, dishes),
    heading: order.table_number === null ? order.name : `Table ${order.table_number}`,
    seats,
    course: paced ? courseOfTicket(ticket) : null,
    round: (ticket.round ?? 1) > 1 ? (ticket.round ?? null) : null,
    items,
    note: order.special_requests,
    order_id: order.id,
    fired_at: ticket.fired_at,
    time_zone: timeZone,
  };
}

/** A test chit: what a manager prints to see that a printer works and where it stands. */
export function testChit(
  printer: { name: string; host: string; port: number; stations: readonly Station[] },
  at: string,
  timeZone: string,
): Chit {
  return {
    marker: 'TEST',
    station: null,
    allergy: null,
    heading: printer.name,
    seats: [],
    course: null,
    round: null,
    items: [],
    note: `Test chit for ${printer.stations.join(', ')} at ${printer.host}:${printer.port}. If you can read this, the printer works.`,
    order_id: null,
    fired_at: at,
    time_zone: timeZone,
  };
}
