// `npx tsx scripts/screenshots.ts`: the boards with the demo data and a Friday rush on top (46 open
// orders, a day of service behind them, and a table ordered by seat: scripts/friday-table.ts), in
// headless Chromium at tablet size (1280×800), saved in docs/: each station, the expeditor and the
// manager's page as the screen shows them, and the menu; and every page at 375, 1024 and 1280 px in
// docs/screenshots/.
import '../server/supported-node.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openStore } from '../store/open.js';
import { DEMO_USERS, loadDemoData } from './demo-data.js';
import { loadRush } from './rush.js';
import { addFridayTable } from './friday-table.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--hide-scrollbars',
];

interface Shot {
  path: string;
  file: string;
  /** Demo account to sign in with; none for the menu. */
  user?: string;
  viewport?: { width: number; height: number };
  /** The whole page rather than the screen. */
  fullPage?: boolean;
  /** What shows once the page is drawn, for a page without a live link (the staff accounts). */
  ready?: string;
  /** Scrolled to before the shot (the Friday table's ticket among the rush's). */
  scrollTo?: string;
  /** Clicked before the shot (the expeditor's items by seat). */
  click?: string;
}

const SHOTS: Shot[] = [
  { path: '/kds/hot', file: 'docs/kds-hot.png', user: 'chef' },
  { path: '/kds/cold', file: 'docs/kds-cold.png', user: 'chef' },
  { path: '/kds/beverages', file: 'docs/kds-beverages.png', user: 'chef' },
  { path: '/expeditor', file: 'docs/expeditor.png', user: 'expeditor' },
  { path: '/manager', file: 'docs/manager.png', user: 'manager', fullPage: true },
  { path: '/manager/stock', file: 'docs/stock.png', user: 'manager' },
  { path: '/menu', file: 'docs/menu.png', fullPage: true },
  // The Friday table (scripts/friday-table.ts): its items by seat with modifiers, a round, a void, a remake.
  { path: '/kds/hot', file: 'docs/screenshots/kds-hot-items-1280x800.png', user: 'chef', scrollTo: '.ticket:has(.mod-remove)' },
  { path: '/kds/cold', file: 'docs/screenshots/kds-cold-void-1280x800.png', user: 'chef', scrollTo: '.ticket:has(.item-void)' },
  { path: '/kds/beverages', file: 'docs/screenshots/kds-beverages-round-1280x800.png', user: 'chef', scrollTo: '.ticket:has(.change-new)' },
  // The birthday party's twenty burgers: one ticket continued over several columns.
  ...[
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ].map((viewport) => ({
    path: '/kds/hot',
    file: `docs/screenshots/kds-hot-continued-${viewport.width}x${viewport.height}.png`,
    user: 'chef',
    viewport,
    scrollTo: '.ticket-group',
  })),
  {
    path: '/expeditor',
    file: 'docs/screenshots/expeditor-seats-1024x768.png',
    user: 'expeditor',
    viewport: { width: 1024, height: 768 },
    click: '.order[aria-label*="Table 14, Friday"] .order-name',
  },
  // The kitchen's boards at the sizes restaurants use: a phone, a 1024 tablet, a 1280 screen.
  ...[
    { width: 375, height: 812 },
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ].flatMap((viewport) => [
    { path: '/kds/hot', file: `docs/screenshots/kds-hot-${viewport.width}x${viewport.height}.png`, user: 'chef', viewport },
    { path: '/expeditor', file: `docs/screenshots/expeditor-${viewport.width}x${viewport.height}.png`, user: 'expeditor', viewport },
    { path: '/manager', file: `docs/screenshots/manager-${viewport.width}x${viewport.height}.png`, user: 'manager', viewport },
    { path: '/manager/stock', file: `docs/screenshots/stock-${viewport.width}x${viewport.height}.png`, user: 'manager', viewport },
    { path: '/manager/menu', file: `docs/screenshots/dishes-${viewport.width}x${viewport.height}.png`, user: 'chef', viewport },
    {
      path: '/manager/staff',
      file: `docs/screenshots/staff-${viewport.width}x${viewport.height}.png`,
      user: 'manager',
      viewport,
      ready: '#accounts li',
    },
    { path: '/kds/cold', file: `docs/screenshots/kds-cold-${viewport.width}x${viewport.height}.png`, user: 'chef', viewport },
    {
      path: '/manager/printers',
      file: `docs/screenshots/printers-${viewport.width}x${viewport.height}.png`,
      user: 'manager',
      viewport,
      ready: '#printers li, #printers-none:not([hidden])',
    },
    { path: '/menu', file: `docs/screenshots/menu-${viewport.width}x${viewport.height}.png`, viewport },
    { path: '/order', file: `docs/screenshots/order-${viewport.width}x${viewport.height}.png`, viewport },
    { path: '/', file: `docs/screenshots/home-${viewport.width}x${viewport.height}.png`, viewport, ready: '#health[data-state="live"]' },
  ]),
];

async function shoot(browser: Browser, baseUrl: string, shot: Shot): Promise<void> {
  const page = await browser.newPage({ viewport: shot.viewport ?? { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    await page.goto(`${baseUrl}${shot.path}`);
    const account = DEMO_USERS.find((user) => user.user_name === shot.user);
    if (account) {
      await page.fill('#login input[name=user_name]', account.user_name);
      await page.fill('#login input[name=password]', account.password);
      await page.click('#login button[type=submit]');
    }
    if (shot.ready) await page.waitForSelector(shot.ready, { timeout: 15_000 });
    else {
      await page.waitForSelector('#link[data-state="live"]', { timeout: 15_000 });
      await page.waitForSelector('[data-order-id], [data-dish-id], .chart', { timeout: 15_000 });
    }
    if (shot.scrollTo)
      await page
        .locator(shot.scrollTo)
        .first()
        // The board scrolls, never the page (scrollIntoView would shift the whole page under the bar).
        .evaluate((card) => {
          const board = card.closest('.board');
          if (board) board.scrollTop += card.getBoundingClientRect().top - board.getBoundingClientRect().top - 8;
        });
    if (shot.click) await page.locator(shot.click).first().click();
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: shot.file, fullPage: shot.fullPage ?? false });
    process.stdout.write(`${shot.file}\n`);
  } finally {
    await page.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pos-screenshots-'));
const config = loadConfig({ POS_DATA_DIR: dataDir, POS_BCRYPT_ROUNDS: '4', LOG_LEVEL: 'warn' });
await loadDemoData(config);
await loadRush(config);
const store = await openStore(config);
const app = await buildApp({ config, store, jwtSecret: randomBytes(32).toString('hex') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  // A table ordered by seat, with modifiers, a later round, a void and a remake, on top of the rush.
  await addFridayTable(app);
  // `npx tsx scripts/screenshots.ts stock` takes only the shots whose file name holds "stock".
  const only = process.argv[2];
  for (const shot of SHOTS.filter((each) => !only || each.file.includes(only))) await shoot(browser, baseUrl, shot);
} finally {
  await browser.close();
  await app.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
