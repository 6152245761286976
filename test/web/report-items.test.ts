// The manager's page's dishes and remakes judged in the browser on a report shaped as the API sends
// it: units sold per dish (most first) with the units voided before and after the kitchen started
// them, remakes per station and reason; long dish names holding at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { it } from './fixtures.js';
import { keepShot, pageLayout, SIZES } from './layout.js';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const LONG = 'Twelve-hour braised beef short rib with smoked marrow and red wine jus';
const REPORT = {
  items: {
    buckets: [],
    dishes: [
      { dish_id: hex(1), name: 'Fries', sold: 12, voided_before_start: 1, voided_after_start: 0 },
      { dish_id: hex(2), name: LONG, sold: 31, voided_before_start: 0, voided_after_start: 2 },
    ],
  },
  remakes: {
    buckets: [],
    counts: [
      { station: 'hot', reason: 'sent back', count: 2 },
      { station: 'hot', reason: 'dropped', count: 1 },
      { station: 'beverages', reason: 'wrong', count: 1 },
    ],
  },
};

/** Draws the report's items on the manager's page (signed out: its board is shown by hand). */
const show = (page: Page) =>
  page.evaluate(`(async (report) => {
    const { showItemsReport } = await import('/boards/js/manager/items-report.js');
    document.body.classList.remove('signed-out');
    showItemsReport(report);
  })(${JSON.stringify(REPORT)})`);
const rows = (page: Page, body: string) =>
  page.$$eval(`${body} tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));

describe("the manager's dishes and remakes", () => {
  it(
    'lists the dishes sold, most first, with their voids, and the remakes per station and reason',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/manager');
      await show(page);
      expect(await rows(page, '#dish-rows')).toStrictEqual([
        [LONG, '31', '0', '2'],
        ['Fries', '12', '1', '0'],
      ]);
      expect(
        await page.$$eval('#remake-rows li', (items) => items.map((li) => [...li.children].map((part) => part.textContent))),
      ).toStrictEqual([
        ['Hot', '3', 'Sent back 2', 'Dropped 1'],
        ['Beverages', '1', 'Wrong dish 1'],
      ]);
      expect(await page.isHidden('#dishes-none')).toBe(true);
      expect(await page.isHidden('#remakes-none')).toBe(true);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  // The shared manager frame's bar once ran 66 px past a 1280 px screen here (its nav, the period and
  // "Connecting…" on one line): it now takes a second line at any width when it needs one.
  it(
    'holds long dish names at 375, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/manager', SIZES[0]);
      await show(page);
      for (const size of SIZES) {
        await resize(page, size);
        await page.locator('#h-dishes').scrollIntoViewIfNeeded();
        await keepShot(page, `report-items-${size.width}x${size.height}`);
        const layout = await pageLayout(page);
        expect({ size, overflow: layout.overflow }).toStrictEqual({ size, overflow: 0 });
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
