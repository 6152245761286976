// The manager's page in a real browser: the kitchen report as tiles and charts, stock running low,
// every station's all-day counts kept live; and managers only.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { PASSWORD } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn } from './browser.js';

describe("manager's page", () => {
  it(
    'shows the report, the stock running low and live all-day counts',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 8);
      const served = await placeOrder(t, [menu.steak.id, menu.salad.id]);
      for (const status of ['In Progress', 'Ready for Assembly', 'On the Way']) {
        expect((await t.inject({ method: 'PATCH', url: `/orders/${served.id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(
          200,
        );
      }
      await placeOrder(t, [menu.steak.id, menu.steak.id]);
      await placeOrder(t, [menu.lemonade.id]);
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');

      await expect.poll(() => page.textContent('#t-placed')).toBe('3');
      expect(await page.textContent('#t-closed')).toBe('1');
      // uPlot draws each chart on a canvas: three stations' medians and p90s, three stacked late series, one of orders.
      expect(await page.locator('#chart-times .uplot canvas').count()).toBe(1);
      expect(await page.getAttribute('#chart-times .chart', 'data-series')).toBe('6');
      expect(await page.getAttribute('#chart-late .chart', 'data-series')).toBe('3');
      expect(await page.getAttribute('#chart-orders .chart', 'data-series')).toBe('1');
      expect(await page.locator('#chart-orders .uplot canvas').count()).toBe(1);
      expect(await page.$$eval('#chart-times .legend li', (items) => items.map((item) => item.textContent))).toStrictEqual([
        'Cold median',
        'Hot median',
        'Beverages median',
      ]);
      // Beef: 8 - 3 = 5 left after 3 units in 3 orders: covers 5 more orders.
      const stock = () =>
        page.$$eval('#stock-rows tr', (rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent).join(' | ')));
      expect(await stock()).toContain('Beef | 5 | 3 | 5 orders');
      expect(await page.isVisible('table.stock')).toBe(true);
      await page.fill('#low-orders', '3');
      expect(await stock()).toStrictEqual([]);
      expect(await page.isVisible('#stock-none')).toBe(true);
      // No column heads over nothing: the note says it.
      expect(await page.isVisible('table.stock')).toBe(false);

      const allDay = (station: string) =>
        page.$$eval(`#all-day [data-station="${station}"] li`, (items) => items.map((item) => item.textContent));
      await expect.poll(() => allDay('hot')).toStrictEqual(['2 Steak']);
      expect(await allDay('cold')).toStrictEqual(['nothing open']);
      await placeOrder(t, [menu.steak.id]);
      await expect.poll(() => allDay('hot')).toStrictEqual(['3 Steak']);
    },
    BROWSER_TEST_MS,
  );

  it(
    'is for managers only',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/manager');
      await page.fill('#login input[name=user_name]', 'chef1');
      await page.fill('#login input[name=password]', PASSWORD);
      await page.click('#login button[type=submit]');
      await page.waitForSelector('#login-error:not(:empty)');
      expect(await page.textContent('#login-error')).toBe('This page is for managers: sign in with a manager account.');
    },
    BROWSER_TEST_MS,
  );
});
