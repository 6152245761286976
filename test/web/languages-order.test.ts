// The ordering app in the guest's browser language (es, fr, de, en) at a phone's, a tablet's and a
// desktop's width, with dishes in the cart, the kitchen's quote and an allergy warning on screen: no
// English left, nothing cut or spilling, prices in the restaurant's currency the language's way.
// And the switch: a guest picks another language, kept on the phone.
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, resize, WAIT_MS } from './browser.js';
import { cutText, englishLeft, LANGUAGES, speak, type Language } from './languages.js';
import { keepShot, SIZES } from './layout.js';

const LOCALE = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };
const READY = {
  en: /^Ready in about \d+ min$/,
  es: /^Listo en unos \d+ min$/,
  fr: /^Prêt dans \d+ min environ$/,
  de: /^Fertig in etwa \d+ Min\.$/,
};
const MILK = { en: 'milk', es: 'leche', fr: 'lait', de: 'Milch' };

/** A guest's phone or tablet in `language`, allergic to milk. */
async function openOrder(browser: Browser, t: TestApp, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: LOCALE[language], timezoneId: 'UTC' });
  page.setDefaultTimeout(WAIT_MS);
  await page.addInitScript(`localStorage.setItem('pos.order.allergies', '["milk"]')`);
  await page.goto(`${t.url}/order`);
  return page;
}

describe('the ordering app in every language', () => {
  for (const language of LANGUAGES) {
    it(
      `speaks the guest's ${language} at 375, 1024 and 1280 px, with a quote and an allergy warning`,
      async ({ app: t, browser }) => {
        // The restaurant speaks English: the guest's browser decides.
        await speak(t, 'en', 'EUR');
        const menu = await seedMenu(t, 20);
        await t.inject({
          method: 'PATCH',
          url: `/ingredients/${menu.lettuce.id}`,
          as: 'manager',
          payload: { allergens: ['milk', 'eggs'] },
        });
        const total = new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'EUR' }).format(25);
        // One page, loaded at the phone's size, its cart filled once, then resized through the three
        // sizes (the layout is CSS alone: a resized page lays out as a fresh load at that size would).
        const page = await openOrder(browser, t, language, SIZES[0]!);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        for (const dish of [menu.salad, menu.steak]) {
          await page.click(`[data-dish-id="${dish.id}"] button.add:not([disabled])`);
        }
        for (const size of SIZES) {
          await resize(page, size);
          await page.waitForSelector('#cart-quote:not([hidden])');
          expect(await page.textContent('#cart-quote')).toMatch(READY[language]);
          expect(await page.textContent('#cart-total')).toBe(total);
          await page.waitForSelector('#allergy-warning:not([hidden])');
          expect(await page.textContent('#allergy-warning-text')).toContain(`Green Salad`);
          expect(await page.textContent('#allergy-warning-text')).toContain(MILK[language]);
          expect(await englishLeft(page, language), `${language} at ${size.width}`).toStrictEqual([]);
          const { overflow, cut } = await cutText(page);
          expect(overflow, `${language} at ${size.width}`).toBe(0);
          expect(cut, `${language} at ${size.width}`).toStrictEqual([]);
          await page.locator('#cart').scrollIntoViewIfNeeded();
          await keepShot(page, `order-${language}-${size.width}`);
        }
      },
      BROWSER_TEST_MS * 2,
    );
  }

  it(
    'switches on the guest’s choice and keeps it on the phone, over the browser’s language',
    async ({ app: t, browser }) => {
      await seedMenu(t, 20);
      const page = await openOrder(browser, t, 'en', SIZES[0]!);
      await page.waitForSelector('.dish');
      expect(await page.textContent('#cart-heading')).toBe('Your order');
      await Promise.all([page.waitForEvent('load'), page.selectOption('.language-picker', 'de')]);
      await page.waitForSelector('.dish');
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.textContent('#cart-heading')).toBe('Ihre Bestellung');
      await page.reload();
      expect(await page.textContent('#cart-heading')).toBe('Ihre Bestellung');
    },
    BROWSER_TEST_MS,
  );
});
