// The ordering app as a first-time guest meets it, at 375, 1024 and 1280 px: an order placed with a
// name only (a phone number optional, no password: the device's patron account is opened behind
// the scenes), a price on every cart line, the total and Place order always in view, no photo slot
// on dishes that have no photo; a dish with options asks for them, one without goes straight to the
// cart and is sent as an item without option_ids.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient } from '../helpers/menu.js';
import type { Dish } from '../../models/dish.js';
import { BROWSER_TEST_MS, openBoard, resize, WAIT_MS, waitUntilLive } from './browser.js';
import { keepShot, pageLayout, SIZES } from './layout.js';

const PHONE = { width: 375, height: 812 };

/** Eight dishes with sentence-long names and descriptions, as a real menu has them. */
async function seedEight(t: TestApp): Promise<Dish[]> {
  const flour = await addIngredient(t, 'Flour', 1_000);
  const dishes: Dish[] = [];
  for (let i = 1; i <= 8; i += 1)
    dishes.push(
      await addDish(t, {
        name: `House dish ${i} with a long name, seasonal vegetables and herbs`,
        station: i % 2 ? 'hot' : 'cold',
        price: 10 + i,
        ingredients: [{ ingredient_id: flour.id, is_essential: true }],
      }),
    );
  return dishes;
}

/** A burger with a required doneness and an extra: a dish that asks for its options before Add. */
async function seedBurger(t: TestApp): Promise<Dish> {
  const beef = await addIngredient(t, 'Beef', 100);
  const created = await t.inject({
    method: 'POST',
    url: '/dishes',
    as: 'chef',
    payload: {
      name: 'Classic Burger',
      description: 'A burger, made to order',
      category: 'Main Course',
      image_name: 'burger',
      preparation_time: 10,
      station: 'hot',
      price: 12,
      ingredients: [{ ingredient_id: beef.id, is_essential: true }],
      modifier_groups: [
        { name: 'Doneness', min: 1, max: 1, options: [{ name: 'Medium' }, { name: 'Well done' }] },
        { name: 'Extras', min: 0, max: 2, options: [{ name: 'Bacon', price_delta: 2 }] },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Dish>();
}

/** Whether the element is wholly on screen and the topmost thing at its centre (nothing covers it). */
const inView = (page: Page, selector: string) =>
  page.evaluate<boolean>(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    const r = element.getBoundingClientRect();
    const onScreen = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return onScreen && top !== null && (top === element || element.contains(top));
  })()`);

describe('ordering app, a first-time guest', () => {
  it(
    "places a guest's first order with a name only, no password asked, at 375, 1024 and 1280 px",
    async ({ app: t, browser }) => {
      const dishes = await seedEight(t);
      for (const [index, size] of SIZES.entries()) {
        // A new browser context each time: a new device, with nothing stored.
        const page = await openBoard(browser, t, '/order', size, { ownContext: true });
        await waitUntilLive(page);
        await page.click(`[data-dish-id="${dishes[0]!.id}"] button.add`);
        await page.click(`[data-dish-id="${dishes[1]!.id}"] button.add`);
        expect(await page.locator('input[type=password]:visible').count()).toBe(0);
        const name = `Ana${index}`;
        await page.fill('#checkout input[name=name]', name);
        if (index === 1) await page.fill('#checkout input[name=phone]', '+49 151 2345 678');
        await page.click('#place');
        await page.waitForSelector('#orders .order');
        const stored = (await t.store.collection('orders').find([])).find((order) => order.name === name);
        expect(stored).toMatchObject({ name, dish_ids: [dishes[0]!.id, dishes[1]!.id], status: 'Received' });
        const owner = await t.store.collection('users').get(stored!.owner_id);
        expect(owner?.role).toBe('patron');
        expect(owner?.user_name).toMatch(index === 1 ? /^guest-491512345678-[a-z2-9]{8}$/ : /^guest-[a-z2-9]{8}$/);
        // The bar greets the guest by the name given, never the generated user name; no password was ever shown.
        expect(await page.textContent('#who')).toBe(name);
        expect(await page.locator('input[type=password]:visible').count()).toBe(0);
        // The next visit on this device shows the guest's orders without signing in.
        await page.reload();
        await page.waitForSelector(`#orders [data-order-id="${stored!.id}"]`);
        await keepShot(page, `order-guest-${size.width}`);
        await page.close();
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    "sends a guest's first order of a dish with options as items, the cart line priced with its options",
    async ({ app: t, browser }) => {
      const burger = await seedBurger(t);
      const optionId = (name: string) => burger.modifier_groups.flatMap((group) => group.options).find((each) => each.name === name)!.id;
      const page = await openBoard(browser, t, '/order', SIZES[1]);
      await waitUntilLive(page);
      await page.click(`[data-dish-id="${burger.id}"] button.add`);
      await page.check('.option:has-text("Medium") input');
      await page.check('.option:has-text("Bacon") input');
      await page.click('[aria-label="One more Classic Burger"]');
      await page.click('.options-add');
      // Two burgers at 12.00 with bacon at 2.00: the line says what the total counts (drawn once the
      // dialog has closed, which a busy machine may take a moment to do).
      await expect.poll(() => page.locator('#cart-lines .cart-price').allTextContents(), { timeout: WAIT_MS }).toStrictEqual(['$28.00']);
      expect(await page.textContent('#cart-total')).toBe('$28.00');
      await page.fill('#checkout input[name=name]', 'Cleo');
      await page.click('#place');
      await page.waitForSelector('#orders .order');
      const stored = (await t.store.collection('orders').find([])).find((order) => order.name === 'Cleo');
      expect(stored).toMatchObject({ dish_ids: [burger.id, burger.id], total: 28, status: 'Received' });
      expect(stored!.items!.map(({ dish_id, quantity, option_ids }) => ({ dish_id, quantity, option_ids }))).toStrictEqual([
        { dish_id: burger.id, quantity: 2, option_ids: [optionId('Medium'), optionId('Bacon')] },
      ]);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'adds a dish without options straight to the cart (no dialog), priced, and sends it as items without option_ids, at 375 px',
    async ({ app: t, browser }) => {
      const [plain] = await seedEight(t);
      const burger = await seedBurger(t);
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      const sent: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/orders') sent.push(request.postDataJSON());
      });
      // The burger asks for its options first; the house dish has none and says so on its button.
      const addPlain = page.locator(`[data-dish-id="${plain!.id}"] button.add`);
      expect(await addPlain.getAttribute('aria-haspopup')).toBeNull();
      expect(await page.locator(`[data-dish-id="${burger.id}"] button.add`).getAttribute('aria-haspopup')).toBe('dialog');

      await addPlain.click();
      await addPlain.click();
      // No options dialog opened, now or on the second tap: the dish went straight to the cart, one line of two.
      expect(await page.locator('dialog.options-dialog').count()).toBe(0);
      expect(await page.locator('dialog[open]').count()).toBe(0);
      const line = page.locator('#cart-lines li');
      expect(await line.count()).toBe(1);
      expect(await Promise.all(['.cart-name', '.cart-qty', '.cart-price'].map((part) => line.locator(part).textContent()))).toStrictEqual([
        plain!.name,
        '× 2',
        '$22.00',
      ]);
      expect(await line.locator('.cart-choices').count()).toBe(0);
      expect(await page.textContent('#cart-total')).toBe('$22.00');

      // The phone's cart is below the menu: its bar leads there. Nothing wider than the screen, every
      // target a finger's size, and the line's name, count, price and buttons inside it, none over another.
      await page.click('#cart-jump');
      expect(await pageLayout(page)).toStrictEqual({ overflow: 0, offScreen: [], smallTargets: [] });
      const crowded = await page.evaluate(`(() => {
        const li = document.querySelector('#cart-lines li');
        const box = li.getBoundingClientRect();
        const parts = [...li.children].map((el) => [el.className, el.getBoundingClientRect()]);
        const out = [];
        for (const [name, r] of parts) {
          if (r.width === 0 || r.height === 0) out.push('empty: ' + name);
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) out.push('spills: ' + name);
        }
        parts.forEach(([a, ra], i) => parts.slice(i + 1).forEach(([b, rb]) => {
          if (ra.left < rb.right - 0.5 && rb.left < ra.right - 0.5 && ra.top < rb.bottom - 0.5 && rb.top < ra.bottom - 0.5) out.push(a + ' / ' + b);
        }));
        const name = li.querySelector('.cart-name');
        if (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1) out.push('cut: cart-name');
        return out;
      })()`);
      expect(crowded).toStrictEqual([]);
      // Scrolled to, the line's one-less and one-more buttons are in view, under nothing (the sticky total).
      await page.evaluate(`document.querySelector('#cart-lines li').scrollIntoView({ block: 'center' })`);
      expect([
        await inView(page, '#cart-lines li .qty:first-of-type'),
        await inView(page, '#cart-lines li .qty:last-of-type'),
      ]).toStrictEqual([true, true]);
      await keepShot(page, 'order-plain-dish-375');
      await page.fill('#checkout input[name=name]', 'Dora');

      await page.click('#place');
      await page.waitForSelector('#orders .order');
      // The order went as items: the dish and its quantity, no option_ids and no dish_ids.
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ name: 'Dora', items: [{ dish_id: plain!.id, quantity: 2 }] });
      expect((sent[0] as { items: object[] }).items).toStrictEqual([{ dish_id: plain!.id, quantity: 2 }]);
      expect(sent[0]).not.toHaveProperty('dish_ids');
      const stored = (await t.store.collection('orders').find([])).find((order) => order.name === 'Dora');
      expect(stored).toMatchObject({ dish_ids: [plain!.id, plain!.id], total: 22, status: 'Received' });
      expect(stored!.items!.map(({ dish_id, quantity, option_ids, price }) => ({ dish_id, quantity, option_ids, price }))).toStrictEqual([
        { dish_id: plain!.id, quantity: 2, option_ids: [], price: 11 },
      ]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'keeps the total and Place order in view, prices every cart line, and draws no photo slot, at 375, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      const dishes = await seedEight(t);
      // One cart, filled once on a page loaded at the phone's size, then resized through the three
      // sizes (the layout is CSS alone: a resized page lays out as a fresh load at that size would).
      const page = await openBoard(browser, t, '/order', SIZES[0]);
      await waitUntilLive(page);
      for (const dish of dishes) await page.click(`[data-dish-id="${dish.id}"] button.add`);
      await page.click(`[data-dish-id="${dishes[7]!.id}"] button.add`);
      for (const size of SIZES) {
        // Nothing focused from the size before, as on a fresh load.
        await page.evaluate('document.activeElement?.blur()');
        await resize(page, size);
        expect(await page.locator('#cart-lines .cart-price').allTextContents()).toStrictEqual([
          '$11.00',
          '$12.00',
          '$13.00',
          '$14.00',
          '$15.00',
          '$16.00',
          '$17.00',
          '$36.00',
        ]);
        expect(await page.textContent('#cart-total')).toBe('$134.00');
        expect(await page.locator('.dish-photo').count()).toBe(0);
        // On a phone the cart is below the menu: its bar at the foot of the screen leads there.
        if (size.width < 900) await page.click('#cart-jump');
        await page.fill('#checkout input[name=name]', 'Ben');
        await keepShot(page, `order-cart-${size.width}`);
        expect({ size, place: await inView(page, '#place'), total: await inView(page, '#cart-total') }).toStrictEqual({
          size,
          place: true,
          total: true,
        });
        // Still in view with the cart's form scrolled to its end (the requests box, the time).
        await page.focus('#checkout input[name=scheduled_at]');
        expect({ size, place: await inView(page, '#place') }).toStrictEqual({ size, place: true });
      }
    },
    2 * BROWSER_TEST_MS,
  );
});
