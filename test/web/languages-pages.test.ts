// The kitchen's other staff pages in each language at a phone's, a tablet's and a desktop's width:
// the printers page (its list, its dialog, its counts), the stock page (its list and every dialog:
// a delivery, a stock take, a new ingredient, an edit, a deletion, each with its refusal), the menu
// editor (its list, the dish dialog with its refusal, the deletion) and the kitchen displays'
// picker. No English left, nothing cut or spilling past the screen.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { cutText, englishLeft, LANGUAGES, speak, type Language } from './languages.js';
import { keepShot, SIZES } from './layout.js';
import { PASSWORD } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';

const TITLE = { en: 'Printers', es: 'Impresoras', fr: 'Imprimantes', de: 'Drucker' };
const STOCK = { en: 'Stock', es: 'Existencias', fr: 'Stock', de: 'Lager' };
const MENU = { en: 'Menu', es: 'Carta', fr: 'Carte', de: 'Speisekarte' };
const NEW_DISH = { en: 'New dish', es: 'Nuevo plato', fr: 'Nouveau plat', de: 'Neues Gericht' };
const NO_NAME = {
  en: 'Give the ingredient a name.',
  es: 'Pon nombre al ingrediente.',
  fr: 'Donnez un nom à l’ingrédient.',
  de: 'Geben Sie der Zutat einen Namen.',
};
const PICKER = { en: 'Kitchen displays', es: 'Pantallas de cocina', fr: 'Écrans de cuisine', de: 'Küchenbildschirme' };
const PRINTERS = [
  { name: 'Epson 1', host: '127.0.0.1', port: 1, stations: ['hot', 'cold'], mode: 'always' },
  { name: 'Bar', host: '127.0.0.1', port: 2, stations: ['beverages'], mode: 'fallback' },
];

/** The open screen, dialog and all: no English left, nothing cut, no sideways overflow. */
async function judge(page: Page, language: Language, what: string, width: number) {
  expect(await englishLeft(page, language), `${what}, ${language} at ${width}`).toStrictEqual([]);
  const shown = await cutText(page);
  expect({ what, width, ...shown }).toStrictEqual({ what, width, overflow: 0, cut: [] });
}

async function signInAsManager(page: Page) {
  await page.fill('#login input[name=user_name]', 'manager1');
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
}

/** Another page in the same tab at the first size, as a fresh load shows it: signed in already, its rows show. */
async function openInTab(page: Page, url: string, path: string) {
  await page.setViewportSize(SIZES[0]!);
  await page.goto(`${url}${path}`);
}

/** Every dialog of the stock page, each with its refusal shown. */
async function stockDialogs(stock: Page, language: Language, width: number) {
  const row = stock.locator('#stock-rows li').first();
  await row.locator('[data-action="restock"]').click();
  await stock.fill('#change-amount', '0');
  await stock.click('#change-send');
  await expect.poll(() => stock.textContent('#change-error')).not.toBe('');
  await judge(stock, language, 'delivery', width);
  await stock.keyboard.press('Escape');
  await row.locator('[data-action="count"]').click();
  await stock.locator('#change-help').waitFor();
  await judge(stock, language, 'stock take', width);
  await stock.keyboard.press('Escape');
  await stock.click('#add-open');
  await stock.fill('#ingredient-form input[name=name]', ' ');
  await stock.click('#ingredient-send');
  await expect.poll(() => stock.textContent('#ingredient-error')).toBe(NO_NAME[language]);
  await judge(stock, language, 'new ingredient', width);
  await stock.keyboard.press('Escape');
  await row.locator('[data-action="edit"]').click();
  await stock.click('#ingredient-send');
  await expect.poll(() => stock.textContent('#ingredient-error')).not.toBe('');
  await judge(stock, language, 'edit ingredient', width);
  await stock.click('#ingredient-delete');
  await stock.locator('#remove').waitFor();
  await judge(stock, language, 'delete ingredient', width);
  await stock.keyboard.press('Escape');
}

/** The menu editor's list, the new-dish dialog refusing an empty form, a dish's own dialog and its deletion. */
async function menuEditor(menu: Page, language: Language, width: number) {
  await menu.locator('#dish-sections .dish-row').first().waitFor();
  expect(await menu.textContent('h1')).toBe(MENU[language]);
  await judge(menu, language, 'menu editor', width);
  await keepShot(menu, `dishes-${language}-${width}`);
  await menu.click('#new-dish');
  expect(await menu.textContent('#dish-title')).toBe(NEW_DISH[language]);
  await menu.click('#dish-send');
  await expect.poll(() => menu.textContent('#dish-error')).not.toBe('');
  await menu.click('#modifiers .modifier-add-group');
  await judge(menu, language, 'new dish', width);
  await menu.keyboard.press('Escape');
  await menu.locator('#dish-sections .dish-edit').first().click();
  await menu.locator('#recipe-rows li').first().waitFor();
  await judge(menu, language, 'dish', width);
  await keepShot(menu, `dish-${language}-${width}`);
  await menu.keyboard.press('Escape');
  await menu.locator('#dish-sections .dish-delete').first().click();
  await menu.locator('#remove').waitFor();
  await judge(menu, language, 'delete dish', width);
  await menu.keyboard.press('Escape');
}

describe('the printers page, the stock list and the displays picker in every language', () => {
  for (const language of LANGUAGES) {
    it(
      `speak ${language} at 375, 1024 and 1280 px, with nothing cut and no English left`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        await seedMenu(t, 20);
        const saved = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { printers: PRINTERS } });
        expect(saved.statusCode).toBe(200);
        // Each page loaded and signed in once, then checked at every size.
        const page = await openBoard(browser, t, '/manager/printers', SIZES[0]);
        await signInAsManager(page);
        await page.waitForSelector('#add', { state: 'visible' });
        expect(await page.textContent('h1')).toBe(TITLE[language]);
        await expect.poll(() => page.locator('#printers li').count()).toBe(2);
        for (const size of SIZES) {
          await resize(page, size);
          expect(await englishLeft(page, language), `list, ${language} at ${size.width}`).toStrictEqual([]);
          const list = await cutText(page);
          expect({ size: size.width, ...list }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await keepShot(page, `printers-${language}-${size.width}`);
          await page.click('#add');
          await page.click('#printer-form button[type=submit]');
          expect(await englishLeft(page, language), `dialog, ${language} at ${size.width}`).toStrictEqual([]);
          const dialog = await cutText(page);
          expect({ size: size.width, ...dialog }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await page.keyboard.press('Escape');
        }

        // The stock page and the menu editor opened in the same tab, still signed in (the session
        // is the tab's), at the first size as a fresh load: a sign-in costs Chromium a page's work.
        const stock = page;
        await openInTab(stock, t.url, '/manager/stock');
        await stock.locator('#stock-rows li').first().waitFor();
        expect(await stock.textContent('h1')).toBe(STOCK[language]);
        for (const size of SIZES) {
          await resize(stock, size);
          expect(await englishLeft(stock, language), `stock, ${language} at ${size.width}`).toStrictEqual([]);
          const rows = await cutText(stock);
          expect({ size: size.width, ...rows }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
          await keepShot(stock, `stock-${language}-${size.width}`);
          await stockDialogs(stock, language, size.width);
        }

        const menu = page;
        await openInTab(menu, t.url, '/manager/menu');
        for (const size of SIZES) {
          await resize(menu, size);
          await menuEditor(menu, language, size.width);
        }

        const picker = page;
        await openInTab(picker, t.url, '/kds');
        expect(await picker.textContent('h1')).toBe(PICKER[language]);
        for (const size of SIZES) {
          await resize(picker, size);
          expect(await englishLeft(picker, language), `picker, ${language} at ${size.width}`).toStrictEqual([]);
          const shown = await cutText(picker);
          expect({ size: size.width, ...shown }).toStrictEqual({ size: size.width, overflow: 0, cut: [] });
        }
      },
      BROWSER_TEST_MS * 4,
    );
  }
});
