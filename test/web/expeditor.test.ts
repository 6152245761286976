// The expeditor's screen in a real browser: every open order with each station's share, sorting,
// priority controls, the final moves through the API, and scheduled Drafts with their fire time.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { type TestApp } from '../helpers/app.js';
import { addDish, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, signIn, statusInApi, WAIT_MS } from './browser.js';

const rowIds = (page: Page, list: string) =>
  page.$$eval(`${list} [data-order-id]`, (rows) => rows.map((row) => row.getAttribute('data-order-id')));

function readStations(page: Page, id: string) {
  return orderCard(page, id)
    .locator('.station-part')
    .evaluateAll((parts) =>
      parts.map((part) => ({
        station: part.querySelector('.station-name')?.textContent,
        state: part.querySelector('.station-state')?.textContent,
        dishes: [...part.querySelectorAll('li')].map((li) => li.textContent),
      })),
    );
}

async function priorityInApi(t: TestApp, id: string): Promise<number> {
  return (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json<{ priority: number }>().priority;
}

/** The fire time as the board writes it (en-US, UTC): the clock time, with the date when not today. */
function fireText(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  if (iso.slice(0, 10) === new Date().toISOString().slice(0, 10)) return `Fires ${time}`;
  return `Fires ${at.toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })} ${time}`;
}

describe('expeditor board', () => {
  it(
    "shows each station's dishes and state, sorts by priority then age, and sets priorities",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const older = await placeOrder(t, [menu.steak.id, menu.salad.id, menu.salad.id], 'patron', { name: 'Ava' });
      const newer = await placeOrder(t, [menu.lemonade.id], 'patron', { name: 'Ben' });
      const page = await openBoard(browser, t, '/expeditor');
      await signIn(page, 'expeditor');
      await orderCard(page, newer.id).waitFor();
      expect(await readStations(page, older.id)).toStrictEqual([
        { station: 'Cold', state: 'Waiting', dishes: ['2× Green Salad'] },
        { station: 'Hot', state: 'Waiting', dishes: ['1× Steak'] },
      ]);
      expect(await rowIds(page, '#orders')).toStrictEqual([older.id, newer.id]);

      await orderCard(page, newer.id).locator('[data-action="raise"]').click();
      await expect.poll(() => priorityInApi(t, newer.id), { timeout: WAIT_MS }).toBe(2);
      await expect.poll(() => rowIds(page, '#orders')).toStrictEqual([newer.id, older.id]);

      await orderCard(page, older.id).focus();
      await page.keyboard.press('0');
      await expect.poll(() => priorityInApi(t, older.id), { timeout: WAIT_MS }).toBe(0);
      await expect.poll(() => rowIds(page, '#orders')).toStrictEqual([older.id, newer.id]);

      await page.click('[data-sort="age"]');
      expect(await rowIds(page, '#orders')).toStrictEqual([older.id, newer.id]);
      await orderCard(page, older.id).locator('[data-action="lower"]').click();
      await expect.poll(() => priorityInApi(t, older.id), { timeout: WAIT_MS }).toBe(1);
      expect(await rowIds(page, '#orders')).toStrictEqual([older.id, newer.id]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'works from the keyboard alone: the request reads whole on the focused row, F fires a scheduled order',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const request = "No salt at all, please: doctor's orders.";
      const scheduledAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
      const draft = await placeOrder(t, [menu.steak.id], 'patron', {
        name: 'Later',
        scheduled_at: scheduledAt,
        special_requests: request,
      });
      const page = await openBoard(browser, t, '/expeditor');
      await signIn(page, 'expeditor');
      await orderCard(page, draft.id).waitFor();
      const focused = () => page.evaluate('document.activeElement.getAttribute("data-order-id")');

      await orderCard(page, draft.id).focus();
      // Nothing to open: the request is on the row, whole.
      expect(await orderCard(page, draft.id).innerText()).toContain(request);
      expect(await focused()).toBe(draft.id);

      await page.keyboard.press('f');
      await expect.poll(() => statusInApi(t, draft.id), { timeout: WAIT_MS }).toBe('Received');
      await expect.poll(() => rowIds(page, '#orders')).toStrictEqual([draft.id]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'fires every held course of a paced order from the keyboard: N on its focused row is Fire all now',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const tiramisu = await addDish(t, {
        name: 'Tiramisu',
        station: 'cold',
        category: 'Dessert',
        preparation_time: 4,
        ingredients: [{ ingredient_id: menu.salt.id, is_essential: true }],
      });
      const order = await placeOrder(t, [menu.salad.id, menu.steak.id, tiramisu.id], 'patron', {
        name: 'Coursed',
        table_number: 7,
        pacing: 'courses',
      });
      const page = await openBoard(browser, t, '/expeditor');
      await signIn(page, 'expeditor');
      const row = orderCard(page, order.id);
      await expect.poll(() => row.locator('.course').allTextContents()).toStrictEqual(['C1 fired', 'C2 held', 'C3 held']);
      await row.focus();
      await page.keyboard.press('n');
      await expect
        .poll(() => row.locator('.course').allTextContents(), { timeout: WAIT_MS })
        .toStrictEqual(['C1 fired', 'C2 fired', 'C3 fired']);
      const stored = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<{
        tickets: { status: string }[];
      }>();
      expect(stored.tickets.map((ticket) => ticket.status)).toStrictEqual(['Received', 'Received', 'Received']);
    },
    BROWSER_TEST_MS,
  );

  it(
    'sends a finished order on its way through the API, and lists scheduled Drafts with their fire time',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id, menu.lemonade.id]);
      const scheduledAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
      const draft = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Later', scheduled_at: scheduledAt });
      expect(draft.status).toBe('Draft');
      const page = await openBoard(browser, t, '/expeditor', { width: 800, height: 1280 });
      await signIn(page, 'expeditor');

      await orderCard(page, draft.id).waitFor();
      expect(await rowIds(page, '#drafts')).toStrictEqual([draft.id]);
      expect(await orderCard(page, draft.id).locator('.order-fire').textContent()).toBe(fireText(draft.fire_at ?? ''));
      expect(await orderCard(page, order.id).locator('[data-action="On the Way"]').isDisabled()).toBe(true);

      for (const status of ['In Progress', 'Ready for Assembly']) {
        expect((await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'chef', payload: { status } })).statusCode).toBe(200);
      }
      await expect
        .poll(() => readStations(page, order.id))
        .toStrictEqual([
          { station: 'Hot', state: 'Done ✓', dishes: ['1× Steak'] },
          { station: 'Beverages', state: 'Done ✓', dishes: ['1× Lemonade'] },
        ]);
      await orderCard(page, order.id).locator('[data-action="On the Way"]').click();
      await expect.poll(() => statusInApi(t, order.id), { timeout: WAIT_MS }).toBe('On the Way');
      await orderCard(page, order.id).waitFor({ state: 'detached' });

      await orderCard(page, draft.id).locator('[data-action="fire"]').click();
      await expect.poll(() => statusInApi(t, draft.id), { timeout: WAIT_MS }).toBe('Received');
      await expect.poll(() => rowIds(page, '#orders')).toStrictEqual([draft.id]);
    },
    BROWSER_TEST_MS,
  );
});
