// Scheduled orders: Draft or Received at creation (the boundary is the longest preparation time plus
// 5 minutes), the fire time, release by the scheduler at that time and not before, pick-up of overdue
// Drafts at start, and exactly one release when two schedulers race on one store.
import { afterEach, describe, expect, vi } from 'vitest';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import type { Order, OrderDoc } from '../../../models/order.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import type { ChangeEvent, Store } from '../../../store/types.js';
import type { TestApp } from '../../helpers/app.js';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, getOrder, MINUTE, problemOf } from './support.js';

// Tokens must outlive the hours these tests move the clock by.
const env = { POS_ACCESS_TOKEN_TTL: '86400' };

let clock: FrozenClock;
let dataDir: string;
let t: TestApp | undefined;
let menu: Awaited<ReturnType<typeof seedMenu>>;
const cleanups: (() => Promise<void> | void)[] = [];

// The tests that place their own orders and never move the clock share one app and menu for the
// file. A test that moves the clock, releases Drafts, counts every order or restarts the server
// starts a fresh app of its own (`fresh`) on its data directory (kept for a restart): both come
// from the fixtures, closed and removed when the test ends, after the stores this file's hook closes.
const fileClock = new FrozenClock();
fileScene(
  async (app) => ({ t: app, clock: fileClock, menu: await seedMenu(app, 100) }),
  (scene) => ({ t, clock, menu } = scene),
  { clock: fileClock, env },
);
async function fresh(startApp: StartApp, dir: string) {
  clock = new FrozenClock();
  dataDir = dir;
  t = await startApp({ clock, dataDir, env });
  menu = await seedMenu(t, 100);
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  t = undefined;
});

function app(): TestApp {
  if (!t) throw new Error('no app running');
  return t;
}

const inFuture = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

/** Salad (10 min) and steak (25 min): the longest preparation time is 25 minutes. */
const scheduleOrder = (scheduled_at: string) => placeOrder(app(), [menu.salad.id, menu.steak.id], 'patron', { scheduled_at });

describe('at creation', () => {
  it('is Received when due exactly the longest preparation time plus 5 minutes from now', async () => {
    const scheduled_at = inFuture(30 * MINUTE);
    const order = await scheduleOrder(scheduled_at);
    expect(order).toMatchObject({ status: 'Received', scheduled_at, fire_at: null, priority: 3 });
  });

  it('is a Draft due 1 ms later, firing at scheduled_at minus the longest preparation time', async () => {
    const scheduled_at = inFuture(30 * MINUTE + 1);
    const order = await scheduleOrder(scheduled_at);
    expect(order).toMatchObject({ status: 'Draft', scheduled_at, fire_at: new Date(Date.parse(scheduled_at) - 25 * MINUTE).toISOString() });
  });

  it('uses the longest dish of the order, here a 3-minute lemonade alone', async () => {
    const received = await placeOrder(app(), [menu.lemonade.id], 'patron', { scheduled_at: inFuture(8 * MINUTE) });
    expect(received.status).toBe('Received');
    const scheduled_at = inFuture(8 * MINUTE + 1);
    const draft = await placeOrder(app(), [menu.lemonade.id, menu.lemonade.id], 'patron', { scheduled_at });
    expect(draft).toMatchObject({ status: 'Draft', fire_at: new Date(Date.parse(scheduled_at) - 3 * MINUTE).toISOString() });
  });

  it('is Received with no fire time when scheduled_at is null', async () => {
    const order = await placeOrder(app(), [menu.steak.id], 'patron', { scheduled_at: null });
    expect(order).toMatchObject({ status: 'Received', scheduled_at: null, fire_at: null });
  });

  it.for([
    ['in the past', -1],
    ['exactly now', 0],
  ] as const)(
    'refuses a scheduled_at %s with 400, creating nothing and consuming nothing',
    async ([, offset], { dataDir: dir, startApp }) => {
      await fresh(startApp, dir);
      const response = await app().inject({
        method: 'POST',
        url: '/orders',
        as: 'patron',
        payload: { name: 'Ben', dish_ids: [menu.steak.id], scheduled_at: inFuture(offset) },
      });
      expect(response.statusCode).toBe(400);
      expect(problemOf(response).errors).toEqual([{ path: 'scheduled_at', message: 'must be in the future' }]);
      const beef = await app().inject({ method: 'GET', url: `/ingredients/${menu.beef.id}` });
      expect(beef.json<{ in_stock_qty: number }>().in_stock_qty).toBe(100);
      const orders = await app().inject({ method: 'GET', url: '/orders', as: 'manager' });
      expect(orders.json<{ total_results: number }>().total_results).toBe(0);
    },
  );
});

describe('changing a Draft', () => {
  it('re-plans the fire time when its dishes change, and becomes Received when rescheduled near', async () => {
    const scheduled_at = inFuture(2 * 60 * MINUTE);
    const draft = await scheduleOrder(scheduled_at);
    const lighter = await app().inject({
      method: 'PATCH',
      url: `/orders/${draft.id}`,
      as: 'patron',
      payload: { dish_ids: [menu.lemonade.id] },
    });
    expect(lighter.json<Order>()).toMatchObject({
      status: 'Draft',
      fire_at: new Date(Date.parse(scheduled_at) - 3 * MINUTE).toISOString(),
    });
    const sooner = await app().inject({
      method: 'PATCH',
      url: `/orders/${draft.id}`,
      as: 'patron',
      payload: { scheduled_at: inFuture(8 * MINUTE) },
    });
    expect(sooner.json<Order>()).toMatchObject({ status: 'Received', fire_at: null });
  });

  it('refuses a scheduled_at in the past with 400, leaving the order as it was', async () => {
    const draft = await scheduleOrder(inFuture(2 * 60 * MINUTE));
    const response = await app().inject({
      method: 'PATCH',
      url: `/orders/${draft.id}`,
      as: 'patron',
      payload: { scheduled_at: inFuture(-MINUTE) },
    });
    expect(response.statusCode).toBe(400);
    expect(await getOrder(app(), draft.id)).toMatchObject({ status: 'Draft', scheduled_at: draft.scheduled_at, fire_at: draft.fire_at });
  });
});

describe('release', () => {
  it('happens at the fire time and not a millisecond before, once', async ({ dataDir: dir, startApp }) => {
    await fresh(startApp, dir);
    // Driven by hand. The app's own scheduler sleeps for up to 30 s unless a change wakes it, and
    // nothing below makes one once the order is due.
    const scheduler = new OrderScheduler(app().store, clock.now);
    const draft = await scheduleOrder(inFuture(2 * 60 * MINUTE));
    const fireAt = Date.parse(draft.fire_at ?? '');
    expect(fireAt).toBe(Date.parse(draft.scheduled_at ?? '') - 25 * MINUTE);

    clock.advance(fireAt - clock.now().getTime() - 1);
    expect(await scheduler.releaseDue()).toEqual([]);
    expect((await getOrder(app(), draft.id)).status).toBe('Draft');

    clock.advance(1);
    expect(await scheduler.releaseDue()).toEqual([draft.id]);
    expect(await getOrder(app(), draft.id)).toMatchObject({ status: 'Received', fire_at: draft.fire_at, scheduled_at: draft.scheduled_at });
    expect(await scheduler.releaseDue()).toEqual([]);
  });

  it("is made by the app's running scheduler once the fire time has passed and it wakes", async ({ dataDir: dir, startApp }) => {
    await fresh(startApp, dir);
    const draft = await scheduleOrder(inFuture(2 * 60 * MINUTE));
    clock.advance(2 * 60 * MINUTE);
    // A change to any order wakes the scheduler (its own timer would, within 30 s).
    const nudge = await app().inject({ method: 'PATCH', url: `/orders/${draft.id}`, as: 'manager', payload: { priority: 2 } });
    expect(nudge.json<Order>().status).toBe('Draft');
    await vi.waitFor(async () => expect((await getOrder(app(), draft.id)).status).toBe('Received'), { timeout: 15_000, interval: 20 });
  });

  it('leaves a Draft already moved to Received by an expeditor alone', async ({ dataDir: dir, startApp }) => {
    await fresh(startApp, dir);
    const scheduler = new OrderScheduler(app().store, clock.now);
    const draft = await scheduleOrder(inFuture(2 * 60 * MINUTE));
    const moved = await app().inject({ method: 'PATCH', url: `/orders/${draft.id}`, as: 'expeditor', payload: { status: 'Received' } });
    expect(moved.statusCode).toBe(200);
    clock.advance(2 * 60 * MINUTE);
    expect(await scheduler.releaseDue()).toEqual([]);
  });

  it('picks up overdue Drafts when a server starts on the same data directory, and only those', async ({ dataDir: dir, startApp }) => {
    await fresh(startApp, dir);
    const overdue = await scheduleOrder(inFuture(60 * MINUTE));
    const later = await scheduleOrder(inFuture(5 * 60 * MINUTE));
    await app().close();
    t = undefined;

    clock.advance(2 * 60 * MINUTE); // past the first fire time, before the second
    t = await startApp({ clock, dataDir, env, withoutUsers: true });
    const orders = app().store.collection('orders');
    await vi.waitFor(async () => expect((await orders.get(overdue.id))?.status).toBe('Received'), { timeout: 15_000, interval: 20 });
    expect((await orders.get(later.id))?.status).toBe('Draft');
  });
});

// A second store on the directory is refused, in this process or another (test/store/sqlite-lock.test.ts);
// two schedulers on the one store (an overlapping tick) must still release each Draft exactly once.
describe('exactly once with two schedulers on one store', () => {
  async function race(count: number) {
    const drafts: Order[] = [];
    for (let i = 0; i < count; i += 1) drafts.push(await scheduleOrder(inFuture(60 * MINUTE + i * 1000)));
    await app().close();
    t = undefined;

    const store: Store = openSqliteStore({ dataDir, clock: clock.now });
    cleanups.push(() => store.close());
    const events: ChangeEvent[] = [];
    store.onChange((event) => events.push(event));

    clock.advance(2 * 60 * MINUTE);
    const released = await Promise.all([
      new OrderScheduler(store, clock.now).releaseDue(),
      new OrderScheduler(store, clock.now).releaseDue(),
    ]);

    const ids = drafts.map((draft) => draft.id).sort();
    expect(released.flat().sort()).toEqual(ids);
    // One change event per release, each a Draft → Received, and nothing else.
    expect(events.map((event) => `${event.collection} ${event.operation} ${event.id}`).sort()).toEqual(
      ids.map((id) => `orders update ${id}`),
    );
    for (const event of events) {
      expect((event.before as OrderDoc | null)?.status).toBe('Draft');
      expect((event.after as OrderDoc | null)?.status).toBe('Received');
    }
    for (const id of ids) expect((await store.collection('orders').get(id))?.status).toBe('Received');
    // Nothing is left to release.
    expect(await new OrderScheduler(store, clock.now).releaseDue()).toEqual([]);
  }

  it('releases one Draft once, by exactly one of two racing schedulers, with one change event in total', async ({
    dataDir: dir,
    startApp,
  }) => {
    await fresh(startApp, dir);
    await race(1);
  });

  it('releases each of 20 Drafts once when two schedulers race over all of them', async ({ dataDir: dir, startApp }) => {
    await fresh(startApp, dir);
    await race(20);
  });
});
