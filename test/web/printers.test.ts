// The printers page (/manager/printers) in a real browser: a printer added with the server's 400
// said in the form, its state as it changes (pushed, never asked again), a test chit that reaches
// the test printer, a change and a removal after the confirmation; laid out at 375, 1024 and 1280
// with twenty printers of 120-character names, some not answering.
import { describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { TestPrinter } from '../helpers/test-printer.js';
import { QUICK_PRINTING } from '../domain/printers/fixtures.js';
import { PASSWORD } from '../helpers/app.js';
import { BROWSER_TEST_MS, openBoard, resize, WAIT_MS } from './browser.js';
import { barControlsOffScreen, keepShot, pageLayout, SIZES } from './layout.js';
import { it } from './fixtures.js';
import { holdingProxy } from './proxy.js';
import { placeOrder, seedMenu } from '../helpers/menu.js';
import { signIn, waitUntilLive } from './browser.js';

async function openPrinters(browser: Browser, t: TestApp, size = { width: 1280, height: 800 }): Promise<Page> {
  const page = await openBoard(browser, t, '/manager/printers', size);
  await page.fill('#login input[name=user_name]', 'manager1');
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('#add', { state: 'visible' });
  await waitUntilLive(page);
  return page;
}

const rows = (page: Page) =>
  page.$$eval('#printers li', (items) =>
    items.map((item) =>
      [item.querySelector('.printer-name'), item.querySelector('.printer-state')].map((el) => el?.textContent).join(' | '),
    ),
  );

describe('the printers page', () => {
  it(
    'adds a printer (the server refusing a bad address in the form), shows it ready, prints a test chit, changes and removes it',
    async ({ startApp, browser }) => {
      const t = await startApp({ printTimings: QUICK_PRINTING });
      const printer = await TestPrinter.start();
      try {
        const page = await openPrinters(browser, t);
        expect(await page.isVisible('#printers-none')).toBe(true);
        await page.click('#add');
        await page.fill('#printer-form input[name=name]', 'Hot line');
        await page.fill('#printer-form input[name=host]', 'not an address');
        await page.fill('#printer-form input[name=port]', String(printer.port));
        await page.check('#printer-form input[value=hot]');
        await page.selectOption('#printer-form select[name=mode]', 'fallback');
        await page.click('#printer-form button[type=submit]');
        await expect
          .poll(() => page.textContent('#printer-error'))
          .toBe('Invalid body. printers.0.host must be a host name or an IP address (such as 192.168.1.50).');
        await page.fill('#printer-form input[name=host]', '127.0.0.1');
        await page.click('#printer-form button[type=submit]');
        await expect.poll(() => rows(page), { timeout: 10_000 }).toEqual(['Hot line | Ready']);
        expect(await page.textContent('#printers .printer-where')).toBe(
          `127.0.0.1:${printer.port} · Hot tickets while the screens are down · 42 characters`,
        );
        const [stored] = (await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json().printers;
        expect(stored).toMatchObject({
          name: 'Hot line',
          host: '127.0.0.1',
          port: printer.port,
          stations: ['hot'],
          mode: 'fallback',
          columns: 42,
        });

        await page.click('[data-action=test]');
        await expect
          .poll(() => printer.texts().map((lines) => lines.slice(0, 2)), { timeout: 10_000 })
          .toEqual([['** TEST **', 'Hot line']]);

        await page.click('[data-action=edit]');
        await page.fill('#printer-form input[name=name]', 'Pass');
        await page.selectOption('#printer-form select[name=mode]', 'always');
        await page.click('#printer-form button[type=submit]');
        await expect.poll(() => rows(page), { timeout: 10_000 }).toEqual(['Pass | Ready']);
        expect((await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json().printers).toEqual([
          { ...stored, name: 'Pass', mode: 'always' },
        ]);

        await page.click('[data-action=remove]');
        expect(await page.textContent('#remove-text')).toBe('Remove Pass? Chits waiting for it are not printed.');
        await page.click('#printer-remove button[value=remove]');
        await expect.poll(() => rows(page)).toEqual([]);
        expect((await t.inject({ method: 'GET', url: '/settings', as: 'chef' })).json().printers).toEqual([]);
      } finally {
        await printer.close();
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows the printer going down, a chit waiting and the printer back as they happen, without reloading or asking again',
    async ({ startApp, browser }) => {
      const t = await startApp({ printTimings: QUICK_PRINTING });
      const printer = await TestPrinter.start();
      try {
        const menu = await seedMenu(t);
        const payload = { printers: [{ name: 'Pass', host: '127.0.0.1', port: printer.port, stations: ['hot'], mode: 'always' }] };
        expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload })).statusCode).toBe(200);
        const page = await openPrinters(browser, t);
        const detail = () => page.textContent('#printers .printer-detail');
        await expect.poll(() => rows(page), { timeout: 10_000 }).toEqual(['Pass | Ready']);
        const asked: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/printers') asked.push(request.method());
        });
        await page.evaluate(() => ((globalThis as unknown as { stayed: boolean }).stayed = true));

        await printer.behave('refuse');
        await expect.poll(() => rows(page), { timeout: 10_000 }).toEqual(['Pass | Not answering']);
        expect(await detail()).toMatch(
          new RegExp(`^Nothing waiting · cannot connect to 127\\.0\\.0\\.1:${printer.port} \\(ECONNREFUSED\\) · asked at `),
        );
        expect(await page.textContent('#printer-count')).toBe('1 of 1 need a look');
        await placeOrder(t, [menu.steak.id], 'expeditor');
        await expect.poll(detail, { timeout: 10_000 }).toMatch(/^1 chit waiting · cannot connect/);
        await keepShot(page, 'printers-not-answering-1280x800');

        await printer.behave('ok');
        await expect.poll(() => rows(page), { timeout: 10_000 }).toEqual(['Pass | Ready']);
        await expect.poll(detail, { timeout: 10_000 }).toMatch(/^Nothing waiting · asked at /);
        expect(await page.textContent('#printer-count')).toBe('1 ready');
        expect(await page.evaluate(() => (globalThis as unknown as { stayed?: boolean }).stayed)).toBe(true);
        expect(asked).toEqual([]);
      } finally {
        await printer.close();
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'lays out twenty printers with 120-character names, some not answering, at 375, 1024 and 1280',
    async ({ startApp, browser }) => {
      const t = await startApp({ printTimings: QUICK_PRINTING });
      const printer = await TestPrinter.start();
      const gone = await TestPrinter.start();
      await gone.close();
      try {
        const printers = Array.from({ length: 20 }, (_, n) => ({
          name: `${n % 2 ? 'Pass' : 'Hot'}${'W'.repeat(116)}${String(n).padStart(2, '0')}`.slice(0, 120),
          host: n % 3 === 0 ? 'kitchen-printer-with-a-very-long-host-name-on-the-back-office-network.restaurant.local' : '127.0.0.1',
          port: n % 3 === 1 ? gone.port : printer.port,
          stations: n % 2 ? ['cold', 'hot', 'beverages'] : ['hot'],
          mode: n % 2 ? 'always' : 'fallback',
        }));
        expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { printers } })).statusCode).toBe(200);
        const page = await openPrinters(browser, t, SIZES[0]);
        await expect.poll(() => page.$$eval('#printers li', (items) => items.length)).toBe(20);
        await expect.poll(() => page.textContent('#printer-count'), { timeout: 10_000 }).toMatch(/need a look$/);
        for (const size of SIZES) {
          await resize(page, size);
          const layout = await pageLayout(page);
          expect(layout).toEqual({ overflow: 0, offScreen: [], smallTargets: [] });
          expect(await barControlsOffScreen(page)).toEqual([]);
          await keepShot(page, `printers-${size.width}x${size.height}`);
          await page.click('[data-action=edit]');
          await keepShot(page, `printers-dialog-${size.width}x${size.height}`);
          const open = await pageLayout(page);
          expect(open).toEqual({ overflow: 0, offScreen: [], smallTargets: [] });
          await page.keyboard.press('Escape');
        }
      } finally {
        await printer.close();
      }
    },
    BROWSER_TEST_MS * 2,
  );
});

describe('a station screen with a fallback printer', () => {
  it(
    'says the printer has taken over 30 s after its network dropped, and from when to when once it is back',
    async ({ startApp, browser }) => {
      const t = await startApp({ printTimings: QUICK_PRINTING });
      const printer = await TestPrinter.start();
      const proxy = await holdingProxy(t.url);
      try {
        const menu = await seedMenu(t);
        const payload = { printers: [{ name: 'Hot line', host: '127.0.0.1', port: printer.port, stations: ['hot'], mode: 'fallback' }] };
        expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload })).statusCode).toBe(200);
        const order = await placeOrder(t, [menu.steak.id], 'expeditor', { table_number: 7 });
        // The page's clock is the test's to move (Playwright's clock, installed before its scripts
        // run), so the 30 s of silence can pass at once, as for a tablet whose lid was shut.
        const hot = await browser.newPage({ viewport: { width: 1024, height: 768 }, locale: 'en-US', timezoneId: 'UTC' });
        hot.setDefaultTimeout(WAIT_MS);
        await hot.clock.install();
        await hot.goto(`${proxy.url}/kds/hot`);
        await signIn(hot, 'chef');
        expect(await hot.isVisible('.printer-banner')).toBe(false);

        proxy.hold();
        await hot.waitForSelector('#link:not([data-state="live"])', { timeout: 15_000 });
        // Thirty seconds later on both clocks: the server's takeover watch and the page's banner timer.
        t.clock.advance(30_000);
        await hot.clock.fastForward(30_000);
        await hot.waitForSelector('.printer-banner', { state: 'visible' });
        expect(await hot.textContent('.printer-banner')).toMatch(
          /^No connection since \d\d:\d\d [AP]M: the printer Hot line prints this station's tickets until this screen is back\.$/,
        );
        // The server took over meanwhile: the open ticket is on paper.
        await expect
          .poll(() => printer.texts().map((lines) => lines.find((line) => line.startsWith('Order '))), { timeout: 15_000 })
          .toEqual([`Order ${order.id}`]);
        await keepShot(hot, 'kds-printer-took-over-1024x768');

        proxy.release();
        await waitUntilLive(hot);
        await expect
          .poll(() => hot.textContent('.printer-banner'))
          .toMatch(
            /^While this screen was offline \(\d\d:\d\d [AP]M–\d\d:\d\d [AP]M\), the printer Hot line printed this station's tickets: look there for chits\. OK$/,
          );
        const layout = await pageLayout(hot);
        expect(layout).toEqual({ overflow: 0, offScreen: [], smallTargets: [] });
        await hot.click('.printer-banner-ok');
        expect(await hot.isVisible('.printer-banner')).toBe(false);
      } finally {
        await proxy.close();
        await printer.close();
      }
    },
    BROWSER_TEST_MS * 2,
  );
});
