// Issue 31 on the kitchen's screens, in a real browser: a coursed order's starter on the cold board,
// its main held on the hot board's strip (no ticket, nothing to bump) until the expeditor fires
// course 2; a `together` order's salad appearing when its countdown ends (the server's test clock
// and its scheduler); and an edit after firing showing NEW and a struck-through dish.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { OrderScheduler } from '../../domain/orders/scheduler.js';
import { addDish, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, goToBoard, openBoard, orderCard, signIn } from './browser.js';

const heldItems = (page: Page) => page.$$eval('#held-items li', (items) => items.map((item) => item.textContent));

describe('pacing on the boards', () => {
  it(
    'holds a coursed main on the hot strip until the expeditor fires course 2, then shows it as a ticket labelled Course 2',
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
      const cold = await openBoard(browser, t, '/kds/cold');
      await signIn(cold, 'chef');
      await orderCard(cold, order.id).waitFor();
      expect(await orderCard(cold, order.id).locator('.ticket-course').textContent()).toBe('Course 1');
      expect(await orderCard(cold, order.id).locator('.ticket-dishes li').allTextContents()).toStrictEqual(['1×Green Salad']);
      await expect.poll(() => heldItems(cold)).toStrictEqual(['T7 1× Tiramisu held · course 3']);

      // The hot board (the cook's tablet switched over, still signed in) and the expeditor's rail, both live.
      const hot = cold;
      await goToBoard(hot, t, '/kds/hot', { width: 1280, height: 800 });
      const expo = await openBoard(browser, t, '/expeditor');
      await signIn(expo, 'expeditor');
      await expect.poll(() => heldItems(hot)).toStrictEqual(['T7 1× Steak held · course 2']);
      expect(await hot.locator('#tickets [data-order-id]').count()).toBe(0);
      expect(await hot.locator('#held button').count()).toBe(0);

      const row = orderCard(expo, order.id);
      await expect.poll(() => row.locator('.course').allTextContents()).toStrictEqual(['C1 fired', 'C2 held', 'C3 held']);
      await row.locator('[data-action="fire-course"]').click();
      // The fired main reaches the hot board within about a second (a generous 3 s on a busy machine).
      await hot.locator(`[data-order-id="${order.id}:c2"]`).waitFor({ timeout: 3_000 });
      expect(await hot.locator(`[data-order-id="${order.id}:c2"] .ticket-course`).textContent()).toBe('Course 2');
      expect(await hot.locator(`[data-order-id="${order.id}:c2"] button`).allTextContents()).toStrictEqual(['Start ▶', 'Done ✓']);
      await expect.poll(() => heldItems(hot)).toStrictEqual([]);
      await expect.poll(() => row.locator('.course').allTextContents()).toStrictEqual(['C1 fired', 'C2 fired', 'C3 held']);
    },
    BROWSER_TEST_MS,
  );

  it(
    "counts a together order's salad down on the cold strip and shows its ticket when it fires",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // Steak 25 min, salad 10 min: the salad fires 15 minutes after the order.
      const order = await placeOrder(t, [menu.salad.id, menu.steak.id], 'patron', {
        name: 'Together',
        table_number: 9,
        pacing: 'together',
      });
      const cold = await openBoard(browser, t, '/kds/cold');
      await signIn(cold, 'chef');
      await expect.poll(() => heldItems(cold)).toStrictEqual([expect.stringMatching(/^T9 1× Green Salad in 1[45]:\d\d$/)]);
      expect(await cold.locator('#tickets [data-order-id]').count()).toBe(0);

      t.clock.advance(15 * 60_000);
      expect(await new OrderScheduler(t.store, t.clock.now).releaseDue()).toStrictEqual([order.id]);
      await orderCard(cold, order.id).waitFor();
      await expect.poll(() => heldItems(cold)).toStrictEqual([]);
    },
    BROWSER_TEST_MS,
  );

  it(
    "keeps a held entry's countdown in sight when its dishes are long, cutting the dish names instead",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const long = (name: string) =>
        addDish(t, {
          name: name.padEnd(60, '.'),
          station: 'cold',
          category: 'Appetizer',
          preparation_time: 5,
          ingredients: [{ ingredient_id: menu.lettuce.id, is_essential: true }],
        });
      const tartare = await long('Hand-cut beef tartare with smoked egg yolk and pickled shallot');
      const salad = await long('Heirloom tomato and burrata salad with basil oil and balsamic');
      // The steak takes 25 minutes, the cold dishes 5: they are held for 20.
      await placeOrder(t, [tartare.id, salad.id, menu.steak.id], 'patron', { name: 'Together', table_number: 9, pacing: 'together' });
      const cold = await openBoard(browser, t, '/kds/cold', { width: 1024, height: 768 });
      await signIn(cold, 'chef');
      await expect
        .poll(() => heldItems(cold))
        .toStrictEqual([expect.stringMatching(/^T9 1× Hand-cut .*, 1× Heirloom .* in (19|20):\d\d$/)]);
      const sight = await cold.$eval('#held-items li', (item) => {
        const box = item.getBoundingClientRect();
        const when = item.querySelector('.held-when')!.getBoundingClientRect();
        return { countdown: when.width > 0 && when.left >= box.left && when.right <= box.right + 0.5 };
      });
      expect(sight).toStrictEqual({ countdown: true });
    },
    BROWSER_TEST_MS,
  );

  it(
    'marks a dish added after the ticket fired NEW, strikes through the one removed, and shows a voided ticket until seen',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const burger = await addDish(t, {
        name: 'Burger',
        station: 'hot',
        ingredients: [{ ingredient_id: menu.salt.id, is_essential: true }],
      });
      const pasta = await addDish(t, {
        name: 'Pasta',
        station: 'hot',
        ingredients: [{ ingredient_id: menu.salt.id, is_essential: true }],
      });
      const order = await placeOrder(t, [menu.steak.id, burger.id, menu.salad.id]);
      const hot = await openBoard(browser, t, '/kds/hot');
      const cold = await openBoard(browser, t, '/kds/cold');
      await signIn(hot, 'chef');
      await signIn(cold, 'chef');
      await orderCard(hot, order.id).waitFor();
      const edit = await t.inject({
        method: 'PATCH',
        url: `/orders/${order.id}`,
        as: 'patron',
        payload: { dish_ids: [menu.steak.id, pasta.id, menu.salad.id] },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      const lines = (page: Page) =>
        orderCard(page, order.id)
          .locator('.ticket-dishes li')
          .evaluateAll((items) => items.map((item) => `${item.className}: ${item.textContent}`));
      await expect.poll(() => lines(hot)).toStrictEqual([': 1×Steak', 'dish-new: 1×PastaNEW', 'dish-removed: 1×Burger']);
      // The cold ticket did not change: nothing marked there.
      expect(await lines(cold)).toStrictEqual([': 1×Green Salad']);

      // The salad taken off: the fired cold ticket is Voided, shown struck through until a cook has seen it.
      expect(
        (await t.inject({ method: 'PATCH', url: `/orders/${order.id}`, as: 'patron', payload: { dish_ids: [menu.steak.id, pasta.id] } }))
          .statusCode,
      ).toBe(200);
      await expect.poll(() => orderCard(cold, order.id).getAttribute('data-status')).toBe('Voided');
      expect(await lines(cold)).toStrictEqual(['dish-removed: 1×Green Salad']);
      expect(await orderCard(cold, order.id).locator('button').allTextContents()).toStrictEqual(['Seen ✓']);
      await orderCard(cold, order.id).locator('[data-action="ack"]').click();
      await orderCard(cold, order.id).waitFor({ state: 'detached' });
    },
    BROWSER_TEST_MS,
  );
});
