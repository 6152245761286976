// A tablet whose Wi-Fi drops traffic without closing the connection: the board shows the dead link
// within 10 s (heartbeat), looks stale, reports a tap as "not sent", and that tap never lands later,
// even though the held request does reach the server once traffic flows again.
import { describe, expect, onTestFinished } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, orderCard, readTicket, signIn, waitUntilLive } from './browser.js';
import { holdingProxy } from './proxy.js';

describe('a board on a dropped network', () => {
  it(
    'shows the dead link within 10 s, says a tap was not sent, and never applies it later',
    async ({ app: t, browser }) => {
      const proxy = await holdingProxy(t.url);
      onTestFinished(() => proxy.close());
      const menu = await seedMenu(t);
      const order = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ava' });
      const hot = await openBoard(browser, { ...t, url: proxy.url }, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, order.id).waitFor();

      proxy.hold();
      const heldAt = Date.now();
      await orderCard(hot, order.id).locator('[data-action="bump"]').click();
      await hot.waitForSelector('#link:not([data-state="live"])', { timeout: 10_000 });
      expect(Date.now() - heldAt).toBeLessThan(10_000);
      expect(await hot.isVisible('#stale')).toBe(true);
      expect(await hot.textContent('#stale')).toMatch(
        /^No connection since \d\d:\d\d:\d\d [AP]M: these tickets may be out of date, and taps are not sent\./,
      );
      expect(
        await hot.evaluate(() => (globalThis as unknown as { document: { body: { className: string } } }).document.body.className),
      ).toContain('link-down');

      // The tap made before the link was known dead waited 5 s for an answer, then said so.
      await hot.waitForSelector('.notice:has-text("Not sent")');
      expect(await hot.textContent('.notice span')).toBe("Ava: Not sent: no answer within 5 s. Check the tablet's Wi-Fi.");
      expect(await hot.textContent('.notice-action')).toBe('Send again');
      // A tap now is not even sent.
      await orderCard(hot, order.id).locator('[data-action="bump"]').click();
      expect(await hot.textContent('.notice span')).toBe('Ava: not sent, this tablet has no connection to the kitchen server.');

      // Traffic flows again some seconds later: the held PATCH reaches the server, too late to apply.
      await hot.waitForTimeout(Math.max(0, heldAt + 9_000 - Date.now()));
      proxy.release();
      await waitUntilLive(hot);
      await expect.poll(() => proxy.lateRequests()).toContain(`PATCH /orders/${order.id}/tickets/hot`);
      await hot.waitForTimeout(1_500);
      const stored = (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).json<{
        tickets: { status: string }[];
      }>();
      expect(stored.tickets.map((ticket) => ticket.status)).toStrictEqual(['Received']);
      expect((await readTicket(hot, order.id)).status).toBe('New');
      expect(await hot.isVisible('#stale')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    "says in plain words that the server cannot be reached, not the transport's error",
    async ({ app: t, browser }) => {
      const proxy = await holdingProxy(t.url);
      const hot = await openBoard(browser, { ...t, url: proxy.url }, '/kds/hot');
      await signIn(hot, 'chef');
      // The server's address stops answering at all: every reconnection attempt is refused.
      await proxy.close();
      await expect
        .poll(() => hot.textContent('#stale'), { timeout: 10_000 })
        .toMatch(
          /^No connection since \d\d:\d\d:\d\d [AP]M: these tickets may be out of date, and taps are not sent\. The kitchen server cannot be reached; trying again\.$/,
        );
      expect(await hot.getAttribute('#link', 'data-state')).toBe('reconnecting');
    },
    BROWSER_TEST_MS,
  );
});
