// Station tickets on the boards, in a real browser: each station bumps its own ticket, the other
// boards keep their own state, and the expeditor sends the order out only once all prep is done.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, readTicket, signIn, statusInApi, WAIT_MS } from './browser.js';

const ticketIds = (page: Page) =>
  page.$$eval('#tickets [data-order-id]', (cards) => cards.map((card) => card.getAttribute('data-order-id')));
const otherStations = (page: Page, id: string) =>
  orderCard(page, id)
    .locator('.ticket-others li')
    .evaluateAll((items) => items.map((item) => item.textContent));
const stationStates = (page: Page, id: string) =>
  orderCard(page, id)
    .locator('.station-part')
    .evaluateAll((parts) =>
      parts.map((part) => `${part.querySelector('.station-name')?.textContent}: ${part.querySelector('.station-state')?.textContent}`),
    );
const allDay = (page: Page) => page.$$eval('#all-day-items li', (items) => items.map((item) => item.textContent));

/** The page's getComputedStyle (the tests compile without the DOM library). */
type Styled = { getComputedStyle(element: unknown): { textDecorationLine: string } };

describe('station tickets on the boards', () => {
  it(
    "hot's Done leaves the cold ticket new and in place; the expeditor waits for cold, then sends the order",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const earlier = await placeOrder(t, [menu.salad.id], 'patron', { name: 'Ava', table_number: 2 });
      const burgerSalad = await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: 'Ben', table_number: 7 });
      const later = await placeOrder(t, [menu.salad.id], 'patron', { name: 'Cleo', table_number: 9 });
      const hot = await openBoard(browser, t, '/kds/hot');
      const cold = await openBoard(browser, t, '/kds/cold');
      const expo = await openBoard(browser, t, '/expeditor');
      await signIn(hot, 'chef');
      await signIn(cold, 'chef');
      await signIn(expo, 'expeditor');
      await orderCard(cold, later.id).waitFor();
      expect(await ticketIds(cold)).toStrictEqual([earlier.id, burgerSalad.id, later.id]);
      await expect.poll(() => allDay(cold)).toStrictEqual(['3Green Salad']);

      await orderCard(hot, burgerSalad.id).locator('[data-action="bump"]').click();
      await expect.poll(async () => (await readTicket(hot, burgerSalad.id)).status).toBe('Preparing');
      await orderCard(hot, burgerSalad.id).locator('[data-action="bump"]').click();
      await expect.poll(async () => (await readTicket(hot, burgerSalad.id)).status).toBe('Ready');
      await expect.poll(() => otherStations(cold, burgerSalad.id)).toStrictEqual(['Hot ✓']);

      // The cold board: its Salad still new, in the same place, with its own Start button.
      expect(await readTicket(cold, burgerSalad.id)).toMatchObject({
        status: 'New',
        dishes: ['1× Green Salad'],
        buttons: ['Start ▶', 'Done ✓'],
      });
      expect(await ticketIds(cold)).toStrictEqual([earlier.id, burgerSalad.id, later.id]);
      expect(
        await orderCard(cold, burgerSalad.id)
          .locator('.ticket-dishes li')
          .evaluate((li) => (globalThis as unknown as Styled).getComputedStyle(li).textDecorationLine),
      ).toBe('none');
      // The expeditor: hot done, cold waiting, the order may not leave.
      await expect.poll(() => stationStates(expo, burgerSalad.id)).toStrictEqual(['Cold: Waiting', 'Hot: Done ✓']);
      expect(await orderCard(expo, burgerSalad.id).locator('[data-action="On the Way"]').isDisabled()).toBe(true);
      expect(await orderCard(expo, burgerSalad.id).locator('.all-prep-done').count()).toBe(0);
      expect(await statusInApi(t, burgerSalad.id)).toBe('In Progress');

      await orderCard(cold, burgerSalad.id).locator('[data-action="bump"]').click();
      await expect.poll(async () => (await readTicket(cold, burgerSalad.id)).status).toBe('Preparing');
      await expect.poll(() => stationStates(expo, burgerSalad.id)).toStrictEqual(['Cold: Preparing', 'Hot: Done ✓']);
      await orderCard(cold, burgerSalad.id).locator('[data-action="bump"]').click();

      await expect.poll(() => stationStates(expo, burgerSalad.id)).toStrictEqual(['Cold: Done ✓', 'Hot: Done ✓']);
      expect(await orderCard(expo, burgerSalad.id).locator('.all-prep-done').textContent()).toBe('All prep done ✓');
      expect(await orderCard(expo, burgerSalad.id).getAttribute('class')).toContain('prep-done');
      await orderCard(expo, burgerSalad.id).locator('[data-action="On the Way"]').click();
      await expect.poll(() => statusInApi(t, burgerSalad.id), { timeout: WAIT_MS }).toBe('On the Way');
      await orderCard(expo, burgerSalad.id).waitFor({ state: 'detached' });
      // The cook's pointer still rests where it tapped: the ticket leaves once it moves away.
      await cold.mouse.move(5, 5);
      await orderCard(cold, burgerSalad.id).waitFor({ state: 'detached' });
      await expect.poll(() => allDay(cold)).toStrictEqual(['2Green Salad']);
    },
    BROWSER_TEST_MS,
  );

  it(
    "a cold recall moves only the cold ticket; the hot board's ticket stays done",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id, menu.salad.id]);
      for (const station of ['hot', 'cold']) {
        for (const status of ['In Progress', 'Ready']) {
          expect(
            (await t.inject({ method: 'PATCH', url: `/orders/${order.id}/tickets/${station}`, as: 'chef', payload: { status } }))
              .statusCode,
          ).toBe(200);
        }
      }
      const hot = await openBoard(browser, t, '/kds/hot');
      const cold = await openBoard(browser, t, '/kds/cold');
      await signIn(hot, 'chef');
      await signIn(cold, 'chef');
      expect((await readTicket(cold, order.id)).buttons).toStrictEqual(['↶ Recall']);

      await orderCard(cold, order.id).locator('[data-action="recall"]').click();
      await expect.poll(async () => (await readTicket(cold, order.id)).status).toBe('Preparing');
      await expect.poll(() => otherStations(hot, order.id)).toStrictEqual(['Cold ◐']);
      expect((await readTicket(hot, order.id)).status).toBe('Ready');
      const tickets = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<{
        tickets: { station: string; status: string }[];
      }>().tickets;
      expect(tickets.map(({ station, status }) => `${station}: ${status}`)).toStrictEqual(['cold: In Progress', 'hot: Ready']);
    },
    BROWSER_TEST_MS,
  );
});
