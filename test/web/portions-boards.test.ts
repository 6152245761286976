// Issue 33 on the kitchen's screens, in a real browser: the server's allergy alert as the ticket's
// first line on a compact board, a shortage named on the ticket and on the expeditor's row, and
// portions left counting down on the station board as orders arrive.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { type TestApp } from '../helpers/app.js';
import { addDish, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, forgetSignIn, openBoard, orderCard, signIn } from './browser.js';
import { wordInView } from './layout.js';

async function ingredientWithAllergens(t: TestApp, name: string, allergens: string[]): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/ingredients',
    as: 'chef',
    payload: { name, in_stock_qty: 100, price: 1, allergens },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

describe('portions, shortages and allergens on the boards', () => {
  it(
    "puts the server's allergy alert first on a compact ticket, whole, and names a shortage on the ticket and the expeditor's row",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 30);
      const sesame = await ingredientWithAllergens(t, 'Sesame bun', ['sesame', 'cereals_gluten']);
      const burger = await addDish(t, {
        name: 'Sesame Bun Burger',
        station: 'hot',
        ingredients: [{ ingredient_id: sesame, is_essential: true }],
      });
      for (let i = 1; i <= 12; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i });
      const allergic = await placeOrder(t, [burger.id, menu.steak.id], 'patron', {
        name: 'Seat3',
        table_number: 30,
        allergies: ['sesame'],
        allergy_confirmed: true,
      });
      // Beef: 30 - 13 steaks = 17; a count of -1 leaves the newest steak order (not started) short.
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: -1 } })).statusCode,
      ).toBe(200);

      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('13 open');
      expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe('true');
      const card = orderCard(hot, allergic.id);
      // Right under the head (table, priority and age stay in their place on every card).
      expect(await card.evaluate((element) => element.firstElementChild?.nextElementSibling?.className)).toBe('ticket-allergy');
      expect(await card.locator('.allergy-alert').allTextContents()).toStrictEqual(['Sesame Bun Burger: sesame']);
      expect(await wordInView(hot, allergic.id, 'Sesame Bun Burger: sesame')).toBe(true);
      await expect.poll(() => card.locator('.ticket-short .short-item').allTextContents()).toStrictEqual(['Beef']);
      expect(await hot.locator('.ticket-short').count()).toBe(1);

      // The expeditor's rail, on the same screen signed in as the expeditor.
      const expo = hot;
      await forgetSignIn(expo);
      await expo.goto(`${t.url}/expeditor`);
      await signIn(expo, 'expeditor');
      await expect.poll(() => orderCard(expo, allergic.id).locator('.order-short').textContent()).toBe('Beef');
      expect(await orderCard(expo, allergic.id).locator('.order-allergy').textContent()).toBe('Sesame Bun Burger: sesame');
    },
    BROWSER_TEST_MS,
  );

  it(
    'counts portions left down on the station board as orders arrive, with how long they last',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 12);
      for (let i = 0; i < 3; i += 1) await placeOrder(t, [menu.steak.id]);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      // 9 steaks left (at or below the default low_portions, 10); 3 ordered in the last 10 minutes: 0.3 a minute.
      await expect
        .poll(() => hot.$$eval('#low-items li', (items) => items.map((item) => item.textContent)))
        .toStrictEqual(['Steak 9 left · about 30 min']);
      await placeOrder(t, [menu.steak.id]);
      await expect
        .poll(() => hot.$$eval('#low-items li', (items) => items.map((item) => item.textContent)))
        .toStrictEqual(['Steak 8 left · about 20 min']);
      expect(await hot.isVisible('#low')).toBe(true);
    },
    BROWSER_TEST_MS,
  );
});
