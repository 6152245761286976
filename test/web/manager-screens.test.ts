// The manager's page as the kitchen runs: a live "now" strip per station (open tickets, the oldest
// one's age, late now), late tickets counted among open ones too, today by the quarter hour, and
// tiles that follow order events at once rather than a minute later; at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { addDish, addIngredient, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { barControlsOffScreen, keepShot, pageLayout, SIZES } from './layout.js';

const nowOf = (page: Page, station: string) =>
  page.$eval(`#now [data-station="${station}"]`, (cell) => ({
    open: cell.querySelector('.now-open')?.textContent,
    oldest: cell.querySelector('.now-oldest')?.textContent,
    late: cell.querySelector('.now-late')?.textContent,
  }));

describe("manager's page, live", () => {
  it(
    'shows the kitchen now per station, counts open late tickets, buckets today by 15 minutes, and follows events',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      // A steak (25 min) placed 40 minutes ago is late by the report's rule (25 + 5 min); a fresh one is not.
      t.clock.advance(-40 * 60_000);
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Early' });
      t.clock.advance(40 * 60_000);
      await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: 'Fresh' });

      // One tab, signed in once, resized through every size (the charts are drawn again to each) and
      // then followed live (it ends at 1280×800).
      const page = await openBoard(browser, t, '/manager', SIZES[0]);
      await signIn(page, 'manager');
      for (const size of SIZES) {
        await resize(page, size);
        await expect.poll(() => nowOf(page, 'hot')).toStrictEqual({ open: '2', oldest: expect.stringMatching(/^4[01]:\d\d$/), late: '1' });
        expect(await nowOf(page, 'cold')).toStrictEqual({ open: '1', oldest: expect.stringMatching(/^0:\d\d$/), late: '0' });
        expect(await nowOf(page, 'beverages')).toStrictEqual({ open: '0', oldest: '–', late: '0' });
        await expect.poll(() => page.textContent('#t-late')).toBe('1');
        expect(await page.textContent('#t-late-note')).toBe('1 open now · 0 of 0 finished');
        expect(await page.textContent('#orders-per')).toBe('per 15 minutes');
        const quarters = await page.evaluate(
          '(() => { const d = new Date(); return d.getUTCHours() * 4 + Math.floor(d.getUTCMinutes() / 15) + 1; })()',
        );
        expect(await page.getAttribute('#chart-orders', 'data-buckets')).toBe(String(quarters));
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(size.width);
        expect({ size, offScreen: await barControlsOffScreen(page) }).toStrictEqual({ size, offScreen: [] });
        await keepShot(page, `manager-${size.width}x${size.height}`);
      }

      await expect.poll(() => nowOf(page, 'hot').then((now) => now.open)).toBe('2');
      const placed = Number(await page.textContent('#t-placed'));
      await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', { name: 'Later' });
      // Within a few seconds of the event, not at the next minute's refresh.
      await expect.poll(() => page.textContent('#t-placed'), { timeout: 5_000 }).toBe(String(placed + 1));
      await expect.poll(() => nowOf(page, 'hot').then((now) => now.open), { timeout: 5_000 }).toBe('3');
      expect((await nowOf(page, 'beverages')).open).toBe('1');
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'charts promised vs actual and counts the promises kept, live, at 375, 1024 and 1280',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      /** A steak cooked and readied now, then promised `late` seconds before its ready_at (negative: after it). */
      const readied = async (late: number) => {
        const order = await placeOrder(t, [menu.steak.id]);
        for (const status of ['In Progress', 'Ready']) {
          expect(
            (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode,
          ).toBe(200);
        }
        const [stored] = await t.store.collection('orders').find([{ field: 'id', op: 'eq', value: order.id }]);
        await t.store
          .collection('orders')
          .update(order.id, { set: { quoted_ready_at: new Date(Date.parse(stored!.ready_at!) - late * 1000).toISOString() } });
      };
      await readied(600); // 10 minutes after its promise: broken
      await readied(-120); // 2 minutes early: kept
      await placeOrder(t, [menu.steak.id]); // cooking: no promise to judge yet

      const page = await openBoard(browser, t, '/manager', SIZES[0]);
      await signIn(page, 'manager');
      for (const size of SIZES) {
        await resize(page, size);
        await expect.poll(() => page.textContent('#t-promise')).toBe('1 of 2');
        expect(await page.textContent('#t-promise-note')).toBe('50% · median 2 min early');
        expect(await page.$eval('#t-promise', (value) => value.closest('.tile')?.classList.contains('broken'))).toBe(true);
        // The chart: the median and slowest 10% of ready_at − quoted_ready_at, in minutes, in the quarter hour they were readied.
        expect(await page.getAttribute('#chart-promise .chart', 'data-series')).toBe('2');
        expect(await page.locator('#chart-promise .uplot canvas').count()).toBe(1);
        expect(await page.getAttribute('#chart-promise', 'data-medians')).toBe('-2');
        expect(await page.getAttribute('#chart-promise', 'data-p90s')).toBe('10');
        expect(await page.$$eval('#chart-promise .legend li', (items) => items.map((item) => item.textContent))).toStrictEqual([
          'Median, after the promise',
        ]);
        const box = await page.$eval('#chart-promise .uplot', (chart) => chart.getBoundingClientRect().right);
        expect(box).toBeLessThanOrEqual(size.width);
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(size.width);
      }

      await expect.poll(() => page.textContent('#t-promise')).toBe('1 of 2');
      await readied(60); // a minute after its promise: within the 5 minutes, kept
      await expect.poll(() => page.textContent('#t-promise'), { timeout: 5_000 }).toBe('2 of 3');
      expect(await page.textContent('#t-promise-note')).toBe('67% · median 1 min late');
      expect(await page.getAttribute('#chart-promise', 'data-medians')).toBe('1');
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'keeps 120-character unbroken dish and ingredient names inside the screen, every control a finger wide, at 375, 1024 and 1280',
    async ({ app: t, browser }) => {
      const word = (start: string) => start.padEnd(120, 'x');
      const paste = await addIngredient(t, word('Wasabipaste'), 9);
      const dish = await addDish(t, {
        name: word('Donaudampfschifffahrtsgesellschaftsrindfleisch'),
        station: 'hot',
        ingredients: [{ ingredient_id: paste.id, is_essential: true }],
      });
      for (let i = 0; i < 3; i += 1) await placeOrder(t, [dish.id], 'patron', { name: `Guest${i}` });
      // A three-digit count: a round of a hundred teas.
      const leaves = await addIngredient(t, 'Tea leaves', 1000);
      const tea = await addDish(t, {
        name: 'Tea',
        station: 'beverages',
        ingredients: [{ ingredient_id: leaves.id, is_essential: true }],
      });
      await placeOrder(t, Array<string>(100).fill(tea.id), 'patron', { name: 'Party' });
      // A long name of ordinary words: it wraps between them, never inside one.
      const salad = await addDish(t, {
        name: 'Heirloom tomato and burrata salad with basil oil, aged balsamic and toasted pine nuts',
        station: 'cold',
        ingredients: [{ ingredient_id: leaves.id, is_essential: true }],
      });
      await placeOrder(t, [salad.id], 'patron', { name: 'Cleo' });
      /** Words of the station's all-day names split over two lines (a Range's boxes: one per line). */
      const splitWords = (page: Page, station: string) =>
        page.$$eval(`#all-day [data-station="${station}"] li`, (items) =>
          items.flatMap((item) => {
            const name = item.lastChild!;
            return [...(name.textContent ?? '').matchAll(/\S+/g)]
              .filter((word) => {
                const range = item.ownerDocument.createRange();
                range.setStart(name, word.index);
                range.setEnd(name, word.index + word[0].length);
                return range.getClientRects().length > 1;
              })
              .map((word) => word[0]);
          }),
        );
      /** The lines the count's digits take (a Range's boxes: one per line). */
      const countLines = (page: Page, station: string) =>
        page.$eval(`#all-day [data-station="${station}"] .all-day-qty`, (qty) => {
          const range = qty.ownerDocument.createRange();
          range.selectNodeContents(qty);
          return range.getClientRects().length;
        });
      const page = await openBoard(browser, t, '/manager', SIZES[0]);
      await signIn(page, 'manager');
      for (const size of SIZES) {
        await resize(page, size);
        // The dish in the hot all-day counts, the paste among the ingredients running low (6 left, 3 used by 5 orders).
        await expect.poll(() => page.textContent('#all-day [data-station="hot"] li')).toBe(`3 ${dish.name}`);
        await expect
          .poll(() => page.$$eval('#stock-rows td', (cells) => cells.map((cell) => cell.textContent)))
          .toStrictEqual([paste.name, '6', '3', '10 orders']);
        await expect.poll(() => page.textContent('#all-day [data-station="beverages"] li')).toBe('100 Tea');
        await expect.poll(() => page.textContent('#all-day [data-station="cold"] li')).toBe(`1 ${salad.name}`);
        expect({ size, split: await splitWords(page, 'cold') }).toStrictEqual({ size, split: [] });
        expect({ size, hot: await countLines(page, 'hot'), beverages: await countLines(page, 'beverages') }).toStrictEqual({
          size,
          hot: 1,
          beverages: 1,
        });
        await keepShot(page, `manager-long-names-${size.width}x${size.height}`);
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'lists shortages and low portions live, and changes the settings (a bad time zone said plainly)',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 12);
      for (let i = 0; i < 3; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i + 1 });
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      const rows = (list: string) => page.$$eval(`${list} li`, (items) => items.map((item) => item.textContent));
      await expect.poll(() => rows('#low-rows')).toStrictEqual(['9 Steak · Hot']);
      expect(await rows('#shortage-rows')).toStrictEqual([]);

      // Beef counted at -1: the newest steak order (not started) is short.
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: -1 } })).statusCode,
      ).toBe(200);
      await expect.poll(() => rows('#shortage-rows')).toStrictEqual(['Table 3 Guest2 · short of Beef']);
      await expect.poll(() => rows('#low-rows')).toStrictEqual(['0 Steak · Hot']);

      await page.fill('#settings-form input[name="time_zone"]', 'Mars/Olympus');
      await page.click('#settings-form button[type="submit"]');
      await expect.poll(() => page.textContent('#settings-error')).toContain('"Mars/Olympus" is not an IANA time zone name');
      await page.fill('#settings-form input[name="time_zone"]', 'Asia/Kolkata');
      await page.fill('#settings-form input[name="max_wait_minutes"]', '45');
      await page.click('#settings-form button[type="submit"]');
      await expect
        .poll(async () =>
          (await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json<{
            time_zone: string;
            max_wait_minutes: number | null;
          }>(),
        )
        .toMatchObject({ time_zone: 'Asia/Kolkata', max_wait_minutes: 45 });
      expect(await page.textContent('#settings-error')).toBe('');
      await expect.poll(() => page.textContent('#range-text')).toMatch(/\(Asia\/Kolkata\)$/);
      // A change made elsewhere reaches the form and the low list live.
      expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { low_portions: 0 } })).statusCode).toBe(200);
      await expect.poll(() => page.inputValue('#settings-form input[name="low_portions"]')).toBe('0');
      expect(await rows('#low-rows')).toStrictEqual(['0 Steak · Hot']);
    },
    BROWSER_TEST_MS,
  );
  it(
    "draws the charts' time labels apart, none over the next, at 375, 1024 and 1280",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      await placeOrder(t, [menu.steak.id]);
      // The axes are drawn on canvas: record where each label is written, and how wide it is.
      const drawnLabels = `{
        const drawn = (globalThis.drawnLabels = []);
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
          const { a, d } = this.getTransform();
          const width = this.measureText(text).width / a;
          if (/^\\d\\d:\\d\\d [AP]M$/.test(text)) drawn.push({ canvas: this.canvas, text, x: x / a, y: y / d, width, align: this.textAlign });
          return fillText.call(this, text, x, y, ...rest);
        };
      }`;
      const page = await openBoard(browser, t, '/manager', SIZES[0], { beforeLoad: (tab) => tab.addInitScript(drawnLabels) });
      await signIn(page, 'manager');
      await expect.poll(() => page.getAttribute('#chart-orders', 'data-buckets')).not.toBeNull();
      // One tab, signed in once, resized through every size: the charts are drawn again on new
      // canvases to each width, and only the labels of the canvases on the page are judged.
      for (const size of SIZES) {
        await resize(page, size);
        const crowded = await page.evaluate(`(() => {
          const labels = globalThis.drawnLabels.filter((label) => label.canvas.isConnected);
          const bad = [];
          for (const [i, a] of labels.entries()) for (const b of labels.slice(i + 1)) {
            if (a.canvas !== b.canvas || a.y !== b.y) continue;
            const left = (l) => (l.align === 'center' ? l.x - l.width / 2 : l.align === 'right' ? l.x - l.width : l.x);
            const span = (l) => [left(l), left(l) + l.width];
            const [al, ar] = span(a), [bl, br] = span(b);
            if (al < br + 6 && bl < ar + 6) bad.push(a.text + ' / ' + b.text);
          }
          return { drawn: labels.length > 0, bad };
        })()`);
        expect({ size, crowded }).toStrictEqual({ size, crowded: { drawn: true, bad: [] } });
      }
    },
    BROWSER_TEST_MS,
  );
});
