// The ordering app's options dialog judged in the browser on a dish shaped as the API sends it: a
// required doneness before Add, a group's most enforced, the price with the options and the
// quantity, a note of at most 140 characters, and an onion taken out taking its allergen off the
// dish's marks; at 375, 1024 and 1280 px with long option names.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { keepShot, pageLayout, SIZES } from './layout.js';

const ingredient = async (t: TestApp, name: string, allergens: string[]) => {
  const response = await t.inject({
    method: 'POST',
    url: '/ingredients',
    as: 'chef',
    payload: { name, in_stock_qty: 50, price: 1, allergens },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};
const hex = (n: number) => n.toString(16).padStart(24, '0');

/** A burger with a required doneness and extras (a removal, an addition, a long name), its ingredients in the app. */
async function seedBurger(t: TestApp) {
  const bun = await ingredient(t, 'Bun', ['cereals_gluten']);
  const onion = await ingredient(t, 'Crispy onion', ['sulphites']);
  const bacon = await ingredient(t, 'Bacon', ['mustard']);
  const long = 'Extra mature farmhouse cheddar from the Somerset Levels, melted';
  return {
    id: hex(0xb1),
    name: 'Classic Burger',
    description: 'A burger',
    price: 12,
    preparation_time: 12,
    station: 'hot',
    category: 'Main Course',
    image_name: 'burger',
    is_available: true,
    portions_left: null,
    allergens: ['cereals_gluten', 'sulphites'],
    ingredients: [
      { ingredient_id: bun, is_essential: true },
      { ingredient_id: onion, is_essential: false },
    ],
    modifier_groups: [
      {
        id: hex(0x91),
        name: 'Doneness',
        min: 1,
        max: 1,
        options: ['Rare', 'Medium', 'Well done'].map((name, i) => ({ id: hex(0xa0 + i), name, price_delta: 0, minutes_delta: i })),
      },
      {
        id: hex(0x92),
        name: 'Extras',
        min: 0,
        max: 2,
        options: [
          { id: hex(0xa5), name: 'No onions', price_delta: 0, minutes_delta: 0, ingredient_id: onion, action: 'remove' },
          { id: hex(0xa6), name: 'Bacon', price_delta: 2, minutes_delta: 0, ingredient_id: bacon, action: 'add' },
          { id: hex(0xa7), name: long.slice(0, 60), price_delta: 1.5, minutes_delta: 0 },
        ],
      },
    ],
  };
}

/** Opens the dish's options on the ordering page; the guest's pick lands in `window.picked`. */
async function openOptions(page: Page, burger: unknown, allergies: string[] = []) {
  await page.evaluate(`(async ({ dish, allergies }) => {
    const { loadIngredientAllergens, pickOptions } = await import('/boards/js/order/options.js');
    await loadIngredientAllergens();
    window.picked = 'open';
    pickOptions(dish, new Set(allergies)).then((line) => (window.picked = line));
  })(${JSON.stringify({ dish: burger, allergies })})`);
  await page.waitForSelector('.options-dialog');
}
const state = (page: Page) =>
  page.evaluate(`({
    add: document.querySelector('.options-add').textContent,
    enabled: !document.querySelector('.options-add').disabled,
    problem: document.querySelector('.options-problem').textContent,
    allergens: document.querySelector('.options-allergens').textContent,
  })`);

describe("a dish's options in the ordering app", () => {
  it(
    'asks for the required doneness before Add, keeps to a group’s most, prices the options and drops a removed onion’s allergen',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/order');
      await openOptions(page, await seedBurger(t), ['sulphites']);
      expect(await state(page)).toStrictEqual({
        add: 'Add 1 · $12.00',
        enabled: false,
        problem: 'Choose Doneness',
        allergens: 'Allergens: gluten, sulphites',
      });
      await page.check('.option:has-text("Well done") input');
      await page.check('.option:has-text("No onions") input');
      await page.check('.option:has-text("Bacon") input');
      // Two extras is the most: the third waits until one is unticked.
      expect(await page.isDisabled('.option:has-text("cheddar") input')).toBe(true);
      await page.click('[aria-label="One more Classic Burger"]');
      expect(await state(page)).toStrictEqual({
        add: 'Add 2 · $28.00',
        enabled: true,
        problem: '',
        allergens: 'Allergens: gluten, mustard',
      });
      expect(await page.getAttribute('.options-note input', 'maxlength')).toBe('140');
      await page.fill('.options-note input', 'cut in half');
      await page.click('.options-add');
      expect(await page.evaluate('window.picked')).toStrictEqual({
        dish_id: hex(0xb1),
        option_ids: [hex(0xa2), hex(0xa5), hex(0xa6)],
        note: 'cut in half',
        quantity: 2,
      });
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'holds long option names at 375, 1024 and 1280 px, every choice a 44 px target',
    async ({ app: t, browser }) => {
      const burger = await seedBurger(t);
      // The dialog opened once, on a screen resized under it.
      const page = await openBoard(browser, t, '/order', SIZES[0]);
      await openOptions(page, burger);
      for (const size of SIZES) {
        await resize(page, size);
        await keepShot(page, `options-${size.width}x${size.height}`);
        const layout = await pageLayout(page);
        expect({ size, overflow: layout.overflow, offScreen: layout.offScreen, small: layout.smallTargets }).toStrictEqual({
          size,
          overflow: 0,
          offScreen: [],
          small: [],
        });
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
