// Small things a screen must not cut, measured in English and German: the manager's "Cooks tonight"
// box shows its whole placeholder ("1 as learned"), the "Low at" box a ten-digit count, a tile's
// "18 min" stays on one line, every Settings box its whole placeholder or value in each language
// ("keine Grenze", the widest time zone); the stock page's boxes a quantity at its bounds.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { cookedOnHotLine, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, reloadAt, resize, signIn } from './browser.js';
import { keepShot, SIZES } from './layout.js';
import { speak } from './languages.js';

/**
 * Each box's text (its value, or its placeholder when empty) against the room inside it: the text's
 * width in the box's own font, and the box's width less its padding. Fits when the text does.
 */
const boxTexts = (page: Page, selector: string): Promise<{ text: string; fits: boolean; scrolls: boolean }[]> =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((box) => {
    const style = getComputedStyle(box);
    const text = box.value || box.placeholder;
    const pen = document.createElement('canvas').getContext('2d');
    // From its parts: the shorthand reads empty when the box sets a font-variant it cannot hold (tabular-nums).
    pen.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
    const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, fits: pen.measureText(text).width <= room + 0.5, scrolls: box.scrollWidth > box.clientWidth };
  })`);

/**
 * Each Settings box (text and number) as loaded, emptied (its placeholder shown) and holding its
 * longest value (the widest time zone Chromium knows, a ten-digit count, a four-digit wait), by
 * name: what it shows and whether that fits its room ({@link boxTexts}). Then the settings panel's
 * and the page's sideways overflow, and Settings boxes reaching past the panel's edge. The boxes
 * are typed into, never saved; each reload shows the server's settings again.
 */
async function settingsBoxes(page: Page) {
  const selector = '#settings-form input:is([type="text"], [type="number"])';
  const names: string[] = await page.$$eval(selector, (boxes) => boxes.map((box) => box.getAttribute('name') ?? ''));
  const shown = async () => {
    const texts = await boxTexts(page, selector);
    return Object.fromEntries(names.map((name, i) => [name, { text: texts[i]!.text, fits: texts[i]!.fits && !texts[i]!.scrolls }]));
  };
  const loaded = await shown();
  for (const name of names) await page.fill(`#settings-form [name="${name}"]`, '');
  const empty = await shown();
  const widestZone: string = await page.evaluate(`(() => {
    const style = getComputedStyle(document.querySelector('#settings-form [name="time_zone"]'));
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = [style.fontStyle, style.fontWeight, style.fontSize, style.fontFamily].join(' ');
    const width = (zone) => pen.measureText(zone).width;
    return Intl.supportedValuesOf('timeZone').reduce((widest, zone) => (width(zone) > width(widest) ? zone : widest));
  })()`);
  const longest: Record<string, string> = { time_zone: widestZone, max_wait_minutes: '1440', low_portions: '1000000000', currency: 'MMM' };
  for (const name of names) await page.fill(`#settings-form [name="${name}"]`, longest[name]!);
  const full = await shown();
  const spill: { panel: number; page: number; outside: string[] } = await page.evaluate(`(() => {
    const panel = document.querySelector('section[aria-labelledby="h-settings"]');
    const edge = panel.getBoundingClientRect();
    return {
      panel: panel.scrollWidth - panel.clientWidth,
      page: document.documentElement.scrollWidth - innerWidth,
      outside: [...panel.querySelectorAll('input, select, button')]
        .filter((box) => box.getBoundingClientRect().left < edge.left - 0.5 || box.getBoundingClientRect().right > edge.right + 0.5)
        .map((box) => box.getAttribute('name') || box.textContent),
    };
  })()`);
  return { widestZone, boxes: { loaded, empty, full, spill } };
}

/** What {@link settingsBoxes} must find: every text whole, nothing past the panel's edge. */
const settingsWhole = (noLimit: string, loaded: Record<string, string>, zone: string) => ({
  loaded: Object.fromEntries(Object.entries(loaded).map(([name, text]) => [name, { text, fits: true }])),
  empty: {
    time_zone: { text: 'Europe/Berlin', fits: true },
    max_wait_minutes: { text: noLimit, fits: true },
    low_portions: { text: '', fits: true },
    currency: { text: '', fits: true },
  },
  full: {
    time_zone: { text: zone, fits: true },
    max_wait_minutes: { text: '1440', fits: true },
    low_portions: { text: '1000000000', fits: true },
    currency: { text: 'MMM', fits: true },
  },
  spill: { panel: 0, page: 0, outside: [] },
});

/** The lines a tile value's text takes (a Range's boxes: one per line), and its text. */
const tileLines = (page: Page, selector: string): Promise<{ text: string; lines: number }> =>
  page.evaluate(`(() => {
    const value = document.querySelector(${JSON.stringify(selector)});
    const range = document.createRange();
    range.selectNodeContents(value);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return { text: value.textContent, lines: tops.size };
  })()`);

/** The tiles' parts that reach past their tile's edges: "class text". */
const tileSpills = (page: Page): Promise<string[]> =>
  page.evaluate(`[...document.querySelectorAll('.tile')].flatMap((tile) => {
    const edge = tile.getBoundingClientRect();
    return [...tile.querySelectorAll('*')].filter((part) => {
      const range = document.createRange();
      range.selectNodeContents(part);
      return [part.getBoundingClientRect(), ...range.getClientRects()].some((r) => r.width > 0 && (r.left < edge.left - 0.5 || r.right > edge.right + 0.5));
    }).map((part) => part.className + ' ' + part.textContent);
  })`);

const EIGHTEEN = { en: '18 min', de: '18 Min.' };
const LEARNED = { en: '1 as learned', de: '1 wie gelernt' };
/** The wait limit's placeholder in each language. */
const NO_LIMIT = { en: 'no limit', es: 'sin límite', fr: 'sans limite', de: 'keine Grenze' };

/**
 * The manager's page at `size` sideways whole, its pace and settings panels kept as screenshots, and
 * every settings box whole as loaded (the restaurant's settings: `lowPortions` for "Low at"), empty
 * and at its longest ({@link settingsBoxes}, {@link settingsWhole}).
 */
async function expectSettingsWhole(page: Page, language: keyof typeof NO_LIMIT, size: { width: number }, lowPortions: string) {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(size.width);
  await page.locator('#pace-form').scrollIntoViewIfNeeded();
  await keepShot(page, `polish-manager-pace-${language}-${size.width}`);
  await page.locator('#settings-form').scrollIntoViewIfNeeded();
  await keepShot(page, `polish-manager-settings-${language}-${size.width}`);
  const { widestZone, boxes } = await settingsBoxes(page);
  expect(widestZone).toContain('/');
  await keepShot(page, `polish-manager-settings-longest-${language}-${size.width}`);
  const noLimit = NO_LIMIT[language];
  expect({ size, ...boxes }).toStrictEqual({
    size,
    ...settingsWhole(noLimit, { time_zone: 'UTC', max_wait_minutes: noLimit, low_portions: lowPortions, currency: 'EUR' }, widestZone),
  });
}

describe('screens that read whole', () => {
  it(
    "shows the cooks' placeholder whole in Spanish and French too, at 375, 1024 and 1280",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      await cookedOnHotLine(t, menu.steak.id, 3, 18);
      for (const [language, learned] of [
        ['es', '1 según lo aprendido'],
        ['fr', '1 comme appris'],
      ] as const) {
        // The language set first: an open page follows a change of it by loading itself again.
        await speak(t, language);
        const page = await openBoard(browser, t, '/manager', SIZES[0]);
        await signIn(page, 'manager');
        for (const size of SIZES) {
          await reloadAt(page, size);
          await expect.poll(() => page.getAttribute('.pace-cooks', 'placeholder')).toBe(learned);
          expect({ size, cooks: await boxTexts(page, '.pace-cooks') }).toStrictEqual({
            size,
            cooks: ['cold', 'hot', 'beverages'].map(() => ({ text: learned, fits: true, scrolls: false })),
          });
          await expectSettingsWhole(page, language, size, '10');
        }
      }
    },
    2 * BROWSER_TEST_MS,
  );

  for (const language of ['en', 'de'] as const) {
    it(
      `shows the cooks' placeholder, a ten-digit "Low at" and "18 min" whole on the manager's page in ${language}, at 375, 1024 and 1280`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        const menu = await seedMenu(t, 50);
        // Three steaks each placed and readied 18 minutes later: placed → all prep done, a median of 18 min.
        await cookedOnHotLine(t, menu.steak.id, 3, 18);
        const saved = await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { low_portions: 1_000_000_000 } });
        expect(saved.statusCode).toBe(200);
        const page = await openBoard(browser, t, '/manager', SIZES[0]);
        await signIn(page, 'manager');
        for (const size of SIZES) {
          await reloadAt(page, size);
          await expect.poll(() => page.textContent('#t-ready')).toBe(EIGHTEEN[language]);
          await expect.poll(() => page.inputValue('#settings-form input[name="low_portions"]')).toBe('1000000000');
          await page.locator('input[name="cooks-hot"]').waitFor();
          expect({ size, tile: await tileLines(page, '#t-ready') }).toStrictEqual({ size, tile: { text: EIGHTEEN[language], lines: 1 } });
          expect({ size, spills: await tileSpills(page) }).toStrictEqual({ size, spills: [] });
          expect({ size, cooks: await boxTexts(page, '.pace-cooks') }).toStrictEqual({
            size,
            cooks: ['cold', 'hot', 'beverages'].map(() => ({ text: LEARNED[language], fits: true, scrolls: false })),
          });
          expect({ size, low: await boxTexts(page, '#settings-form input[name="low_portions"]') }).toStrictEqual({
            size,
            low: [{ text: '1000000000', fits: true, scrolls: false }],
          });
          await expectSettingsWhole(page, language, size, '1000000000');
          await page.evaluate('scrollTo(0, 0)');
          await keepShot(page, `polish-manager-tiles-${language}-${size.width}`);
        }
      },
      2 * BROWSER_TEST_MS,
    );
  }

  for (const language of ['en', 'de'] as const) {
    it(
      `shows a stock quantity at its bounds whole in the stock page's boxes in ${language}, at 375, 1024 and 1280`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        await seedMenu(t, 50);
        const page = await openBoard(browser, t, '/manager/stock', SIZES[0]);
        await signIn(page, 'manager');
        for (const size of SIZES) {
          await resize(page, size);
          // A new ingredient's stock and a delivery's amount: down to −1,000,000,000 with decimals.
          await page.click('#add-open');
          await page.fill('#ingredient-form input[name="in_stock_qty"]', '-999999999.99');
          await page.fill('#ingredient-form input[name="price"]', '999999999.99');
          expect({ size, boxes: await boxTexts(page, '#ingredient-form input[type="number"]') }).toStrictEqual({
            size,
            boxes: [
              { text: '-999999999.99', fits: true, scrolls: false },
              { text: '999999999.99', fits: true, scrolls: false },
            ],
          });
          await keepShot(page, `polish-stock-new-${language}-${size.width}`);
          await page.keyboard.press('Escape');
          await page.locator('.stock-row [data-action="restock"]').first().click();
          await page.fill('#change-amount', '-1000000000');
          expect({ size, boxes: await boxTexts(page, '#change-amount') }).toStrictEqual({
            size,
            boxes: [{ text: '-1000000000', fits: true, scrolls: false }],
          });
          await page.keyboard.press('Escape');
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(size.width);
        }
      },
      BROWSER_TEST_MS,
    );
  }
});
