// The server on a store whose change events arrive well after each write has answered, as a
// MongoDB change stream's do: every view kept in memory (order pages, the kitchen book, the live
// menu, the report's records, the accounts) answers the very next request as the store holds the
// data, because each read waits for store.settled(). The events are shown to be still on their way
// when each read is made.
import { expect, vi } from 'vitest';
import type { KitchenReport } from '../../../models/report.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { lateEvents, type LateEvents } from '../../store/fixtures/late-events.js';

let t: TestApp;
let late: LateEvents;
let menu: Awaited<ReturnType<typeof seedMenu>>;

it.beforeEach(async ({ startApp }) => {
  t = await startApp({ wrapStore: (store) => (late = lateEvents(store, 40)).store });
  menu = await seedMenu(t);
});

/** A read made right after a write, while that write's events are still held back. */
async function readNow(url: string, as: 'chef' | 'manager' | 'patron' = 'manager') {
  expect(late.held()).toBeGreaterThan(0);
  const response = await t.inject({ method: 'GET', url, as });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Every event delivered: what the views keep now, only a later write's late event can drop. */
const drained = () => vi.waitFor(() => expect(late.held()).toBe(0), { timeout: 2000, interval: 5 });

const patch = async (url: string, payload: object, as: 'chef' | 'manager' = 'manager') => {
  const response = await t.inject({ method: 'PATCH', url, as, payload });
  expect(response.statusCode, response.body).toBe(200);
};

it('lists an order just placed, and its change just made', async () => {
  const placed = await placeOrder(t, [menu.salad.id, menu.steak.id]);
  expect((await readNow('/orders')).body).toMatchObject({ total_results: 1, results: [{ id: placed.id, name: 'Ben' }] });
  // Kept now, with every event in: only the rename's late event can drop the text.
  await drained();
  await t.inject({ method: 'GET', url: '/orders', as: 'manager' });
  await patch(`/orders/${placed.id}`, { name: 'Bea' });
  expect((await readNow('/orders')).body).toMatchObject({ results: [{ id: placed.id, name: 'Bea' }] });
});

it("shows a station's queue and all-day counts as the last bump left them", async () => {
  // One steak on an earlier order, two on this one.
  await placeOrder(t, [menu.steak.id]);
  const placed = await placeOrder(t, [menu.steak.id, menu.steak.id]);
  expect((await readNow('/stations/hot/all-day', 'chef')).body).toMatchObject({ items: [{ dish_id: menu.steak.id, quantity: 3 }] });
  await patch(`/orders/${placed.id}/tickets/hot`, { status: 'In Progress' }, 'chef');
  const queue = (await readNow('/stations/hot/tickets', 'chef')).body as {
    results: { id: string; tickets: { station: string; status: string }[] }[];
  };
  expect(queue.results.find((row) => row.id === placed.id)?.tickets.find((ticket) => ticket.station === 'hot')?.status).toBe('In Progress');
  await patch(`/orders/${placed.id}/tickets/hot`, { status: 'Ready' }, 'chef');
  expect((await readNow('/stations/hot/all-day', 'chef')).body).toMatchObject({ items: [{ dish_id: menu.steak.id, quantity: 1 }] });
});

it('answers the menu with the stock just taken', async () => {
  await patch(`/ingredients/${menu.lemon.id}`, { in_stock_qty: 0 }, 'chef');
  expect((await readNow(`/dishes/${menu.lemonade.id}`, 'patron')).body).toMatchObject({ id: menu.lemonade.id, is_available: false });
  await patch(`/dishes/${menu.lemonade.id}`, { name: 'Pink Lemonade' });
  expect((await readNow(`/dishes?filter=is_available.eq~false`, 'patron')).body).toMatchObject({
    total_results: 1,
    results: [{ name: 'Pink Lemonade' }],
  });
});

it('counts in the kitchen report an order readied just now', async () => {
  const placed = await placeOrder(t, [menu.salad.id]);
  await patch(`/orders/${placed.id}/tickets/cold`, { status: 'In Progress' }, 'chef');
  await drained();
  const before = (await t.inject({ method: 'GET', url: '/reports/kitchen', as: 'manager' })).json<KitchenReport>();
  await patch(`/orders/${placed.id}/tickets/cold`, { status: 'Ready' }, 'chef');
  const after = (await readNow('/reports/kitchen')).body as unknown as KitchenReport;
  expect(after.orders.ready).toBe(before.orders.ready + 1);
  const coldTickets = (report: KitchenReport) => report.stations.find((station) => station.station === 'cold')?.tickets ?? 0;
  expect(coldTickets(after)).toBe(coldTickets(before) + 1);
});

it("refuses a chef demoted a moment ago the kitchen's screens", async () => {
  await patch(`/users/${t.userIds.chef}`, { role: 'patron' });
  const waited = late.waits();
  expect((await readNow('/stations/hot/tickets', 'chef')).status).toBe(403);
  expect(late.waits()).toBeGreaterThan(waited);
});
