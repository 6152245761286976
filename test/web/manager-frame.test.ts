// The manager's pages in one frame, at 375, 1024 and 1280 px: the same navigation on the report,
// stock, the menu editor and staff accounts (the page open marked); durations in words staff say
// ("19 min", "1 h 05"); the ingredient's unit beside its quantity on the stock page and in the
// report's stock table; and the menu editor's columns aligned down the list.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { PASSWORD } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder } from '../helpers/menu.js';
import { BROWSER_TEST_MS, goToBoard, openBoard, resize, signIn, waitUntilLive } from './browser.js';
import type { Page } from 'playwright-core';
import { keepShot, SIZES } from './layout.js';
// @ts-expect-error: a plain browser module without type declarations
import { duration } from '../../web/public/js/lib/duration.js';

const PAGES = ['/manager', '/manager/stock', '/manager/menu', '/manager/staff', '/manager/printers'];

/**
 * With the page scrolled well down: the lost-link banner's box against the top bar's (px of height
 * they share), whether the banner is on screen, and the bar's controls hidden under something else
 * at their centre.
 */
const bannerAndBar = (page: Page) =>
  page.evaluate<{ shared: number; bannerOnScreen: boolean; covered: string[] }>(`(() => {
    scrollTo(0, 900);
    const bar = document.querySelector('header.bar').getBoundingClientRect();
    const banner = document.querySelector('#stale').getBoundingClientRect();
    const covered = [...document.querySelectorAll('header.bar a, header.bar button')]
      .filter((el) => el.getBoundingClientRect().width > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !hit || !(hit === el || el.contains(hit));
      })
      .map((el) => el.textContent.trim() || el.getAttribute('aria-label'));
    return {
      shared: Math.max(0, Math.round(Math.min(bar.bottom, banner.bottom) - Math.max(bar.top, banner.top))),
      bannerOnScreen: banner.height > 0 && banner.top >= 0 && banner.bottom <= innerHeight,
      covered,
    };
  })()`);

describe("the manager's pages", () => {
  it('say durations as staff do: seconds, minutes, then hours and minutes', () => {
    expect([duration(45), duration(19 * 60 + 25), duration(65 * 60), duration(3 * 3600 + 59 * 60 + 50), duration(null)]).toStrictEqual([
      '45 s',
      '19 min',
      '1 h 05',
      '4 h 00',
      '–',
    ]);
  });

  it(
    'share one navigation, the page open marked, at 375, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      // One tab, signed in once (the session is the tab's): each page loaded in it at the phone's
      // size as a fresh load, then read at every size.
      const page = await openBoard(browser, t, PAGES[0]!, SIZES[0]);
      await page.fill('#login input[name=user_name]', 'manager1');
      await page.fill('#login input[name=password]', PASSWORD);
      await page.click('#login button[type=submit]');
      for (const path of PAGES) {
        if (path !== PAGES[0]) {
          await page.setViewportSize(SIZES[0]!);
          await page.goto(`${t.url}${path}`);
        }
        await page.waitForSelector('body:not(.signed-out)');
        for (const size of SIZES) {
          await resize(page, size);
          const nav = await page.$$eval('header.bar .manager-nav a', (links) =>
            links.map((link) => `${link.textContent} ${link.getAttribute('href')}${link.getAttribute('aria-current') ? ' (here)' : ''}`),
          );
          expect({ size, path, nav }).toStrictEqual({
            size,
            path,
            nav: [
              'Report /manager',
              'Stock /manager/stock',
              'Menu /manager/menu',
              'Staff /manager/staff',
              'Printers /manager/printers',
            ].map((link) => (link.endsWith(` ${path}`) ? `${link} (here)` : link)),
          });
          // No other way around: one navigation, not a second set of links.
          expect(await page.locator('header.bar a:not(.manager-nav a)').count()).toBe(0);
        }
      }
    },
    3 * BROWSER_TEST_MS,
  );

  it(
    "show the ingredient's unit beside its stock, on the stock page and in the report, at 375, 1024 and 1280 px",
    async ({ app: t, browser }) => {
      const created = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Basil', in_stock_qty: 3, price: 0.2, unit: 'bunch' },
      });
      const basil = created.json<{ id: string }>();
      const pesto = await addDish(t, {
        name: 'Pesto pasta',
        station: 'hot',
        ingredients: [{ ingredient_id: basil.id, is_essential: true }],
      });
      await placeOrder(t, [pesto.id]);
      const stock = await openBoard(browser, t, '/manager/stock', SIZES[0]);
      await signIn(stock, 'manager');
      for (const size of SIZES) {
        await resize(stock, size);
        const row = stock.locator(`#stock-rows [data-ingredient-id="${basil.id}"] .stock-qty`);
        expect({ size, text: (await row.textContent())?.replace(/\s+/g, ' ') }).toStrictEqual({ size, text: '2 bunch' });
        expect(await row.getAttribute('aria-label')).toBe('In stock: 2 bunch');
        await keepShot(stock, `stock-unit-${size.width}`);
      }
      // The report, opened in the same tab, still signed in.
      const report = stock;
      await goToBoard(report, t, '/manager', SIZES[0]!);
      for (const size of SIZES) {
        await resize(report, size);
        await expect
          .poll(() => report.$$eval('#stock-rows td', (cells) => cells.map((cell) => cell.textContent)))
          .toStrictEqual(['Basil', '2 bunch', '1 bunch', '2 orders']);
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    "line the menu editor's station, price and time up down the list, whatever the dish's name, at 375, 1024 and 1280 px",
    async ({ app: t, browser }) => {
      const flour = await addIngredient(t, 'Flour', 100);
      for (const name of ['Tea', 'Salmon Tartare', 'Slow-roasted heritage pork belly with apple and cider reduction'])
        await addDish(t, { name, station: 'cold', ingredients: [{ ingredient_id: flour.id, is_essential: true }] });
      const page = await openBoard(browser, t, '/manager/menu', SIZES[0]);
      await signIn(page, 'chef');
      await expect.poll(() => page.locator('.dish-row').count()).toBe(3);
      for (const size of SIZES) {
        await resize(page, size);
        const lefts = await page.$$eval('.dish-row', (rows) =>
          rows.map((row) =>
            ['.dish-station', '.dish-price', '.dish-time']
              .map((part) => Math.round(row.querySelector(part)!.getBoundingClientRect().left))
              .join(),
          ),
        );
        expect({ size, places: new Set(lefts).size }).toStrictEqual({ size, places: 1 });
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'keep the lost-link banner under the top bar, however many lines the bar takes, at 375, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      // One page, widest first: the phone's ⋯ is opened last, as a phone's first tap would.
      const page = await openBoard(browser, t, '/manager', SIZES[2]);
      await signIn(page, 'manager');
      // The tablet's Wi-Fi goes once the live link is up: the page shows the banner itself.
      await waitUntilLive(page);
      await page.context().setOffline(true);
      await page.waitForSelector('#stale:not([hidden])');
      for (const size of [...SIZES].reverse()) {
        await resize(page, size);
        // On a phone the bar's rest (the navigation among it) is opened with ⋯: its tallest.
        if (size.width < 600) await page.click('#bar-more');
        // The banner follows the bar's new height at the next frame after the ⋯ opens it.
        await expect
          .poll(async () => ({ size, ...(await bannerAndBar(page)) }))
          .toStrictEqual({ size, shared: 0, bannerOnScreen: true, covered: [] });
        const bar = await page.$eval('header.bar', (el) => el.getBoundingClientRect().height);
        await keepShot(page, `manager-offline-${size.width}x${size.height}`);
        // The bar really took more than one line where the navigation needs it.
        if (size.width <= 1024) expect(bar).toBeGreaterThan(100);
      }
    },
    2 * BROWSER_TEST_MS,
  );
});
