// The expeditor at volume, in a real browser: 10 orders on one 1280×800 screen (with 44 px touch
// targets and every dish written out), station columns aligned, and food waiting at the pass
// flagged amber after 2 minutes and red after 5.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { FrozenClock, type TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, signIn } from './browser.js';

/** Every ticket of the order Ready, as if done `minutesAgo` minutes ago (the server's clock moved back). */
async function readyAgo(t: TestApp, id: string, minutesAgo: number) {
  t.clock.advance(-minutesAgo * 60_000);
  for (const status of ['In Progress', 'Ready for Assembly']) {
    expect((await t.inject({ method: 'PATCH', url: `/orders/${id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(200);
  }
  t.clock.advance(minutesAgo * 60_000);
}

/** Midday on a fixed day, on the server and in the page: the rows' "due" times never cross midnight, whatever the hour the suite runs. */
const LUNCH = Date.parse('2030-05-07T12:00:00.000Z');

describe('expeditor rail', () => {
  it(
    'shows 10 orders at 1280×800 with aligned station columns, and flags food waiting at the pass by time',
    async ({ startApp, browser }) => {
      const t = await startApp({ clock: new FrozenClock(LUNCH) });
      const menu = await seedMenu(t, 200);
      const orders = [];
      for (let i = 1; i <= 26; i += 1) {
        const dishes = [[menu.steak.id, menu.salad.id], [menu.lemonade.id], [menu.salad.id, menu.lemonade.id, menu.steak.id]][i % 3] ?? [];
        orders.push(
          await placeOrder(t, dishes, 'patron', {
            name: `Guest${i}`,
            table_number: i,
            special_requests: i === 2 ? 'No onions' : undefined,
          }),
        );
      }
      const [cold, warm, fresh] = [orders[0]!, orders[1]!, orders[2]!];
      await readyAgo(t, cold.id, 6);
      await readyAgo(t, warm.id, 3);
      await readyAgo(t, fresh.id, 0);
      const page = await openBoard(browser, t, '/expeditor', undefined, { frozenAt: t.clock.now() });
      await signIn(page, 'expeditor');
      await orderCard(page, orders[25]!.id).waitFor({ state: 'attached' });

      const rows = await page.$$eval('#rail [data-order-id]', (all) =>
        all.map((row) => {
          const box = row.getBoundingClientRect();
          const cells = [...row.querySelectorAll('.station-cell')].map((cell) => Math.round(cell.getBoundingClientRect().left));
          return { bottom: box.bottom, right: box.right, cells };
        }),
      );
      expect(rows).toHaveLength(26);
      // Visible means above the bottom of the scrolling board (the "more below" strip sits under it).
      const fold = await page.$eval('main.board', (board) => board.getBoundingClientRect().bottom);
      expect(fold).toBeLessThanOrEqual(800);
      expect(rows.slice(0, 10).map((row) => row.bottom <= fold && row.right <= 1280)).toStrictEqual(Array(10).fill(true));
      expect(await page.textContent('#more-below')).toMatch(/^▼ \d+ more below$/);
      // The cold, hot and beverage cells start at the same x on every row.
      expect(new Set(rows.map((row) => row.cells.join(','))).size).toBe(1);

      const flag = (id: string) =>
        orderCard(page, id).evaluate((row) => ({
          late: row.classList.contains('pass-late'),
          veryLate: row.classList.contains('pass-very-late'),
          waited: row.querySelector('.pass-age')?.textContent,
        }));
      expect(await flag(cold.id)).toStrictEqual({ late: false, veryLate: true, waited: expect.stringMatching(/^6:0\d$/) });
      expect(await flag(warm.id)).toStrictEqual({ late: true, veryLate: false, waited: expect.stringMatching(/^3:0\d$/) });
      expect(await flag(fresh.id)).toStrictEqual({ late: false, veryLate: false, waited: expect.stringMatching(/^0:0\d$/) });
      expect(await flag(orders[3]!.id)).toStrictEqual({ late: false, veryLate: false, waited: undefined });

      // The request reads in the row, without a tap.
      expect(await orderCard(page, warm.id).locator('.order-request').textContent()).toBe('No onions');
    },
    BROWSER_TEST_MS,
  );
});
