// The expeditor calls an order late as its stations' boards do: at each station's learned pace
// (GET /stations/{station}/pace), not at the menu's times; and shows, beside it, the promise that
// will be missed (expected Ready after the time quoted: test/web/promise.test.ts).
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { cookedOnHotLine, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, signIn, WAIT_MS } from './browser.js';

describe("the expeditor's lateness", () => {
  it(
    "turns an order amber and red at its stations' learned pace",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      // Five steaks (25 menu minutes) each cooked in 30: the hot line cooks at 1.14 of the menu.
      await cookedOnHotLine(t, menu.steak.id, 5, 30);
      expect((await t.inject({ method: 'GET', url: '/stations/hot/pace', as: 'expeditor' })).json()).toMatchObject({ speed: 1.14 });
      const steak = await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: 'Paced' });
      const page = await openBoard(browser, t, '/expeditor');
      await signIn(page, 'expeditor');
      const row = orderCard(page, steak.id);
      // Signed in through the rail's own form, the paces are there at once (not a minute later):
      // 25 × 1.14 = 28.5 minutes to amber (the salad's 10 at the menu's pace is shorter), 5 more to red.
      await expect.poll(() => row.getAttribute('data-late'), { timeout: WAIT_MS }).toBe('28.5');
      expect([await row.getAttribute('data-late'), await row.getAttribute('data-very-late')]).toStrictEqual(['28.5', '33.5']);
    },
    BROWSER_TEST_MS,
  );
});
