// Issue 32 on the expeditor, in a real browser: each cooking order shows its promise (when it is
// expected Ready for Assembly), red once the time quoted to the guest will be missed.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, signIn } from './browser.js';

/** As the board writes a time (its page runs in UTC): with the day in front when it is not today, as after midnight. */
const clock = (iso: string) => {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const today = at.toISOString().slice(0, 10) === new Date().toISOString().slice(0, 10);
  return today ? time : `${at.toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${time}`;
};

describe("the expeditor's promises", () => {
  it(
    'shows when each order is expected ready, and turns it red once the quoted time is missed',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      t.clock.advance(-2 * 3_600_000);
      const late = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Early' });
      t.clock.advance(2 * 3_600_000);
      const fresh = await placeOrder(t, [menu.salad.id], 'patron', { name: 'Fresh' });
      const page = await openBoard(browser, t, '/expeditor');
      await signIn(page, 'expeditor');
      const read = async (id: string) => {
        const order = (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json<{ expected_ready_at: string }>();
        const label = orderCard(page, id).locator('.order-promise');
        return {
          shown: await label.textContent(),
          expected: `due ${clock(order.expected_ready_at)}`,
          missed: (await label.getAttribute('class'))?.includes('missed'),
        };
      };
      await orderCard(page, fresh.id).waitFor();
      const now = await read(fresh.id);
      expect(now).toStrictEqual({ shown: now.expected, expected: now.expected, missed: false });
      const past = await read(late.id);
      expect(past).toStrictEqual({ shown: past.expected, expected: past.expected, missed: true });
    },
    BROWSER_TEST_MS,
  );
});
