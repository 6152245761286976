// The expeditor's rail read at a glance, at 375, 1024 and 1280 px: the table first in every row,
// a request in full without a tap (its allergy words marked), and one colour for the row's clocks
// (at the pass both take the wait's colour, whatever the cooking took).
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, resize, signIn } from './browser.js';
import { keepShot, SIZES, wordInView } from './layout.js';

const REQUEST = `${'Bring the starters first and the sauce on the side, thank you. '.repeat(4)}Severe sesame allergy; burger well done, no pickles`;

/** Every ticket of the order Ready `minutesAgo` minutes ago (the server's clock moved back). */
async function readyAgo(t: TestApp, id: string, minutesAgo: number) {
  t.clock.advance(-minutesAgo * 60_000);
  for (const status of ['In Progress', 'Ready for Assembly']) {
    expect((await t.inject({ method: 'PATCH', url: `/orders/${id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(200);
  }
  t.clock.advance(minutesAgo * 60_000);
}

describe('expeditor rail, read at a glance', () => {
  it(
    'puts the table first in every row, and shows a long request whole without a tap',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      const asked = await placeOrder(t, [menu.steak.id, menu.lemonade.id], 'patron', {
        name: 'Ines',
        table_number: 14,
        special_requests: REQUEST,
      });
      for (let i = 0; i < 5; i += 1) await placeOrder(t, [menu.salad.id], 'patron', { name: `Guest${i}`, table_number: 20 + i });
      const page = await openBoard(browser, t, '/expeditor', SIZES[0]);
      await signIn(page, 'expeditor');
      for (const size of SIZES) {
        await resize(page, size);
        await orderCard(page, asked.id).waitFor();
        // The table is the row's first thing, at its left edge; the priority after it.
        const firsts = await page.$$eval('#rail [data-order-id]', (rows) =>
          rows.map((row) => {
            const r = row.getBoundingClientRect();
            const table = row.querySelector('.order-table')!.getBoundingClientRect();
            const priority = row.querySelector('.order-priority')!.getBoundingClientRect();
            return {
              tableAtLeft: table.left - r.left < 24,
              tableTop: table.top - r.top < 16,
              priorityAfter: priority.left > table.left || priority.top >= table.bottom,
            };
          }),
        );
        expect({ size, firsts }).toStrictEqual({
          size,
          firsts: firsts.map(() => ({ tableAtLeft: true, tableTop: true, priorityAfter: true })),
        });
        expect(await orderCard(page, asked.id).locator('.order-request').textContent()).toBe(REQUEST);
        expect({ size, shown: await wordInView(page, asked.id, 'well done, no pickles') }).toStrictEqual({ size, shown: true });
        // Nothing on the order holds sesame: the words read plain; no button stands in for the request.
        expect(await orderCard(page, asked.id).locator('.allergy-word').count()).toBe(0);
        expect(await orderCard(page, asked.id).locator('button[data-action="show-all"]').count()).toBe(0);
        await keepShot(page, `expeditor-reading-${size.width}`);
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    "gives the row's two clocks one colour: at the pass, the wait's",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 100);
      // Cooked late (40 minutes for a 25-minute steak) but just readied: both clocks green.
      t.clock.advance(-40 * 60_000);
      const justReady = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Fresh', table_number: 1 });
      const waiting = await placeOrder(t, [menu.lemonade.id], 'patron', { name: 'Cold', table_number: 2 });
      t.clock.advance(40 * 60_000);
      await readyAgo(t, justReady.id, 0);
      // A drink readied 6 minutes ago (past the 5-minute pass limit): both clocks red.
      await readyAgo(t, waiting.id, 6);
      const page = await openBoard(browser, t, '/expeditor', SIZES[0]);
      await signIn(page, 'expeditor');
      for (const size of SIZES) {
        await resize(page, size);
        await orderCard(page, waiting.id).locator('.pass-age').waitFor();
        // Runs in the page (a string: the tests are not compiled against the DOM).
        const colours = (id: string) =>
          page.evaluate<string[]>(`(() => {
              const row = document.querySelector('[data-order-id="${id}"]');
              return ['.ticket-age', '.pass-age'].map((part) => getComputedStyle(row.querySelector(part)).color);
            })()`);
        const [ageFresh, passFresh] = await colours(justReady.id);
        const [ageCold, passCold] = await colours(waiting.id);
        expect({ size, fresh: ageFresh === passFresh, cold: ageCold === passCold, differ: passFresh !== passCold }).toStrictEqual({
          size,
          fresh: true,
          cold: true,
          differ: true,
        });
      }
    },
    2 * BROWSER_TEST_MS,
  );
});
