// How the kitchen serves a table order, chosen in the ordering app, in Chromium on a 375×812 phone:
// the choice shows only once a table number is given, the cart's quote follows it ("in courses" is
// quoted for the first course), the order carries it (the main held as course 2), the choice is
// asked again for the next order, and a takeaway order sends no pacing (the restaurant's default).
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { type TestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn, waitUntilLive } from './browser.js';

const PHONE = { width: 375, height: 812 };
const add = (page: Page, dishId: string) => page.click(`#menu [data-dish-id="${dishId}"] button.add`);
const COURSES = 'In courses: starters first, mains when we call';

/** Presses Place order and returns the body the app sent with its POST /orders. */
async function placeAndCapture(page: Page): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest((request) => request.url().endsWith('/orders') && request.method() === 'POST');
  await page.click('#place');
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  await page.waitForSelector('#cart-lines .cart-line', { state: 'detached' });
  return body;
}

async function storedOrder(t: TestApp, id: string) {
  const response = await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('pacing chosen in the ordering app', () => {
  it(
    'offers the pacing for a table order, quotes and sends "in courses" with the main held, and sends none for takeaway',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // The restaurant serves "together" by default: what a takeaway order gets without a pacing.
      expect(
        (await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { default_pacing: 'together' } })).statusCode,
      ).toBe(200);
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      await page.click('#sign-in');
      await signIn(page, 'patron');
      await page.waitForSelector('body:not(.anonymous)');
      await page.waitForSelector(`#menu [data-dish-id="${menu.steak.id}"] button.add:not([disabled])`);
      await add(page, menu.salad.id);
      await add(page, menu.steak.id);
      // Both together: the steak's 25 minutes decide.
      await page.waitForSelector('#cart-quote:text-is("Ready in about 25 min")');
      expect(await page.isVisible('#pacing')).toBe(false);

      await page.fill('#checkout input[name=table_number]', '12');
      await page.waitForSelector('#pacing', { state: 'visible' });
      expect(await page.locator('#pacing legend').textContent()).toBe('How should the kitchen serve it?');
      expect((await page.locator('#pacing label').allTextContents()).map((text) => text.trim())).toEqual([
        'Everything as soon as it is ready',
        'All dishes together',
        COURSES,
      ]);
      expect(await page.locator('#pacing input:checked').count()).toBe(0);
      // In courses the mains wait for the table: the quote is the starter's 10 minutes.
      const quoted = page.waitForRequest(
        (request) => request.url().includes('/quote?') && new URL(request.url()).searchParams.get('pacing') === 'courses',
      );
      await page.getByLabel(COURSES).check();
      await quoted;
      await page.waitForSelector('#cart-quote:text-is("Ready in about 10 min")');

      const body = await placeAndCapture(page);
      // The app sends the cart as order items (one per cart line).
      expect(body).toMatchObject({ items: [{ dish_id: menu.salad.id }, { dish_id: menu.steak.id }], table_number: 12, pacing: 'courses' });
      await page.waitForSelector('#orders .order');
      const orderId = await page.getAttribute('#orders .order', 'data-order-id');
      const order = await storedOrder(t, orderId!);
      expect(order).toMatchObject({ pacing: 'courses', table_number: 12, status: 'Received' });
      expect(
        order.tickets.map((ticket: Record<string, unknown>) => ({
          station: ticket.station,
          course: ticket.course,
          status: ticket.status,
          held: ticket.fire_at === null && ticket.fired_at === null,
        })),
      ).toEqual([
        { station: 'cold', course: 1, status: 'Received', held: false },
        { station: 'hot', course: 2, status: 'Draft', held: true },
      ]);
      // My orders names the courses; the main is held for later.
      expect(await page.locator(`#orders [data-order-id="${orderId}"] .ticket`).allTextContents()).toEqual([
        'Cold station · course 1Waiting',
        'Hot station · course 2Later',
      ]);
      // The next order asks again; the table stays.
      expect(await page.inputValue('#checkout input[name=table_number]')).toBe('12');
      expect(await page.isVisible('#pacing')).toBe(true);
      expect(await page.locator('#pacing input:checked').count()).toBe(0);

      // Takeaway: a choice made at a table is not sent once the table is cleared.
      await add(page, menu.steak.id);
      await page.getByLabel('All dishes together').check();
      await page.fill('#checkout input[name=table_number]', '');
      await page.waitForSelector('#pacing', { state: 'hidden' });
      const takeaway = await placeAndCapture(page);
      expect(takeaway).toMatchObject({ items: [{ dish_id: menu.steak.id }], table_number: null });
      expect(Object.keys(takeaway)).not.toContain('pacing');
      await page.waitForSelector('#orders .order >> nth=1');
      const takeawayId = await page.getAttribute('#orders .order >> nth=0', 'data-order-id');
      expect(takeawayId).not.toBe(orderId);
      expect(await storedOrder(t, takeawayId!)).toMatchObject({ pacing: 'together', table_number: null });
    },
    BROWSER_TEST_MS,
  );
});
