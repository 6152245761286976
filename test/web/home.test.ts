// The landing page and the station list in a real browser: every page linked, the server's health.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard } from './browser.js';

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
      expect(await home.textContent('#health')).toBe('Server running · sqlite store ready');

      const stations = await openBoard(browser, t, '/kds');
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
});
