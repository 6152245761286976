// The kitchen's pace: learned from the tickets each station readies (recent ones weighing most),
// blind to bumps that are not cooking, kept across restarts, overridden by tonight's staffing, and
// read by GET /stations/{station}/pace.
import { describe, expect } from 'vitest';
import type { Order } from '../../../models/order.js';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let dataDir: string;
let menu: Awaited<ReturnType<typeof seedMenu>>;
const env = { POS_ACCESS_TOKEN_TTL: String(24 * 3600) };

// The app and its data directory (kept for a restart) come from the fixtures, removed when the test ends.
it.beforeEach(async ({ dataDir: dir, startApp }) => {
  clock = new FrozenClock();
  dataDir = dir;
  t = await startApp({ clock, dataDir, env });
  menu = await seedMenu(t, 50);
});

const pace = (station: string, as: 'chef' | 'patron' = 'chef') => t.inject({ method: 'GET', url: `/stations/${station}/pace`, as });
const bump = async (order: Order, status: string, station = 'hot') =>
  expect(
    (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload: { status } })).statusCode,
  ).toBe(200);
const menuPace = (station: string, dishes: { dish_id: string; name: string; minutes: number; menu_minutes: number }[]) => ({
  station,
  speed: 1,
  cooks: 1,
  learned_from: 0,
  dishes,
  late_margin_minutes: 5,
});
const steakAt = (minutes: number) => [{ dish_id: menu.steak.id, name: 'Steak', minutes, menu_minutes: 25 }];

/** Five steaks (25 menu minutes), each cooked alone in 30 real minutes. */
async function fiveSlowSteaks(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    const order = await placeOrder(t, [menu.steak.id]);
    await bump(order, 'In Progress');
    clock.advance(30 * MINUTE);
    await bump(order, 'Ready');
  }
}
// The menu counts as two tickets at 1.0, then each ticket at 1.2 weighs 1/3, 1/4 … of what is left:
// (2 + 5 × 1.2) / 7 = 1.14; the steak's own pace (five tickets of it) 1.16, so 29 minutes.
const LEARNED = { station: 'hot', speed: 1.14, cooks: 1, learned_from: 5, dishes: [], late_margin_minutes: 5 };

describe('GET /stations/{station}/pace', () => {
  it("is the menu's minutes for a kitchen with no history, then what the tickets took, per station and dish", async () => {
    expect((await pace('hot')).json()).toStrictEqual(menuPace('hot', steakAt(25)));
    await fiveSlowSteaks();
    expect((await pace('hot')).json()).toStrictEqual({ ...LEARNED, dishes: steakAt(29) });
    expect((await pace('cold')).json()).toStrictEqual(
      menuPace('cold', [{ dish_id: menu.salad.id, name: 'Green Salad', minutes: 10, menu_minutes: 10 }]),
    );
  });

  it("takes the menu minutes of a dish as its items were ordered: its options' minutes included, as cooked", async () => {
    const options = await t.inject({
      method: 'PATCH',
      url: `/dishes/${menu.steak.id}`,
      as: 'chef',
      payload: { modifier_groups: [{ name: 'Doneness', min: 1, options: [{ name: 'Medium' }, { name: 'Well done', minutes_delta: 5 }] }] },
    });
    expect(options.statusCode, options.body).toBe(200);
    const [medium, wellDone] = options.json().modifier_groups[0].options.map((option: { id: string }) => option.id);
    const cook = async (optionId: string, minutes: number) => {
      const order = await placeOrder(t, [], 'patron', { dish_ids: undefined, items: [{ dish_id: menu.steak.id, option_ids: [optionId] }] });
      await bump(order, 'In Progress');
      clock.advance(minutes * MINUTE);
      await bump(order, 'Ready');
    };
    // Nothing cooked yet: the dish's preparation_time.
    expect((await pace('hot')).json()).toStrictEqual(menuPace('hot', steakAt(25)));
    // Five well-done steaks (30 menu minutes each, the option's 5 included), each cooked in 36: 1.2 times their time.
    for (let i = 0; i < 5; i += 1) await cook(wellDone, 36);
    // The station 1.14 and the steak's own pace 1.16 as for five plain steaks at 1.2 (above), now of
    // 30 menu minutes: 34.9 real; had the menu's 25 been the baseline, 29.
    expect((await pace('hot')).json()).toStrictEqual({
      ...LEARNED,
      dishes: [{ dish_id: menu.steak.id, name: 'Steak', minutes: 34.9, menu_minutes: 30 }],
    });
    // Then medium ones (25 minutes) at the same pace: the options' minutes weigh less as they are ordered less.
    for (let i = 0; i < 2; i += 1) await cook(medium, 30);
    const after = (await pace('hot')).json();
    // The sixth and seventh ticket weigh 1/6 and 1/7 of what is left: 5 × 5/6 × 6/7 = 3.6 minutes of
    // options, 28.6 menu minutes; the steak's pace 1.17 (the two at 1.2 weigh 1/8 and 1/9): 33.4 real.
    expect(after.dishes).toStrictEqual([{ dish_id: menu.steak.id, name: 'Steak', minutes: 33.4, menu_minutes: 28.6 }]);
  });

  it('is for kitchen staff, about a station that exists', async () => {
    expect((await pace('hot', 'patron')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/stations/hot/pace' })).statusCode).toBe(401);
    const unknown = await pace('grill');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No station "grill"; the stations are cold, hot, beverages.');
  });
});

describe('bumps that are not cooking teach nothing', () => {
  it('a one-tap Done, an order moved In Progress then Ready at once, and a recall readied again', async () => {
    for (let i = 0; i < 6; i += 1) {
      const order = await placeOrder(t, [menu.steak.id]);
      clock.advance(20 * MINUTE);
      await bump(order, 'In Progress');
      clock.advance(3_000);
      await bump(order, 'Ready');
    }
    const whole = await placeOrder(t, [menu.steak.id]);
    clock.advance(40 * MINUTE);
    for (const status of ['In Progress', 'Ready for Assembly'])
      expect((await t.inject({ method: 'PATCH', url: `/orders/${whole.id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(200);
    expect((await pace('hot')).json()).toStrictEqual(menuPace('hot', steakAt(25)));

    // Cooked in 25 minutes (a measurement), then recalled and readied again an hour later: not a second one.
    const recalled = await placeOrder(t, [menu.steak.id]);
    await bump(recalled, 'In Progress');
    clock.advance(25 * MINUTE);
    await bump(recalled, 'Ready');
    clock.advance(60 * MINUTE);
    await bump(recalled, 'In Progress');
    await bump(recalled, 'Ready');
    expect((await pace('hot')).json()).toMatchObject({ speed: 1, learned_from: 1 });
  });

  it('twelve Starts at once do not make twelve cooks: one cook readies them one by one', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 12; i += 1) orders.push(await placeOrder(t, [menu.steak.id]));
    for (const order of orders) await bump(order, 'In Progress');
    for (const order of orders) {
      clock.advance(25 * MINUTE);
      await bump(order, 'Ready');
    }
    expect((await pace('hot')).json()).toStrictEqual({ ...menuPace('hot', steakAt(25)), learned_from: 12 });
  });
});

describe('the cooks a station is seen to have', () => {
  it('three steaks cooked side by side make three cooks, whatever order they are readied in', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 3; i += 1) {
      orders.push(await placeOrder(t, [menu.steak.id]));
      await bump(orders[i]!, 'In Progress');
      clock.advance(MINUTE);
    }
    // Started at 0, 1 and 2 minutes; the last one started is readied first, at 20, then 24 and 28.
    clock.advance(17 * MINUTE);
    for (const order of orders.reverse()) {
      await bump(order, 'Ready');
      clock.advance(4 * MINUTE);
    }
    expect((await pace('hot')).json()).toMatchObject({ cooks: 3, learned_from: 3 });
  });

  it('while tickets wait, the tickets In Progress started apart are its cooks; started together, one', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 4; i += 1) orders.push(await placeOrder(t, [menu.steak.id]));
    // Two started within 20 seconds: one cook's list, with two tickets waiting.
    await bump(orders[0]!, 'In Progress');
    clock.advance(10_000);
    await bump(orders[1]!, 'In Progress');
    expect((await pace('hot')).json()).toMatchObject({ cooks: 1 });
    // A third started a minute later while one still waits: a second cook.
    clock.advance(MINUTE);
    await bump(orders[2]!, 'In Progress');
    expect((await pace('hot')).json()).toMatchObject({ cooks: 2 });
    // Nothing waits any more: starting it says nothing of the cooks, and the learned one is back.
    await bump(orders[3]!, 'In Progress');
    expect((await pace('hot')).json()).toMatchObject({ cooks: 1 });
  });
});

describe("tonight's staffing", () => {
  it("sets a station's cooks for the quotes while set, and null gives the learned ones back", async () => {
    const staff = (staffing: Record<string, number | null>) =>
      t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { staffing } });
    const three = await staff({ hot: 3 });
    expect(three.statusCode).toBe(200);
    expect(three.json().staffing).toStrictEqual({ cold: null, hot: 3, beverages: null });
    expect((await pace('hot')).json()).toMatchObject({ cooks: 3 });
    // Three steaks cooking: with three cooks, a fourth is not behind any of them.
    for (let i = 0; i < 3; i += 1) await bump(await placeOrder(t, [menu.steak.id]), 'In Progress');
    expect((await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.salad.id}` })).json().minutes).toBe(10);
    expect((await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}` })).json().minutes).toBe(50);
    expect((await staff({ cold: 2 })).json().staffing).toStrictEqual({ cold: 2, hot: 3, beverages: null });
    expect((await staff({ hot: null })).json().staffing).toStrictEqual({ cold: 2, hot: null, beverages: null });
    expect((await pace('hot')).json()).toMatchObject({ cooks: 1 });
    expect((await pace('cold')).json()).toMatchObject({ cooks: 2 });
  });

  it('refuses a number of cooks outside 1 to 20, naming the station', async () => {
    for (const staffing of [{ hot: 0 }, { hot: 21 }, { hot: 2.5 }, { grill: 2 }]) {
      const response = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { staffing } });
      expect(response.statusCode, JSON.stringify(staffing)).toBe(400);
      expect(response.json().errors[0].path).toMatch(/^staffing/);
    }
  });
});

describe('the pace is kept', () => {
  it('survives a restart, and the next day starts where the last one ended', async ({ startApp }) => {
    await fiveSlowSteaks();
    const { tokens } = t;
    await t.close();
    clock.advance(20 * 60 * MINUTE); // tomorrow evening
    t = await startApp({ clock, dataDir, env, withoutUsers: true });
    Object.assign(t.tokens, tokens);
    expect((await pace('hot')).json()).toStrictEqual({ ...LEARNED, dishes: steakAt(29) });
    const quote = await t.inject({ method: 'GET', url: `/quote?dish_ids=${menu.steak.id}` });
    expect(quote.json().minutes).toBe(29);
  });
});
