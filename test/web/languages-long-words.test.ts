// Long German words in the manager's narrow boxes, at a phone's, a tablet's and a desktop's width:
// the allergens of the new-ingredient dialog ("Schalenfrüchte", "Schwefeldioxid") each inside its
// own box, and each one seen whole above the dialog's pinned buttons once scrolled to; and the pace
// panel's dish table, where no dish's or column's word breaks in the middle.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, reloadAt, resize, signIn, WAIT_MS } from './browser.js';
import { speak, splitWords } from './languages.js';
import { dialogReach, keepShot, SIZES } from './layout.js';
import { addDish, cookedOnHotLine, seedMenu } from '../helpers/menu.js';

const LONG_WORD = 'Rinderschmorbratenvariationsplattenauswahl';

/** Each allergen label whose words spill past its own box or past the list's edge, with its text. */
function spilledAllergens(page: Page): Promise<string[]> {
  return page.$$eval('#ingredient-allergens .allergen-pick', (labels) => {
    const list = labels[0]!.parentElement!.getBoundingClientRect();
    return labels
      .filter((label) => {
        const box = label.getBoundingClientRect();
        return label.scrollWidth > label.clientWidth + 1 || box.right > list.right + 1 || box.left < list.left - 1;
      })
      .map((label) => label.textContent?.trim() ?? '');
  });
}

/** The pace panel's sideways overflow, and whether its dish table scrolls within its own box instead. */
const paceTable = (page: Page) =>
  page.$eval('section[aria-labelledby="h-pace"]', (section) => {
    const box = section.querySelector('.table-scroll')!;
    return { overflow: section.scrollWidth - section.clientWidth, tableScrolls: box.scrollWidth > box.clientWidth };
  });

/** Allergen labels shorter than a finger's 44 px. */
const smallAllergens = (page: Page) =>
  page.$$eval('#ingredient-allergens .allergen-pick', (labels) =>
    labels.filter((label) => label.getBoundingClientRect().height < 44).map((label) => label.textContent?.trim() ?? ''),
  );

describe('long German words in the manager’s boxes', () => {
  it(
    'the new-ingredient dialog shows every allergen whole inside its box, Schalenfrüchte included, none under Cancel/Add',
    async ({ app: t, browser }) => {
      await speak(t, 'de');
      await seedMenu(t, 20);
      const page = await openBoard(browser, t, '/manager/stock', SIZES[0]);
      await signIn(page, 'manager');
      await page.waitForSelector('#stock-rows > li');
      // A short phone (375×667) besides the usual three: the dialog's fields scroll above its pinned buttons.
      for (const size of [{ width: 375, height: 667 }, ...SIZES]) {
        await resize(page, size);
        await page.click('#add-open');
        await page.waitForSelector('#ingredient', { state: 'visible' });
        const names = await page.locator('#ingredient-allergens .allergen-pick').allTextContents();
        expect(names.map((name) => name.trim())).toContain('Schalenfrüchte');
        expect(await page.evaluate('document.activeElement.name')).toBe('name');
        // Every field and allergen seen whole once scrolled to, none under Cancel/Add (the last row at 1024×768 was).
        const reach = await dialogReach(page, '#ingredient', 'label, input:not([type="checkbox"])');
        expect({ size, ...reach }).toStrictEqual({ size, hidden: [], buttonsOff: [], buttonsSmall: [], scrollPastButtons: 0 });
        await keepShot(page, `stock-allergens-de-${size.width}x${size.height}-last`);
        await page.locator('#ingredient-allergens').scrollIntoViewIfNeeded();
        await keepShot(page, `stock-allergens-de-${size.width}x${size.height}`);
        expect({ width: size.width, spilled: await spilledAllergens(page) }).toStrictEqual({ width: size.width, spilled: [] });
        expect({ width: size.width, split: await splitWords(page, '#ingredient-allergens') }).toStrictEqual({
          width: size.width,
          split: [],
        });
        expect({ width: size.width, small: await smallAllergens(page) }).toStrictEqual({ width: size.width, small: [] });
        await page.keyboard.press('Escape');
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'the pace panel’s dish table never breaks a word in the middle, Lemonade included; a word too long for a phone scrolls the table',
    async ({ app: t, browser }) => {
      await speak(t, 'de');
      const menu = await seedMenu(t, 50);
      await cookedOnHotLine(t, menu.steak.id, 2, 30);
      await addDish(t, {
        name: 'Geschmorte Rinderbacke mit einem sehr langen Namen',
        station: 'hot',
        ingredients: [{ ingredient_id: menu.beef.id, is_essential: true }],
      });
      const page = await openBoard(browser, t, '/manager', SIZES[0]);
      await signIn(page, 'manager');
      await page.locator(`#pace-dishes tr[data-dish-id="${menu.lemonade.id}"]`).waitFor({ timeout: WAIT_MS });
      for (const size of SIZES) {
        await resize(page, size);
        await page.locator('#pace-dishes').scrollIntoViewIfNeeded();
        await keepShot(page, `manager-pace-dishes-de-${size.width}`);
        expect({ width: size.width, split: await splitWords(page, '.pace-dishes') }).toStrictEqual({ width: size.width, split: [] });
        expect({ width: size.width, ...(await paceTable(page)) }).toStrictEqual({ width: size.width, overflow: 0, tableScrolls: false });
      }

      // One word wider than a phone's column can hold: still whole, the table scrolling in its panel.
      const long = await addDish(t, {
        name: LONG_WORD,
        station: 'cold',
        ingredients: [{ ingredient_id: menu.lettuce.id, is_essential: true }],
      });
      await reloadAt(page, SIZES[0]!);
      await page.locator(`#pace-dishes tr[data-dish-id="${long.id}"]`).waitFor({ timeout: WAIT_MS });
      await page.locator('#pace-dishes').scrollIntoViewIfNeeded();
      await keepShot(page, 'manager-pace-dishes-de-375-long-word');
      expect(await splitWords(page, '.pace-dishes')).toStrictEqual([]);
      expect(await paceTable(page)).toStrictEqual({ overflow: 0, tableScrolls: true });
    },
    BROWSER_TEST_MS,
  );
});
