// A board keeps going on its own: through a server restart (reconnecting and resyncing from the REST
// lists, so nothing stale stays on screen) and past the expiry of its access token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished } from 'vitest';
import { it } from './fixtures.js';
import type { StartApp } from '../helpers/fixtures.js';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import type { Role } from '../../models/user.js';
import { BROWSER_TEST_MS, openBoard, orderCard, readTicket, signIn, statusInApi, waitUntilLive, WAIT_MS } from './browser.js';

/** The browser tab's storage (the test compiles without the DOM library). */
type Tab = { sessionStorage: { getItem(key: string): string | null } };

/** Restarts on the same data dir and port; the users exist already, so they are signed in by hand. */
async function restart(before: TestApp, startApp: StartApp): Promise<TestApp> {
  const port = Number(new URL(before.url).port);
  await before.close();
  const after = await startApp({ dataDir: before.dataDir, withoutUsers: true, listen: false });
  after.url = await after.app.listen({ port, host: '127.0.0.1' });
  await signInAgain(after);
  return after;
}

/** New access tokens for the test's own API calls (patron places orders, manager checks them). */
async function signInAgain(t: TestApp): Promise<void> {
  for (const role of ['patron', 'manager'] as Role[]) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: `${role}1`, password: PASSWORD },
    });
    t.tokens[role] = login.json<{ access_token: string }>().access_token;
  }
}

/** When the access token of a stored session expires, in ms since the epoch (its `exp` claim). */
function expiryOf(session: string | null): number {
  const { access_token } = JSON.parse(session ?? 'null') as { access_token: string };
  const payload = JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  return payload.exp * 1000;
}

describe('board recovery', () => {
  it(
    'reconnects after the server restarts, drops what went stale meanwhile and shows new orders',
    async ({ startApp, browser }) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pos-web-restart-'));
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
      let t = await startApp({ dataDir });
      const menu = await seedMenu(t);
      const stale = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Stale' });
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      await orderCard(hot, stale.id).waitFor();

      t = await restart(t, startApp);
      // Deleted at once, likely before the board is back: only a resync can take it off the screen.
      expect((await t.inject({ method: 'DELETE', url: `/orders/${stale.id}`, as: 'manager' })).statusCode).toBe(204);
      await waitUntilLive(hot);
      const fresh = await placeOrder(t, [menu.steak.id], 'patron', { name: 'Fresh' });
      expect((await readTicket(hot, fresh.id)).name).toBe('Fresh');
      await orderCard(hot, stale.id).waitFor({ state: 'detached' });
    },
    BROWSER_TEST_MS,
  );

  it(
    'refreshes its access token before expiry and stays live',
    async ({ startApp, browser }) => {
      // Tokens live 10 s (the shortest the server allows): the board must refresh them (and its socket)
      // to last beyond that.
      const t = await startApp({ env: { POS_ACCESS_TOKEN_TTL: '10' } });
      const menu = await seedMenu(t);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      const firstPair = await hot.evaluate(() => (globalThis as unknown as Tab).sessionStorage.getItem('pos.session'));
      await hot.waitForFunction((before) => (globalThis as unknown as Tab).sessionStorage.getItem('pos.session') !== before, firstPair, {
        timeout: WAIT_MS,
      });
      // Past the first token's own expiry (its `exp`, a little after): the server has ended the socket
      // that token opened, so the board is still live only if it came back with a newer one.
      await hot.waitForTimeout(Math.max(0, expiryOf(firstPair) + 1_000 - Date.now()));

      await signInAgain(t);
      const order = await placeOrder(t, [menu.steak.id]);
      await orderCard(hot, order.id).locator('[data-action="bump"]').click();
      await expect.poll(() => statusInApi(t, order.id), { timeout: WAIT_MS }).toBe('In Progress');
      await waitUntilLive(hot);
    },
    BROWSER_TEST_MS,
  );
});
