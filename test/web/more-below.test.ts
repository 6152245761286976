// The "more below" strip names a ticket as new only when it arrived while the board showed its
// tickets: a render drawn before the board's first load (a station board left at its sign-in form
// redraws every 30 s) shows no tickets, and must not make every ticket of the first load "new".
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn } from './browser.js';

describe('the "more below" strip', () => {
  it(
    'names no ticket as new on a station board signed in after waiting at its form, and names the next one that arrives',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 500);
      for (let i = 1; i <= 40; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i });
      // The page's own clock, so its 30-second redraw can come at once while the form waits.
      const hot = await openBoard(browser, t, '/kds/hot', undefined, { ownContext: true, beforeLoad: (page) => page.clock.install() });
      await hot.waitForSelector('#login input[name=user_name]');
      await hot.clock.fastForward(30_000);
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('40 open');
      const strip = hot.locator('#more-below');
      expect(await strip.textContent()).toMatch(/^▼ \d+ more below$/);
      expect(await strip.getAttribute('class')).toBe('more-below');

      // A ticket that comes in while the board shows the others, below the fold: named.
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Newest', table_number: 99 });
      await expect.poll(() => strip.textContent()).toMatch(/^▼ \d+ more below · new: Table 99$/);
      expect(await strip.getAttribute('class')).toBe('more-below has-new');
    },
    BROWSER_TEST_MS,
  );
});
