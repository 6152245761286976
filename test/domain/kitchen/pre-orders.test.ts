// Scheduled and held tickets are counted by the quotes and the kitchen-full check at the time
// they will fire: pre-orders for 19:00 are work on the line from their fire time.
import { describe, expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { addDish, placeOrder, seedMenu } from '../../helpers/menu.js';
import { FrozenClock, MINUTE } from '../orders/support.js';

let t: TestApp;
let clock: FrozenClock;
let menu: Awaited<ReturnType<typeof seedMenu>>;

it.beforeEach(async ({ startApp }) => {
  clock = new FrozenClock();
  t = await startApp({ clock });
  menu = await seedMenu(t, 100);
});

const iso = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE).toISOString();

describe('pre-orders on the line', () => {
  it('thirty steaks for 19:00 make the 18:55 burger later, and the thirty-first is refused beyond max_wait_minutes', async () => {
    // Now is 17:00; 19:00 is in 120 minutes. Twenty cooks on the hot line: 30 steaks (25 minutes) take 37.5 of them.
    const settings = { staffing: { hot: 20 }, max_wait_minutes: 37 };
    expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: settings })).statusCode).toBe(200);
    const burger = await addDish(t, {
      name: 'Burger',
      station: 'hot',
      preparation_time: 12,
      ingredients: [{ ingredient_id: menu.beef.id, is_essential: true }],
    });
    const burgerQuote = async () =>
      (await t.inject({ method: 'GET', url: `/quote?dish_ids=${burger.id}&scheduled_at=${iso(115)}` })).json().ready_at as string;
    expect(await burgerQuote()).toBe(iso(115));

    const at19 = { scheduled_at: iso(120) };
    for (let i = 0; i < 30; i += 1) {
      const order = await placeOrder(t, [menu.steak.id], 'patron', at19);
      expect(order.status).toBe('Draft');
    }
    // The steaks fire at 18:35 and keep the twenty cooks busy until 19:12:30; the burger fires at 18:43, behind them.
    expect(await burgerQuote()).toBe(iso(95 + 37.5 + 12));
    const refused = await t.inject({
      method: 'POST',
      url: '/orders',
      as: 'patron',
      payload: { name: 'Ben', dish_ids: [menu.steak.id], table_number: 4, ...at19 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ title: 'The kitchen is full', ready_at: iso(95 + 37.5 + 25) });
    // Staff still take it.
    expect((await placeOrder(t, [menu.steak.id], 'expeditor', at19)).status).toBe('Draft');
  });
});
