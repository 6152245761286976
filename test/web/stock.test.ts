// The stock page (/manager/stock) in a real browser: every ingredient with its stock and the dishes
// using it, out and low first; a delivery added once however often the tap is retried, a stock take,
// an ingredient added, edited and deleted (refused in plain words while a dish uses it), other
// tablets' and orders' changes arriving live; who may use it; and the layout at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page, Route } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn, WAIT_MS, waitUntilLive } from './browser.js';
import { barControlsOffScreen, keepShot, measure, pageLayout, SIZES } from './layout.js';

/** Each row as the page shows it: name, mark, stock, dishes. */
const rowsOf = (page: Page) =>
  page.$$eval('#stock-rows > li', (rows) =>
    rows.map((row) => ({
      name: row.querySelector('.stock-name')?.textContent,
      mark: row.querySelector('.stock-badge')?.textContent ?? null,
      qty: row.querySelector('.stock-qty')?.textContent,
      dishes: [...row.querySelectorAll('.dish-use')].map((li) => li.textContent),
    })),
  );
const rowOf = (page: Page, id: string) => page.locator(`#stock-rows [data-ingredient-id="${id}"]`);
const qtyOf = (page: Page, id: string) => rowOf(page, id).locator('.stock-qty').textContent();
const focusedLabel = (page: Page) => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null");
/** Delete is in the Edit dialog, not on the row. */
async function askToDelete(page: Page, id: string) {
  await rowOf(page, id).locator('[data-action="edit"]').click();
  await page.click('#ingredient-delete');
  await page.waitForSelector('#remove', { state: 'visible' });
}
const stockInStore = async (t: TestApp, id: string) => (await t.store.collection('ingredients').get(id))?.in_stock_qty;

async function openStock(t: TestApp, browser: Browser, size?: { width: number; height: number }) {
  const page = await openBoard(browser, t, '/manager/stock', size);
  await signIn(page, 'manager');
  await page.waitForSelector('#stock-rows > li');
  return page;
}

/** The menu of seedMenu, with Beef low (8 steaks left) and Truffle out, in Truffle Fries. */
async function seedStock(t: TestApp) {
  const menu = await seedMenu(t, 20);
  await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'manager', payload: { in_stock_qty: 8 } });
  const truffle = await addIngredient(t, 'Truffle', 0);
  const fries = await addDish(t, {
    name: 'Truffle Fries',
    station: 'hot',
    ingredients: [
      { ingredient_id: truffle.id, is_essential: true },
      { ingredient_id: menu.salt.id, is_essential: false },
    ],
  });
  return { ...menu, truffle, fries };
}

describe('stock page', () => {
  it(
    'lists every ingredient with its stock and dishes, out and low first, and filters by ingredient or dish',
    async ({ app: t, browser }) => {
      await seedStock(t);
      const page = await openStock(t, browser);
      expect(await rowsOf(page)).toStrictEqual([
        { name: 'Truffle', mark: 'Out', qty: '0', dishes: ['Truffle Fries · sold out'] },
        { name: 'Beef', mark: 'Low', qty: '8', dishes: ['Steak · 8 left'] },
        { name: 'Lemon', mark: null, qty: '20', dishes: ['Lemonade · 20 left'] },
        { name: 'Lettuce', mark: null, qty: '20', dishes: ['Green Salad · 20 left'] },
        {
          name: 'Salt',
          mark: null,
          qty: '20',
          dishes: ['Green Salad optional · 20 left', 'Steak optional · 8 left', 'Truffle Fries optional · sold out'],
        },
      ]);
      expect(await page.textContent('#stock-count')).toBe('1 out · 1 low · 5 in all');
      await page.fill('#filter', 'steak');
      expect((await rowsOf(page)).map((row) => row.name)).toStrictEqual(['Beef', 'Salt']);
      await page.fill('#filter', 'LEM');
      expect((await rowsOf(page)).map((row) => row.name)).toStrictEqual(['Lemon']);
      await page.fill('#filter', 'caviar');
      expect(await rowsOf(page)).toStrictEqual([]);
      expect(await page.textContent('#stock-none')).toBe('No ingredient or dish matches “caviar”.');
    },
    BROWSER_TEST_MS,
  );

  it(
    'adds a delivery once when its answer is lost and the tap is sent again, and another tablet sees it live',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      const other = await openStock(t, browser);
      const sent: { key: string | undefined; body: string | null; status: number; replayed: string | undefined }[] = [];
      // The first PATCH reaches the server, which commits; its answer is then lost on the way back.
      let cut = true;
      await page.route('**/ingredients/*', async (route: Route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        const response = await route.fetch();
        sent.push({
          key: route.request().headers()['idempotency-key'],
          body: route.request().postData(),
          status: response.status(),
          replayed: response.headers()['idempotent-replayed'],
        });
        if (cut) {
          cut = false;
          return route.abort('connectionreset');
        }
        return route.fulfill({ response });
      });
      await rowOf(page, menu.beef.id).locator('[data-action="restock"]').click();
      expect(await page.textContent('#change-title')).toBe('Delivery: Beef');
      expect(await page.textContent('#change-now')).toBe('8');
      await page.fill('#change-amount', '12');
      await page.click('#change-send');
      await expect
        .poll(() => page.textContent('#change-error'))
        .toBe(
          'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi. Tap again to send it: it still counts once.',
        );
      // It did land: the other tablet already shows it, and this dialog's "in stock now" follows.
      await expect.poll(() => qtyOf(other, menu.beef.id)).toBe('20');
      await expect.poll(() => page.textContent('#change-now')).toBe('20');
      await page.click('#change-send');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatchObject({ body: '{"in_stock_delta":12}', status: 200, replayed: undefined });
      expect(sent[1]).toMatchObject({ key: sent[0]!.key, body: '{"in_stock_delta":12}', status: 200, replayed: 'true' });
      expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
      expect(await stockInStore(t, menu.beef.id)).toBe(20);
      expect(await page.textContent('#notice')).toBe('Beef: 12 added, 20 in stock.');
      expect(await qtyOf(page, menu.beef.id)).toBe('20');
      // No longer low (20 steaks > 10): it leaves the top of the list, and Steak reads 20 left.
      await expect
        .poll(async () => (await rowsOf(page)).map((row) => [row.name, row.mark]))
        .toStrictEqual([
          ['Truffle', 'Out'],
          ['Beef', null],
          ['Lemon', null],
          ['Lettuce', null],
          ['Salt', null],
        ]);
      await expect.poll(() => rowOf(other, menu.beef.id).locator('.dish-use').allTextContents()).toStrictEqual(['Steak · 20 left']);

      // A second delivery is a new request: a new key, added again.
      await rowOf(page, menu.beef.id).locator('[data-action="restock"]').click();
      await page.fill('#change-amount', '2.5');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(sent).toHaveLength(3);
      expect(sent[2]!.key).not.toBe(sent[0]!.key);
      expect(await stockInStore(t, menu.beef.id)).toBe(22.5);
      await expect.poll(() => qtyOf(other, menu.beef.id)).toBe('22.5');
    },
    BROWSER_TEST_MS,
  );

  it(
    'sets a stock take as the new count, and follows orders taking stock and dishes coming back, live',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      await rowOf(page, menu.lettuce.id).locator('[data-action="count"]').click();
      expect(await page.textContent('#change-title')).toBe('Stock take: Lettuce');
      expect(await page.textContent('#change-help')).toBe(
        'Replaces the count: the stock becomes exactly this number, whatever orders took before.',
      );
      expect(await page.textContent('#change-send')).toBe('Replace the count');
      await page.fill('#change-amount', '6');
      await page.click('#change-send');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(await stockInStore(t, menu.lettuce.id)).toBe(6);
      expect(await page.textContent('#notice')).toBe('Lettuce: counted 6.');
      await expect.poll(() => rowOf(page, menu.lettuce.id).getAttribute('data-level')).toBe('low');

      // Orders take stock: the rows and the dishes' portions follow.
      await placeOrder(t, [menu.steak.id, menu.steak.id, menu.salad.id]);
      await expect.poll(() => qtyOf(page, menu.beef.id)).toBe('6');
      await expect.poll(() => rowOf(page, menu.beef.id).locator('.dish-use').allTextContents()).toStrictEqual(['Steak · 6 left']);
      expect(await qtyOf(page, menu.lettuce.id)).toBe('5');
      expect(await qtyOf(page, menu.salt.id)).toBe('17');

      // Another tablet restocks the truffle: Truffle Fries can be sold again.
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.truffle.id}`, as: 'chef', payload: { in_stock_delta: 30 } });
      await expect.poll(() => rowOf(page, menu.truffle.id).getAttribute('data-level')).toBe('ok');
      await expect
        .poll(() => rowOf(page, menu.truffle.id).locator('.dish-use').allTextContents())
        .toStrictEqual(['Truffle Fries · 30 left']);
      await expect.poll(async () => (await rowsOf(page))[0]?.name, { timeout: WAIT_MS }).toBe('Beef');
      expect(await page.textContent('#stock-count')).toBe('0 out · 2 low · 5 in all');
      // ... and the last lemon sold out by an order flips Lemonade.
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'manager', payload: { in_stock_qty: 1 } });
      await placeOrder(t, [menu.lemonade.id]);
      await expect.poll(() => rowOf(page, menu.lemon.id).locator('.dish-use').allTextContents()).toStrictEqual(['Lemonade · sold out']);
      await expect
        .poll(async () => (await rowsOf(page))[0])
        .toStrictEqual({ name: 'Lemon', mark: 'Out', qty: '0', dishes: ['Lemonade · sold out'] });
    },
    BROWSER_TEST_MS,
  );

  it(
    'adds an ingredient with its allergens, and deletes one; a delete refused while a dish uses it names the dish',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      const other = await openStock(t, browser);
      await page.click('#add-open');
      // A second "beef" would split the stock: the page points to the row that is there.
      await page.fill('#ingredient-form input[name=name]', ' BEEF ');
      await page.click('#ingredient-form button[value=send]');
      expect(await page.textContent('#ingredient-error')).toBe('Beef is already in the list: add a delivery to it with its + Delivery.');
      await page.fill('#ingredient-form input[name=name]', 'Sesame oil');
      await page.fill('#ingredient-form input[name=in_stock_qty]', '4');
      await page.fill('#ingredient-form input[name=price]', '0.8');
      await page.check('#ingredient-form input[value=sesame]');
      await page.click('#ingredient-form button[value=send]');
      await page.waitForSelector('#ingredient', { state: 'hidden' });
      const listed = await t.inject({ method: 'GET', url: `/ingredients?filter=${encodeURIComponent('name.eq~Sesame oil')}` });
      const [oil] = listed.json<{ results: { id: string }[] }>().results;
      expect(await t.store.collection('ingredients').get(oil!.id)).toMatchObject({ in_stock_qty: 4, price: 0.8, allergens: ['sesame'] });
      expect(await page.textContent('#notice')).toBe('Sesame oil added, 4 in stock.');
      for (const tablet of [page, other]) {
        await expect.poll(() => rowOf(tablet, oil!.id).textContent()).toBe('Sesame oil4in no dishAllergens: sesame+ DeliveryCountEdit');
      }

      // Beef is in the steak: the server refuses, the page names the dish.
      await askToDelete(page, menu.beef.id);
      expect(await page.textContent('#remove-text')).toBe('Delete Beef? It leaves the stock list for good.');
      await page.click('#remove-send');
      await expect
        .poll(() => page.textContent('#remove-error'))
        .toBe('Not deleted: Beef is still in the dish Steak. Take it out of that dish first.');
      expect(await stockInStore(t, menu.beef.id)).toBe(8);
      // The steak leaves the menu meanwhile: Delete again is a new request, not the refusal replayed.
      await t.inject({ method: 'DELETE', url: `/dishes/${menu.steak.id}`, as: 'chef' });
      await page.click('#remove-send');
      await page.waitForSelector('#remove', { state: 'hidden' });
      expect(await t.store.collection('ingredients').get(menu.beef.id)).toBeNull();
      await askToDelete(page, menu.salt.id);
      await page.click('#remove-send');
      await expect
        .poll(() => page.textContent('#remove-error'))
        .toBe('Not deleted: Salt is still in 2 dishes: Green Salad, Truffle Fries. Take it out of them first.');
      await page.keyboard.press('Escape');
      // Leaving the question hands the focus back to the row's Edit, where it was asked from.
      expect(await focusedLabel(page)).toBe('Edit Salt');

      await askToDelete(page, oil!.id);
      await page.click('#remove-send');
      await page.waitForSelector('#remove', { state: 'hidden' });
      expect(await t.store.collection('ingredients').get(oil!.id)).toBeNull();
      for (const tablet of [page, other]) await expect.poll(() => rowOf(tablet, oil!.id).count()).toBe(0);
      expect(await page.textContent('#notice')).toBe('Sesame oil deleted.');

      // A right-to-left name inside the sentence is isolated, so the words after it keep their places.
      const oliveOil = await addIngredient(t, 'زيت الزيتون', 3);
      await addDish(t, { name: 'סלט', station: 'cold', ingredients: [{ ingredient_id: oliveOil.id, is_essential: true }] });
      await askToDelete(page, oliveOil.id);
      await page.click('#remove-send');
      await expect
        .poll(() => page.textContent('#remove-error'))
        .toBe('Not deleted: \u2068زيت الزيتون\u2069 is still in the dish \u2068סלט\u2069. Take it out of that dish first.');
    },
    BROWSER_TEST_MS,
  );

  it(
    "edits an ingredient's name, price and allergens once however often the tap is retried, live on another tablet, its dishes' allergens following",
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      const other = await openStock(t, browser);
      const sent: { key: string | undefined; body: string | null; replayed: string | undefined }[] = [];
      let cut = true;
      await page.route('**/ingredients/*', async (route: Route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        const response = await route.fetch();
        sent.push({
          key: route.request().headers()['idempotency-key'],
          body: route.request().postData(),
          replayed: response.headers()['idempotent-replayed'],
        });
        if (cut) {
          cut = false;
          return route.abort('connectionreset');
        }
        return route.fulfill({ response });
      });
      await rowOf(page, menu.beef.id).locator('[data-action="edit"]').click();
      expect(await page.textContent('#ingredient-title')).toBe('Edit Beef');
      expect(await page.inputValue('#ingredient-form input[name=name]')).toBe('Beef');
      expect(await page.inputValue('#ingredient-form input[name=price]')).toBe('1');
      // The stock is not edited here: a count typed in this dialog would overwrite what orders take.
      expect(await page.isVisible('#ingredient-form input[name=in_stock_qty]')).toBe(false);
      expect(await page.textContent('#ingredient-help')).toBe(
        'Its dish takes these allergens when you save: Steak. The stock changes with + Delivery and Count.',
      );
      expect(await page.evaluate('document.activeElement?.name')).toBe('name');

      // One name, one row, as for a new ingredient; its own name in another case is its own.
      await page.fill('#ingredient-form input[name=name]', ' LETTUCE ');
      await page.click('#ingredient-send');
      expect(await page.textContent('#ingredient-error')).toBe('Lettuce is already in the list: give this one another name.');
      await page.fill('#ingredient-form input[name=name]', 'Beef');
      await page.click('#ingredient-send');
      expect(await page.textContent('#ingredient-error')).toBe(
        'Nothing changed: change the name, the price, the unit or the allergens, or tap Cancel.',
      );
      expect(sent).toHaveLength(0);

      await page.fill('#ingredient-form input[name=name]', 'Aged beef');
      await page.fill('#ingredient-form input[name=price]', '2.5');
      await page.check('#ingredient-form input[value=milk]');
      await page.click('#ingredient-send');
      await expect
        .poll(() => page.textContent('#ingredient-error'))
        .toBe(
          'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi. Tap again to send it: it still counts once.',
        );
      // It landed: the other tablet shows it already.
      await expect.poll(() => rowOf(other, menu.beef.id).locator('.stock-name').textContent()).toBe('Aged beef');
      await page.click('#ingredient-send');
      await page.waitForSelector('#ingredient', { state: 'hidden' });
      // Only what changed, with the same key the second time; the server answers from its record.
      expect(sent).toStrictEqual([
        { key: sent[0]!.key, body: '{"name":"Aged beef","price":2.5,"allergens":["milk"]}', replayed: undefined },
        { key: sent[0]!.key, body: '{"name":"Aged beef","price":2.5,"allergens":["milk"]}', replayed: 'true' },
      ]);
      expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
      expect(await t.store.collection('ingredients').get(menu.beef.id)).toMatchObject({
        name: 'Aged beef',
        price: 2.5,
        allergens: ['milk'],
        in_stock_qty: 8,
      });
      expect((await t.store.collection('dishes').get(menu.steak.id))?.allergens).toStrictEqual(['milk']);
      expect(await page.textContent('#notice')).toBe('Aged beef saved: its dish has its allergens now.');
      expect(await focusedLabel(page)).toBe('Edit Aged beef');
      for (const tablet of [page, other])
        await expect
          .poll(() => rowOf(tablet, menu.beef.id).textContent())
          .toBe('Aged beefLow8Steak · 8 leftAllergens: milk+ DeliveryCountEdit');

      // Deleted on another tablet while the dialog is open: said so, nothing written.
      const saffron = await addIngredient(t, 'Saffron', 2);
      await expect.poll(() => rowOf(page, saffron.id).count()).toBe(1);
      await rowOf(page, saffron.id).locator('[data-action="edit"]').click();
      expect(await page.textContent('#ingredient-help')).toBe('No dish uses it yet. The stock changes with + Delivery and Count.');
      await t.inject({ method: 'DELETE', url: `/ingredients/${saffron.id}`, as: 'chef' });
      await page.fill('#ingredient-form input[name=price]', '9');
      await page.click('#ingredient-send');
      await expect.poll(() => page.textContent('#ingredient-error')).toBe('Saffron was deleted on another screen.');
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a 375×667 phone the list is the page: four whole rows in view, the Out/Low legend one tap (or key) away',
    async ({ app: t, browser }) => {
      await seedStock(t);
      const page = await openStock(t, browser, { width: 375, height: 667 });
      const whole = () =>
        page.$$eval(
          '#stock-rows > li',
          (rows, height) =>
            rows.filter((row) => row.getBoundingClientRect().bottom <= height).map((row) => row.querySelector('.stock-name')?.textContent),
          667,
        );
      expect(await whole()).toStrictEqual(['Truffle', 'Beef', 'Lemon', 'Lettuce']);
      expect(await page.isVisible('#stock-rule')).toBe(false);
      await page.focus('#filter');
      await page.keyboard.press('Tab');
      expect(await focusedLabel(page)).toBe('What Out and Low mean');
      await page.keyboard.press('Enter');
      expect(await page.getAttribute('#rule-open', 'aria-expanded')).toBe('true');
      expect(await page.isVisible('#stock-rule')).toBe(true);
      expect(await page.textContent('#stock-rule')).toMatch(/Low enough for 10 or fewer of a dish that needs it/);
      expect(await pageLayout(page)).toStrictEqual({ overflow: 0, offScreen: [], smallTargets: [] });
      await keepShot(page, 'stock-legend-375x667');
      await page.click('#rule-open');
      expect(await page.isVisible('#stock-rule')).toBe(false);
      // A tablet has the room: the legend is always shown, with no "?".
      await resize(page, { width: 1024, height: 768 });
      expect(await page.isVisible('#stock-rule')).toBe(true);
      expect(await page.isVisible('#rule-open')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'is for managers and chefs: others are refused at sign-in in plain words',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openBoard(browser, t, '/manager/stock');
      // Signed out: only the sign-in form.
      expect(await page.isVisible('#login')).toBe(true);
      expect(await page.isVisible('#stock-rows')).toBe(false);
      for (const user of ['patron1', 'expeditor1']) {
        await page.fill('#login input[name=user_name]', user);
        await page.fill('#login input[name=password]', PASSWORD);
        await page.click('#login button[type=submit]');
        await expect
          .poll(() => page.textContent('#login-error'))
          .toBe('This page is for managers and chefs (who may change the stock): sign in with one of those accounts.');
        await page.evaluate("document.querySelector('#login-error').textContent = ''");
      }
      await signIn(page, 'chef');
      await page.waitForSelector(`[data-ingredient-id="${menu.beef.id}"]`);
      expect(await page.textContent('#stock-count')).toBe('1 out · 1 low · 5 in all');
      // The report is for managers only: no link there for a chef.
      expect(await page.isVisible('#to-report')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'sends nothing while the live link is down, says so, and sends the same tap once it is back',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      const writes: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (request.method() !== 'GET' && !pathname.startsWith('/socket.io/')) writes.push(`${request.method()} ${pathname}`);
      });
      // The tablet's Wi-Fi goes: the live link drops (the heartbeat's case, traffic silently dropped, is test/web/network.test.ts).
      await page.context().setOffline(true);
      await page.waitForSelector('#link:not([data-state="live"])');
      expect(await page.isVisible('#stale')).toBe(true);
      expect(await page.textContent('#stale')).toMatch(
        /^No connection since \d\d:\d\d:\d\d [AP]M: these counts may be out of date, and taps are not sent\./,
      );
      await rowOf(page, menu.beef.id).locator('[data-action="restock"]').click();
      await page.fill('#change-amount', '4');
      await page.click('#change-send');
      expect(await page.textContent('#change-error')).toBe(
        'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi, then tap again.',
      );
      expect(writes).toEqual([]);
      await page.context().setOffline(false);
      await waitUntilLive(page);
      await page.click('#change-send');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(await stockInStore(t, menu.beef.id)).toBe(12);
      expect(writes).toEqual([`PATCH /ingredients/${menu.beef.id}`]);
      await expect.poll(() => qtyOf(page, menu.beef.id)).toBe('12');
    },
    BROWSER_TEST_MS,
  );

  it(
    "is one tap from the report's top bar and back, still signed in",
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      await page.click('.bar a[href="/manager/stock"]');
      await page.waitForURL(`${t.url}/manager/stock`);
      await page.waitForSelector(`[data-ingredient-id="${menu.beef.id}"]`);
      expect(await page.isVisible('#login')).toBe(false);
      await page.click('.bar a[href="/manager"]');
      await page.waitForURL(`${t.url}/manager`);
      await expect.poll(() => page.textContent('#t-placed')).toBe('0');
    },
    BROWSER_TEST_MS,
  );

  it(
    'keeps every row in its place while a finger is on the list, and re-sorts once it lifts',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      const names = async () => (await rowsOf(page)).map((row) => row.name);
      expect(await names()).toStrictEqual(['Truffle', 'Beef', 'Lemon', 'Lettuce', 'Salt']);
      const name = await rowOf(page, menu.lettuce.id).locator('.stock-name').boundingBox();
      await page.mouse.move(name!.x + 5, name!.y + 5);
      await page.mouse.down();
      // The last lemons sold: Lemon is out, and changes where it stands.
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'manager', payload: { in_stock_qty: 0 } });
      await expect.poll(() => rowOf(page, menu.lemon.id).getAttribute('data-level')).toBe('out');
      await expect.poll(() => rowOf(page, menu.lemon.id).locator('.dish-use').allTextContents()).toStrictEqual(['Lemonade · sold out']);
      expect(await names()).toStrictEqual(['Truffle', 'Beef', 'Lemon', 'Lettuce', 'Salt']);
      await page.mouse.up();
      // Re-sorted a moment after the finger lifts.
      await expect.poll(names, { timeout: WAIT_MS }).toStrictEqual(['Lemon', 'Truffle', 'Beef', 'Lettuce', 'Salt']);
    },
    BROWSER_TEST_MS,
  );

  it(
    'works from the keyboard alone: find, open a delivery, send it, and keep the focus through live updates',
    async ({ app: t, browser }) => {
      const menu = await seedStock(t);
      const page = await openStock(t, browser);
      await page.focus('#filter');
      await page.keyboard.type('beef');
      await expect.poll(async () => (await rowsOf(page)).map((row) => row.name)).toStrictEqual(['Beef']);
      await page.keyboard.press('Tab'); // + New ingredient
      await page.keyboard.press('Tab'); // Beef's + Delivery
      expect(await focusedLabel(page)).toBe('Delivery of Beef');
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement?.id')).toBe('change-amount');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(await stockInStore(t, menu.beef.id)).toBe(13);
      const focused = () => focusedLabel(page);
      await expect.poll(() => qtyOf(page, menu.beef.id)).toBe('13');
      expect(await focused()).toBe('Delivery of Beef');
      // An order rebuilds the row under the focus: the focus stays on its button.
      await placeOrder(t, [menu.steak.id]);
      await expect.poll(() => qtyOf(page, menu.beef.id)).toBe('12');
      expect(await focused()).toBe('Delivery of Beef');
      // Escape leaves a dialog without sending.
      await page.keyboard.press('Enter');
      await page.keyboard.type('99');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#change', { state: 'hidden' });
      expect(await stockInStore(t, menu.beef.id)).toBe(12);
      // A delivery of nothing is refused on the page, in words.
      await page.keyboard.press('Enter');
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      expect(await page.textContent('#change-error')).toBe('Enter the amount delivered: a number above 0.');
    },
    BROWSER_TEST_MS,
  );

  it(
    'holds 300 ingredients with 120-character, emoji and right-to-left names at 375×667, 375×812, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      const long = 'Wagyu'.padEnd(120, 'X');
      const names = [long, '🍅 Tomatoes 🍅 San Marzano 🌶️', 'زيت الزيتون البكر الممتاز', 'שמן זית כתית מעולה'];
      for (let i = names.length; i < 300; i += 1) names.push(`Ingredient ${String(i).padStart(3, '0')}`);
      const ingredients = [];
      for (const [i, name] of names.entries()) ingredients.push(await addIngredient(t, name, i % 10 === 0 ? 0 : i === 2 ? 5 : 1000));
      // Dishes with long names use the first ingredients: their rows carry many dishes each.
      for (let d = 0; d < 12; d += 1)
        await addDish(t, {
          name: `${'Slow-roasted'.padEnd(60, 'Z')}${d}`,
          station: 'hot',
          ingredients: ingredients.slice(0, 6).map((each, i) => ({ ingredient_id: each.id, is_essential: i % 2 === 0 })),
        });
      await t.inject({
        method: 'PATCH',
        url: `/ingredients/${ingredients[0]!.id}`,
        as: 'manager',
        payload: { allergens: ['cereals_gluten', 'crustaceans', 'eggs', 'fish', 'milk', 'molluscs', 'mustard', 'sesame'] },
      });
      // The brief's phone (375×667) besides the boards' three sizes.
      const page = await openStock(t, browser, { width: 375, height: 667 });
      for (const size of [{ width: 375, height: 667 }, ...SIZES]) {
        await resize(page, size);
        await expect.poll(() => page.locator('#stock-rows > li').count()).toBe(300);
        expect(await page.textContent('#stock-count')).toBe('30 out · 1 low · 300 in all');
        const layout = await pageLayout(page);
        expect({ size, ...layout }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        expect({ size, bar: await barControlsOffScreen(page) }).toStrictEqual({ size, bar: [] });
        const rows = await measure(page, '.stock-row', '.stock-name, .dish-use-name, .stock-qty');
        expect({ size, overlaps: rows.overlaps, clipped: rows.clipped, spills: rows.spills, crowded: rows.crowded }).toStrictEqual({
          size,
          overlaps: [],
          clipped: [],
          spills: [],
          crowded: [],
        });
        await keepShot(page, `stock-${size.width}x${size.height}`);
        // On the small phone too, with a three-figure count in the bar, the rows are the page.
        if (size.height === 667) {
          const whole = await page.$$eval(
            '#stock-rows > li',
            (rows, height) => rows.filter((row) => row.getBoundingClientRect().bottom <= height).length,
            size.height,
          );
          expect(whole).toBeGreaterThanOrEqual(4);
        }
        // The delivery dialog of the longest name stays on the screen, its buttons whole.
        await page.fill('#filter', 'wagyu');
        await rowOf(page, ingredients[0]!.id).locator('[data-action="restock"]').click();
        const dialog = await page.evaluate(`(() => {
          const box = document.querySelector('#change').getBoundingClientRect();
          return { left: box.left >= 0, right: box.right <= innerWidth, bottom: box.bottom <= innerHeight };
        })()`);
        expect({ size, dialog }).toStrictEqual({ size, dialog: { left: true, right: true, bottom: true } });
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await keepShot(page, `stock-delivery-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        // The edit dialog of the longest name, its eight allergens and twelve dishes.
        await rowOf(page, ingredients[0]!.id).locator('[data-action="edit"]').click();
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        expect(await page.textContent('#ingredient-help')).toMatch(/^Its 12 dishes take these allergens when you save: .+ and 9 more\./);
        await keepShot(page, `stock-edit-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        await page.click('#add-open');
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await keepShot(page, `stock-add-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        await page.fill('#filter', '');
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
