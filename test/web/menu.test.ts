// The menu board in a real browser, with no login: dishes by category, greyed out when an essential
// ingredient runs out and enabled again when it is restocked, live.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, waitUntilLive, WAIT_MS } from './browser.js';
import { seedLongMenu } from './guest-content.js';

/** Each dish as the board shows it: category, name, price, whether it has a photo slot (none is hosted), and whether it is greyed out. */
function readMenu(page: Page) {
  return page.$$eval('.dish', (items) =>
    items.map((item) => ({
      category: item.closest('.category')?.querySelector('h2')?.textContent,
      name: item.querySelector('.dish-title')?.textContent,
      price: item.querySelector('.dish-price')?.textContent,
      photo: item.querySelector('.dish-photo') !== null,
      greyedOut: item.classList.contains('unavailable'),
      soldOut: item.querySelector('.sold-out')?.textContent ?? null,
    })),
  );
}

const steakOn = async (page: Page) => (await readMenu(page)).find((dish) => dish.name === 'Steak');

describe('menu board', () => {
  it(
    'lists the dishes by category and greys a dish out on a stock-out, live, until it is restocked',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/menu', { width: 800, height: 1280 });
      await waitUntilLive(page);
      await page.waitForSelector('[data-dish-id]');
      expect(await readMenu(page)).toStrictEqual([
        { category: 'Appetizers', name: 'Green Salad', price: '$12.50', photo: false, greyedOut: false, soldOut: null },
        { category: 'Main courses', name: 'Steak', price: '$12.50', photo: false, greyedOut: false, soldOut: null },
        { category: 'Drinks', name: 'Lemonade', price: '$12.50', photo: false, greyedOut: false, soldOut: null },
      ]);

      const out = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } });
      expect(out.statusCode).toBe(200);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"].unavailable`);
      expect(await steakOn(page)).toStrictEqual({
        category: 'Main courses',
        name: 'Steak',
        price: '$12.50',
        photo: false,
        greyedOut: true,
        soldOut: 'Sold out',
      });

      const restocked = await t.inject({
        method: 'PATCH',
        url: `/ingredients/${menu.beef.id}`,
        as: 'chef',
        payload: { in_stock_delta: 5 },
      });
      expect(restocked.statusCode).toBe(200);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"]:not(.unavailable)`);
      expect((await steakOn(page))?.greyedOut).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'is redrawn by dish events only: the stock an order takes leaves the board as it is',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/menu');
      await waitUntilLive(page);
      // A price change shown means the board's first load is behind it: count redraws from here.
      expect((await t.inject({ method: 'PATCH', url: `/dishes/${menu.salad.id}`, as: 'chef', payload: { price: 9 } })).statusCode).toBe(
        200,
      );
      await page.waitForSelector(`[data-dish-id="${menu.salad.id}"] .dish-price:text("9.00")`);
      // Every redraw replaces the children of #menu: one mutation record each.
      await page.evaluate(`window.redraws = 0;
      new MutationObserver((records) => { window.redraws += records.length; }).observe(document.querySelector('#menu'), { childList: true });`);

      await placeOrder(t, [menu.steak.id, menu.salad.id]);
      // Then a sell-out: its stock.updated, then the dish.availability that greys the lemonade out.
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_qty: 0 } })).statusCode,
      ).toBe(200);
      await page.waitForSelector(`[data-dish-id="${menu.lemonade.id}"].unavailable`);
      expect(await page.evaluate('window.redraws')).toBe(1);
      expect((await readMenu(page)).map((dish) => [dish.name, dish.greyedOut])).toStrictEqual([
        ['Green Salad', false],
        ['Steak', false],
        ['Lemonade', true],
      ]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows a dish added to the menu without a reload',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/menu');
      await waitUntilLive(page);
      const created = await t.inject({
        method: 'POST',
        url: '/dishes',
        as: 'chef',
        payload: {
          name: 'Espresso',
          description: 'Short and strong',
          category: 'Drinks',
          image_name: 'espresso.jpg',
          ingredients: [{ ingredient_id: menu.lemon.id, is_essential: false }],
          preparation_time: 2,
          price: 2.2,
          station: 'beverages',
        },
      });
      expect(created.statusCode).toBe(201);
      await page.waitForSelector(`[data-dish-id="${created.json<{ id: string }>().id}"]`);
      expect((await readMenu(page)).filter((dish) => dish.category === 'Drinks').map((dish) => [dish.name, dish.price])).toStrictEqual([
        ['Espresso', '$2.20'],
        ['Lemonade', '$12.50'],
      ]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a wall screen (/menu?turn=5) turns a page every 5 seconds, every dish whole on one page at least, back to the top after the last',
    async ({ app: t, browser }) => {
      await seedLongMenu(t);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
      page.setDefaultTimeout(WAIT_MS);
      await page.clock.install();
      await page.goto(`${t.url}/menu?turn=5`);
      await expect.poll(() => page.locator('.dish').count()).toBe(44);
      const view = () =>
        page.evaluate(`(() => {
          const root = document.scrollingElement;
          const barBottom = document.querySelector('.bar').getBoundingClientRect().bottom;
          const whole = [...document.querySelectorAll('.dish')].flatMap((dish, index) => {
            const box = dish.getBoundingClientRect();
            return box.top >= barBottom && box.bottom <= innerHeight ? [index] : [];
          });
          return { top: root.scrollTop, last: root.scrollHeight - root.clientHeight, text: document.querySelector('#page-of').textContent, whole };
        })()`) as Promise<{ top: number; last: number; text: string; whole: number[] }>;
      const first = await view();
      expect(first.top).toBe(0);
      const pages = Number(/^Page 1 of (\d+)$/.exec(first.text)?.[1]);
      expect(pages).toBeGreaterThan(2);

      // Each turn shows the next page; over the pages, every dish is seen whole on one at least.
      const seen = new Set(first.whole);
      let before = first;
      for (let at = 2; at <= pages; at += 1) {
        await page.clock.runFor(5_000);
        const now = await view();
        expect({ text: now.text, forward: now.top > before.top }).toStrictEqual({ text: `Page ${at} of ${pages}`, forward: true });
        now.whole.forEach((index) => seen.add(index));
        before = now;
      }
      expect(before.top).toBe(first.last);
      expect(seen.size).toBe(44);
      await page.clock.runFor(5_000);
      expect(await view()).toMatchObject({ top: 0, text: `Page 1 of ${pages}` });

      // Without ?turn (a guest's tablet), nothing moves by itself and no page is counted.
      const guest = await openBoard(browser, t, '/menu', undefined, { ownContext: true });
      await guest.clock.install();
      await waitUntilLive(guest);
      await guest.clock.runFor(20_000);
      expect(await guest.evaluate('[document.scrollingElement.scrollTop, document.querySelector("#page-of").textContent]')).toStrictEqual([
        0,
        '',
      ]);
    },
    BROWSER_TEST_MS,
  );
});
