// The station board read as a cook reads it, at 375, 1024 and 1280 px: a request whole on its
// ticket (never a tap away), its allergy words marked only where the dishes hold that allergen and
// said once, the head's table, priority and age in the same place on every card, the all-day counts
// in view under long Held and Low strips, a top bar of one row on a phone, and red meaning late for
// the ticket's own dishes (a drink judged as a drink).
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, forgetSignIn, goToBoard, openBoard, orderCard, reloadAt, resize, signIn } from './browser.js';
import { barControlsOffScreen, keepShot, measure, SIZES, seedRush, wordInView } from './layout.js';

/** 300 characters of wishes; the instruction a one-line clamp hid comes last. */
const REQUEST =
  `${'Please bring the sauce on the side, and the fries extra crispy. '.repeat(4)}Cook it medium rare; well done; no pickles`.slice(-300);

/** Where each card's table, priority and age sit inside it (px from its left or right edge and top). */
const HEAD_PLACES = `[...document.querySelectorAll('#tickets [data-order-id]')].map((card) => {
  const c = card.getBoundingClientRect();
  const at = (selector, side) => {
    const r = card.querySelector(selector).getBoundingClientRect();
    return [Math.round(side === 'left' ? r.left - c.left : c.right - r.right), Math.round(r.top - c.top)];
  };
  return { width: Math.round(c.width), table: at('.ticket-table', 'left'), priority: at('.ticket-priority', 'right'), age: at('.ticket-age', 'right') };
})`;

/** A board at this size, signed in as a chef. */
async function open(browser: Browser, t: TestApp, path: string, size: { width: number; height: number }) {
  const page = await openBoard(browser, t, path, size);
  await signIn(page, 'chef');
  return page;
}

describe('station board, read by a cook', () => {
  it(
    'shows a 300-character request whole, its last words in view without a tap, at 375, 1024 and 1280 px, roomy and compact',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      const order = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Hugo', table_number: 4, special_requests: REQUEST });
      const hot = await open(browser, t, '/kds/hot', SIZES[0]!);
      for (const count of [1, 9]) {
        // One ticket: roomy cards; nine: compact ones.
        for (let i = 1; i < count; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}` });
        await expect.poll(() => hot.textContent('#count')).toBe(`${count} open`);
        // The same board turned compact as the ninth ticket arrived.
        expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe(String(count === 9));
        for (const size of SIZES) {
          await resize(hot, size);
          expect({ size, count, text: await orderCard(hot, order.id).locator('.ticket-requests').textContent() }).toStrictEqual({
            size,
            count,
            text: REQUEST,
          });
          expect({ size, count, shown: await wordInView(hot, order.id, 'well done; no pickles') }).toStrictEqual({
            size,
            count,
            shown: true,
          });
          expect(await orderCard(hot, order.id).locator('.show-all').count()).toBe(0);
          await keepShot(hot, `kds-request-${count}-${size.width}`);
        }
      }
    },
    3 * BROWSER_TEST_MS,
  );

  it(
    "marks a request's allergy words only on the station whose dishes hold that allergen, and says them once",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      const flour = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Bun', in_stock_qty: 50, price: 1, allergens: ['cereals_gluten', 'sesame'] },
      });
      const burger = await addDish(t, {
        name: 'Classic Burger',
        station: 'hot',
        preparation_time: 12,
        ingredients: [{ ingredient_id: flour.json<{ id: string }>().id, is_essential: true }],
      });
      const order = await placeOrder(t, [burger.id, menu.lemonade.id], 'patron', {
        name: 'Ines',
        table_number: 8,
        special_requests: 'A gluten-free bun please, and the lemonade without ice',
      });
      const board = await open(browser, t, '/kds/hot', SIZES[0]!);
      for (const size of SIZES) {
        await resize(board, size);
        const card = orderCard(board, order.id);
        await card.waitFor();
        expect({
          size,
          marked: await card.locator('.ticket-requests .allergy-word').allTextContents(),
          allergy: await card.locator('.ticket-requests.has-allergy').count(),
          // The words once on the card: in the request, not again in a band above it.
          said: ((await card.textContent()) ?? '').toLowerCase().split('gluten').length - 1,
        }).toStrictEqual({ size, marked: ['gluten-free'], allergy: 1, said: 1 });
      }
      // The same ticket on the bar's board (the tablet still signed in).
      await goToBoard(board, t, '/kds/beverages', SIZES[0]!);
      for (const size of SIZES) {
        await resize(board, size);
        const drink = orderCard(board, order.id);
        await drink.waitFor();
        expect({
          size,
          band: await drink.locator('.ticket-allergy').count(),
          marked: await drink.locator('.allergy-word').count(),
          allergy: await drink.locator('.has-allergy').count(),
          text: await drink.locator('.ticket-requests').textContent(),
        }).toStrictEqual({ size, band: 0, marked: 0, allergy: 0, text: 'A gluten-free bun please, and the lemonade without ice' });
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'keeps table, priority and age in the same place on every card: a course, an allergy, a takeaway, an hour-old ticket',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      t.clock.advance(-70 * 60_000);
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Old', table_number: 123, pacing: 'courses' });
      t.clock.advance(70 * 60_000);
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Takeaway' });
      await placeOrder(t, [menu.steak.id], 'patron', { name: 'Allergic', table_number: 2, special_requests: 'No nuts at all' });
      const urgent = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Urgent', table_number: 7 });
      expect((await t.inject({ method: 'PATCH', url: `/orders/${urgent.id}`, as: 'expeditor', payload: { priority: 0 } })).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 6; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: 10 + i });
      const hot = await openBoard(browser, t, '/kds/hot', SIZES[0]);
      for (const layout of ['roomy', 'compact']) {
        // The tablet set to this layout, then the board loaded afresh at a phone's width.
        await hot.evaluate(`localStorage.setItem('pos.kds.layout', '${layout}')`);
        if (layout === 'roomy') {
          await hot.reload();
          await signIn(hot, 'chef');
        } else await reloadAt(hot, SIZES[0]!);
        await expect.poll(() => hot.textContent('#count')).toBe('10 open');
        for (const size of SIZES) {
          await resize(hot, size);
          const places = await hot.evaluate<{ width: number }[]>(HEAD_PLACES);
          expect({ size, layout, places: new Set(places.map((place) => JSON.stringify(place))).size }).toStrictEqual({
            size,
            layout,
            places: 1,
          });
          await keepShot(hot, `kds-heads-${layout}-${size.width}`);
        }
      }
    },
    3 * BROWSER_TEST_MS,
  );

  it(
    "keeps every all-day count in view under long 86'd, Held and Low strips, and the phone's top bar to one row",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      const few = await addIngredient(t, 'Burrata', 15);
      const none = await addIngredient(t, 'Truffle', 0);
      const cold = (name: string, ingredient = menu.lettuce.id) =>
        addDish(t, {
          name,
          station: 'cold',
          category: 'Appetizer',
          preparation_time: 5,
          ingredients: [{ ingredient_id: ingredient, is_essential: true }],
        });
      await cold('Shaved black truffle and parmesan salad with aged balsamic', none.id);
      await cold('Truffled egg mayonnaise with chives', none.id);
      const burrata = await cold('Heirloom tomato and burrata salad with basil oil', few.id);
      // 15 burratas, 6 ordered: 9 left, under the default low_portions (10).
      const dishes = [
        await cold('Hand-cut beef tartare with smoked egg yolk and pickled shallot'),
        await cold('Beetroot carpaccio with whipped goat cheese and walnuts'),
        await cold('Chilled pea and mint soup with crème fraîche'),
        await cold('Smoked salmon rillettes with rye crisps and dill'),
        await cold('Citrus-cured sea bass crudo with fennel and chilli'),
        menu.salad,
      ];
      for (const [index, dish] of dishes.entries())
        await placeOrder(t, [dish.id, burrata.id], 'patron', { name: `Guest${index}`, table_number: 20 + index });
      // Held: the cold dishes of "together" orders wait for a four-hour braise (longer than the
      // cold line's queue of sixteen 5-minute dishes, so they fire as late as they can).
      const braise = await addDish(t, {
        name: 'Four-hour braised short rib',
        station: 'hot',
        category: 'Main Course',
        preparation_time: 240,
        ingredients: [{ ingredient_id: menu.lettuce.id, is_essential: true }],
      });
      for (let i = 0; i < 4; i += 1)
        await placeOrder(t, [dishes[i]!.id, dishes[i + 1]!.id, braise.id], 'patron', {
          name: `Table${i}`,
          table_number: 40 + i,
          pacing: 'together',
        });
      const page = await open(browser, t, '/kds/cold', SIZES[0]!);
      await page.waitForSelector('#held-items li');
      await page.waitForSelector('#low-items li');
      await page.waitForSelector('#eighty-six-items li');
      await expect.poll(() => page.locator('#all-day-items li').count()).toBe(7);
      for (const size of SIZES) {
        await resize(page, size);
        const outOfView = await page.evaluate(`[...document.querySelectorAll('#all-day-items li')]
            .filter((li) => {
              const r = li.getBoundingClientRect();
              return r.width === 0 || r.left < -0.5 || r.right > innerWidth + 0.5 || r.top < 0 || r.bottom > innerHeight;
            })
            .map((li) => li.textContent)`);
        expect({ size, outOfView }).toStrictEqual({ size, outOfView: [] });
        expect({ size, width: await page.evaluate('document.documentElement.scrollWidth') }).toStrictEqual({ size, width: size.width });
        await keepShot(page, `kds-strips-${size.width}`);
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'keeps the top bar to one row on a phone on every staff page, the rest a tap on ⋯ away',
    async ({ app: t, browser }) => {
      await seedMenu(t, 100);
      const phone = SIZES[0]!;
      // One phone, each page opened in turn; signed in again when the role changes.
      const page = await openBoard(browser, t, '/kds/hot', phone);
      let signedIn: string | undefined;
      for (const [path, role] of [
        ['/kds/hot', 'chef'],
        ['/expeditor', 'expeditor'],
        ['/manager', 'manager'],
        ['/manager/stock', 'manager'],
        ['/manager/menu', 'manager'],
        ['/manager/staff', 'manager'],
      ] as const) {
        if (signedIn && signedIn !== role) await forgetSignIn(page);
        if (signedIn) await page.goto(`${t.url}${path}`);
        if (signedIn !== role) {
          await page.fill('#login input[name=user_name]', `${role}1`);
          await page.fill('#login input[name=password]', 'Kitchen@Pass1!');
          await page.click('#login button[type=submit]');
          signedIn = role;
        }
        await page.waitForSelector('body:not(.signed-out)');
        // One row: every part shown shares a line (their boxes overlap top to bottom).
        const rows = async (bar: Page) =>
          bar.$eval('header.bar', (header) => {
            const boxes = [...header.children].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
            const oneRow = Math.max(...boxes.map((r) => r.top)) < Math.min(...boxes.map((r) => r.bottom));
            return { oneRow, height: Math.round(header.getBoundingClientRect().height) };
          });
        const closed = await rows(page);
        expect({ path, oneRow: closed.oneRow, short: closed.height <= 64 }).toStrictEqual({ path, oneRow: true, short: true });
        await page.click('#bar-more');
        expect({ path, offScreen: await barControlsOffScreen(page) }).toStrictEqual({ path, offScreen: [] });
        expect(await page.isVisible('#sign-out')).toBe(true);
        await keepShot(page, `bar-open-${path.replaceAll('/', '-')}`);
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    "turns a ticket red past its own dishes' expected minutes and the 5-minute margin: a drink late, a braise of the same age not",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      t.clock.advance(-9 * 60_000);
      const order = await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', { name: 'Nine', table_number: 9 });
      t.clock.advance(9 * 60_000);
      const board = await open(browser, t, '/kds/beverages', SIZES[0]!);
      for (const size of SIZES) {
        await resize(board, size);
        // The lemonade takes 3 minutes: 9 minutes on is past 3 + 5.
        await expect.poll(() => orderCard(board, order.id).getAttribute('class')).toContain('very-late');
        expect(await orderCard(board, order.id).getAttribute('data-late')).toBe('3');
        expect(await orderCard(board, order.id).getAttribute('data-very-late')).toBe('8');
      }
      // The same order on the hot line's board.
      await goToBoard(board, t, '/kds/hot', SIZES[0]!);
      for (const size of SIZES) {
        await resize(board, size);
        // The steak takes 25: 9 minutes on it is on time.
        await orderCard(board, order.id).waitFor();
        const state = await orderCard(board, order.id).evaluate((card) => [
          card.classList.contains('late'),
          card.classList.contains('very-late'),
        ]);
        expect({ size, state }).toStrictEqual({ size, state: [false, false] });
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    'keeps eight tickets of forty wholly in view at 1280×800 with a usual mix (a few long requests, shown whole)',
    async ({ app: t, browser }) => {
      // Four of the forty carry the 500-character request.
      await seedRush(t, 40, 10);
      const hot = await open(browser, t, '/kds/hot', SIZES[2]!);
      await expect.poll(() => hot.textContent('#count')).toBe('40 open');
      const layout = await measure(hot, '#tickets [data-order-id]', '.ticket-requests');
      expect({ overlaps: layout.overlaps, clipped: layout.clipped, enough: layout.fullyVisible >= 8 }).toStrictEqual({
        overlaps: [],
        clipped: [],
        enough: true,
      });
      await keepShot(hot, 'kds-usual-1280');
    },
    2 * BROWSER_TEST_MS,
  );
});
