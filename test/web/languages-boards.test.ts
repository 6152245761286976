// The hot station's board in each language with a 40-ticket rush at a phone's, a tablet's and a
// desktop's width: the same layout checks as in English (no overlap, no spill, 44 px buttons), no
// English left, no text of the screen's own cut, counts and clock in the language's way.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, forgetSignIn, openBoard, resize, signIn } from './browser.js';
import { cutText, englishLeft, LANGUAGES, speak, splitWords, type Language } from './languages.js';
import { barControlsOffScreen, keepShot, measure, SIZES, seedRush } from './layout.js';

const OPEN = { en: '40 open', es: '40 abiertas', fr: '40 ouverts', de: '40 offen' };
const RAIL = {
  en: '40 open · 0 at the pass',
  es: '40 abiertos · 0 en el pase',
  fr: '40 ouvertes · 0 au passe',
  de: '40 offen · 0 am Pass',
};
const CLOCK = { en: /^\d{1,2}:\d{2}\s?[AP]M$/, es: /^\d{1,2}:\d{2}$/, fr: /^\d{2}:\d{2}$/, de: /^\d{2}:\d{2}$/ };
/** What a cook's board cuts on purpose (guests' and dishes' names, clamped requests): theirs, not the screen's words. */
const OWN_TEXT_ONLY = (cut: string[]) =>
  cut.filter((line) => !/clamp|ticket-name|order-name|dish-name|all-day-name|bar-who|held-dishes|station-dishes/.test(line));

async function judge(page: Page, language: Language, width: number) {
  expect(await englishLeft(page, language), `${language} at ${width}`).toStrictEqual([]);
  const { overflow, cut } = await cutText(page);
  expect({ width, overflow, cut: OWN_TEXT_ONLY(cut) }).toStrictEqual({ width, overflow: 0, cut: [] });
  expect({ width, offScreen: await barControlsOffScreen(page) }).toStrictEqual({ width, offScreen: [] });
}

describe('the station board in every language', () => {
  for (const language of LANGUAGES) {
    it(
      `holds a 40-ticket rush on the hot board and the expeditor's rail in ${language} at 375, 1024 and 1280 px`,
      async ({ app: t, browser }) => {
        await speak(t, language);
        await seedRush(t, 40);
        // Each board loaded and signed in once, then checked at every size; the rail in the same tab after.
        const hot = await openBoard(browser, t, '/kds/hot', SIZES[0]);
        expect(await hot.getAttribute('html', 'lang')).toBe(language);
        await signIn(hot, 'chef');
        await expect.poll(() => hot.textContent('#count')).toBe(OPEN[language]);
        for (const size of SIZES) {
          await resize(hot, size);
          expect(await hot.textContent('#clock')).toMatch(CLOCK[language]);
          const layout = await measure(hot, '#tickets [data-order-id]', '.ticket-dishes .dish-name');
          expect({ width: layout.scrollWidth, overlaps: layout.overlaps, small: layout.smallButtons, spills: layout.spills }).toStrictEqual(
            {
              width: size.width,
              overlaps: [],
              small: [],
              spills: [],
            },
          );
          await judge(hot, language, size.width);
          // Every fifth ticket is a takeaway: its word stays whole on the compact board's narrow head.
          expect(await hot.locator('.ticket-table.takeaway').count()).toBeGreaterThan(0);
          expect({ width: size.width, split: await splitWords(hot, '.ticket-table') }).toStrictEqual({ width: size.width, split: [] });
          await keepShot(hot, `kds-hot-${language}-${size.width}`);
        }

        const expo = hot;
        await forgetSignIn(expo);
        await expo.setViewportSize(SIZES[0]!);
        await expo.goto(`${t.url}/expeditor`);
        await signIn(expo, 'expeditor');
        await expect.poll(() => expo.textContent('#count')).toBe(RAIL[language]);
        for (const size of SIZES) {
          await resize(expo, size);
          await judge(expo, language, size.width);
          await keepShot(expo, `expeditor-${language}-${size.width}`);
        }
      },
      BROWSER_TEST_MS * 2,
    );
  }

  it(
    "follows the restaurant's language as the manager changes it, unless this tablet picked its own",
    async ({ app: t, browser }) => {
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      expect(await hot.textContent('h1')).toBe('Hot station');
      await Promise.all([hot.waitForEvent('load'), speak(t, 'es')]);
      await hot.waitForSelector('#link[data-state="live"]');
      expect(await hot.textContent('h1')).toBe('Partida caliente');
      // A cook who reads German picks it on this tablet: the restaurant's next change leaves it be.
      await Promise.all([hot.waitForEvent('load'), hot.selectOption('.bar .language-picker', 'de')]);
      await hot.waitForSelector('#link[data-state="live"]');
      expect(await hot.textContent('h1')).toBe('Warme Küche');
      await speak(t, 'fr');
      await hot.waitForTimeout(1_000);
      expect(await hot.textContent('h1')).toBe('Warme Küche');
    },
    BROWSER_TEST_MS,
  );
});
