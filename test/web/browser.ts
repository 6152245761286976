// What the browser suites share: Debian's headless Chromium through playwright-core, and the steps
// a cook takes on a board (open it, sign in, wait until it is live).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import type { Role } from '../../models/user.js';

export const CHROMIUM = '/usr/bin/chromium';
/** Waits for events are generous: shared CI machines are slow, and nothing here measures speed. */
export const WAIT_MS = 15_000;
export const BROWSER_TEST_MS = 60_000;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Fails (never skips) when Chromium is missing, saying how to install it. Tests take the `browser` fixture (./fixtures.ts), which calls it once per worker. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM}. Install it with: apt-get update && apt-get install -y chromium (CI does this in .ci/run).`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/**
 * A 10-inch tablet in landscape by default. `frozenAt` stops the page's clock (Date) at that time, the
 * time of an app on a FrozenClock, so what the page shows (ages, "due" with or without its day) is
 * the same whenever the test runs; its timers still run.
 */
export async function openBoard(
  browser: Browser,
  t: TestApp,
  path: string,
  viewport = { width: 1280, height: 800 },
  { frozenAt }: { frozenAt?: Date } = {},
): Promise<Page> {
  // A fixed locale and zone, so prices and clock times read the same on every machine.
  const page = await browser.newPage({ viewport, locale: 'en-US', timezoneId: 'UTC' });
  page.setDefaultTimeout(WAIT_MS);
  if (frozenAt) await page.clock.setFixedTime(frozenAt);
  await page.goto(`${t.url}${path}`);
  return page;
}

/** The station board packs its tickets again this long after a resize (web/public/js/kds/masonry.js), plus a margin. */
const BOARD_REPACK_MS = 200;
/** The manager's charts are drawn again this soon after a resize (web/public/js/manager/charts.js), with room for a busy machine. */
const CHARTS_REDRAWN_MS = 5_000;

/**
 * Gives the open page another screen size, as a tablet turned or a window dragged, scrolled back to
 * the top as a fresh load shows it (the page and every box scrolled inside it), and waits until the
 * page has laid itself out again: two frames (resize handlers and observers run before them), on
 * a station board its re-pack, which splits tickets taller than the new screen, and on the manager's
 * page its charts drawn again to their panels' new width (never under 280 px, as charts.js draws
 * them). A page checked at every size is loaded and signed in once, then resized: a load and sign-in
 * cost Chromium over half a second of CPU, a resize a few milliseconds.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(`(async () => {
    for (const box of document.querySelectorAll('*')) if (box.scrollTop || box.scrollLeft) box.scrollTo(0, 0);
    scrollTo(0, 0);
    if (document.querySelector('.board > #tickets')) await new Promise((done) => setTimeout(done, ${BOARD_REPACK_MS}));
    const chartsAtWidth = () => [...document.querySelectorAll('.uplot canvas')].every((canvas) => {
      const panel = canvas.closest('[id^="chart-"]');
      return Math.round(canvas.getBoundingClientRect().width) === Math.max(280, Math.floor(panel.getBoundingClientRect().width));
    });
    for (const started = Date.now(); !chartsAtWidth(); await new Promise((done) => setTimeout(done, 20)))
      if (Date.now() - started > ${CHARTS_REDRAWN_MS}) throw new Error('the charts were not drawn again to their panels’ width');
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  })()`);
}

/**
 * Opens the page again at another size in the same tab, still signed in (the session is the tab's),
 * and waits until it is live: what a page opened at that size shows (a resize keeps what it drew).
 */
export async function reloadAt(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.reload();
  await waitUntilLive(page);
}

/** Signs in with the test user of that role (`<role>1`) and waits until the board is live. */
export async function signIn(page: Page, role: Role): Promise<void> {
  await page.fill('#login input[name=user_name]', `${role}1`);
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
  await waitUntilLive(page);
}

export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForSelector('#link[data-state="live"]');
}

/** The card (KDS) or row (expeditor) of an order. */
export const orderCard = (page: Page, id: string) => page.locator(`[data-order-id="${id}"]`);
/** A station ticket's card and the parts it continues in when taller than the screen (js/kds/continued.js). */
export const ticketParts = (page: Page, id: string) => page.locator(`[data-order-id="${id}"], [data-continues="${id}"]`);

/** The order's status as the API reports it now. */
export async function statusInApi(t: TestApp, id: string): Promise<string> {
  const response = await t.inject({ method: 'GET', url: `/orders/${id}`, as: 'manager' });
  return response.json<{ status: string }>().status;
}

export interface TicketText {
  name: string;
  age: string;
  table: string;
  priority: string;
  status: string;
  requests: string | null;
  dishes: string[];
  buttons: string[];
}

/** What a KDS ticket shows, read from the page. */
export async function readTicket(page: Page, id: string): Promise<TicketText> {
  const card = orderCard(page, id);
  await card.waitFor();
  return card.evaluate((element) => {
    const text = (selector: string) => element.querySelector(selector)?.textContent ?? null;
    return {
      name: text('.ticket-name') ?? '',
      age: text('.ticket-age') ?? '',
      table: text('.ticket-table') ?? '',
      priority: text('.ticket-priority') ?? '',
      status: text('.ticket-status') ?? '',
      requests: text('.ticket-requests'),
      dishes: [...element.querySelectorAll('.ticket-dishes li')].map((li) => [...li.children].map((part) => part.textContent).join(' ')),
      buttons: [...element.querySelectorAll('button')].map((button) => button.textContent ?? ''),
    };
  });
}
