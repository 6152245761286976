// What the browser suites share: Debian's headless Chromium through playwright-core, and the steps
// a cook takes on a board (open it, sign in, wait until it is live).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import type { Role } from '../../models/user.js';

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell: the same engine without the
 * browser around it, as Playwright runs headless by default): the same pages drawn and measured for
 * about a third less CPU than the full browser in --headless mode (paired runs of three browser files:
 * 120 and 103 s against 77 and 69 s). Where only the full browser is installed, that one.
 */
export const CHROMIUM =
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ?? '/usr/bin/chromium-headless-shell';
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
      `The browser tests need Chromium's headless shell at ${CHROMIUM}. ` +
        'Install it with: apt-get update && apt-get install -y chromium-headless-shell (CI does this in .ci/run).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** The locale and zone every board opens in, so prices and clock times read the same on every machine. */
const TAB_OPTIONS = { locale: 'en-US', timezoneId: 'UTC' } as const;

/**
 * The worker's tabs: one browser context for the first board each test opens, with a blank tab kept
 * open in it, and the tabs and contexts earlier tests left clean for the next. A new tab (or a new
 * context, a test's second tablet) costs Chromium and Playwright about 0.2 s of CPU more than a load
 * in a tab that is already open (0.42 against 0.21 s a board, 40 loads each way), so each test's
 * boards reuse them: when a test ends (`endTest`) its tabs leave their page for about:blank, drop the
 * test's listeners and routes and forget every origin's storage (local, session, caches); a tab whose
 * test set it apart (an init script, a clock, its own context) or that visited two origins is closed
 * instead. No test sees another's tabs, sign-ins or saved carts. A board's session lives in its tab
 * (sessionStorage).
 */
interface Tabs {
  context: BrowserContext;
  keep: Page;
  /** Tabs of the shared context, clean, for the next test's first board. */
  idle: Page[];
  /** Contexts of other devices, each with one clean tab, for a test's second and later boards. */
  spares: BrowserContext[];
  /** The reusable tabs the running test has, and the origins each showed. */
  lent: Map<Page, Set<string>>;
  visited: Set<string>;
}
const tabsOf = new WeakMap<Browser, Promise<Tabs>>();

function tabs(browser: Browser): Promise<Tabs> {
  let found = tabsOf.get(browser);
  if (!found) {
    found = (async () => {
      const context = await browser.newContext(TAB_OPTIONS);
      return { context, keep: await context.newPage(), idle: [], spares: [], lent: new Map(), visited: new Set<string>() };
    })();
    tabsOf.set(browser, found);
  }
  return found;
}

/** The http(s) origin of a page's address; null for about:blank. */
const originOf = (url: string): string | null => (url.startsWith('http') ? new URL(url).origin : null);

/** A tab for a board of the running test: an idle one or a new one, in the shared context (`first`) or one of its own. */
async function lend(browser: Browser, shared: Tabs, first: boolean): Promise<Page> {
  let page = first ? shared.idle.pop() : shared.spares.pop()?.pages()[0];
  page ??= first ? await shared.context.newPage() : await (await browser.newContext(TAB_OPTIONS)).newPage();
  const origins = new Set<string>();
  page.on('framenavigated', (frame) => {
    const origin = frame === page.mainFrame() ? originOf(frame.url()) : null;
    if (origin) origins.add(origin);
  });
  shared.lent.set(page, origins);
  return page;
}

/**
 * Notes the origins a test's tab showed (to clear their storage), then leaves its page for a blank
 * one: true when the tab can serve the next test, false for one to close (not lent, or set apart).
 */
async function giveBack(page: Page, origins: Set<string> | undefined, visited: Set<string>): Promise<boolean> {
  for (const origin of [...(origins ?? []), originOf(page.url())]) if (origin) visited.add(origin);
  if (!origins || origins.size > 1 || page.isClosed()) return false;
  try {
    page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.evaluate('sessionStorage.clear()').catch(() => undefined);
    await page.goto('about:blank');
    await page.mouse.up();
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends a test's use of the browser: gives its reusable tabs back clean (see `Tabs`) and closes the
 * rest, brings every kept context back online and clears the storage (local, session, caches) of
 * every origin its tabs visited. The browser fixture calls it before the test's apps close.
 */
export async function endTest(browser: Browser): Promise<void> {
  const shared = await tabsOf.get(browser);
  if (!shared) {
    await Promise.all(browser.contexts().map((context) => context.close()));
    return;
  }
  const { lent, visited } = shared;
  const kept: BrowserContext[] = [];
  for (const context of browser.contexts().filter((each) => each !== shared.context)) {
    const [page, ...more] = context.pages();
    if (page && more.length === 0 && (await giveBack(page, lent.get(page), visited))) kept.push(context);
    else await context.close();
  }
  for (const page of shared.context.pages()) {
    if (page === shared.keep || shared.idle.includes(page)) continue;
    if (await giveBack(page, lent.get(page), visited)) shared.idle.push(page);
    else await page.close();
  }
  lent.clear();
  for (const [context, tab] of [
    [shared.context, shared.keep] as const,
    ...kept.map((context) => [context, context.pages()[0]!] as const),
  ]) {
    await context.setOffline(false);
    const session = await context.newCDPSession(tab);
    for (const origin of visited) await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await session.detach();
  }
  shared.spares.push(...kept);
  visited.clear();
}

/**
 * A 10-inch tablet in landscape by default: the test's first board a tab in the worker's shared
 * context, the next ones (other devices) each in a context of its own, reused from earlier tests
 * where they can be (see `Tabs`).
 * `frozenAt` stops the page's clock (Date) at that time, the time of an app on a FrozenClock, so what
 * the page shows (ages, "due" with or without its day) is the same whenever the test runs; its timers
 * still run. A page that must start as a new device (nothing stored) or whose clock the test drives
 * (`page.clock`, which Playwright keeps per context) asks for `ownContext`. `beforeLoad` runs on the
 * new tab before it loads the page: an init script to stand in for a device's part (a speaker, a
 * guest's stored cart), a listener on its requests. Such tabs are never reused.
 */
export async function openBoard(
  browser: Browser,
  t: TestApp,
  path: string,
  viewport = { width: 1280, height: 800 },
  {
    frozenAt,
    ownContext = frozenAt !== undefined,
    beforeLoad,
  }: { frozenAt?: Date; ownContext?: boolean; beforeLoad?: (page: Page) => Promise<unknown> | void } = {},
): Promise<Page> {
  const shared = await tabs(browser);
  // A test's second tablet is another device: its own context (storage apart). Two tabs of one
  // context also share a renderer, where Playwright's clicks on the first waited about 2 s each.
  const first = !ownContext && !shared.context.pages().some((page) => page !== shared.keep && !shared.idle.includes(page));
  let page: Page;
  if (!ownContext && !beforeLoad) page = await lend(browser, shared, first);
  else if (first) page = await shared.context.newPage();
  else page = await browser.newPage({ viewport, ...TAB_OPTIONS });
  await page.setViewportSize(viewport);
  // Noted now too: a tab that navigates away (or fails) still leaves this origin's storage to clear.
  shared.visited.add(new URL(t.url).origin);
  page.setDefaultTimeout(WAIT_MS);
  if (frozenAt) await page.clock.setFixedTime(frozenAt);
  await beforeLoad?.(page);
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

/**
 * Opens another page of the same app in the open tab, at that size, and waits until it is live,
 * still signed in (the session is the tab's): as a cook taps through to another board. A page seen
 * by the same tablet needs no new tab: a tab costs Chromium about a second (two in a new context)
 * before its page loads, a load in the same tab about half a second.
 */
export async function goToBoard(page: Page, t: TestApp, path: string, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`${t.url}${path}`);
  await waitUntilLive(page);
}

/** Forgets the tab's sign-in, as the sign-out button does once confirmed: the next page it opens asks who is there. */
export async function forgetSignIn(page: Page): Promise<void> {
  await page.evaluate(`sessionStorage.removeItem('pos.session')`);
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

/** For openBoard's `beforeLoad`: the board's AudioContext replaced by one that counts the tones it plays. */
export const countTones = (page: Page) => page.addInitScript(fakeAudioContext);
/** How many tones the board played (two a chime), with `countTones`. */
export const tonesPlayed = (page: Page) => page.evaluate(() => (globalThis as unknown as { tones: number }).tones);

/** Runs in the page before its scripts: an AudioContext that only counts oscillators. */
function fakeAudioContext() {
  const page = globalThis as unknown as { tones: number; AudioContext: unknown };
  page.tones = 0;
  const node = {
    connect: (next: unknown) => next,
    start() {},
    stop() {},
    frequency: { value: 0 },
    gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
  };
  page.AudioContext = class {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = async () => {};
    createGain = () => node;
    createOscillator = () => {
      page.tones += 1;
      return node;
    };
  };
}
