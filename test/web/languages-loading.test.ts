// Which catalogues a screen fetches: its own language's only (a staff board in the restaurant's
// language, a tablet that picked another, a guest's phone in the browser's language), and the page
// already built in that language when its `load` event comes.
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, signIn, WAIT_MS } from './browser.js';
import { speak } from './languages.js';
import { seedMenu } from '../helpers/menu.js';

const CATALOGUE_REQUEST = /\/boards\/(i18n\/\w+\.json|js\/lib\/catalogues\/\w+\.js)$/;

/** The catalogue files the page asks for from now on, by path. */
function catalogueRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (CATALOGUE_REQUEST.test(path)) paths.push(path);
  });
  return paths;
}

const ONLY = (language: string) => [`/boards/i18n/${language}.json`, `/boards/js/lib/catalogues/${language}.js`];

describe('a screen loads its own catalogue only', () => {
  it(
    "a German kitchen's board fetches the German catalogue and no other, built in German by its load event",
    async ({ app: t, browser }) => {
      await speak(t, 'de');
      let requested: string[] = [];
      const page = await openBoard(browser, t, '/kds/hot', undefined, { beforeLoad: (tab) => void (requested = catalogueRequests(tab)) });
      // Read at once, no waiting: the page's code has run in German before `load`.
      const built = await page.evaluate(`({
        lang: document.documentElement.lang,
        station: document.querySelector('#station')?.textContent,
        signIn: document.querySelector('#login button[type=submit]')?.textContent,
      })`);
      expect(built).toStrictEqual({ lang: 'de', station: 'Warme Küche', signIn: 'Anmelden' });
      expect([...requested].sort()).toStrictEqual(ONLY('de'));
    },
    BROWSER_TEST_MS,
  );

  it(
    'a tablet that picked French fetches the French catalogue only, after the switch reloads it',
    async ({ app: t, browser }) => {
      await speak(t, 'de');
      const page = await openBoard(browser, t, '/kds/hot');
      await signIn(page, 'chef');
      const requested = catalogueRequests(page);
      await Promise.all([page.waitForEvent('load'), page.selectOption('.bar .language-picker', 'fr')]);
      expect(await page.getAttribute('html', 'lang')).toBe('fr');
      expect(await page.textContent('#station')).toBe('Poste chaud');
      expect([...requested].sort()).toStrictEqual(ONLY('fr'));
    },
    BROWSER_TEST_MS,
  );

  it(
    "a guest's phone set to Spanish fetches the Spanish catalogue only, in an English-speaking restaurant",
    async ({ app: t, browser }) => {
      await speak(t, 'en');
      await seedMenu(t, 3);
      const page = await browser.newPage({ viewport: { width: 375, height: 812 }, locale: 'es-ES', timezoneId: 'UTC' });
      page.setDefaultTimeout(WAIT_MS);
      const requested = catalogueRequests(page);
      await page.goto(`${t.url}/order`);
      expect(await page.textContent('#cart-heading')).toBe('Su pedido');
      await page.locator('.dish').first().waitFor();
      expect([...requested].sort()).toStrictEqual(ONLY('es'));
    },
    BROWSER_TEST_MS,
  );
});
