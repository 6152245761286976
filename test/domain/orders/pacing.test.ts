// Pacing (contract: "Pacing: courses and fire times"): fire times to the second with a frozen clock,
// held courses fired by hand or after the gap, exactly-once fires, a fire across a restart, the
// derived status with held and voided tickets, and the changes recorded after a fire.
import { describe, expect } from 'vitest';
import { fileScene, it, type StartApp } from '../../helpers/fixtures.js';
import { createOrder } from '../../../domain/orders/orders.js';
import { courseOf } from '../../../domain/kitchen/pacing.js';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import type { DishDoc } from '../../../models/dish.js';
import type { Order } from '../../../models/order.js';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from './support.js';

let t: TestApp;
let clock: FrozenClock;
let dish: Record<'risotto' | 'salad' | 'tiramisu' | 'lemonade', { id: string }>;

async function seed(app: TestApp) {
  const rice = await addIngredient(app, 'Rice', 10_000);
  const add = (
    name: string,
    station: 'cold' | 'hot' | 'beverages',
    category: 'Appetizer' | 'Main Course' | 'Dessert' | 'Drinks',
    preparation_time: number,
  ) => addDish(app, { name, station, category, preparation_time, ingredients: [{ ingredient_id: rice.id, is_essential: false }] });
  return {
    risotto: await add('Risotto', 'hot', 'Main Course', 18),
    salad: await add('Salad', 'cold', 'Appetizer', 5),
    tiramisu: await add('Tiramisu', 'cold', 'Dessert', 4),
    lemonade: await add('Lemonade', 'beverages', 'Drinks', 3),
  };
}

// A test that reads fire times starts with an empty kitchen on an app of its own (`fresh`): a
// together order's fire times, and the drinks fired with a first course, follow the queues
// (test/domain/kitchen/together-pacing.test.ts). The few whose orders fire at once and that never
// move the clock share the file's app and dishes, on a frozen clock nobody moves.
const fileClock = new FrozenClock();
fileScene(
  async (app) => ({ t: app, clock: fileClock, dish: await seed(app) }),
  (scene) => ({ t, clock, dish } = scene),
  { clock: fileClock },
);
async function fresh(startApp: StartApp) {
  clock = new FrozenClock();
  t = await startApp({ clock });
  dish = await seed(t);
}

const iso = (ms: number) => new Date(ms).toISOString();
const post = (url: string, as: 'patron' | 'chef' | 'expeditor' | 'manager' = 'expeditor') => t.inject({ method: 'POST', url, as });
const bump = (order: Order, station: string, payload: object) =>
  t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload });
const read = async (id: string) => (await t.store.collection('orders').get(id))!;
const brief = (order: Order) =>
  order.tickets.map((ticket) => [ticket.course, ticket.station, ticket.status, ticket.fire_at, ticket.fired_at]);

describe('together: dishes due together', () => {
  it('fires the 18-minute risotto now and the 5-minute salad 13 minutes later, to the second', async ({ startApp }) => {
    await fresh(startApp);
    const now = clock.now().getTime();
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'together' });
    expect(order.status).toBe('Received');
    expect(brief(order)).toEqual([
      [1, 'cold', 'Draft', iso(now + 13 * MINUTE), null],
      [1, 'hot', 'Received', iso(now), iso(now)],
    ]);
    const scheduler = new OrderScheduler(t.store, clock.now);
    clock.advance(13 * MINUTE - 1000);
    expect(await scheduler.releaseDue()).not.toContain(order.id);
    clock.advance(1000);
    expect(await scheduler.releaseDue()).toEqual([order.id]);
    const fired = await read(order.id);
    expect(fired.tickets[0]).toMatchObject({ status: 'Received', fire_at: iso(now + 13 * MINUTE), fired_at: iso(now + 13 * MINUTE) });
    expect(fired.next_fire_at).toBeNull();
  });

  it('plans from scheduled_at: each ticket fires at the due time minus its longest dish', async ({ startApp }) => {
    await fresh(startApp);
    const now = clock.now().getTime();
    const due = now + 60 * MINUTE;
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'together', scheduled_at: iso(due) });
    expect(order).toMatchObject({ status: 'Draft', fire_at: iso(due - 18 * MINUTE) });
    expect(brief(order)).toEqual([
      [1, 'cold', 'Draft', iso(due - 5 * MINUTE), null],
      [1, 'hot', 'Draft', iso(due - 18 * MINUTE), null],
    ]);
  });

  it('is a Draft firing with its first ticket when every ticket waits (due within the schedule margin)', async ({ startApp }) => {
    await fresh(startApp);
    const now = clock.now().getTime();
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', {
      pacing: 'together',
      scheduled_at: iso(now + 20 * MINUTE),
    });
    expect(order).toMatchObject({ status: 'Draft', fire_at: iso(now + 2 * MINUTE) });
    expect(brief(order)).toEqual([
      [1, 'cold', 'Draft', iso(now + 15 * MINUTE), null],
      [1, 'hot', 'Draft', iso(now + 2 * MINUTE), null],
    ]);
  });

  it('counts a ticket firing within 30 minutes as upcoming at its station, and leaves it off the queue until it fires', async ({
    startApp,
  }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'together' });
    const allDay = await t.inject({ method: 'GET', url: '/stations/cold/all-day', as: 'chef' });
    expect(allDay.json<{ upcoming: { dish_id: string }[] }>().upcoming.some((item) => item.dish_id === dish.salad.id)).toBe(true);
    const queue = await t.inject({ method: 'GET', url: '/stations/cold/tickets?limit=30', as: 'chef' });
    expect(queue.json<{ results: Order[] }>().results.map((row) => row.id)).not.toContain(order.id);
    const rushed = await post(`/orders/${order.id}/fire`);
    expect(rushed.statusCode).toBe(200);
    expect(rushed.json<Order>().tickets.map((ticket) => ticket.status)).toEqual(['Received', 'Received']);
    const after = await t.inject({ method: 'GET', url: '/stations/cold/tickets?limit=30', as: 'chef' });
    const row = after
      .json<{ results: (Order & { course: number; dishes: { id: string }[] })[] }>()
      .results.find((each) => each.id === order.id)!;
    expect({ course: row.course, dishes: row.dishes.map((each) => each.id) }).toEqual({ course: 1, dishes: [dish.salad.id] });
  });
});

describe('courses: held until fired', () => {
  const coursed = (extra: object = {}) =>
    placeOrder(t, [dish.tiramisu.id, dish.risotto.id, dish.salad.id, dish.lemonade.id], 'patron', { pacing: 'courses', ...extra });

  it('fires course 1 (drinks with it), holds the others, and refuses to fire out of order', async ({ startApp }) => {
    await fresh(startApp);
    const now = clock.now().getTime();
    const order = await coursed();
    expect(brief(order)).toEqual([
      [1, 'cold', 'Received', iso(now), iso(now)],
      [1, 'beverages', 'Draft', iso(now + 2 * MINUTE), null],
      [2, 'hot', 'Draft', null, null],
      [3, 'cold', 'Draft', null, null],
    ]);
    expect((await post(`/orders/${order.id}/courses/3/fire`)).statusCode).toBe(409);
    expect((await post(`/orders/${order.id}/courses/4/fire`)).statusCode).toBe(404);
    expect((await post(`/orders/${order.id}/courses/2/fire`, 'chef')).statusCode).toBe(403);
    const fired = await post(`/orders/${order.id}/courses/2/fire`);
    expect(fired.statusCode).toBe(200);
    expect(fired.json<Order>().tickets[2]).toMatchObject({ course: 2, status: 'Received', fire_at: iso(now), fired_at: iso(now) });
    const again = await post(`/orders/${order.id}/courses/2/fire`);
    expect(again.json<Order>()).toEqual(fired.json<Order>());
  });

  it('is never Ready for Assembly while a course is held; a PATCH at a station with two courses names them', async ({ startApp }) => {
    await fresh(startApp);
    const order = await coursed();
    const ambiguous = await bump(order, 'cold', { status: 'In Progress' });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json<{ detail: string }>().detail).toContain('courses 1, 3');
    await post(`/orders/${order.id}/fire`);
    for (const [station, course] of [
      ['cold', 1],
      ['beverages', 1],
      ['hot', 2],
    ] as const) {
      for (const status of ['In Progress', 'Ready']) expect((await bump(order, station, { status, course })).statusCode).toBe(200);
    }
    expect((await read(order.id)).status).toBe('In Progress');
    await bump(order, 'cold', { status: 'In Progress', course: 3 });
    const done = await bump(order, 'cold', { status: 'Ready', course: 3 });
    expect(done.json<Order>().status).toBe('Ready for Assembly');
  });

  it('fires the next course by itself course_gap_minutes after the previous one is all Ready', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'courses', course_gap_minutes: 2.5 });
    await bump(order, 'cold', { status: 'In Progress' });
    const ready = await bump(order, 'cold', { status: 'Ready' });
    const readyAt = Date.parse(ready.json<Order>().tickets[0]!.ready_at!);
    expect(ready.json<Order>().tickets[1]).toMatchObject({ course: 2, status: 'Draft', fire_at: iso(readyAt + 2.5 * MINUTE) });
    const scheduler = new OrderScheduler(t.store, clock.now);
    clock.advance(2.5 * MINUTE);
    expect(await scheduler.releaseDue()).toContain(order.id);
    expect((await read(order.id)).tickets[1]).toMatchObject({ status: 'Received', fired_at: iso(readyAt + 2.5 * MINUTE) });
  });
});

describe('fires happen exactly once', () => {
  it('two schedulers on one store fire a due ticket once between them', async ({ startApp }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'together' });
    clock.advance(13 * MINUTE);
    const [a, b] = await Promise.all([
      new OrderScheduler(t.store, clock.now).releaseDue(),
      new OrderScheduler(t.store, clock.now).releaseDue(),
    ]);
    expect([...a, ...b].filter((id) => id === order.id)).toEqual([order.id]);
  });

  it('fires a ticket that fell due while the server was down, at the next start', async ({ dataDir, startApp }) => {
    const restartClock = new FrozenClock();
    const first = await startApp({ clock: restartClock, dataDir });
    const menu = await seed(first);
    const order = await placeOrder(first, [menu.salad.id, menu.risotto.id], 'patron', { pacing: 'together' });
    await first.close();
    restartClock.advance(20 * MINUTE);
    const second = await startApp({ clock: restartClock, dataDir, withoutUsers: true });
    let cold = (await second.store.collection('orders').get(order.id))!.tickets[0]!;
    for (let tries = 0; cold.status === 'Draft' && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      cold = (await second.store.collection('orders').get(order.id))!.tickets[0]!;
    }
    expect(cold).toMatchObject({ status: 'Received', fired_at: restartClock.now().toISOString() });
  });
});

describe('changes after firing', () => {
  it('records added and removed dishes on the fired ticket, voids a station left without dishes, and the status ignores it', async ({
    startApp,
  }) => {
    await fresh(startApp);
    const order = await placeOrder(t, [dish.salad.id, dish.lemonade.id]);
    const edited = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [dish.salad.id, dish.salad.id] },
    });
    expect(edited.statusCode).toBe(200);
    const at = edited.json<Order>().updated_at;
    expect(edited.json<Order>().tickets.map((ticket) => [ticket.station, ticket.status, ticket.changes])).toEqual([
      ['cold', 'Received', [{ at, added: [dish.salad.id], removed: [] }]],
      ['beverages', 'Voided', [{ at, added: [], removed: [dish.lemonade.id] }]],
    ]);
    await bump(order, 'cold', { status: 'In Progress' });
    expect((await bump(order, 'cold', { status: 'Ready' })).json<Order>().status).toBe('Ready for Assembly');
    const queue = await t.inject({ method: 'GET', url: '/stations/beverages/tickets?limit=30', as: 'chef' });
    expect(
      queue
        .json<{ results: (Order & { course: number })[] }>()
        .results.filter((row) => row.id === order.id)
        .map((row) => row.tickets[1]!.status),
    ).toEqual(['Voided']);
    clock.advance(10 * MINUTE + 1);
    // A fresh token: the frozen clock has moved past the test's first ones.
    const login = await t.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: 'chef1', password: PASSWORD },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const later = await t.inject({
      method: 'GET',
      url: '/stations/beverages/tickets?limit=30',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(later.json<{ results: Order[] }>().results.map((row) => row.id)).not.toContain(order.id);
  });
});

describe('a voided ticket given its dish back', () => {
  it('comes back to the station as the one ticket of its station and course, with the dish marked added', async () => {
    const order = await placeOrder(t, [dish.salad.id, dish.lemonade.id]);
    await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'patron', payload: { dish_ids: [dish.salad.id] } });
    const back = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { dish_ids: [dish.salad.id, dish.lemonade.id] },
    });
    const at = back.json<Order>().updated_at;
    const beverages = back.json<Order>().tickets.filter((ticket) => ticket.station === 'beverages');
    expect(beverages.map((ticket) => [ticket.status, ticket.fired_at, ticket.changes.at(-1)])).toEqual([
      ['Received', order.tickets[1]!.fired_at, { at, added: [dish.lemonade.id], removed: [] }],
    ]);
  });
});

describe("the seed's order-level moves", () => {
  it('fire held tickets first, then apply to every ticket', async () => {
    const now = clock.now().toISOString();
    const order = await placeOrder(t, [dish.salad.id, dish.risotto.id], 'patron', { pacing: 'courses' });
    const started = await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'expeditor', payload: { status: 'In Progress' } });
    expect(started.statusCode).toBe(200);
    expect(started.json<Order>().tickets.map((ticket) => [ticket.course, ticket.status, ticket.fired_at, ticket.fire_at])).toEqual([
      [1, 'In Progress', now, now],
      [2, 'In Progress', now, now],
    ]);
  });
});

describe('the pacing fields', () => {
  it('number courses over the categories the order has, Drinks with the first', () => {
    const of = (...categories: DishDoc['category'][]) => {
      const dishes = categories.map((category) => ({ category }) as DishDoc);
      return dishes.map(courseOf('courses', dishes));
    };
    expect(of('Main Course', 'Dessert')).toEqual([1, 2]);
    expect(of('Dessert', 'Drinks', 'Appetizer', 'Main Course')).toEqual([3, 1, 1, 2]);
    expect(of('Drinks')).toEqual([1]);
    const dishes = [{ category: 'Dessert' } as DishDoc, { category: 'Appetizer' } as DishDoc];
    expect(dishes.map(courseOf('together', dishes))).toEqual([1, 1]);
  });

  it('refuses an unknown pacing and a course gap outside 0–120 minutes (400 naming the field)', async () => {
    for (const extra of [{ pacing: 'slowly' }, { course_gap_minutes: 120.5 }, { course_gap_minutes: -1 }]) {
      const response = await t.inject({
        method: 'POST',
        url: '/orders',
        as: 'patron',
        payload: { name: 'Ben', dish_ids: [dish.salad.id], ...extra },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(Object.keys(extra)[0]);
    }
    const order = await placeOrder(t, [dish.salad.id]);
    const patched = await t.inject({
      method: 'PATCH',
      url: `/orders/${order.id}`,
      as: 'patron',
      payload: { pacing: 'courses', course_gap_minutes: 0.5 },
    });
    expect(patched.json<Order>()).toMatchObject({ pacing: 'courses', course_gap_minutes: 0.5 });
  });

  it("takes the restaurant's default pacing through the order deps when an order names none", async ({ startApp }) => {
    await fresh(startApp);
    const principal = { userId: t.userIds.patron, userName: 'patron1', role: 'patron' as const, expiresAt: Date.now() + MINUTE };
    const order = await createOrder({ store: t.store, now: clock.now, defaultPacing: () => 'together' }, principal, {
      name: 'Ben',
      dish_ids: [dish.salad.id, dish.risotto.id],
    });
    expect(order.pacing).toBe('together');
    expect(order.tickets.map((ticket) => ticket.status)).toEqual(['Draft', 'Received']);
    expect((await placeOrder(t, [dish.salad.id, dish.risotto.id])).pacing).toBe('at_once');
  });
});
