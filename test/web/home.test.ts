// The landing page and the station list in a real browser: every page linked, the server's health.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { SIZES } from './layout.js';

describe('landing page', () => {
  for (const size of [
    { width: 1024, height: 768 },
    { width: 375, height: 667 },
  ]) {
    it(
      `at ${size.width}×${size.height}, each page's label sits in the middle of its tile, also beside a tile whose label wraps`,
      async ({ app: t, browser }) => {
        const home = await openBoard(browser, t, '/', size);
        const offCentre = await home.evaluate(`[...document.querySelectorAll('.picker a')].flatMap((tile) => {
          const range = document.createRange();
          range.selectNodeContents(tile);
          const text = range.getBoundingClientRect(), box = tile.getBoundingClientRect();
          const dy = Math.abs((text.top + text.bottom) / 2 - (box.top + box.bottom) / 2);
          const dx = Math.abs((text.left + text.right) / 2 - (box.left + box.right) / 2);
          return dy > 2 || dx > 2 ? [tile.textContent + ' ' + Math.round(dx) + ',' + Math.round(dy)] : [];
        })`);
        expect(offCentre).toEqual([]);
      },
      BROWSER_TEST_MS,
    );
  }

  it(
    "links every board, the guests' ordering app, the manager page, the docs and health, and shows the server is ready",
    async ({ app: t, browser }) => {
      const home = await openBoard(browser, t, '/');
      const links = await home.$$eval('nav a', (anchors) => anchors.map((a) => `${a.textContent} ${a.getAttribute('href')}`));
      expect(links).toStrictEqual([
        'Cold station /kds/cold',
        'Hot station /kds/hot',
        'Beverages /kds/beverages',
        'Expeditor /expeditor',
        'Order (guests) /order',
        'Menu board /menu',
        'Manager’s report /manager',
        'Stock /manager/stock',
        'Menu editor /manager/menu',
        'Staff accounts /manager/staff',
        'Kitchen printers /manager/printers',
        'API documentation /docs',
        'Server health /health',
      ]);
      await home.waitForSelector('#health[data-state="live"]');
      expect(await home.textContent('#health')).toBe('The server is running.');

      // The stations' list, opened from the same tab.
      const stations = home;
      await stations.goto(`${t.url}/kds`);
      expect(await stations.$$eval('nav a', (anchors) => anchors.map((a) => a.getAttribute('href')))).toStrictEqual([
        '/kds/cold',
        '/kds/hot',
        '/kds/beverages',
      ]);
      // The way back takes a finger, on a tablet and a phone.
      for (const size of [
        { width: 1024, height: 768 },
        { width: 375, height: 667 },
      ]) {
        await stations.setViewportSize(size);
        const back = await stations.locator('.bar a').boundingBox();
        expect({ size, width: back!.width >= 44, height: back!.height >= 44 }).toStrictEqual({ size, width: true, height: true });
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    "shows each kitchen tile's open and late counts, live, once this tab holds a kitchen account, at 375, 1024 and 1280 px",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      // A steak (25 minutes) placed 40 minutes ago is late by the report's rule (25 + 5); one placed now is not.
      t.clock.advance(-40 * 60_000);
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Old', table_number: 1 });
      t.clock.advance(40 * 60_000);
      await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', { name: 'New', table_number: 2 });
      // One tab: signed out at every size, then signed in on a kitchen board and back, at every size.
      const page = await openBoard(browser, t, '/', SIZES[0]);
      await page.waitForSelector('#health[data-state="live"]');
      for (const size of SIZES) {
        await resize(page, size);
        // Signed out: the tiles are names only.
        expect({ size, counts: await page.locator('.tile-count').count() }).toStrictEqual({ size, counts: 0 });
      }
      await page.goto(`${t.url}/kds/hot`);
      await signIn(page, 'chef');
      await page.goto(`${t.url}/`);
      const tile = (href: string) => page.locator(`.picker a[href="${href}"] .tile-count`);
      for (const size of SIZES) {
        await resize(page, size);
        await expect.poll(() => tile('/kds/hot').textContent()).toBe('2 open · 1 late');
        expect(await tile('/kds/cold').textContent()).toBe('0 open · 0 late');
        expect(await tile('/kds/beverages').textContent()).toBe('1 open · 0 late');
        expect(await tile('/expeditor').textContent()).toBe('2 orders cooking · 1 late ticket');
        expect(await page.locator('.picker a[href="/kds/hot"]').getAttribute('class')).toBe('has-late');
      }
    },
    2 * BROWSER_TEST_MS,
  );
});
