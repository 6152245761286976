// The kitchen's other staff pages in each language at a phone's, a tablet's and a desktop's width:
// the printers page (its list, its dialog, its counts), the stock page's list and the kitchen
// displays' picker. No English
// left, nothing cut or spilling past the screen.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard } from './browser.js';
import { cutText, englishLeft, LANGUAGES, speak } from './languages.js';
import { keepShot, SIZES } from './layout.js';
import { PASSWORD } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';

const TITLE = { en: 'Printers', es: 'Impresoras', fr: 'Imprimantes', de: 'Drucker' };
const STOCK = { en: 'Stock', es: 'Existencias', fr: 'Stock', de: 'Lager' };
const PICKER = { en: 'Kitchen displays', es: 'Pantallas de cocina', fr: 'Écrans de cuisine', de: 'Küchenbildschirme' };
const PRINTERS = [
  { name: 'Epson 1', host: '127.0.0.1', port: 1, stations: ['hot', 'cold'], mode: 'always' },
  { name: 'Bar', host: '127.0.0.1', port: 2, stations: ['beverages'], mode: 'fallback' },
];

describe('the printers page, the stock list and the displays picker in every language', () => {
  for (const language of LANGUAGES) {
    it(
      `speak ${language} at 375, 1024 and 1280 px, with nothing cut and no English left`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        await seedMenu(t, 20);
        const saved = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { printers: PRINTERS } });
        expect(saved.statusCode).toBe(200);
        for (const size of SIZES) {
          const page = await openBoard(browser, t, '/manager/printers', size);
          await page.fill('#login input[name=user_name]', 'manager1');
          await page.fill('#login input[name=password]', PASSWORD);
          await page.click('#login button[type=submit]');
          await page.waitForSelector('#add', { state: 'visible' });
          expect(await page.textContent('h1')).toBe(TITLE[language]);
          await expect.poll(() => page.locator('#printers li').count()).toBe(2);
          expect(await englishLeft(page, language), `list, ${language} at ${size.width}`).toStrictEqual([]);
          const list = await cutText(page);
          expect({ size: size.width, ...list }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await keepShot(page, `printers-${language}-${size.width}`);
          await page.click('#add');
          await page.click('#printer-form button[type=submit]');
          expect(await englishLeft(page, language), `dialog, ${language} at ${size.width}`).toStrictEqual([]);
          const dialog = await cutText(page);
          expect({ size: size.width, ...dialog }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await page.close();

          const stock = await openBoard(browser, t, '/manager/stock', size);
          await stock.fill('#login input[name=user_name]', 'manager1');
          await stock.fill('#login input[name=password]', PASSWORD);
          await stock.click('#login button[type=submit]');
          await stock.locator('#stock-rows li').first().waitFor();
          expect(await stock.textContent('h1')).toBe(STOCK[language]);
          expect(await englishLeft(stock, language), `stock, ${language} at ${size.width}`).toStrictEqual([]);
          const rows = await cutText(stock);
          expect({ size: size.width, ...rows }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await keepShot(stock, `stock-${language}-${size.width}`);
          await stock.close();

          const picker = await openBoard(browser, t, '/kds', size);
          expect(await picker.textContent('h1')).toBe(PICKER[language]);
          expect(await englishLeft(picker, language), `picker, ${language} at ${size.width}`).toStrictEqual([]);
          const shown = await cutText(picker);
          expect({ size: size.width, ...shown }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await picker.close();
        }
      },
      BROWSER_TEST_MS * 2,
    );
  }
});
