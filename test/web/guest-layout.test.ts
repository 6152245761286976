// The guests' screens (/order and /menu) hold at a phone (375×812), a tablet (1024×768) and a screen
// (1280×800) with adversarial content, measured in Chromium: no horizontal overflow, dish cards
// disjoint and holding their own text, every Add button inside the viewport and the element found at
// its centre, no image file name shown as text (a neutral placeholder instead), targets ≥ 44×44 px.
// With SCREENSHOTS=1 it also saves each screen under docs/screenshots/.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { BROWSER_TEST_MS, openBoard, resize, waitUntilLive } from './browser.js';
import { seedAdversarialMenu, seedGuestOrders, type GuestContent } from './guest-content.js';

const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'screen', width: 1280, height: 800 },
];
const shotPath = (file: string) => fileURLToPath(new URL(`../../docs/screenshots/${file}`, import.meta.url));

async function open(
  browser: Browser,
  t: TestApp,
  path: string,
  viewport: { width: number; height: number },
  cart: [string, number][] = [],
): Promise<Page> {
  // The guest is allergic to milk and sesame: dishes containing them are marked, and the cart warns.
  return openBoard(browser, t, path, viewport, {
    beforeLoad: (page) =>
      page.addInitScript(
        (lines) => (localStorage.setItem('pos.order.cart', lines), localStorage.setItem('pos.order.allergies', '["milk","sesame"]')),
        JSON.stringify(cart),
      ),
  });
}

interface Layout {
  overflow: number;
  /** Elements reaching past the viewport's sides, even inside a container that clips them. */
  offScreen: string[];
  overlaps: string[];
  spills: string[];
  fileNamesShown: string[];
  placeholders: number;
  dishes: number;
  addButtons: number;
  addOutside: string[];
  addCovered: string[];
  smallTargets: string[];
}

const PROBE = readFileSync(fileURLToPath(new URL('./layout-probe.js', import.meta.url)), 'utf8');

/** Everything measured in the page (test/web/layout-probe.js), at the page's own scroll positions. */
function measure(page: Page, imageNames: string[]): Promise<Layout> {
  return page.evaluate(`${PROBE}\nmeasureLayout(${JSON.stringify(imageNames)})`);
}

async function phoneFurtherDown(page: Page): Promise<void> {
  for (const part of ['cart', 'orders']) {
    await page.evaluate(`document.querySelector('#${part}').scrollIntoView()`);
    await page.screenshot({ path: shotPath(`order-375x812-${part}.png`) });
  }
  await page.evaluate('scrollTo(0, 0)');
}

/** Signs in through the forms the top bar's Sign in opens (it may have opened them already). */
async function signInAsGuest(page: Page): Promise<void> {
  if (!(await page.isVisible('#account'))) await page.click('#sign-in');
  await page.fill('#login input[name=user_name]', 'patron1');
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('body:not(.anonymous)');
  await waitUntilLive(page);
}

describe('guest screens at three sizes with adversarial content', () => {
  // Each page is loaded once, at the phone's size, and resized through the three (a load costs
  // Chromium over half a second of CPU; the layout is CSS alone, so a resized page lays out as a
  // fresh load at that size would). Each test is one scene on its own app.
  it(
    '/order at 375, 1024 and 1280 px, signed out and signed in: no overflow, disjoint cards, every Add button reachable, no file names, 44 px targets',
    async ({ app: t, browser }) => {
      const content: GuestContent = await seedAdversarialMenu(t);
      expect(content.soldOut).toHaveLength(4);
      await seedGuestOrders(t, content);
      const [first, second, third] = content.dishes.filter((dish) => dish.is_available);
      const cart: [string, number][] = [
        [first!.id, 2],
        [second!.id, 1],
        [third!.id, 3],
        [content.soldOut[0]!.id, 1],
      ];
      const page = await open(browser, t, '/order', SIZES[0]!, cart);
      const layoutHolds = {
        overflow: 0,
        offScreen: [],
        overlaps: [],
        spills: [],
        fileNamesShown: [],
        placeholders: 0,
        dishes: 16,
        addButtons: 16,
        addOutside: [],
        addCovered: [],
        smallTargets: [],
      };
      const imageNames = content.dishes.map((dish) => dish.image_name);
      // Signed out, with the account forms open under the cart and the allergy choices unfolded.
      await waitUntilLive(page);
      await page.waitForSelector(`#menu [data-dish-id="${first!.id}"] button.add:not([disabled])`);
      await page.click('#sign-in');
      await page.click('#allergies summary');
      expect(await page.locator('#allergy-choices label').count()).toBe(14);
      for (const size of SIZES) {
        await resize(page, size);
        expect({ size: size.name, ...(await measure(page, imageNames)) }).toStrictEqual({ size: size.name, ...layoutHolds });
      }
      await page.click('#allergies summary');
      await signInAsGuest(page);
      await page.waitForSelector(`#menu [data-dish-id="${first!.id}"] button.add:not([disabled])`);
      await page.waitForSelector('#orders .order >> nth=3');
      await page.fill('#checkout textarea[name=special_requests]', content.request);
      // A table order: the pacing choices show under the table number, one of them chosen.
      await page.fill('#checkout input[name=table_number]', '12');
      await page.getByLabel('In courses: starters first, mains when we call').check();
      await page.waitForSelector('#notice:empty', { state: 'attached' });
      for (const size of SIZES) {
        await resize(page, size);
        // The adversarial extras are on screen: the warning for the dish with every allergen, and
        // the dish nearly gone (4 portions, 3 taken by the guest's orders).
        expect({ size: size.name, warning: await page.isVisible('#allergy-warning') }).toStrictEqual({ size: size.name, warning: true });
        expect(await page.locator('#menu .few-left').allTextContents()).toEqual(['Only 1 left']);
        expect(await page.locator('#menu .dish.conflict').count()).toBe(5);
        if (process.env.SCREENSHOTS === '1') {
          // As a guest sees it on arrival: the top of the page, the cart at the top of its column.
          await page.evaluate("document.activeElement?.blur(); document.querySelector('.side')?.scrollTo(0, 0); scrollTo(0, 0)");
          await page.screenshot({ path: shotPath(`order-${size.width}x${size.height}.png`) });
          // On the phone, further down: the cart, and the guest's orders with their long requests.
          if (size.name === 'phone') await phoneFurtherDown(page);
        }
        expect({ size: size.name, ...(await measure(page, imageNames)) }).toStrictEqual({ size: size.name, ...layoutHolds });
      }
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    '/menu at 375, 1024 and 1280 px: no overflow, disjoint cards holding their text, no file names',
    async ({ app: t, browser }) => {
      const content = await seedAdversarialMenu(t);
      const page = await open(browser, t, '/menu', SIZES[0]!);
      await waitUntilLive(page);
      await page.waitForSelector(`[data-dish-id="${content.dishes[15]!.id}"]`);
      expect(await page.locator('#menu .few-left').allTextContents()).toEqual(['Only 4 left']);
      for (const size of SIZES) {
        await resize(page, size);
        if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: shotPath(`menu-${size.width}x${size.height}.png`) });
        const layout = await measure(
          page,
          content.dishes.map((dish) => dish.image_name),
        );
        expect({ size: size.name, ...layout }).toStrictEqual({
          size: size.name,
          overflow: 0,
          offScreen: [],
          overlaps: [],
          spills: [],
          fileNamesShown: [],
          placeholders: 0,
          dishes: 16,
          addButtons: 0,
          addOutside: [],
          addCovered: [],
          smallTargets: [],
        });
      }
    },
    BROWSER_TEST_MS,
  );
});
