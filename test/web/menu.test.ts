// The menu board in a real browser, with no login: dishes by category, greyed out when an essential
// ingredient runs out and enabled again when it is restocked, live.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, sharedChromium, openBoard, waitUntilLive } from './browser.js';

/** Each dish as the board shows it: category, name, price, image name, and whether it is greyed out. */
function readMenu(page: Page) {
  return page.$$eval('.dish', (items) => items.map((item) => ({
    category: item.closest('.category')?.querySelector('h2')?.textContent,
    name: item.querySelector('.dish-title')?.textContent,
    price: item.querySelector('.dish-price')?.textContent,
    image: item.querySelector('.dish-image')?.textContent,
    greyedOut: item.classList.contains('unavailable'),
    soldOut: item.querySelector('.sold-out')?.textContent ?? null,
  })));
}

const steakOn = async (page: Page) => (await readMenu(page)).find((dish) => dish.name === 'Steak');

describe('menu board', () => {
  const chromium = sharedChromium();
  afterAll(() => chromium.close());

  it('lists the dishes by category and greys a dish out on a stock-out, live, until it is restocked', async () => {
    const t = await startTestApp({ listen: true });
    try {
      const browser = await chromium.get();
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/menu', { width: 800, height: 1280 });
      await waitUntilLive(page);
      await page.waitForSelector('[data-dish-id]');
      expect(await readMenu(page)).toStrictEqual([
        { category: 'Appetizers', name: 'Green Salad', price: '12.50', image: 'green-salad', greyedOut: false, soldOut: null },
        { category: 'Main courses', name: 'Steak', price: '12.50', image: 'steak', greyedOut: false, soldOut: null },
        { category: 'Drinks', name: 'Lemonade', price: '12.50', image: 'lemonade', greyedOut: false, soldOut: null },
      ]);

      const out = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } });
      expect(out.statusCode).toBe(200);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"].unavailable`);
      expect(await steakOn(page)).toStrictEqual({ category: 'Main courses', name: 'Steak', price: '12.50', image: 'steak', greyedOut: true, soldOut: 'Sold out' });

      const restocked = await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_delta: 5 } });
      expect(restocked.statusCode).toBe(200);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"]:not(.unavailable)`);
      expect((await steakOn(page))?.greyedOut).toBe(false);
    } finally {
      await t.close();
    }
  }, BROWSER_TEST_MS);

  it('shows a dish added to the menu without a reload', async () => {
    const t = await startTestApp({ listen: true });
    try {
      const browser = await chromium.get();
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/menu');
      await waitUntilLive(page);
      const created = await t.inject({
        method: 'POST',
        url: '/dishes',
        as: 'chef',
        payload: { name: 'Espresso', description: 'Short and strong', category: 'Drinks', image_name: 'espresso.jpg', ingredients: [{ ingredient_id: menu.lemon.id, is_essential: false }], preparation_time: 2, price: 2.2, station: 'beverages' },
      });
      expect(created.statusCode).toBe(201);
      await page.waitForSelector(`[data-dish-id="${created.json<{ id: string }>().id}"]`);
      expect((await readMenu(page)).filter((dish) => dish.category === 'Drinks').map((dish) => [dish.name, dish.price])).toStrictEqual([['Espresso', '2.20'], ['Lemonade', '12.50']]);
    } finally {
      await t.close();
    }
  }, BROWSER_TEST_MS);
});
