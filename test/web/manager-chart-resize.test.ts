// The manager's charts follow the screen: a tablet turned (or a window resized) draws them again to
// their panels' new width, without a reload, so none runs past the screen or leaves half a panel empty.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn } from './browser.js';

/** Each chart's drawn width against its panel's, and the page's own width. */
const widths = (page: Page) =>
  page.evaluate(`(() => ({
    page: document.documentElement.scrollWidth,
    charts: ['times', 'late', 'promise', 'orders'].map((name) => {
      const panel = document.querySelector('#chart-' + name);
      const canvas = panel.querySelector('.uplot canvas');
      return { panel: Math.floor(panel.getBoundingClientRect().width), drawn: canvas ? Math.round(canvas.getBoundingClientRect().width) : 0 };
    }),
  }))()`) as Promise<{ page: number; charts: { panel: number; drawn: number }[] }>;

it(
  'draws the charts again to their panels when the screen turns from 1280 to 375 and to 1024, with no reload',
  async ({ app: t, browser }) => {
    const menu = await seedMenu(t, 20);
    await placeOrder(t, [menu.steak.id, menu.salad.id]);
    const page = await openBoard(browser, t, '/manager', { width: 1280, height: 800 });
    await signIn(page, 'manager');
    let loads = 0;
    page.on('load', () => (loads += 1));
    for (const size of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      // Drawn to the panel (never below the 280 px a chart needs), and the page no wider than the screen.
      await expect
        .poll(async () => {
          const seen = await widths(page);
          return seen.charts.every(({ panel, drawn }) => drawn === Math.max(280, panel)) && seen.page === size.width;
        })
        .toBe(true);
      const { charts } = await widths(page);
      expect(charts.every(({ drawn }) => drawn <= size.width)).toBe(true);
    }
    expect(loads).toBe(0);
  },
  BROWSER_TEST_MS,
);
