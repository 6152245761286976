// The station screen in a real browser against the real app: tickets arrive live at the right
// station only, bump and recall move the order through the API, and deleted tickets go away.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { commitAsOtherProgram } from '../store/fixtures/other-program.js';
import type { Browser } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import {
  BROWSER_TEST_MS,
  countTones,
  openBoard,
  orderCard,
  readTicket,
  signIn,
  statusInApi,
  tonesPlayed,
  waitUntilLive,
  WAIT_MS,
} from './browser.js';
import { LONG_REQUEST } from './layout.js';

describe('KDS board', () => {
  it(
    'shows a new order on the hot board with only its hot dishes, and not on the cold board',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const hot = await openBoard(browser, t, '/kds/hot');
      const cold = await openBoard(browser, t, '/kds/cold');
      await signIn(hot, 'chef');
      await signIn(cold, 'chef');

      const steaks = await placeOrder(t, [menu.steak.id, menu.lemonade.id, menu.steak.id], 'patron', {
        special_requests: 'Steak well done',
      });
      expect(await readTicket(hot, steaks.id)).toStrictEqual({
        name: 'Ben',
        age: expect.stringMatching(/^0:\d\d$/),
        table: 'Table 4',
        priority: 'P3',
        status: 'New',
        requests: 'Steak well done',
        dishes: ['2× Steak'],
        buttons: ['Start ▶', 'Done ✓'],
      });
      // A later salad reaches the cold board; by then the steak order would have too, had it been sent there.
      const salad = await placeOrder(t, [menu.salad.id], 'patron', { name: 'Cleo', table_number: 9 });
      expect((await readTicket(cold, salad.id)).dishes).toStrictEqual(['1× Green Salad']);
      expect(await orderCard(cold, steaks.id).count()).toBe(0);
      expect(await orderCard(hot, salad.id).count()).toBe(0);
      expect(await hot.textContent('#count')).toBe('1 open');
    },
    BROWSER_TEST_MS,
  );

  it(
    'bumps with a click and the keyboard, recalls one step back, and the API agrees',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const first = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ava' });
      const second = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ben' });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');

      await orderCard(hot, first.id).focus();
      await hot.keyboard.press('Space');
      await expect.poll(() => statusInApi(t, first.id), { timeout: WAIT_MS }).toBe('In Progress');
      await expect.poll(async () => (await readTicket(hot, first.id)).buttons).toStrictEqual(['↶ Recall', 'Done ✓']);

      await hot.keyboard.press('ArrowRight');
      await hot.keyboard.press('Enter');
      await expect.poll(() => statusInApi(t, second.id), { timeout: WAIT_MS }).toBe('In Progress');

      await orderCard(hot, first.id).locator('[data-action="bump"]').click();
      await expect.poll(() => statusInApi(t, first.id), { timeout: WAIT_MS }).toBe('Ready for Assembly');
      await expect.poll(async () => (await readTicket(hot, first.id)).status).toBe('Ready');

      await orderCard(hot, first.id).locator('[data-action="recall"]').click();
      await expect.poll(() => statusInApi(t, first.id), { timeout: WAIT_MS }).toBe('In Progress');

      await orderCard(hot, second.id).focus();
      await hot.keyboard.press('Backspace');
      await expect.poll(() => statusInApi(t, second.id), { timeout: WAIT_MS }).toBe('Received');

      await hot.click('#recall-last');
      await expect.poll(() => statusInApi(t, first.id), { timeout: WAIT_MS }).toBe('Received');
    },
    BROWSER_TEST_MS,
  );

  it(
    'works from the keyboard alone: A opens a clamped name whole, Escape goes back to the ticket, Enter on a called-off ticket is Seen',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // A request is never clamped (it reads whole on the ticket); a 120-character name is.
      const name = 'Ava'.repeat(40);
      const long = await placeOrder(t, [menu.steak.id], 'patron', { name, special_requests: LONG_REQUEST });
      const changed = await placeOrder(t, [menu.steak.id, menu.salad.id], 'patron', { name: 'Ben' });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, changed.id).waitFor();
      const focused = () => hot.evaluate('document.activeElement.getAttribute("data-order-id")');

      // With nothing focused, the first arrow focuses the first ticket.
      await hot.keyboard.press('ArrowDown');
      expect(await focused()).toBe(long.id);
      await hot.keyboard.press('a');
      expect(await hot.$$eval('dialog[open] .whole-text-body', (parts) => parts.map((part) => part.textContent))).toStrictEqual([name]);
      await hot.keyboard.press('Escape');
      expect(await hot.locator('dialog[open]').count()).toBe(0);
      expect(await focused()).toBe(long.id);
      expect(await statusInApi(t, long.id)).toBe('Received');

      // The steak taken off Ben's order: his hot ticket is called off, and Enter acknowledges it.
      const edit = await t.inject({
        method: 'PATCH',
        url: `/orders/${changed.id}`,
        as: 'patron',
        payload: { dish_ids: [menu.salad.id] },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      await expect.poll(() => orderCard(hot, changed.id).getAttribute('data-status')).toBe('Voided');
      await orderCard(hot, changed.id).focus();
      await hot.keyboard.press('Enter');
      await orderCard(hot, changed.id).waitFor({ state: 'detached' });
      // The focus stays on the board, on the ticket now in its place.
      expect(await focused()).toBe(long.id);
      expect(await statusInApi(t, long.id)).toBe('Received');
    },
    BROWSER_TEST_MS,
  );

  it(
    'opens the whole text at its first line with Close in sight, however long, on a 1024×768 tablet',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      // The longest the contract allows: a 120-character name and 500 characters of request, unbroken.
      const name = 'W'.repeat(120);
      const order = await placeOrder(t, [menu.steak.id], 'patron', { name, special_requests: 'X'.repeat(500) });
      const hot = await openBoard(browser, t, '/kds/hot', { width: 1024, height: 768 });
      await signIn(hot, 'chef');
      await orderCard(hot, order.id).locator('[data-action="show-all"]').click();
      const sight = await hot.evaluate(`(() => {
        const dialog = document.querySelector('dialog[open]');
        const inView = (part) => { const box = part.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight; };
        const first = dialog.querySelector('h2');
        return { first: first.textContent, firstInView: inView(first), close: inView(dialog.querySelector('button')) };
      })()`);
      expect(sight).toStrictEqual({ first: 'Guest', firstInView: true, close: true });
      // The request is on the ticket in full; the dialog holds what was cut: the name.
      expect(await hot.$$eval('dialog[open] .whole-text-body', (parts) => parts.map((part) => part.textContent))).toStrictEqual([name]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows a deleted order voided until a cook has seen it, and drops one sent on by the expeditor',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      const cancelled = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ava' });
      const served = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ben' });
      await orderCard(hot, cancelled.id).waitFor();
      await orderCard(hot, served.id).waitFor();

      expect((await t.inject({ method: 'DELETE', url: `/orders/${cancelled.id}`, as: 'manager' })).statusCode).toBe(204);
      for (const status of ['In Progress', 'Ready for Assembly', 'Ready for Pickup']) {
        expect((await t.inject({ method: 'PATCH', url: `/orders/${served.id}`, as: 'expeditor', payload: { status } })).statusCode).toBe(
          200,
        );
      }
      await orderCard(hot, served.id).waitFor({ state: 'detached' });
      // Called off: shown voided (for 10 s at most) so the cook stops making it; one tap clears it.
      expect(await orderCard(hot, cancelled.id).getAttribute('data-status')).toBe('Voided');
      expect(await orderCard(hot, cancelled.id).locator('.ticket-status').textContent()).toBe('Cancelled');
      await orderCard(hot, cancelled.id).locator('[data-action="ack"]').click();
      await orderCard(hot, cancelled.id).waitFor({ state: 'detached' });
      expect(await hot.isVisible('#empty')).toBe(true);
    },
    BROWSER_TEST_MS,
  );

  it(
    'follows a repair made with the sqlite3 shell while it is open: the board reloads and shows it',
    async ({ startApp, browser }) => {
      const t = await startApp({ outsideWriteCheckMs: 50 });
      const menu = await seedMenu(t);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      const served = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ava' });
      const renamed = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Ben' });
      await orderCard(hot, served.id).waitFor();
      expect((await readTicket(hot, renamed.id)).name).toBe('Ben');

      // Another program commits to the file: no change event, so the server tells screens to reload.
      commitAsOtherProgram(
        t.dataDir,
        [`UPDATE orders SET doc = json_set(doc, '$.status', 'Ready for Pickup') WHERE id = ?`, served.id],
        [`UPDATE orders SET doc = json_set(doc, '$.name', 'Benedict') WHERE id = ?`, renamed.id],
      );
      await orderCard(hot, served.id).waitFor({ state: 'detached', timeout: WAIT_MS });
      await expect.poll(async () => (await readTicket(hot, renamed.id)).name, { timeout: WAIT_MS }).toBe('Benedict');
      expect(await hot.textContent('#count')).toBe('1 open');
    },
    BROWSER_TEST_MS,
  );

  it(
    'refuses a wrong password and a patron with a message, and keeps the board hidden',
    async ({ app: t, browser }) => {
      const hot = await openBoard(browser, t, '/kds/hot');
      const attempt = async (userName: string, password: string) => {
        await hot.fill('#login input[name=user_name]', userName);
        await hot.fill('#login input[name=password]', password);
        await hot.click('#login button[type=submit]');
      };
      await attempt('chef1', 'Wrong@Pass1');
      await hot.waitForSelector('#login-error:not(:empty)');
      expect(await hot.textContent('#login-error')).toBe('The user name or password is wrong.');
      await attempt('patron1', PASSWORD);
      await hot.waitForSelector('#login-error:has-text("kitchen staff")');
      expect(await hot.textContent('#login-error')).toBe('This board is for kitchen staff: sign in as a chef, expeditor or manager.');
      expect(await hot.isVisible('#tickets')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'chimes for a new ticket (two tones through WebAudio) until muted, not for those it opened on',
    async ({ app: t, browser }) => {
      const { menu, hot } = await chimingBoard(t, browser);
      const tones = () => tonesPlayed(hot);
      expect(await tones()).toBe(0);

      const first = await placeOrder(t, [menu.steak.id]);
      await orderCard(hot, first.id).waitFor();
      await expect.poll(tones, { timeout: WAIT_MS }).toBe(2);

      await hot.click('#mute');
      expect(await hot.textContent('#mute')).toBe('Sound: off');
      const second = await placeOrder(t, [menu.steak.id]);
      await orderCard(hot, second.id).waitFor();
      expect(await tones()).toBe(2);
    },
    BROWSER_TEST_MS,
  );

  it(
    'chimes for an order placed while its link was down, once the reload after reconnecting brings it',
    async ({ app: t, browser }) => {
      const { menu, hot } = await chimingBoard(t, browser);

      await hot.context().setOffline(true);
      await hot.waitForSelector('#link[data-state="reconnecting"]');
      const missed = await placeOrder(t, [menu.steak.id]);
      expect(await orderCard(hot, missed.id).count()).toBe(0);
      await hot.context().setOffline(false);
      await waitUntilLive(hot);
      await orderCard(hot, missed.id).waitFor();
      await expect.poll(() => tonesPlayed(hot)).toBe(2);
    },
    BROWSER_TEST_MS,
  );
});

/** The hot board signed in with its tones counted (`countTones`), showing a ticket it opened on. */
async function chimingBoard(t: TestApp, browser: Browser) {
  const menu = await seedMenu(t);
  const waiting = await placeOrder(t, [menu.steak.id]);
  const hot = await openBoard(browser, t, '/kds/hot', undefined, { beforeLoad: countTones });
  await signIn(hot, 'chef');
  await orderCard(hot, waiting.id).waitFor();
  return { menu, hot };
}
