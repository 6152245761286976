// The expeditor's items by seat judged in the browser on data shaped as the API sends it: the
// Friday table's items grouped per seat (the table's own last), Void with a number of units and
// Remake with a reason each asked first, and the dialog holding at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { keepShot, pageLayout, SIZES } from './layout.js';
import { fridayOrder, openSeats } from './item-content.js';

describe("the expeditor's items by seat", () => {
  it(
    'groups the order by seat, and voids some units or remakes an item only once confirmed',
    async ({ app: t, browser }) => {
      const order = fridayOrder();
      const page = await openBoard(browser, t, '/expeditor');
      await openSeats(page, order);
      const seats = await page.$$eval('.seats-dialog .seat', (sections) =>
        sections.map((section) => ({
          seat: section.querySelector('h3')?.textContent,
          items: section.querySelectorAll('.seat-item').length,
        })),
      );
      expect(seats).toStrictEqual([
        { seat: 'Seat 1', items: 5 },
        { seat: 'Seat 2', items: 5 },
        { seat: 'Seat 3', items: 6 },
        { seat: 'Seat 4', items: 5 },
        { seat: 'For the table', items: 2 },
      ]);
      // Where each item is: its station and state.
      expect(await page.textContent('.seat[data-seat="3"] .seat-item:last-child .seat-item-where')).toBe('Beverages · waiting');
      const pilsner = order.items.find((each) => each.name === 'Pilsner')!;
      const row = `.seat-item[data-item-id="${pilsner.id}"]`;
      // Keep it: nothing is sent.
      await page.click(`${row} [data-action="void"]`);
      expect(await page.textContent('.item-confirm .confirm-text')).toBe('Void 4× Pilsner? Its ingredients go back to stock.');
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Keep it');
      await page.click('.item-confirm .confirm-stay');
      expect(await page.evaluate('window.posted')).toStrictEqual([]);
      // Two of the four beers voided.
      await page.click(`${row} [data-action="void"]`);
      await page.fill('.item-confirm input[name="quantity"]', '2');
      await page.click('.item-confirm .confirm-go');
      await page.waitForFunction(() => (globalThis as unknown as { posted: unknown[] }).posted.length === 1);
      expect(await page.evaluate('window.posted')).toStrictEqual([
        { id: order.id, path: `/orders/${order.id}/items/${pilsner.id}/void`, body: { quantity: 2 } },
      ]);
      // A remake asks why: nothing goes until a reason is picked.
      const burger = order.items[0]!;
      await page.click(`.seat-item[data-item-id="${burger.id}"] [data-action="remake"]`);
      await page.click('.item-confirm .confirm-go');
      expect(await page.locator('.item-confirm').count()).toBe(1);
      await page.check('.item-confirm input[value="sent back"]');
      await page.fill('.item-confirm input[name="note"]', 'too rare');
      await page.click('.item-confirm .confirm-go');
      await page.waitForFunction(() => (globalThis as unknown as { posted: unknown[] }).posted.length === 2);
      expect(await page.evaluate('window.posted.at(-1)')).toStrictEqual({
        id: order.id,
        path: `/orders/${order.id}/items/${burger.id}/remake`,
        body: { reason: 'sent back', note: 'too rare' },
      });
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'holds 23 items of long names and modifiers at 375, 1024 and 1280 px, its buttons a finger’s size',
    async ({ app: t, browser }) => {
      // The dialog opened once, on a screen resized under it.
      const page = await openBoard(browser, t, '/expeditor', SIZES[0]);
      await openSeats(page, fridayOrder());
      for (const size of SIZES) {
        await resize(page, size);
        await keepShot(page, `seats-${size.width}x${size.height}`);
        const layout = await pageLayout(page);
        const dialog = await page.evaluate(`(() => {
          const element = document.querySelector('.seats-dialog');
          const box = element.getBoundingClientRect();
          return { left: box.left >= 0, right: box.right <= innerWidth, fits: element.scrollWidth <= element.clientWidth };
        })()`);
        expect({ size, overflow: layout.overflow, small: layout.smallTargets, dialog }).toStrictEqual({
          size,
          overflow: 0,
          small: [],
          dialog: { left: true, right: true, fits: true },
        });
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
