// The "more below" strip names a ticket as new only when it arrived while the board showed its
// tickets: a render drawn before the board's first load (a station board left at its sign-in form
// redraws every 30 s; the rail redraws when the stations' paces come, which may be before its
// orders) shows no tickets, and must not make every ticket of the first load "new". A new ticket's
// name reads whole on a phone, in a long language too.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn } from './browser.js';
import { speak } from './languages.js';
import { keepShot } from './layout.js';

/** The strip's words and classes, and whether its words run past it or it past the screen. */
const strip = (page: Page) =>
  page.evaluate<{ text: string; className: string; cut: boolean }>(`(() => {
    const strip = document.querySelector('#more-below');
    const box = strip.getBoundingClientRect();
    const cut = strip.scrollWidth > strip.clientWidth + 1 || strip.scrollHeight > strip.clientHeight + 1 || box.right > innerWidth + 0.5;
    return { text: strip.textContent, className: strip.className, cut };
  })()`);

/** Waits until the strip names a ticket as new, with exactly these words, whole and on screen. */
const namesNew = (page: Page, words: RegExp) =>
  expect.poll(() => strip(page)).toStrictEqual({ text: expect.stringMatching(words), className: 'more-below has-new', cut: false });

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
      expect(await strip(hot)).toStrictEqual({ text: expect.stringMatching(/^▼ \d+ more below$/), className: 'more-below', cut: false });

      // A ticket that comes in while the board shows the others, below the fold: named.
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Newest', table_number: 99 });
      await namesNew(hot, /^▼ \d+ more below · new: Table 99$/);
    },
    BROWSER_TEST_MS,
  );

  it(
    'names no order as new on the rail whose paces came before its orders, and names the next one that arrives',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 200);
      for (let i = 1; i <= 26; i += 1)
        await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: `Guest${i}`, table_number: i });
      // The orders' list answers a second late: the paces, asked at the sign-in too, come first and
      // draw the rail while it holds no order yet.
      const slowOrders = (page: Page) =>
        page.route(/\/orders\?/, async (route) => {
          await new Promise((done) => setTimeout(done, 1_000));
          await route.continue();
        });
      const paces: string[] = [];
      const expo = await openBoard(browser, t, '/expeditor', undefined, {
        beforeLoad: async (page) => {
          page.on('response', (response) => {
            if (/\/stations\/\w+\/pace$/.test(response.url())) paces.push(`${response.status()}`);
          });
          await slowOrders(page);
        },
      });
      await signIn(expo, 'expeditor');
      await expect.poll(() => expo.textContent('#count')).toBe('26 open · 0 at the pass');
      // The three paces were answered (once the rail was signed in), and the rail drew with them.
      expect(paces.filter((status) => status === '200')).toHaveLength(3);
      expect(await strip(expo)).toStrictEqual({ text: expect.stringMatching(/^▼ \d+ more below$/), className: 'more-below', cut: false });

      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Newest', table_number: 99 });
      await namesNew(expo, /^▼ \d+ more below · new: Table 99$/);
    },
    BROWSER_TEST_MS,
  );

  it(
    'reads a new takeaway whole on a phone in French',
    async ({ app: t, browser }) => {
      await speak(t, 'fr');
      const menu = await seedMenu(t, 100);
      for (let i = 1; i <= 8; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i });
      const hot = await openBoard(browser, t, '/kds/hot', { width: 375, height: 812 });
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('8 ouverts');
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Newest', table_number: undefined });
      await namesNew(hot, /^▼ \d+ de plus en bas · nouveau : À emporter$/);
      await keepShot(hot, 'more-below-new-fr-375x812');
    },
    BROWSER_TEST_MS,
  );
});
