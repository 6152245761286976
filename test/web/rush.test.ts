// The station board in a rush, in a real browser: 40 tickets with the newest never out of sight,
// nothing moving under a pointer, long text kept to one ticket's size, bump-bar keys that survive a
// ticket leaving, stock-outs, timer settings, and the traps around signing in and out.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, signIn, WAIT_MS } from './browser.js';
import { pageLayout } from './layout.js';

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, id: string): Promise<Box> =>
  (await orderCard(page, id).boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 };
const inViewport = async (page: Page, id: string) => {
  const { y, height } = await box(page, id);
  return y >= 0 && y + height <= 800;
};
const ticketStatus = async (t: TestApp, id: string) =>
  (await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' })).json<{ tickets: { status: string }[] }>().tickets[0]?.status;

describe('KDS in a rush', () => {
  it(
    'with 40 tickets, names the newest below the fold and jumps to it',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 500);
      for (let i = 1; i <= 40; i += 1) await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await expect.poll(() => hot.textContent('#count')).toBe('40 open');
      expect(await hot.getAttribute('#compact', 'aria-pressed')).toBe('true');

      const newest = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Newest', table_number: 99 });
      await orderCard(hot, newest.id).waitFor({ state: 'attached' });
      // Far below the fold at this volume: announced by the bar, which jumps to it.
      expect(await inViewport(hot, newest.id)).toBe(false);
      await expect.poll(() => hot.textContent('#more-below')).toMatch(/^▼ \d+ more below · new: Table 99$/);
      await hot.click('#more-below');
      await expect.poll(() => inViewport(hot, newest.id)).toBe(true);
      await expect
        .poll(() =>
          hot.evaluate(() =>
            (
              globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string } } }
            ).document.activeElement.getAttribute('data-order-id'),
          ),
        )
        .toBe(newest.id);
    },
    BROWSER_TEST_MS,
  );

  it(
    'keeps a ticket under the pointer in place when another becomes P0, and re-sorts once it leaves',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const orders = [];
      for (let i = 1; i <= 6; i += 1) orders.push(await placeOrder(t, [menu.steak.id], 'patron', { name: `Guest${i}`, table_number: i }));
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      const [, second, , , , last] = orders;
      await orderCard(hot, last!.id).waitFor();
      const before = await box(hot, second!.id);
      await hot.mouse.move(before.x + before.width / 2, before.y + 30);

      expect((await t.inject({ method: 'PATCH', url: `/orders/${last!.id}`, as: 'expeditor', payload: { priority: 0 } })).statusCode).toBe(
        200,
      );
      await expect.poll(() => orderCard(hot, last!.id).locator('.ticket-priority').textContent()).toBe('P0');
      expect(await box(hot, second!.id)).toStrictEqual(before);

      await hot.mouse.move(5, 5);
      await expect.poll(() => hot.$$eval('#tickets [data-order-id]', (cards) => cards[0]?.getAttribute('data-order-id'))).toBe(last!.id);
    },
    BROWSER_TEST_MS,
  );

  it(
    'keeps the longest name and request within one ticket, the request read whole on it and the clamped name a tap away',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const name = 'W'.repeat(120);
      const request = `${'Allergy: no peanuts, no sesame, no shellfish; '.repeat(11)}end`.slice(0, 500);
      const order = await placeOrder(t, [menu.steak.id], 'patron', { name, special_requests: request });
      const neighbour = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Short' });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, neighbour.id).waitFor();
      const long = await box(hot, order.id);
      const short = await box(hot, neighbour.id);
      expect(long.width).toBe(short.width);
      // The request is never clamped: all 500 characters on the ticket, uncut, inside its card.
      const overflow = await orderCard(hot, order.id).evaluate((card) => {
        const box = card.querySelector<HTMLElement>('.ticket-requests')!;
        const [outer, inner] = [card.getBoundingClientRect(), box.getBoundingClientRect()];
        return {
          inside: card.scrollWidth <= card.clientWidth,
          name: card.querySelector('.ticket-name')!.getBoundingClientRect().height,
          request: box.textContent,
          requestCut: box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1,
          requestInCard: inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right,
        };
      });
      expect(overflow).toStrictEqual({ inside: true, name: overflow.name, request, requestCut: false, requestInCard: true });
      expect(overflow.name).toBeLessThan(40);

      const showAll = orderCard(hot, order.id).locator('[data-action="show-all"]');
      expect(await showAll.count()).toBe(1);
      expect(await orderCard(hot, neighbour.id).locator('[data-action="show-all"]').count()).toBe(0);
      await showAll.click();
      expect(await hot.$$eval('dialog[open] .whole-text-body', (parts) => parts.map((part) => part.textContent))).toStrictEqual([name]);
      await hot.click('dialog[open] button');
      expect(await hot.locator('dialog[open]').count()).toBe(0);
    },
    BROWSER_TEST_MS,
  );

  it(
    'keeps bump-bar keys working when the focused ticket disappears',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const first = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ava' });
      const second = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ben' });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, second.id).waitFor();
      await orderCard(hot, first.id).focus();

      expect((await t.inject({ method: 'DELETE', url: `/orders/${first.id}`, as: 'manager' })).statusCode).toBe(204);
      // Shown voided for 10 s, then gone on its own.
      await expect.poll(() => orderCard(hot, first.id).getAttribute('data-status')).toBe('Voided');
      await orderCard(hot, first.id).waitFor({ state: 'detached', timeout: 13_000 });
      await hot.keyboard.press('Space');
      await expect.poll(() => ticketStatus(t, second.id), { timeout: WAIT_MS }).toBe('In Progress');
    },
    BROWSER_TEST_MS,
  );

  it(
    "shows this station's stock-outs live, and takes fixed timer thresholds from the Timers form",
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id]);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      expect(await hot.isVisible('#eighty-six')).toBe(false);
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'chef', payload: { in_stock_qty: 0 } })).statusCode,
      ).toBe(200);
      expect(
        (await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'chef', payload: { in_stock_qty: 0 } })).statusCode,
      ).toBe(200);
      await expect
        .poll(() => hot.$$eval('#eighty-six-items li', (items) => items.map((item) => item.textContent)))
        .toStrictEqual(['Steak']);

      expect(await orderCard(hot, order.id).getAttribute('data-late')).toBe('25');
      await hot.click('#timers');
      // Every choice and field in the form takes a finger.
      expect((await pageLayout(hot)).smallTargets).toStrictEqual([]);
      await hot.check('dialog[open] input[value="fixed"]');
      await hot.fill('dialog[open] input[name="late"]', '1');
      await hot.fill('dialog[open] input[name="veryLate"]', '2');
      await hot.click('dialog[open] button[value="save"]');
      await expect.poll(() => orderCard(hot, order.id).getAttribute('data-late')).toBe('1');
      expect(await orderCard(hot, order.id).getAttribute('data-very-late')).toBe('2');
    },
    BROWSER_TEST_MS,
  );

  it(
    'asks before signing out, and tells a locked-out login how long to wait',
    async ({ startApp, browser }) => {
      const t = await startApp({ env: { POS_LOGIN_MAX_FAILURES: '2' } });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await hot.click('#sign-out');
      await hot.click('dialog[open] button[value="stay"]');
      expect(await hot.getAttribute('body', 'class')).not.toContain('signed-out');
      expect(await hot.isVisible('#all-day')).toBe(true);
      await hot.click('#sign-out');
      await hot.click('dialog[open] button[value="sign-out"]');
      await hot.waitForSelector('#login');
      expect(await hot.getAttribute('body', 'class')).toContain('signed-out');

      for (let i = 0; i < 3; i += 1) {
        await hot.fill('#login input[name=user_name]', 'chef1');
        await hot.fill('#login input[name=password]', `Wrong@Pass${i}`);
        await hot.click('#login button[type=submit]');
        await hot.waitForSelector('#login-error:not(:empty)');
      }
      expect(await hot.textContent('#login-error')).toMatch(/^Too many failed sign-ins: try again in (\d+ sec|1[45] min)\.$/);
      await hot.fill('#login input[name=password]', PASSWORD);
      await hot.click('#login button[type=submit]');
      await expect.poll(() => hot.textContent('#login-error')).toMatch(/^Too many failed sign-ins/);
    },
    BROWSER_TEST_MS,
  );
});
