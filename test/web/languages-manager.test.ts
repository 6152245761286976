// The manager's page in each language at a phone's, a tablet's and a desktop's width: no English
// left, nothing cut or spilling, counts and times written the language's way, and the restaurant's
// language and currency set from its Settings.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { cutText, englishLeft, LANGUAGES, speak } from './languages.js';
import { keepShot, SIZES } from './layout.js';

/** A clock time as each language writes it: 12-hour with AM/PM in English, 24-hour elsewhere. */
const CLOCK = {
  en: /\d{1,2}:\d{2}\s?[AP]M/,
  es: /\b\d{1,2}:\d{2}\b(?!\s?[AP]M)/,
  fr: /\b\d{2}:\d{2}\b(?!\s?[AP]M)/,
  de: /\b\d{2}:\d{2}\b(?!\s?[AP]M)/,
};
const LATE_NOW = {
  en: '0 open now · 0 of 0 finished',
  es: '0 abiertas ahora · 0 de 0 terminadas',
  fr: '0 ouverts maintenant · 0 sur 0 terminés',
  de: '0 jetzt offen · 0 von 0 fertig',
};
const COVERS = { en: '17 orders', es: '17 pedidos', fr: '17 commandes', de: '17 Bestellungen' };

describe("the manager's page in every language", () => {
  for (const language of LANGUAGES) {
    it(
      `speaks ${language} at 375, 1024 and 1280 px, with nothing cut and no English left`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        const menu = await seedMenu(t, 20);
        for (let i = 0; i < 3; i += 1) await placeOrder(t, [menu.steak.id, menu.salad.id]);
        const page = await openBoard(browser, t, '/manager', SIZES[0]);
        expect(await page.getAttribute('html', 'lang')).toBe(language);
        await signIn(page, 'manager');
        for (const size of SIZES) {
          // Loaded and signed in once, then resized: resize() waits until the charts are drawn again to their panels' width.
          await resize(page, size);
          expect(await page.getAttribute('html', 'lang')).toBe(language);
          await expect.poll(() => page.textContent('#t-placed')).toBe('3');
          await expect.poll(() => page.textContent('#t-late-note')).toBe(LATE_NOW[language]);
          await page.fill('#low-orders', '100');
          await expect
            .poll(() => page.$$eval('#stock-rows td', (cells) => cells.map((cell) => cell.textContent)))
            .toContain(COVERS[language]);
          expect(await page.textContent('#range-text')).toMatch(CLOCK[language]);
          expect(await page.inputValue('#settings-form [name=currency]')).toBe('EUR');
          expect(await page.inputValue('#settings-form [name=language]')).toBe(language);
          expect(await englishLeft(page, language), `${language} at ${size.width}`).toStrictEqual([]);
          const { overflow, cut } = await cutText(page);
          expect(overflow, `${language} at ${size.width}`).toBe(0);
          expect(cut, `${language} at ${size.width}`).toStrictEqual([]);
          await keepShot(page, `manager-${language}-${size.width}`);
        }
      },
      BROWSER_TEST_MS * 2,
    );
  }

  it(
    'sets the restaurant language and currency from Settings, and the page follows',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      // Live first: the link's first connection reloads the settings into the form, which would
      // overwrite what is typed before it.
      await page.waitForSelector('#link[data-state="live"]');
      await expect.poll(() => page.inputValue('#settings-form [name=currency]')).toBe('USD');
      await page.selectOption('#settings-form [name=language]', 'fr');
      await page.fill('#settings-form [name=currency]', 'chf');
      await Promise.all([page.waitForEvent('load'), page.click('#settings-form button[type=submit]')]);
      await page.waitForSelector('#link[data-state="live"]');
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect(await page.textContent('h1')).toBe('Rapport de cuisine');
      const settings = (await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json();
      expect([settings.language, settings.currency]).toStrictEqual(['fr', 'CHF']);
      // A currency the server does not know is refused in the form's words, and nothing changes.
      await page.fill('#settings-form [name=currency]', 'ABC');
      await page.click('#settings-form button[type=submit]');
      await expect.poll(() => page.textContent('#settings-error')).toContain('currency');
    },
    BROWSER_TEST_MS,
  );
});
