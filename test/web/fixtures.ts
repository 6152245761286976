// The browser tests' test API: a started app (../helpers/fixtures.ts) and Debian's Chromium.
//
//   import { it } from './fixtures.js';
//   it('shows a new order', async ({ app: t, browser }) => {
//     const hot = await openBoard(browser, t, '/kds/hot');
//   }, BROWSER_TEST_MS);
//
// One Chromium per vitest worker, launched by the first test that asks and shared by every file the
// worker runs (a launch costs more CPU than most tests); boards open as tabs of one shared context
// (openBoard in ./browser.ts). Each test's pages and contexts are closed when it ends, before its
// apps are, and the storage of the origins it visited is cleared, so no test sees another's tabs.
// When Chromium cannot start, every test that needs it fails with the reason.
import type { Browser } from 'playwright-core';
import { test as appTest } from '../helpers/fixtures.js';
import { endTest, launchChromium } from './browser.js';

export const test = appTest
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  .extend('chromium', { scope: 'worker' }, async ({}, { onCleanup }): Promise<Browser> => {
    const chromium = await launchChromium();
    onCleanup(() => chromium.close());
    return chromium;
  })
  // Set up after startApp, so torn down before the apps it started close.
  .extend('browser', async ({ chromium, startApp }, { onCleanup }): Promise<Browser> => {
    void startApp;
    onCleanup(() => endTest(chromium));
    return chromium;
  });

export const it = test;
