// Orders made of items, shaped as the API sends them, for the boards' item lines judged in a
// browser on their own: a 20-item table of long modifier names, a later round, a voided item, a
// remake. Rendered into a board page by `renderTickets` (no server behind the data).
import type { Page } from 'playwright-core';
import type { TicketItem } from '../../models/ticket.js';
import { ticketItem } from '../helpers/ticket-items.js';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/** Sixty characters: as long as a modifier's name may be. */
const sixty = (text: string) => text.padEnd(60, '.').slice(0, 60);
export const LONG_REMOVAL = sixty('No caramelised red onions, pickled shallots or chives at all');
export const LONG_ADDITION = sixty('Extra smoked streaky bacon from the Black Forest, crispy');

type ItemShape = TicketItem;

let next = 1;
export const item = (name: string, extra: Partial<ItemShape> = {}): ItemShape =>
  ticketItem({ item_id: hex(0x1000 + next++), name, ...extra });
export const mod = (name: string, action: 'add' | 'remove' | null, group = 'Choices') => ({
  id: hex(0x2000 + next++),
  group,
  name,
  action,
});

export interface TicketShape {
  station: string;
  status: string;
  fired_at: string;
  started_at: string | null;
  ready_at: string | null;
  bumped_by: null;
  course: number;
  fire_at: string;
  round: number;
  remake_of: string | null;
  remake_reason?: string | null;
  changes: { at: string; added: string[]; removed: string[]; voided?: string[]; remade?: string[] }[];
  allergy_alerts?: { dish_id: string; item_id: string; seat: number | null; allergens: string[] }[];
  items: ItemShape[];
}

export function ticket(items: ItemShape[], extra: Partial<TicketShape> = {}): TicketShape {
  return {
    station: 'hot',
    status: 'Received',
    fired_at: at(3),
    started_at: null,
    ready_at: null,
    bumped_by: null,
    course: 1,
    fire_at: at(3),
    round: 1,
    remake_of: null,
    changes: [],
    items,
    ...extra,
  };
}

/** A card's data: the key, its order (one ticket here) and the ticket. */
export function entry(n: number, name: string, tableNumber: number | null, shown: TicketShape) {
  const id = hex(n);
  return {
    key: shown.round > 1 ? `${id}:r${shown.round}` : id,
    voided: shown.status === 'Voided',
    ticket: shown,
    order: {
      id,
      name,
      table_number: tableNumber,
      priority: 3,
      status: 'Received',
      special_requests: null,
      pacing: 'at_once',
      created_at: at(3),
      fire_at: null,
      dishes: [],
      items: [],
      tickets: [shown],
    },
  };
}

/** The Friday table's hot ticket of 20 items over four seats, long modifiers on most. */
export function bigTable() {
  const items = Array.from({ length: 20 }, (_, i) =>
    item(i % 3 === 0 ? 'Classic Burger' : i % 3 === 1 ? sixty('Twelve-hour braised beef short rib with smoked marrow jus') : 'Fries', {
      seat: (i % 4) + 1,
      quantity: i % 5 === 0 ? 2 : 1,
      modifiers: [
        ...(i % 2 === 0 ? [mod(LONG_REMOVAL, 'remove', 'Remove')] : []),
        ...(i % 3 === 0 ? [mod('Medium rare', null, 'Doneness')] : []),
        ...(i % 4 === 1 ? [mod(LONG_ADDITION, 'add', 'Extras')] : []),
      ],
      note: i % 6 === 0 ? 'Sauce on the side, cut in half for the child, no salt on the fries please' : null,
      status: i === 2 ? 'Ready' : i === 4 ? 'In Progress' : 'Received',
    }),
  );
  return ticket(items, {
    allergy_alerts: [{ dish_id: hex(0xd1), item_id: items[1]!.item_id, seat: items[1]!.seat, allergens: ['cereals_gluten'] }],
  });
}

/** Draws the entries as ticket cards on a board page (signed out: the board is shown by hand). */
export async function renderTickets(page: Page, entries: unknown[]): Promise<void> {
  await page.evaluate(`(async (entries) => {
    const { ticketCard } = await import('/boards/js/kds/ticket.js');
    const { offerWholeText } = await import('/boards/js/lib/clamp.js');
    document.body.classList.remove('signed-out');
    window.tapped = [];
    const actions = {
      bump() {}, recall() {}, done() {}, ack() {}, dishName: () => null,
      bumpItem: (key, line) => window.tapped.push(key + ' ' + line.ids.join(',')),
    };
    const grid = document.querySelector('#tickets');
    grid.replaceChildren(...entries.map((each) => ticketCard(each, 'hot', { late: 0, veryLate: 0 }, actions)));
    offerWholeText(grid, '.ticket-actions');
  })(${JSON.stringify(entries)})`);
}

/** An order's own item (the shape of `order.items`), for the expeditor. */
export function orderItem(shown: ItemShape, dishId = hex(0xd1)) {
  return {
    id: shown.item_id,
    dish_id: dishId,
    quantity: shown.quantity,
    seat: shown.seat,
    option_ids: shown.modifiers.map((each) => each.id),
    note: shown.note,
    course: 1,
    name: shown.name,
    price: 12.5,
    minutes: 10,
    allergens: shown.allergens,
    modifiers: shown.modifiers,
    status: shown.status === 'Voided' ? 'Voided' : 'Active',
  };
}

/** The Friday table as the expeditor holds it: four seats and a shared side, over hot and beverages. */
export function fridayOrder() {
  const hot = bigTable();
  const drinks = ticket([item('Pilsner', { quantity: 4 }), item('Still water', { seat: 3 })], { station: 'beverages' });
  const shared = item('Sharing platter of onion rings with three dips', { quantity: 1 });
  hot.items.push(shared);
  const order = entry(1, 'Friday', 12, hot).order;
  return {
    ...order,
    tickets: [hot, drinks],
    items: [...hot.items, ...drinks.items].map((each) => orderItem(each)),
  };
}

/** Opens the expeditor's items-by-seat dialog on an order (no server behind it); posts are kept in `window.posted`. */
export async function openSeats(page: Page, order: unknown): Promise<void> {
  await page.evaluate(`(async (order) => {
    const { createSeatsDialog } = await import('/boards/js/expeditor/seats.js');
    window.posted = [];
    const records = new Map([[order.id, order]]);
    const seats = createSeatsDialog({ records: () => records, post: async (id, path, body) => (window.posted.push({ id, path, body }), true) });
    seats.open(order);
  })(${JSON.stringify(order)})`);
}
