// The menu editor's dish dialog on a dish as long as a menu gets: a sixty-character German name,
// twelve long-named ingredients and ten option groups of three sixty-character options each, in
// English and German, at 375×667, 1024×768 and 1280×800. Every field, box and button of the form,
// scrolled to as a browser scrolls to a focused field, is seen whole above Cancel/Save (never under
// them); Cancel and Save stay on the screen, a finger's size; nothing runs past the screen's sides.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { addDish, addIngredient } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { speak } from './languages.js';
import { dialogReach, keepShot, pageLayout } from './layout.js';

const LONG_WORDS = [
  'Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz',
  'Sauerkirschenmeerrettichsoße mit Trüffelmayonnaisenbeilage und Bergkäseüberbackung',
  'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen',
  'Frühstücksspeckscheiben vom Schwarzwälder Hinterschinken, doppelt',
];
const sixty = (text: string) => text.padEnd(60, '.').slice(0, 60);
const longName = (i: number) => sixty(`${i + 1}. ${LONG_WORDS[i % LONG_WORDS.length]!}`);

/** The dish: twelve ingredients (eleven in its recipe, one left to add) and ten groups of three options. */
async function seedLongDish(t: TestApp) {
  const ingredients: string[] = [];
  for (let i = 0; i < 12; i += 1) ingredients.push((await addIngredient(t, longName(i), 500)).id);
  const dish = await addDish(t, {
    name: sixty('Geschmorte Rinderbacke mit Kartoffelpüree und Wurzelgemüsen vom Hof'),
    station: 'hot',
    price: 1234.5,
    ingredients: ingredients.slice(0, 11).map((id, i) => ({ ingredient_id: id, is_essential: i % 2 === 0 })),
  });
  const groups = Array.from({ length: 10 }, (_, g) => ({
    name: longName(g + 1),
    min: g === 0 ? 1 : 0,
    max: 3,
    options: [
      { name: longName(g), price_delta: -0.5, ingredient_id: ingredients[g]!, action: 'remove' },
      { name: longName(g + 2), price_delta: 12.75, minutes_delta: 5, ingredient_id: ingredients[11]!, action: 'add' },
      { name: longName(g + 3), minutes_delta: 4 },
    ],
  }));
  const saved = await t.inject({ method: 'PATCH', url: `/dishes/${dish.id}`, as: 'manager', payload: { modifier_groups: groups } });
  expect(saved.statusCode, saved.body).toBe(200);
  return dish.id;
}

/** Everything a manager fills in or taps in the form (its own buttons row is judged apart). */
const FIELDS = '.confirm-body input, .confirm-body select, .confirm-body textarea, .confirm-body button, .confirm-body label';

describe("the menu editor's dish dialog", () => {
  for (const language of ['en', 'de'] as const)
    it(
      `shows every field of a long dish above Cancel/Save, which stay in view, at 375, 1024 and 1280 px (${language})`,
      async ({ app: t, browser }) => {
        const dishId = await seedLongDish(t);
        if (language === 'de') await speak(t, 'de');
        const page = await openBoard(browser, t, '/manager/menu', { width: 375, height: 667 });
        await signIn(page, 'manager');
        await page.locator(`#dish-sections [data-dish-id="${dishId}"] [data-action="edit"]`).click();
        await page.waitForSelector('#dish[open]');
        expect(await page.textContent('#dish-send')).toBe(language === 'en' ? 'Save' : 'Speichern');
        expect(await page.locator('#dish .modifier-option').count()).toBe(30);
        expect(await page.locator('#dish .recipe-row').count()).toBe(11);
        for (const size of [
          { width: 375, height: 667 },
          { width: 1024, height: 768 },
          { width: 1280, height: 800 },
        ]) {
          await resize(page, size);
          await keepShot(page, `dish-dialog-${language}-${size.width}x${size.height}`);
          const reach = await dialogReach(page, '#dish', FIELDS);
          await keepShot(page, `dish-dialog-${language}-${size.width}x${size.height}-last`);
          await page.locator('#recipe-pick').scrollIntoViewIfNeeded();
          await keepShot(page, `dish-dialog-${language}-${size.width}x${size.height}-recipe`);
          expect({ size, ...reach }).toStrictEqual({ size, hidden: [], buttonsOff: [], buttonsSmall: [], scrollPastButtons: 0 });
          expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        }
        await page.close();
      },
      2 * BROWSER_TEST_MS,
    );
});
