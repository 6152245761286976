// The guest's promise in the ordering app, in Chromium on a 375×812 phone: the cart quotes "ready
// in about N min" from the live kitchen before any account exists, the guest orders with a name,
// the order shows its promised time and, when the kitchen slips past the 5-minute margin, the new
// one as running late (live); a full kitchen
// is said in plain words with the wait, and nothing is placed.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, waitUntilLive } from './browser.js';

const PHONE = { width: 375, height: 812 };
/** As the page formats times (openBoard: en-US, UTC). */
const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(new Date(iso));
const ordersInStore = (t: TestApp) => t.store.collection('orders').find([]);
const add = (page: Page, dishId: string) => page.click(`#menu [data-dish-id="${dishId}"] button.add`);

describe('ready-time quotes in the ordering app', () => {
  it(
    'quotes the cart before sign-up, shows the promised time on the order and the new one when it slips',
    async ({ startApp, browser }) => {
      // Tokens that outlive the 40 minutes the test clock jumps.
      const t = await startApp({ reestimate: true, env: { POS_ACCESS_TOKEN_TTL: '7200' } });
      const menu = await seedMenu(t);
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      await page.waitForSelector(`#menu [data-dish-id="${menu.steak.id}"] button.add:not([disabled])`);
      expect(await page.isVisible('#cart-quote')).toBe(false);
      // An empty kitchen: the slowest dish's preparation time decides (steak 25 min, lemonade 3).
      await add(page, menu.lemonade.id);
      await page.waitForSelector('#cart-quote:text-is("Ready in about 3 min")');
      await add(page, menu.steak.id);
      await page.waitForSelector('#cart-quote:text-is("Ready in about 25 min")');
      // An order for later is not quoted: it is ready when asked for.
      await page.fill('#checkout input[name=scheduled_at]', '2099-01-01T12:00');
      await page.waitForSelector('#cart-quote', { state: 'hidden' });
      await page.fill('#checkout input[name=scheduled_at]', '');
      await page.waitForSelector('#cart-quote:text-is("Ready in about 25 min")');

      await page.fill('#checkout textarea[name=special_requests]', 'Well done');
      await page.fill('#checkout input[name=name]', 'Ben');
      await page.click('#place');
      await page.waitForSelector('#orders .order');
      const [order] = await ordersInStore(t);
      expect(order).toMatchObject({ name: 'Ben', special_requests: 'Well done' });
      const promised = order!.quoted_ready_at!;
      const onScreen = page.locator(`#orders [data-order-id="${order!.id}"] .order-promise`);
      expect(await onScreen.textContent()).toBe(`Ready at about ${clockTime(promised)}`);
      expect(await page.inputValue('#checkout textarea[name=special_requests]')).toBe('');
      await page.waitForSelector('#cart-quote', { state: 'hidden' });

      const moveSteak = async (status: string) =>
        expect(
          (await t.inject({ method: 'PATCH', url: `/orders/${order!.id}/tickets/hot`, as: 'chef', payload: { status } })).statusCode,
        ).toBe(200);
      // Started 3 minutes late: within the 5-minute margin the report keeps, the guest sees the new time, no alarm.
      t.clock.advance(3 * 60_000);
      await moveSteak('In Progress');
      await expect.poll(async () => (await ordersInStore(t))[0]!.expected_ready_at).not.toBe(promised);
      const threeLate = (await ordersInStore(t))[0]!.expected_ready_at!;
      expect(Math.round((Date.parse(threeLate) - Date.parse(promised)) / 60_000)).toBe(3);
      await expect.poll(() => onScreen.textContent()).toBe(`Ready at about ${clockTime(threeLate)}`);
      expect(await onScreen.getAttribute('class')).not.toContain('slipped');
      // Recalled, and started 40 minutes after the promise's start: the kitchen now expects it 40 minutes later.
      await moveSteak('Received');
      t.clock.advance(37 * 60_000);
      await moveSteak('In Progress');
      await page.waitForSelector(`#orders [data-order-id="${order!.id}"] .order-promise.slipped`);
      const [slipped] = await ordersInStore(t);
      expect(slipped!.quoted_ready_at).toBe(promised);
      expect(Date.parse(slipped!.expected_ready_at!) - Date.parse(promised)).toBeGreaterThanOrEqual(60_000);
      expect(await onScreen.textContent()).toBe(
        `Running late: now ready at about ${clockTime(slipped!.expected_ready_at!)} (promised ${clockTime(promised)})`,
      );
    },
    BROWSER_TEST_MS,
  );

  it(
    'says in plain words that the kitchen is full, with the wait, and places nothing',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: 10 } })).statusCode).toBe(
        200,
      );
      const page = await openBoard(browser, t, '/order', PHONE);
      await waitUntilLive(page);
      await page.click('#sign-in');
      await page.fill('#login input[name=user_name]', 'patron1');
      await page.fill('#login input[name=password]', PASSWORD);
      await page.click('#login button[type=submit]');
      await page.waitForSelector('body:not(.anonymous)');
      await waitUntilLive(page);
      await page.waitForSelector(`#menu [data-dish-id="${menu.steak.id}"] button.add:not([disabled])`);
      await add(page, menu.steak.id);
      await page.waitForSelector('#cart-quote:text-is("Ready in about 25 min")');
      const refused = page.waitForResponse((response) => response.url().endsWith('/orders') && response.request().method() === 'POST');
      await page.click('#place');
      const answer = await refused;
      expect(answer.status()).toBe(409);
      const retryAfter = Number(answer.headers()['retry-after']);
      expect(retryAfter).toBe(15 * 60);
      await page.waitForSelector('#cart-problem:not(:empty)');
      expect(await page.textContent('#cart-problem')).toBe(
        'The kitchen is full right now: an order placed now would be ready in about 25 min, longer than the ' +
          'kitchen takes orders for. Nothing was ordered. Try again in 15 min, or choose a later time.',
      );
      // One try only (a refusal is final), nothing stored, the cart kept for later.
      expect(await ordersInStore(t)).toEqual([]);
      expect(await page.locator('#cart-lines .cart-name').allTextContents()).toEqual(['Steak']);
      expect(await page.locator('#orders .order').count()).toBe(0);
      expect(await page.isDisabled('#place')).toBe(false);
    },
    BROWSER_TEST_MS,
  );
});
