// The manager's settings form while its live link comes back: every (re)connection reloads the
// settings, and a field the manager has changed but not saved keeps what was typed, while the
// fields left alone show what the server now holds.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { it } from './fixtures.js';
import { BROWSER_TEST_MS, openBoard, signIn, waitUntilLive } from './browser.js';

const field = (name: string) => `#settings-form [name=${name}]`;

/** What the form shows, field by field. */
const formValues = (page: Page) =>
  Promise.all(['time_zone', 'max_wait_minutes', 'low_portions', 'language', 'currency'].map((name) => page.inputValue(field(name))));

/**
 * Drops the page's live link as a network would (its connection closed under it) and resolves once
 * the link is back and has reloaded the settings; `meanwhile` runs while it is down.
 */
async function reconnect(page: Page, meanwhile: () => Promise<unknown>): Promise<void> {
  const reloaded = page.waitForResponse(
    (response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/settings',
  );
  // A socket on a namespace the page has not used shares its connection (socket.io keeps one per
  // server): closing that closes the board's link, which reconnects on its own.
  await page.evaluate(`import('/boards/vendor/socket.io.esm.min.js').then(({ io }) => {
    io('/probe-' + crypto.randomUUID(), { path: '/socket.io', autoConnect: false }).io.engine.close();
  })`);
  await meanwhile();
  await reloaded;
  await waitUntilLive(page);
}

it(
  'keeps what the manager typed through a reconnection, refills the fields left alone, and saves the edits',
  async ({ app: t, browser }) => {
    const page = await openBoard(browser, t, '/manager');
    await signIn(page, 'manager');
    await expect.poll(() => formValues(page)).toStrictEqual(['UTC', '', '10', 'en', 'USD']);

    await page.fill(field('currency'), 'EUR');
    await page.fill(field('max_wait_minutes'), '25');
    // Another manager changes the time zone and the low mark while this page's link is down.
    await reconnect(page, async () => {
      const other = await t.inject({
        method: 'PATCH',
        url: '/settings',
        as: 'manager',
        payload: { time_zone: 'Europe/Paris', low_portions: 7 },
      });
      expect(other.statusCode).toBe(200);
    });
    await expect.poll(() => formValues(page)).toStrictEqual(['Europe/Paris', '25', '7', 'en', 'EUR']);

    // A change heard on the live link leaves the typing alone too; a field typed back to what was
    // loaded is no longer an edit, and follows the server again.
    await page.fill(field('max_wait_minutes'), '');
    await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: 40, currency: 'GBP' } });
    await expect.poll(() => page.inputValue(field('max_wait_minutes'))).toBe('40');
    expect(await formValues(page)).toStrictEqual(['Europe/Paris', '40', '7', 'en', 'EUR']);

    // Saved: the server holds the typed currency beside the other manager's changes, and the form
    // has no edit left, so the next reconnection refills every field.
    await page.click('#settings-form button[type=submit]');
    await expect
      .poll(async () => (await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json())
      .toMatchObject({ time_zone: 'Europe/Paris', max_wait_minutes: 40, low_portions: 7, language: 'en', currency: 'EUR' });
    await reconnect(page, () =>
      t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { currency: 'CHF', low_portions: 3 } }),
    );
    await expect.poll(() => formValues(page)).toStrictEqual(['Europe/Paris', '40', '3', 'en', 'CHF']);
  },
  BROWSER_TEST_MS,
);
