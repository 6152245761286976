// The manager's page as the kitchen runs: a live "now" strip per station (open tickets, the oldest
// one's age, late now), late tickets counted among open ones too, today by the quarter hour, and
// tiles that follow order events at once rather than a minute later; at 375, 1024 and 1280 px.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, sharedChromium, openBoard, signIn } from './browser.js';
import { keepShot, SIZES } from './layout.js';

const nowOf = (page: Page, station: string) => page.$eval(`#now [data-station="${station}"]`, (cell) => ({
  open: cell.querySelector('.now-open')?.textContent,
  oldest: cell.querySelector('.now-oldest')?.textContent,
  late: cell.querySelector('.now-late')?.textContent,
}));

describe("manager's page, live", () => {
  const chromium = sharedChromium();
  afterAll(() => chromium.close());

  it('shows the kitchen now per station, counts open late tickets, buckets today by 15 minutes, and follows events', async () => {
    const t = await startTestApp({ listen: true });
    try {
      const browser = await chromium.get();
      const menu = await seedMenu(t, 50);
      // A steak (25 min) placed 40 minutes ago is late by the report's rule (25 + 5 min); a fresh one is not.
      t.clock.advance(-40 * 60_000);
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Early' });
      t.clock.advance(40 * 60_000);
      await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: 'Fresh' });

      for (const size of SIZES) {
        const page = await openBoard(browser, t, '/manager', size);
        await signIn(page, 'manager');
        await expect.poll(() => nowOf(page, 'hot')).toStrictEqual({ open: '2', oldest: expect.stringMatching(/^4[01]:\d\d$/), late: '1' });
        expect(await nowOf(page, 'cold')).toStrictEqual({ open: '1', oldest: expect.stringMatching(/^0:\d\d$/), late: '0' });
        expect(await nowOf(page, 'beverages')).toStrictEqual({ open: '0', oldest: '–', late: '0' });
        await expect.poll(() => page.textContent('#t-late')).toBe('1');
        expect(await page.textContent('#t-late-note')).toBe('1 open now · 0 of 0 finished');
        expect(await page.textContent('#orders-per')).toBe('per 15 minutes');
        const quarters = await page.evaluate('(() => { const d = new Date(); return d.getUTCHours() * 4 + Math.floor(d.getUTCMinutes() / 15) + 1; })()');
        expect(await page.getAttribute('#chart-orders', 'data-buckets')).toBe(String(quarters));
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(size.width);
        await keepShot(page, `manager-${size.width}x${size.height}`);
        await page.close();
      }

      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      await expect.poll(() => nowOf(page, 'hot').then((now) => now.open)).toBe('2');
      const placed = Number(await page.textContent('#t-placed'));
      await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', { name: 'Later' });
      // Within a few seconds of the event, not at the next minute's refresh.
      await expect.poll(() => page.textContent('#t-placed'), { timeout: 5_000 }).toBe(String(placed + 1));
      await expect.poll(() => nowOf(page, 'hot').then((now) => now.open), { timeout: 5_000 }).toBe('3');
      expect((await nowOf(page, 'beverages')).open).toBe('1');
    } finally {
      await t.close();
    }
  }, 2 * BROWSER_TEST_MS);
});
