// Long German words in the manager's narrow boxes, at a phone's, a tablet's and a desktop's width:
// the allergens of the new-ingredient dialog ("Schalenfrüchte", "Schwefeldioxid") each inside its
// own box.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { speak, splitWords } from './languages.js';
import { keepShot, SIZES } from './layout.js';
import { seedMenu } from '../helpers/menu.js';

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

/** Allergen labels shorter than a finger's 44 px. */
const smallAllergens = (page: Page) =>
  page.$$eval('#ingredient-allergens .allergen-pick', (labels) =>
    labels.filter((label) => label.getBoundingClientRect().height < 44).map((label) => label.textContent?.trim() ?? ''),
  );

describe('long German words in the manager’s boxes', () => {
  it(
    'the new-ingredient dialog shows every allergen whole inside its box, Schalenfrüchte included',
    async ({ app: t, browser }) => {
      await speak(t, 'de');
      await seedMenu(t, 20);
      const page = await openBoard(browser, t, '/manager/stock', SIZES[0]);
      await signIn(page, 'manager');
      await page.waitForSelector('#stock-rows > li');
      for (const size of SIZES) {
        await resize(page, size);
        await page.click('#add-open');
        await page.waitForSelector('#ingredient', { state: 'visible' });
        await page.locator('#ingredient-allergens').scrollIntoViewIfNeeded();
        const names = await page.locator('#ingredient-allergens .allergen-pick').allTextContents();
        expect(names.map((name) => name.trim())).toContain('Schalenfrüchte');
        await keepShot(page, `stock-allergens-de-${size.width}`);
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
});
