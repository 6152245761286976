// Portions and allergens as guests see them, in Chromium on a 375×812 phone: "Only N left" and each
// dish's allergens on the menu board and in the ordering app, counting down live; the guest's
// allergies marking dishes before checkout and an order placed only once confirmed (also when the
// server is the one to say so, with a 409); a shortage on the guest's order shown in My orders.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page, Route } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { placeOrder } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, waitUntilLive } from './browser.js';
import type { Dish } from '../../models/dish.js';

const PHONE = { width: 375, height: 812 };

async function ingredient(t: TestApp, name: string, in_stock_qty: number, allergens: string[] = []): Promise<{ id: string }> {
  const response = await t.inject({
    method: 'POST',
    url: '/ingredients',
    as: 'chef',
    payload: { name, in_stock_qty, price: 1, allergens },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function dish(t: TestApp, name: string, station: 'hot' | 'beverages', ingredientIds: string[]): Promise<Dish> {
  const payload = {
    name,
    description: `${name}, made to order`,
    category: station === 'hot' ? 'Main Course' : 'Drinks',
    image_name: 'x.jpg',
    preparation_time: 10,
    price: 10,
    station,
    ingredients: ingredientIds.map((ingredient_id) => ({ ingredient_id, is_essential: true })),
  };
  const response = await t.inject({ method: 'POST', url: '/dishes', as: 'chef', payload });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A burger of which 3 can be made, with sesame and gluten in its bun; a lemonade with plenty. */
async function seed(t: TestApp) {
  const bun = await ingredient(t, 'Sesame bun', 3, ['sesame', 'cereals_gluten']);
  const beef = await ingredient(t, 'Beef', 100);
  const lemon = await ingredient(t, 'Lemon', 100);
  const burger = await dish(t, 'Burger', 'hot', [bun.id, beef.id]);
  const lemonade = await dish(t, 'Lemonade', 'beverages', [lemon.id]);
  return { bun, burger, lemonade };
}

/** Each dish card's words beyond its name: allergens, "only N left", the allergy mark. */
const card = (page: Page, id: string) =>
  page.locator(`#menu [data-dish-id="${id}"]`).evaluate((item) => ({
    allergens: item.querySelector('.dish-allergens')?.textContent ?? null,
    fewLeft: item.querySelector('.few-left')?.textContent ?? null,
    conflict: item.querySelector('.dish-conflict')?.textContent ?? null,
  }));

async function signIn(page: Page): Promise<void> {
  await page.click('#sign-in');
  await page.fill('#login input[name=user_name]', 'patron1');
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('body:not(.anonymous)');
  await waitUntilLive(page);
}

describe("portions and allergens in the guests' screens", () => {
  it(
    'shows "Only N left" and each dish\'s allergens on /menu and /order, counting down live as orders take the stock',
    async ({ app: t, browser }) => {
      const { burger, lemonade } = await seed(t);
      const board = await openBoard(browser, t, '/menu', PHONE);
      const app = await openBoard(browser, t, '/order', PHONE);
      for (const page of [board, app]) {
        await waitUntilLive(page);
        await page.waitForSelector(`#menu [data-dish-id="${lemonade.id}"]`);
        expect(await card(page, burger.id)).toStrictEqual({
          allergens: 'Allergens: gluten, sesame',
          fewLeft: 'Only 3 left',
          conflict: null,
        });
        expect(await card(page, lemonade.id)).toStrictEqual({ allergens: null, fewLeft: null, conflict: null });
      }
      await placeOrder(t, [burger.id]);
      for (const page of [board, app]) {
        await page.waitForSelector(`#menu [data-dish-id="${burger.id}"] .few-left:text-is("Only 2 left")`);
      }
      await placeOrder(t, [burger.id, burger.id]);
      for (const page of [board, app]) {
        await page.waitForSelector(`#menu [data-dish-id="${burger.id}"].unavailable`);
        expect(await card(page, burger.id)).toStrictEqual({ allergens: 'Allergens: gluten, sesame', fewLeft: null, conflict: null });
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    "marks the dishes that meet the guest's allergies before checkout and places the order, with its allergies, only once confirmed",
    async ({ app: t, browser }) => {
      const { burger, lemonade } = await seed(t);
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      await signIn(page);
      await page.waitForSelector(`#menu [data-dish-id="${burger.id}"] button.add:not([disabled])`);
      await page.click('#allergies summary');
      await page.check('#allergy-choices input[value=sesame]');
      expect(await page.textContent('#allergies-summary')).toBe('sesame');
      expect(await card(page, burger.id)).toStrictEqual({
        allergens: 'Allergens: gluten, sesame',
        fewLeft: 'Only 3 left',
        conflict: 'Contains sesame: you are allergic',
      });
      expect(await card(page, lemonade.id)).toStrictEqual({ allergens: null, fewLeft: null, conflict: null });

      await page.click(`#menu [data-dish-id="${burger.id}"] button.add`);
      await page.click(`#menu [data-dish-id="${lemonade.id}"] button.add`);
      expect(await page.getAttribute(`#cart-lines [data-dish-id="${burger.id}"]`, 'class')).toBe('cart-line conflict');
      expect(await page.textContent('#allergy-warning-text')).toBe('Burger contains sesame: you are allergic to it.');
      expect(await page.isDisabled('#place')).toBe(true);
      await page.check('#checkout input[name=allergy_confirmed]');
      expect(await page.isDisabled('#place')).toBe(false);
      await page.click('#place');
      await page.waitForSelector('#orders .order');
      const [stored] = await t.store.collection('orders').find([]);
      expect(stored).toMatchObject({ dish_ids: [burger.id, lemonade.id], allergies: ['sesame'] });
      expect(stored!.tickets.find((ticket) => ticket.station === 'hot')?.allergy_alerts).toStrictEqual([
        { dish_id: burger.id, allergens: ['sesame'] },
      ]);
      // The next order asks again.
      expect(await page.isChecked('#checkout input[name=allergy_confirmed]')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'a 409 for allergies the app did not know of stores nothing, marks the dish and places the order once confirmed',
    async ({ app: t, browser }) => {
      const { burger } = await seed(t);
      const page = await openBoard(browser, t, '/order', PHONE);
      // A menu read before the bun's allergens were known: the app cannot warn, the server must.
      await page.route(
        (url) => url.pathname === '/dishes',
        async (route: Route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { results: Dish[] };
          return route.fulfill({ response, json: { ...body, results: body.results.map((item) => ({ ...item, allergens: [] })) } });
        },
      );
      await waitUntilLive(page);
      await signIn(page);
      await page.waitForSelector(`#menu [data-dish-id="${burger.id}"] button.add:not([disabled])`);
      await page.click('#allergies summary');
      await page.check('#allergy-choices input[value=sesame]');
      expect((await card(page, burger.id)).conflict).toBe(null);
      await page.click(`#menu [data-dish-id="${burger.id}"] button.add`);
      expect(await page.isDisabled('#place')).toBe(false);
      await page.unrouteAll({ behavior: 'wait' });
      const refused = page.waitForResponse((response) => response.url().endsWith('/orders') && response.request().method() === 'POST');
      await page.click('#place');
      expect((await refused).status()).toBe(409);
      await page.waitForSelector(`#menu [data-dish-id="${burger.id}"] .dish-conflict`);
      expect(await page.textContent('#cart-problem')).toBe(
        'A dish in your order contains one of your allergies: see the warning above Place order.',
      );
      expect(await page.textContent('#allergy-warning-text')).toBe('Burger contains sesame: you are allergic to it.');
      expect(await t.store.collection('orders').find([])).toEqual([]);
      expect(await page.isDisabled('#place')).toBe(true);
      await page.check('#checkout input[name=allergy_confirmed]');
      await page.click('#place');
      await page.waitForSelector('#orders .order');
      expect((await t.store.collection('orders').find([])).map((order) => order.allergies)).toEqual([['sesame']]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'tells the guest when the kitchen runs short of an ingredient their order holds, and stops when it is restocked',
    async ({ app: t, browser }) => {
      const { bun, burger } = await seed(t);
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      await signIn(page);
      const order = await placeOrder(t, [burger.id]);
      const onScreen = page.locator(`#orders [data-order-id="${order.id}"]`);
      await onScreen.waitFor();
      expect(await onScreen.locator('.order-short').count()).toBe(0);
      // A tray dropped: the stock the order already took is gone.
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${bun.id}`, as: 'chef', payload: { in_stock_qty: -1 } })).statusCode,
      ).toBe(200);
      await onScreen.locator('.order-short').waitFor();
      expect(await onScreen.locator('.order-short').textContent()).toBe(
        'The kitchen has run short of Sesame bun for this order: a member of staff will talk to you about it.',
      );
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${bun.id}`, as: 'chef', payload: { in_stock_delta: 5 } })).statusCode,
      ).toBe(200);
      await onScreen.locator('.order-short').waitFor({ state: 'detached' });
    },
    BROWSER_TEST_MS,
  );
});
