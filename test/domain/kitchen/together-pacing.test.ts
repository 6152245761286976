// `together` fire times from the live queues: each ticket fires at the due time less its expected
// time at its station's pace and queue, so a salad and a braise behind a busy hot line reach the
// pass together, and a held ticket is re-timed (by the re-estimates' pass) as the queues move.
import { afterEach, describe, expect } from 'vitest';
import type { Order, OrderDoc } from '../../../models/order.js';
import { ExpectedTimes } from '../../../domain/kitchen/expected-times.js';
import { KitchenQueues } from '../../../domain/kitchen/kitchen-queues.js';
import { OrderScheduler } from '../../../domain/orders/scheduler.js';
import { KitchenBook } from '../../../domain/views/kitchen-book.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;
let braise: { id: string };
let t0: number;
/** The live queues and the re-estimates' pass, as the server keeps them, over the app's store. */
let queues: KitchenQueues;
let expected: ExpectedTimes;

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: String(24 * 3600) } });
  menu = await seedMenu(t, 100);
  braise = await addDish(t, {
    name: 'Braise',
    station: 'hot',
    category: 'Main Course',
    preparation_time: 30,
    ingredients: [{ ingredient_id: menu.beef.id, is_essential: true }],
  });
  // One cook a station tonight, so the queues below are exact.
  const staffing = { staffing: { cold: 1, hot: 1 } };
  expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: staffing })).statusCode).toBe(200);
  t0 = clock.now().getTime();
  queues = await KitchenQueues.open(t.store, clock.now, await KitchenBook.open(t.store));
  expected = new ExpectedTimes(t.store, queues, clock.now, t.app.log);
});
afterEach(async () => {
  await queues.close();
});

const at = (minutes: number) => new Date(t0 + minutes * MINUTE).toISOString();
const bump = async (order: Order, station: string, status: string) =>
  expect(
    (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload: { status } })).statusCode,
  ).toBe(200);
const stored = async (order: Order) => (await t.store.collection('orders').get(order.id))!;
/** One pass of the re-estimates (a second after the queues move, in the running server), written. */
async function pass(): Promise<void> {
  const { writes } = expected.moved(clock.now().getTime());
  if (writes.length > 0) await t.store.collection('orders').updateEach(writes);
}
/** When each station's ticket of the order is expected Ready, from the live queues. */
function readyAtPass(order: OrderDoc): Record<string, string> {
  const times = queues.stationTimes();
  const now = clock.now().getTime();
  return Object.fromEntries(order.tickets.map((ticket) => [ticket.station, new Date(times.readyAt(order, ticket, now)).toISOString()]));
}

/** A steak cooking since t0 (25 minutes: 20 left at t0 + 5), then, at t0 + 5, a salad (10) and a braise (30) together. */
async function behindTheSteak(): Promise<{ steak: Order; together: Order }> {
  const steak = await placeOrder(t, [menu.steak.id]);
  await bump(steak, 'hot', 'In Progress');
  clock.advance(5 * MINUTE);
  const together = await placeOrder(t, [menu.salad.id, braise.id], 'patron', { pacing: 'together' });
  return { steak, together };
}

describe('together, from the queues', () => {
  it('fires the salad so that it reaches the pass with the braise behind a 20-minute hot queue', async () => {
    const { together } = await behindTheSteak();
    // The braise fires now and waits 20 minutes for the cook: ready at +55; the salad fires 10 minutes before.
    expect(together.tickets.map((ticket) => [ticket.station, ticket.status, ticket.fire_at, ticket.fired_at])).toStrictEqual([
      ['cold', 'Draft', at(45), null],
      ['hot', 'Received', at(5), at(5)],
    ]);
    expect([together.quoted_ready_at, together.expected_ready_at]).toStrictEqual([at(55), at(55)]);
    expect(readyAtPass(await stored(together))).toStrictEqual({ cold: at(55), hot: at(55) });
    // Menu minutes alone would have fired it at due − 10 = +25, half an hour before the braise.
  });

  it('moves the salad earlier when the hot line drains faster, and the scheduler fires it then', async () => {
    const { steak, together } = await behindTheSteak();
    // The steak is done at +10, in 10 of its 25 minutes: the hot line learns 0.8 of the menu
    // (the menu as two tickets at 1.0, this one at 0.4: a third of the way), and the braise cooks 24 minutes from now.
    clock.advance(5 * MINUTE);
    await bump(steak, 'hot', 'Ready');
    await pass();
    const retimed = await stored(together);
    expect(retimed.tickets.map((ticket) => [ticket.station, ticket.status, ticket.fire_at])).toStrictEqual([
      ['cold', 'Draft', at(24)],
      ['hot', 'Received', at(5)],
    ]);
    expect([retimed.next_fire_at, retimed.expected_ready_at, retimed.quoted_ready_at]).toStrictEqual([at(24), at(34), at(55)]);
    expect(readyAtPass(retimed)).toStrictEqual({ cold: at(34), hot: at(34) });
    // Nothing moved since: a second pass writes nothing.
    expect(expected.moved(clock.now().getTime()).writes).toStrictEqual([]);
    const scheduler = new OrderScheduler(t.store, clock.now);
    clock.advance(14 * MINUTE - 1000);
    expect(await scheduler.releaseDue()).toStrictEqual([]);
    clock.advance(1000);
    expect(await scheduler.releaseDue()).toStrictEqual([together.id]);
    expect((await stored(together)).tickets[0]).toMatchObject({ status: 'Received', fire_at: at(24), fired_at: at(24) });
  });

  it('fires a held salad at once when its own station falls too far behind to have it Ready in time', async () => {
    const { together } = await behindTheSteak();
    const brief = async () => {
      const order = await stored(together);
      return [order.tickets[0]!.status, order.tickets[0]!.fire_at, order.next_fire_at, order.expected_ready_at];
    };
    // Four salads ordered at once ahead of it: 40 minutes of cold work, done by +45, when it fires: nothing moves.
    for (let i = 0; i < 4; i += 1) await placeOrder(t, [menu.salad.id]);
    await pass();
    expect(await brief()).toStrictEqual(['Draft', at(45), at(45), at(55)]);
    // A fifth: the cold line is busy until +55, so fired at +45 it would be Ready at +65. It fires now.
    await placeOrder(t, [menu.salad.id]);
    await pass();
    expect(await brief()).toStrictEqual(['Draft', at(5), at(5), at(65)]);
    expect(await new OrderScheduler(t.store, clock.now).releaseDue()).toStrictEqual([together.id]);
    expect((await stored(together)).tickets[0]).toMatchObject({ status: 'Received', fired_at: at(5) });
  });

  it('keeps a scheduled together order due at its time: a held braise fires at once when the hot line falls behind', async () => {
    // Due at +60: the braise (30) is planned at +30, the salad (10) at +50.
    const order = await placeOrder(t, [menu.salad.id, braise.id], 'patron', { pacing: 'together', scheduled_at: at(60) });
    const brief = async () => {
      const now = await stored(order);
      return [now.status, now.fire_at, now.next_fire_at, ...now.tickets.map((ticket) => ticket.fire_at)];
    };
    expect(await brief()).toStrictEqual(['Draft', at(30), at(30), at(50), at(30)]);
    // A steak on the hot line now (25 minutes) is done before +30: nothing moves.
    await placeOrder(t, [menu.steak.id]);
    await pass();
    expect(await brief()).toStrictEqual(['Draft', at(30), at(30), at(50), at(30)]);
    // A second one keeps the cook busy until +50: the braise fires now, the salad stays at +50.
    await placeOrder(t, [menu.steak.id]);
    await pass();
    expect(await brief()).toStrictEqual(['Draft', at(0), at(0), at(50), at(0)]);
  });
});
