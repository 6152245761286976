// The station board judged at the sizes kitchens use (375×812 phone, 1024×768 and 1280×800
// tablets) in a 40-ticket rush of long names and long requests, its pace line shown: nothing
// overflows or overlaps, six tickets of that rush fit a 1280×800 screen (eight of a usual mix), the
// allergy at the end of a request shows without a tap, every button takes a finger; and the rush
// behaviours: one-tap Done, late tickets rising, a "more below" that counts open tickets only, and
// a resting mouse that holds the order 8 s at most.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { type TestApp } from '../helpers/app.js';
import { addDish, placeOrder, seedMenu } from '../helpers/menu.js';
import type { Order } from '../../models/order.js';
import { BROWSER_TEST_MS, openBoard, orderCard, resize, signIn, WAIT_MS } from './browser.js';
import { ALLERGY_WORD, barControlsOffScreen, keepShot, LONG_REQUEST, measure, SIZES, seedRush, WALL, wordInView } from './layout.js';

const ticketIds = (page: Page) =>
  page.$$eval('#tickets [data-order-id]', (cards) => cards.map((card) => card.getAttribute('data-order-id')));
const ticketStatus = async (t: TestApp, id: string) =>
  (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json<{ tickets: { status: string }[] }>().tickets[0]?.status;
const bumpTicket = async (t: TestApp, id: string, status: string) => {
  expect((await t.inject({ method: 'PATCH', url: `/orders/${id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode).toBe(200);
};
const setPriority = async (t: TestApp, id: string, priority: number) => {
  expect((await t.inject({ method: 'PATCH', url: `/orders/${id}`, as: 'expeditor', payload: { priority } })).statusCode).toBe(200);
};

/**
 * The pace line in the strip above the tickets: cut or not, inside the strip (and the strip inside
 * the screen), and whether the all-day counts reach below the last count's box (a row of the
 * line's own, or a row made taller by it).
 */
const paceInStrip = (page: Page) =>
  page.evaluate<{ cut: boolean; inside: boolean; addsHeight: boolean }>(`(() => {
    const pace = document.querySelector('#pace');
    const p = pace.getBoundingClientRect(), s = document.querySelector('.strips').getBoundingClientRect();
    const last = [...document.querySelectorAll('#all-day-items > *')].at(-1).getBoundingClientRect();
    const allDay = document.querySelector('#all-day').getBoundingClientRect();
    return {
      cut: pace.scrollWidth > pace.clientWidth + 1 || pace.scrollHeight > pace.clientHeight + 1,
      inside: p.left >= s.left - 0.5 && p.right <= s.right + 0.5 && p.top >= s.top - 0.5 && p.bottom <= s.bottom + 0.5 && s.right <= innerWidth + 0.5,
      addsHeight: allDay.bottom > last.bottom + 1,
    };
  })()`);

/** The first ticket's text sizes (px): its table, a dish, the guest, the request. */
const TEXT_SIZES = `['.ticket-table', '.dish-name', '.ticket-name', '.ticket-requests']
  .map((part) => parseFloat(getComputedStyle(document.querySelector('#tickets ' + part)).fontSize))`;

describe('station board at three sizes', () => {
  it(
    'holds a 40-ticket rush of long names and requests at 375, 1024, 1280 and 1920 px, its text a fifth larger on the wall screen',
    async ({ app: t, browser }) => {
      const rush = await seedRush(t, 40);
      /** The ticket's text sizes (px) at each width: the table, a dish, the guest, the request. */
      const textSizes = new Map<number, number[]>();
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[0]);
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('40 open');
      // Judged with the station's pace line in the strip, as every board shows it from its sign-in on.
      await hot.locator('#pace', { hasText: 'cooking at' }).waitFor();
      for (const size of [...SIZES, WALL]) {
        await resize(hot, size);
        await keepShot(hot, `kds-hot-${size.width}x${size.height}`);
        expect({ size, offScreen: await barControlsOffScreen(hot) }).toStrictEqual({ size, offScreen: [] });
        const layout = await measure(hot, '#tickets [data-order-id]', '.ticket-dishes .dish-name');
        expect({
          size,
          width: layout.scrollWidth,
          overlaps: layout.overlaps,
          small: layout.smallButtons,
          tall: layout.tallDishes,
          spills: layout.spills,
          crowded: layout.crowded,
        }).toStrictEqual({ size, width: size.width, overlaps: [], small: [], tall: [], spills: [], crowded: [] });
        // Every fourth ticket here carries a 500-character request, shown whole (never cut), and the
        // oldest come first. Such a ticket is a whole column tall (about 560 px on a compact card),
        // and two of the first five are such: at 1280×800 they take two of the five columns, the other
        // three hold two short tickets each under the all-day strip: six is what this board can show,
        // not a slack bound (the usual mix, four long requests in forty, shows eight:
        // kds-reading.test.ts). 1024×768 (four columns) shows five; the wall screen eleven.
        const inView: Record<number, number> = { 1024: 5, 1280: 6, [WALL.width]: 11 };
        if (inView[size.width]) expect({ size, inView: layout.fullyVisible >= inView[size.width]! }).toStrictEqual({ size, inView: true });
        // The pace line is whole and inside the strip; on a tablet it sits beside the last all-day
        // count, costing the tickets no height (on a phone each count has a row, and the line its own).
        const pace = await paceInStrip(hot);
        expect({ size, pace }).toStrictEqual({ size, pace: { cut: false, inside: true, addsHeight: size.width === 375 } });
        textSizes.set(size.width, await hot.evaluate<number[]>(TEXT_SIZES));
        // The first ticket (the oldest) has the long request: its allergy shows, whole, without a tap.
        expect(await ticketIds(hot).then((ids) => ids[0])).toBe(rush.allergic[0]!.id);
        for (const order of rush.allergic)
          expect({ size, order: order.id, shown: await wordInView(hot, order.id, ALLERGY_WORD) }).toStrictEqual({
            size,
            order: order.id,
            shown: true,
          });
      }
      // Compact at both widths: the wall screen's text is a fifth larger than the tablet's, to a
      // hundredth of a pixel (the long request's 15.6 px becomes 18.72 px).
      const hundredths = (px: number) => Math.round(px * 100) / 100;
      const tablet = textSizes.get(1280)!;
      expect(textSizes.get(WALL.width)!.map(hundredths)).toStrictEqual(tablet.map((px) => hundredths(px * 1.2)));
    },
    4 * BROWSER_TEST_MS,
  );

  it(
    "keeps a late coursed ticket's head inside its card at compact density, tablet to wall screen",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // Nine tickets turn the board compact; each with its course badge and an age past an hour.
      t.clock.advance(-70 * 60_000);
      const orders: Order[] = [];
      for (let i = 1; i <= 9; i += 1)
        orders.push(await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: 12, pacing: 'courses' }));
      t.clock.advance(70 * 60_000);
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[1]);
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('9 open');
      for (const size of [SIZES[1]!, SIZES[2]!, { width: 1920, height: 1080 }]) {
        await resize(hot, size);
        expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe('true');
        const head = await orderCard(hot, orders[0]!.id).locator('.ticket-head').innerText();
        // The course goes on the line under the head, which holds table, priority and age only.
        expect(head.replace(/\s+/g, ' ')).toMatch(/^TABLE 12 P3 1h 1\dm$/);
        expect(await orderCard(hot, orders[0]!.id).locator('.ticket-meta .ticket-course').textContent()).toBe('Course 1');
        await keepShot(hot, `kds-coursed-${size.width}x${size.height}`);
        const layout = await measure(hot, '#tickets [data-order-id]', '.ticket-age');
        expect({ size, spills: layout.spills, clipped: layout.clipped }).toStrictEqual({ size, spills: [], clipped: [] });
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows the allergy in full on roomy tickets too, and keeps their keys inside them, phone, tablet and wall screen',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id], 'patron', { special_requests: LONG_REQUEST });
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[0]);
      await signIn(hot, 'chef');
      await orderCard(hot, order.id).waitFor();
      for (const size of [...SIZES, WALL]) {
        await resize(hot, size);
        expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe('false');
        expect(await wordInView(hot, order.id, ALLERGY_WORD)).toBe(true);
        // The request is whole on the card: no Show all, Start and Done side by side, none past the card's edge.
        expect(await orderCard(hot, order.id).locator('button').allTextContents()).toStrictEqual(['Start ▶', 'Done ✓']);
        const layout = await measure(hot, '#tickets [data-order-id]', '.ticket-requests');
        expect({ size, spills: layout.spills, small: layout.smallButtons }).toStrictEqual({ size, spills: [], small: [] });
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows a hyphenated allergy ("gluten-free", "nut-free") at the end of a long request without a tap, on compact tickets',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const wishes = 'Please bring the sauce on the side and keep the fries extra crispy, thank you. '.repeat(5);
      const request = `${wishes}Strictly gluten-free and nut-free, please.`;
      const order = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Cleo', special_requests: request });
      for (let i = 0; i < 8; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}` });
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[1]);
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('9 open');
      expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe('true');
      expect({ gluten: await wordInView(hot, order.id, 'gluten-free'), nuts: await wordInView(hot, order.id, 'nut-free') }).toStrictEqual({
        gluten: true,
        nuts: true,
      });
    },
    BROWSER_TEST_MS,
  );

  it(
    "parts two dishes' allergy alerts with a dot, and leaves a request's allergy words unmarked where no dish holds them",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const sauce = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Cream', in_stock_qty: 50, price: 1, allergens: ['milk'] },
      });
      const creamy = await addDish(t, {
        name: 'Creamy mash',
        station: 'hot',
        ingredients: [{ ingredient_id: sauce.json<{ id: string }>().id, is_essential: true }],
      });
      const gratin = await addDish(t, {
        name: 'Gratin',
        station: 'hot',
        ingredients: [{ ingredient_id: sauce.json<{ id: string }>().id, is_essential: true }],
      });
      const order = await placeOrder(t, [creamy.id, gratin.id, menu.steak.id], 'patron', {
        name: 'Dora',
        allergies: ['milk'],
        allergy_confirmed: true,
        special_requests: 'Strictly nut-free, please.',
      });
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[1]);
      await signIn(hot, 'chef');
      const note = orderCard(hot, order.id).locator('.ticket-allergy > span');
      await expect.poll(() => note.allTextContents()).toStrictEqual(['Creamy mash: milk', '·', 'Gratin: milk']);
      expect(
        await orderCard(hot, order.id)
          .locator('.allergy-sep')
          .evaluateAll((seps) => seps.map((sep) => sep.getAttribute('aria-hidden'))),
      ).toStrictEqual(['true']);
      // Nothing at the hot station holds nuts: the request reads whole, its "nut-free" not marked.
      expect(await orderCard(hot, order.id).locator('.ticket-requests').textContent()).toBe('Strictly nut-free, please.');
      expect(await orderCard(hot, order.id).locator('.ticket-requests .allergy-word').count()).toBe(0);
    },
    BROWSER_TEST_MS,
  );

  it(
    'finishes a new ticket with one tap, Start still offered',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id]);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      expect(await orderCard(hot, order.id).locator('button').allTextContents()).toStrictEqual(['Start ▶', 'Done ✓']);
      await orderCard(hot, order.id).locator('[data-action="done"]').click();
      await expect.poll(() => ticketStatus(t, order.id), { timeout: WAIT_MS }).toBe('Ready');
    },
    BROWSER_TEST_MS,
  );

  it(
    'counts only open tickets below the fold: finished ones below an empty screen are not announced',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      const open: Order[] = [];
      for (let i = 0; i < 3; i += 1) open.push(await placeOrder(t, [menu.steak.id], 'patron', { name: `Open${i}` }));
      for (let i = 0; i < 20; i += 1) {
        const done = await placeOrder(t, [menu.steak.id], 'patron', { name: `Done${i}` });
        await bumpTicket(t, done.id, 'In Progress');
        await bumpTicket(t, done.id, 'Ready');
      }
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await expect.poll(() => hot.$$eval('#tickets [data-order-id]', (cards) => cards.length)).toBe(23);
      expect(await hot.textContent('#count')).toBe('3 open');
      expect(await hot.isVisible('#more-below')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'raises a very late ticket above on-time ones of every priority',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // A P5 steak (25 min) placed an hour ago is past its time and the 5-minute margin: red.
      t.clock.advance(-60 * 60_000);
      const forgotten = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Forgotten' });
      t.clock.advance(60 * 60_000);
      await setPriority(t, forgotten.id, 5);
      const fresh: Order[] = [];
      for (let i = 0; i < 4; i += 1) fresh.push(await placeOrder(t, [menu.steak.id], 'patron', { name: `Fresh${i}` }));
      await setPriority(t, fresh[0]!.id, 0);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await expect.poll(() => ticketIds(hot)).toStrictEqual([forgotten.id, ...fresh.map((order) => order.id)]);
      expect(await orderCard(hot, forgotten.id).getAttribute('class')).toContain('very-late');
    },
    BROWSER_TEST_MS,
  );

  it(
    're-sorts within the 8 s a resting mouse may hold the tickets, without the mouse moving',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const orders: Order[] = [];
      for (let i = 1; i <= 4; i += 1) orders.push(await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}` }));
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, orders[3]!.id).waitFor();
      const first = await orderCard(hot, orders[0]!.id).boundingBox();
      await hot.mouse.move(first!.x + first!.width / 2, first!.y + 30);
      await setPriority(t, orders[3]!.id, 0);
      await expect.poll(() => orderCard(hot, orders[3]!.id).locator('.ticket-priority').textContent()).toBe('P0');
      // Held while the mouse rests (at most 8 s after it last moved), then re-sorted on its own.
      await expect.poll(() => ticketIds(hot).then((ids) => ids[0]), { timeout: 12_000 }).toBe(orders[3]!.id);
    },
    BROWSER_TEST_MS,
  );
});
