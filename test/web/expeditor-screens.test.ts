// The expeditor's rail judged at 375×812, 1024×768 and 1280×800 with long dish names: every dish of
// every station readable in full without hover, nothing overflowing or overlapping, headers that do
// not collide, 44×44 px touch targets; orders at the pass grouped on top by how long they have
// waited; and one final move per order, chosen by its type.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { FrozenClock, type TestApp } from '../helpers/app.js';
import { addDish, placeOrder, seedMenu } from '../helpers/menu.js';
import type { Order } from '../../models/order.js';
import { BROWSER_TEST_MS, openBoard, orderCard, resize, signIn } from './browser.js';
import { barControlsOffScreen, keepShot, measure, SIZES, seedRush, type Rush } from './layout.js';

const rowIds = (page: Page, list: string) =>
  page.$$eval(`${list} [data-order-id]`, (rows) => rows.map((row) => row.getAttribute('data-order-id')));
const patch = async (t: TestApp, id: string, payload: Record<string, unknown>) => {
  expect((await t.inject({ method: 'PATCH', url: `/orders/${id}`, as: 'expeditor', payload })).statusCode).toBe(200);
};

/** "1× name" for each dish of the order, station by station (cold, hot, beverages), as listed. */
function dishLines(order: Order, menu: Rush['menu']): string[] {
  return ['cold', 'hot', 'beverages'].flatMap((station) => {
    const counts = new Map<string, { name: string; count: number }>();
    for (const id of order.dish_ids.filter((each) => menu.get(each)?.station === station))
      counts.set(id, { name: menu.get(id)!.name, count: (counts.get(id)?.count ?? 0) + 1 });
    return [...counts.values()].map(({ name, count }) => `${count}× ${name}`);
  });
}

/** Visible headings of the rail whose boxes meet another's, or whose text is cut. */
const HEADINGS = `(() => {
  const shown = [...document.querySelectorAll('.rail-head span, .rail-group')].filter((el) => el.getBoundingClientRect().width > 0 && el.textContent.trim());
  const boxes = shown.map((el) => ({ text: el.textContent, r: el.getBoundingClientRect(), cut: el.scrollWidth > el.clientWidth + 1 }));
  const bad = boxes.filter((b) => b.cut).map((b) => 'cut: ' + b.text);
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i].r, b = boxes[j].r;
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) bad.push(boxes[i].text + ' / ' + boxes[j].text);
  }
  return bad;
})()`;

/**
 * Half past ten at night on a fixed day, for the app and the page alike: the rush's promises run from
 * before midnight to after it ("due 11:37 PM", "due Wed, May 8 12:27 AM"), whatever the hour the test runs.
 */
const LATE_SERVICE = Date.parse('2030-05-07T22:30:00.000Z');

describe('expeditor at three sizes', () => {
  it(
    'shows every dish in full, the pass on top by wait, and one final move by order type, at 375, 1024 and 1280 px, dues either side of midnight',
    async ({ startApp, browser }) => {
      const t = await startApp({ clock: new FrozenClock(LATE_SERVICE) });
      const { orders, menu } = await seedRush(t, 14);
      // At the pass since 9, 6 and 3 minutes: a table, a takeaway, then a P0 table that waited least.
      const [longest, takeaway, shortest] = [orders[1]!, orders[4]!, orders[6]!];
      t.clock.advance(-9 * 60_000);
      for (const order of [longest, takeaway, shortest]) {
        await patch(t, order.id, { status: 'In Progress' });
        await patch(t, order.id, { status: 'Ready for Assembly' });
        t.clock.advance(3 * 60_000);
      }
      await patch(t, shortest.id, { priority: 0 });
      expect(takeaway.table_number ?? null).toBe(null);

      const page = await openBoard(browser, t, '/expeditor', SIZES[0], { frozenAt: t.clock.now() });
      await signIn(page, 'expeditor');
      // Promises of both kinds are on the rail: tonight's ("due 11:37 PM") and, past midnight, tomorrow's with its day.
      await expect.poll(() => page.locator('#orders .order-promise').count()).toBe(11);
      const dues = await page.locator('#orders .order-promise').allTextContents();
      expect([dues.some((due) => /^due \d/.test(due)), dues.some((due) => due.startsWith('due Wed, May 8 '))]).toStrictEqual([true, true]);
      for (const size of SIZES) {
        await resize(page, size);
        await expect.poll(() => rowIds(page, '#pass')).toStrictEqual([longest.id, takeaway.id, shortest.id]);
        expect((await rowIds(page, '#orders')).length).toBe(11);
        await keepShot(page, `expeditor-${size.width}x${size.height}`);
        expect({ size, offScreen: await barControlsOffScreen(page) }).toStrictEqual({ size, offScreen: [] });
        const layout = await measure(page, '[data-order-id]', '.station-dishes li');
        expect({
          size,
          width: layout.scrollWidth,
          overlaps: layout.overlaps,
          small: layout.smallButtons,
          clipped: layout.clipped,
          crowded: layout.crowded,
        }).toStrictEqual({ size, width: size.width, overlaps: [], small: [], clipped: [], crowded: [] });
        expect(await page.evaluate(HEADINGS)).toStrictEqual([]);
        // Every dish of every station is on the page as text, none only in a tooltip.
        expect(await orderCard(page, orders[0]!.id).locator('.station-dishes li').allTextContents()).toStrictEqual(
          dishLines(orders[0]!, menu),
        );
        const shownDishes = await page.$$eval('[data-order-id] .station-dishes li', (items) => items.length);
        const counted = orders.reduce((sum, order) => sum + new Set(order.dish_ids).size, 0);
        expect(shownDishes).toBe(counted);

        expect(await orderCard(page, takeaway.id).locator('.order-moves button').allTextContents()).toStrictEqual(['Pickup']);
        expect(await orderCard(page, longest.id).locator('.order-moves button').allTextContents()).toStrictEqual(['On the Way']);
      }
    },
    3 * BROWSER_TEST_MS,
  );
  it(
    "keeps an hour-old order's age and tomorrow's promise inside their own columns and every part of a row inside the row, phone to wall screen",
    async ({ startApp, browser }) => {
      const t = await startApp({ clock: new FrozenClock(LATE_SERVICE) });
      const menu = await seedMenu(t);
      t.clock.advance(-70 * 60_000);
      const old = await placeOrder(t, [menu.steak.id, menu.salad.id, menu.lemonade.id], 'patron', { name: 'Early', table_number: 12 });
      t.clock.advance(70 * 60_000);
      // Booked for tomorrow: its promise names the day ("due Thu, May 9 12:30 AM").
      const tomorrow = await placeOrder(t, [menu.steak.id], 'patron', {
        name: 'Later',
        scheduled_at: new Date(t.clock.now().getTime() + 26 * 3_600_000).toISOString(),
      });
      const page = await openBoard(browser, t, '/expeditor', SIZES[0], { frozenAt: t.clock.now() });
      await signIn(page, 'expeditor');
      for (const size of [...SIZES, { width: 1920, height: 1080 }]) {
        await resize(page, size);
        await expect.poll(() => orderCard(page, old.id).locator('.ticket-age').textContent()).toMatch(/^1h 1\dm$/);
        expect(await orderCard(page, tomorrow.id).locator('.order-promise').textContent()).toMatch(
          /^due [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+ /,
        );
        // A promise may wrap in its narrow column, but never inside its time ("12:35 / PM").
        const splitTimes = await page.evaluate(`[...document.querySelectorAll('.order-promise')].filter((promise) => {
          const walker = document.createTreeWalker(promise, NodeFilter.SHOW_TEXT);
          let last = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
          const time = last.textContent.match(/\\d{1,2}:\\d\\d( [AP]M)?$/)[0];
          const range = document.createRange();
          range.setStart(last, last.textContent.length - time.length);
          range.setEnd(last, last.textContent.length);
          return range.getClientRects().length > 1;
        }).map((promise) => promise.textContent)`);
        expect({ size, splitTimes }).toStrictEqual({ size, splitTimes: [] });
        const layout = await measure(page, '[data-order-id]', '.ticket-age');
        expect({ size, clipped: layout.clipped, spills: layout.spills, crowded: layout.crowded }).toStrictEqual({
          size,
          clipped: [],
          spills: [],
          crowded: [],
        });
      }
    },
    BROWSER_TEST_MS,
  );
  it(
    "reads an order's allergy at a glance on the wide rail: two lines at most, above the stations, at 1280 and 1920",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const dressing = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Caesar dressing', in_stock_qty: 50, price: 1, allergens: ['celery', 'eggs', 'milk', 'mustard', 'fish'] },
      });
      const caesar = await addDish(t, {
        name: 'Caesar salad',
        station: 'cold',
        ingredients: [{ ingredient_id: dressing.json<{ id: string }>().id, is_essential: true }],
      });
      const order = await placeOrder(t, [caesar.id, menu.steak.id], 'patron', {
        name: 'Cleo',
        table_number: 12,
        allergies: ['celery', 'eggs', 'milk', 'mustard', 'fish'],
        allergy_confirmed: true,
        special_requests: 'Dressing on the side. NB: severe celery allergy, even traces.',
      });
      const page = await openBoard(browser, t, '/expeditor', SIZES[2]!);
      await signIn(page, 'expeditor');
      for (const size of [SIZES[2]!, { width: 1920, height: 1080 }]) {
        await resize(page, size);
        const note = orderCard(page, order.id).locator('.order-allergy');
        await expect.poll(() => note.textContent()).toBe('Caesar salad: celery, eggs, fish, milk, mustard');
        // The request reads whole under it, its celery words marked (the salad holds celery), said once.
        const request = orderCard(page, order.id).locator('.order-request');
        expect(await request.textContent()).toBe('Dressing on the side. NB: severe celery allergy, even traces.');
        expect(await request.locator('.allergy-word').allTextContents()).toStrictEqual(['celery', 'allergy']);
        const read = await page.evaluate(`(() => {
          const row = document.querySelector('[data-order-id="${order.id}"]');
          const box = row.querySelector('.order-allergy').getBoundingClientRect();
          const lines = Math.round(box.height / parseFloat(getComputedStyle(row.querySelector('.order-allergy')).lineHeight));
          return { lines: lines <= 2, above: box.bottom <= row.querySelector('.order-stations').getBoundingClientRect().top };
        })()`);
        expect({ size, read }).toStrictEqual({ size, read: { lines: true, above: true } });
      }
    },
    BROWSER_TEST_MS,
  );
});
