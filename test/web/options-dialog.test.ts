// The ordering app's options dialog judged in the browser on a dish shaped as the API sends it: a
// required doneness before Add, a group's most enforced, the price with the options and the
// quantity, a note of at most 140 characters, and an onion taken out taking its allergen off the
// dish's marks; at 375, 1024 and 1280 px with long option names; and a dish of four groups of twelve
// sixty-character German choices in English and German, at 375×667, 375×812, 1024×768 and 1280×800,
// each choice seen whole above Cancel/Add once scrolled to.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { dialogReach, keepShot, pageLayout, SIZES } from './layout.js';

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

/** Long German words, cut to sixty characters: option names as long as a menu writes them. */
const GERMAN = [
  'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz',
  'Sauerkirschenmeerrettichsoße mit Trüffelmayonnaisenbeilage und Bergkäseüberbackung',
  'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen',
  'Frühstücksspeckscheiben vom Schwarzwälder Hinterschinken, doppelt',
];
const sixty = (i: number) => `${i + 1}. ${GERMAN[i % GERMAN.length]!}`.slice(0, 60);

/** A dish of four modifier groups of twelve sixty-character German choices each: two required, two of several. */
function seedLongDish() {
  const groups = [
    { name: 'Garstufe nach Wunsch des Gastes (Kerntemperatur)', min: 1, max: 1 },
    { name: 'Ohne: Zutaten, die weggelassen werden sollen', min: 0, max: 12 },
    { name: 'Extras und Zusatzbeläge', min: 0, max: 3 },
    { name: 'Beilage zum Hauptgericht', min: 1, max: 1 },
  ];
  return {
    id: hex(0xc1),
    name: 'Geschmorte Rinderbacke mit Kartoffelpüree und Wurzelgemüsen',
    description: 'Lang',
    price: 24,
    preparation_time: 20,
    station: 'hot',
    category: 'Main Course',
    image_name: 'beef',
    is_available: true,
    portions_left: null,
    allergens: ['cereals_gluten', 'milk', 'celery', 'mustard', 'sulphites'],
    ingredients: [],
    modifier_groups: groups.map((group, g) => ({
      id: hex(0x100 + g),
      ...group,
      options: Array.from({ length: 12 }, (_, i) => ({
        id: hex(0x200 + 16 * g + i),
        name: sixty(i + g),
        price_delta: g === 2 ? 1.5 + i : 0,
        minutes_delta: 0,
      })),
    })),
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
      // The pick resolves after the click's handler closes the dialog: read it once it has landed.
      await expect
        .poll(() => page.evaluate('window.picked'))
        .toStrictEqual({
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
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
      }
    },
    3 * BROWSER_TEST_MS,
  );
  it(
    'shows each of 48 long German choices whole above Cancel/Add once scrolled to, in English and German, on a short phone too',
    async ({ app: t, browser }) => {
      const dish = seedLongDish();
      // The guest's device speaks English, then German (picked on the device): the page loaded twice,
      // the dialog opened once in each, on a screen resized under it.
      const page = await openBoard(browser, t, '/order', SIZES[0]);
      for (const language of ['en', 'de'] as const) {
        if (language === 'de') {
          await page.evaluate(`localStorage.setItem('pos.language', 'de')`);
          await page.reload();
        }
        await openOptions(page, dish);
        expect(await page.textContent('.options-add')).toBe(language === 'en' ? 'Add 1 · $24.00' : '1 hinzufügen · 24,00\u00a0$');
        expect(await page.evaluate('document.activeElement.value')).toBe(hex(0x200));
        for (const size of [{ width: 375, height: 667 }, ...SIZES]) {
          await resize(page, size);
          await keepShot(page, `options-long-${language}-${size.width}x${size.height}`);
          const reach = await dialogReach(page, '.options-dialog', '.option, .options-count button, .options-note');
          await keepShot(page, `options-long-${language}-${size.width}x${size.height}-last`);
          expect({ size, ...reach }).toStrictEqual({ size, hidden: [], buttonsOff: [], buttonsSmall: [], scrollPastButtons: 0 });
          const layout = await pageLayout(page);
          expect({ size, overflow: layout.overflow, small: layout.smallTargets }).toStrictEqual({ size, overflow: 0, small: [] });
        }
        await page.keyboard.press('Escape');
      }
      await page.close();
    },
    4 * BROWSER_TEST_MS,
  );
});
