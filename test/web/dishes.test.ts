// The menu editor (/manager/menu) in a real browser: every dish by category with its station, price,
// minutes, availability as the server counts it and the allergens derived from its recipe; a new
// dish with its recipe picked from the ingredients, a dish changed and deleted (refused in plain
// words while an unfinished order holds it), other tablets' changes arriving live; who may use it;
// the keyboard alone; and the layout at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page, Route } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { addDish, addIngredient, placeOrder, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn, waitUntilLive } from './browser.js';
import { barControlsOffScreen, keepShot, measure, pageLayout, SIZES } from './layout.js';

/** Each section as the page shows it: its heading and its dishes. */
const menuOf = (page: Page) =>
  page.$$eval('#dish-sections > section', (sections) =>
    sections.map((section) => ({
      heading: section.querySelector('h2')?.textContent,
      dishes: [...section.querySelectorAll('.dish-row')].map((row) => ({
        name: row.querySelector('.dish-name')?.textContent,
        state: row.querySelector('.dish-state')?.textContent,
        facts: row.querySelector('.dish-facts')?.textContent,
        recipe: [...row.querySelectorAll('.dish-recipe li')].map((li) => li.textContent),
        allergens: row.querySelector('.dish-allergens')?.textContent,
      })),
    })),
  );
const names = async (page: Page) => (await menuOf(page)).flatMap((section) => section.dishes.map((dish) => dish.name));
const rowOf = (page: Page, id: string) => page.locator(`#dish-sections [data-dish-id="${id}"]`);
const focusedLabel = (page: Page) => page.evaluate<string | null>("document.activeElement?.getAttribute('aria-label') ?? null");
const dishInStore = (t: TestApp, id: string) => t.store.collection('dishes').get(id);

async function openMenu(t: TestApp, browser: Browser, size?: { width: number; height: number }, role: 'manager' | 'chef' = 'manager') {
  const page = await openBoard(browser, t, '/manager/menu', size);
  await signIn(page, role);
  await page.waitForSelector('.dish-row');
  return page;
}

/** seedMenu's menu with Beef low (8 steaks left), milk in the Lettuce, and Truffle Fries sold out. */
async function seedDishes(t: TestApp) {
  const menu = await seedMenu(t, 20);
  await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'manager', payload: { in_stock_qty: 8 } });
  await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lettuce.id}`, as: 'manager', payload: { allergens: ['milk', 'eggs'] } });
  const truffle = await addIngredient(t, 'Truffle', 0);
  const fries = await addDish(t, {
    name: 'Truffle Fries',
    station: 'hot',
    category: 'Appetizer',
    price: 9,
    ingredients: [
      { ingredient_id: truffle.id, is_essential: true },
      { ingredient_id: menu.salt.id, is_essential: false },
    ],
  });
  return { ...menu, truffle, fries };
}

describe('menu editor', () => {
  it(
    'lists every dish by category with station, price, minutes, availability and allergens, and filters',
    async ({ app: t, browser }) => {
      await seedDishes(t);
      const page = await openMenu(t, browser);
      expect(await menuOf(page)).toStrictEqual([
        {
          heading: 'Appetizers',
          dishes: [
            {
              name: 'Green Salad',
              state: 'Available',
              facts: 'Cold$12.5010 min',
              recipe: ['Lettuce', 'Salt (optional)'],
              allergens: 'Allergens: eggs, milk',
            },
            {
              name: 'Truffle Fries',
              state: 'Sold out',
              facts: 'Hot$9.0010 min',
              recipe: ['Truffle', 'Salt (optional)'],
              allergens: 'No allergens',
            },
          ],
        },
        {
          heading: 'Main courses',
          dishes: [
            { name: 'Steak', state: '8 left', facts: 'Hot$12.5025 min', recipe: ['Beef', 'Salt (optional)'], allergens: 'No allergens' },
          ],
        },
        {
          heading: 'Drinks',
          dishes: [{ name: 'Lemonade', state: 'Available', facts: 'Beverages$12.503 min', recipe: ['Lemon'], allergens: 'No allergens' }],
        },
      ]);
      expect(await page.textContent('#dish-count')).toBe('4 dishes · 1 sold out');
      const jumps = () => page.$$eval('#dish-jump a', (links) => links.map((a) => a.textContent));
      expect(await jumps()).toStrictEqual(['Appetizers', 'Main courses', 'Drinks']);
      await page.fill('#filter', 'SALT');
      expect(await names(page)).toStrictEqual(['Green Salad', 'Truffle Fries', 'Steak']);
      await page.fill('#filter', 'lem');
      expect(await names(page)).toStrictEqual(['Lemonade']);
      expect(await jumps()).toStrictEqual(['Drinks']);
      await page.fill('#filter', 'hot');
      expect(await names(page)).toStrictEqual(['Truffle Fries', 'Steak']);
      await page.fill('#filter', 'caviar');
      expect(await names(page)).toStrictEqual([]);
      expect(await page.textContent('#dishes-none')).toBe('No dish matches “caviar”.');
    },
    BROWSER_TEST_MS,
  );

  it(
    'adds a new dish with its recipe once when its answer is lost and the tap is sent again, and another tablet sees it live',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openMenu(t, browser);
      const other = await openMenu(t, browser, undefined, 'chef');
      const sent: { key: string | undefined; status: number; replayed: string | undefined }[] = [];
      let cut = true;
      await page.route('**/dishes', async (route: Route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        sent.push({
          key: route.request().headers()['idempotency-key'],
          status: response.status(),
          replayed: response.headers()['idempotent-replayed'],
        });
        if (cut) {
          cut = false;
          return route.abort('connectionreset');
        }
        return route.fulfill({ response });
      });
      await page.click('#new-dish');
      expect(await page.textContent('#dish-title')).toBe('New dish');
      // The categories and stations are the server's, from its OpenAPI document.
      await expect
        .poll(() => page.$$eval('select[name=category] option', (options) => options.map((o) => o.value)))
        .toStrictEqual(['Appetizer', 'Main Course', 'Dessert', 'Drinks']);
      await expect.poll(() => page.getAttribute('input[name=name]', 'maxlength')).toBe('120');
      await page.fill('input[name=name]', 'Caesar Salad');
      await page.fill('textarea[name=description]', 'Romaine, croutons, parmesan');
      await page.selectOption('select[name=category]', 'Appetizer');
      await page.selectOption('select[name=station]', 'cold');
      await page.fill('input[name=price]', '11.5');
      await page.fill('input[name=preparation_time]', '8');
      await page.fill('input[name=image_name]', 'caesar');
      // No ingredient yet: refused on the page, in words.
      await page.click('#dish-send');
      expect(await page.textContent('#dish-error')).toBe('Add at least one ingredient to the recipe.');
      expect(sent).toHaveLength(0);
      await page.fill('#recipe-find', 'lett');
      expect(await page.$$eval('#recipe-pick .recipe-add', (buttons) => buttons.map((b) => b.textContent))).toStrictEqual(['+ Lettuce']);
      await page.click('#recipe-pick .recipe-add');
      await page.fill('#recipe-find', 'sa');
      await page.click(`#recipe-pick [data-ingredient-id="${menu.salt.id}"]`);
      await page.uncheck(`#recipe-rows [data-ingredient-id="${menu.salt.id}"] input[type=checkbox]`);
      await page.click('#dish-send');
      await expect
        .poll(() => page.textContent('#dish-error'))
        .toBe(
          'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi. Tap again to send it: it still counts once.',
        );
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(sent).toHaveLength(2);
      expect(sent[0]).toMatchObject({ status: 201, replayed: undefined });
      expect(sent[1]).toMatchObject({ key: sent[0]!.key, status: 201, replayed: 'true' });
      const stored = (await t.store.collection('dishes').find([])).filter((dish) => dish.name === 'Caesar Salad');
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        description: 'Romaine, croutons, parmesan',
        category: 'Appetizer',
        station: 'cold',
        price: 11.5,
        preparation_time: 8,
        image_name: 'caesar',
        ingredients: [
          { ingredient_id: menu.lettuce.id, is_essential: true },
          { ingredient_id: menu.salt.id, is_essential: false },
        ],
      });
      expect(await page.textContent('#notice')).toBe('Caesar Salad is on the menu.');
      const caesar = {
        name: 'Caesar Salad',
        state: 'Available',
        facts: 'Cold$11.508 min',
        recipe: ['Lettuce', 'Salt (optional)'],
        allergens: 'Allergens: eggs, milk',
      };
      for (const each of [page, other]) await expect.poll(async () => (await menuOf(each))[0]?.dishes[0]).toStrictEqual(caesar);
    },
    BROWSER_TEST_MS,
  );

  it(
    'changes a dish with only the fields that changed, and another tablet and availability flips show at once',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openMenu(t, browser);
      const other = await openMenu(t, browser);
      const bodies: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH') bodies.push(request.postData() ?? '');
      });
      await rowOf(page, menu.steak.id).locator('[data-action="edit"]').click();
      expect(await page.textContent('#dish-title')).toBe('Change Steak');
      expect(await page.inputValue('input[name=price]')).toBe('12.5');
      expect(await page.inputValue('select[name=station]')).toBe('hot');
      await page.fill('input[name=price]', '24');
      // Lettuce joins the recipe, not essential; Salt leaves it.
      await page.click(`#recipe-rows [data-ingredient-id="${menu.salt.id}"] .recipe-remove`);
      await page.fill('#recipe-find', 'lettuce');
      await page.keyboard.press('Enter');
      await page.uncheck(`#recipe-rows [data-ingredient-id="${menu.lettuce.id}"] input[type=checkbox]`);
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(bodies.map((body) => JSON.parse(body))).toStrictEqual([
        {
          price: 24,
          ingredients: [
            { ingredient_id: menu.beef.id, is_essential: true },
            { ingredient_id: menu.lettuce.id, is_essential: false },
          ],
        },
      ]);
      expect(await dishInStore(t, menu.steak.id)).toMatchObject({ name: 'Steak', price: 24, preparation_time: 25 });
      const steak = {
        name: 'Steak',
        state: '8 left',
        facts: 'Hot$24.0025 min',
        recipe: ['Beef', 'Lettuce (optional)'],
        allergens: 'Allergens: eggs, milk',
      };
      for (const each of [page, other]) await expect.poll(async () => (await menuOf(each))[1]?.dishes[0]).toStrictEqual(steak);
      expect(await page.textContent('#notice')).toBe('Steak saved.');
      // Saved again unchanged: nothing is sent.
      await rowOf(page, menu.steak.id).locator('[data-action="edit"]').click();
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(bodies).toHaveLength(1);
      expect(await page.textContent('#notice')).toBe('Steak: nothing changed.');
      // Another tablet changes the minutes while this form is open on the name: each change stands.
      await rowOf(page, menu.steak.id).locator('[data-action="edit"]').click();
      await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: { preparation_time: 30 } });
      await expect.poll(() => rowOf(page, menu.steak.id).locator('.dish-time').textContent()).toBe('30 min');
      await page.fill('input[name=name]', 'Sirloin Steak');
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(JSON.parse(bodies[1]!)).toStrictEqual({ name: 'Sirloin Steak' });
      expect(await dishInStore(t, menu.steak.id)).toMatchObject({ name: 'Sirloin Steak', price: 24, preparation_time: 30 });
      // The beef runs out elsewhere: the steak is sold out on both tablets; a delivery brings it back.
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'manager', payload: { in_stock_qty: 0 } });
      for (const each of [page, other])
        await expect.poll(() => rowOf(each, menu.steak.id).locator('.dish-state').textContent()).toBe('Sold out');
      expect(await page.textContent('#dish-count')).toBe('4 dishes · 2 sold out');
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.beef.id}`, as: 'manager', payload: { in_stock_delta: 30 } });
      await expect.poll(() => rowOf(other, menu.steak.id).locator('.dish-state').textContent()).toBe('Available');
      // A dish renamed through the API on another device arrives too.
      await t.inject({ method: 'PATCH', url: `/dishes/${menu.lemonade.id}`, as: 'chef', payload: { name: 'Pink Lemonade' } });
      await expect.poll(() => rowOf(page, menu.lemonade.id).locator('.dish-name').textContent()).toBe('Pink Lemonade');
    },
    BROWSER_TEST_MS,
  );

  it(
    'deletes a dish after confirming, and says in plain words why not while an unfinished order holds it',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openMenu(t, browser);
      const other = await openMenu(t, browser);
      const order = await placeOrder(t, [menu.lemonade.id]);
      await rowOf(page, menu.lemonade.id).locator('[data-action="delete"]').click();
      expect(await page.textContent('#remove-text')).toBe('Delete Lemonade? It leaves the menu for good; orders already served keep it.');
      // Keep it: nothing is sent.
      await page.click('#remove-form button[value=keep]');
      await page.waitForSelector('#remove', { state: 'hidden' });
      expect(await dishInStore(t, menu.lemonade.id)).toBeTruthy();
      await rowOf(page, menu.lemonade.id).locator('[data-action="delete"]').click();
      await page.click('#remove-send');
      await expect
        .poll(() => page.textContent('#remove-error'))
        .toBe(
          'Not deleted: Lemonade is in orders the kitchen has not finished. Delete it once they are served. ' +
            `The server says: The dish is in unfinished orders (${order.id}); finish or delete them first.`,
        );
      expect(await dishInStore(t, menu.lemonade.id)).toBeTruthy();
      await t.inject({ method: 'DELETE', url: `/orders/${order.id}`, as: 'manager' });
      await page.click('#remove-send');
      await page.waitForSelector('#remove', { state: 'hidden' });
      expect(await dishInStore(t, menu.lemonade.id)).toBeFalsy();
      expect(await page.textContent('#notice')).toBe('Lemonade deleted from the menu.');
      for (const each of [page, other]) {
        await expect.poll(() => names(each)).toStrictEqual(['Green Salad', 'Truffle Fries', 'Steak']);
        expect(await each.textContent('#dish-count')).toBe('3 dishes · 1 sold out');
      }
    },
    BROWSER_TEST_MS,
  );

  it(
    'takes out of an open recipe an ingredient deleted on another screen, and says so, keeping the rest',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const saffron = await addIngredient(t, 'Saffron', 3);
      const page = await openMenu(t, browser);
      await page.click('#new-dish');
      for (const name of ['saff', 'lemon']) {
        await page.fill('#recipe-find', name);
        await page.keyboard.press('Enter');
      }
      const recipe = () => page.$$eval('#recipe-rows .recipe-name', (names) => names.map((n) => n.textContent));
      expect(await recipe()).toStrictEqual(['Saffron', 'Lemon']);
      await page.focus(`#recipe-rows [data-ingredient-id="${menu.lemon.id}"] input[type=checkbox]`);
      // A dish selling out elsewhere redraws nothing in the open form: the focus stays.
      await t.inject({ method: 'PATCH', url: `/ingredients/${menu.lemon.id}`, as: 'manager', payload: { in_stock_qty: 0 } });
      await expect.poll(() => rowOf(page, menu.lemonade.id).locator('.dish-state').textContent()).toBe('Sold out');
      expect(await focusedLabel(page)).toBe('Lemon is essential');
      const deleted = await t.inject({ method: 'DELETE', url: `/ingredients/${saffron.id}`, as: 'chef' });
      expect(deleted.statusCode).toBe(204);
      await expect.poll(recipe).toStrictEqual(['Lemon']);
      expect(await page.textContent('#dish-error')).toBe('An ingredient of the recipe was deleted on another screen: it is taken out.');
      const picker = await page.$$eval('#recipe-pick .recipe-add', (buttons) => buttons.map((b) => b.textContent));
      expect(picker).not.toContain('+ Saffron');
    },
    BROWSER_TEST_MS,
  );

  it(
    'sends nothing while the live link is down, says so, and sends the same change once it is back',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openMenu(t, browser);
      const patches: string[] = [];
      page.on('request', (request) => void (request.method() === 'PATCH' && patches.push(new URL(request.url()).pathname)));
      // The tablet's Wi-Fi goes: the live link drops (the heartbeat's case, traffic silently dropped, is test/web/network.test.ts).
      await page.context().setOffline(true);
      await page.waitForSelector('#link:not([data-state="live"])');
      expect(await page.textContent('#stale')).toMatch(
        /^No connection since \d\d:\d\d:\d\d [AP]M: this menu may be out of date, and taps are not sent\./,
      );
      await rowOf(page, menu.steak.id).locator('[data-action="edit"]').click();
      await page.fill('input[name=price]', '19');
      await page.click('#dish-send');
      expect(await page.textContent('#dish-error')).toBe(
        'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi, then tap again.',
      );
      expect(patches).toEqual([]);
      await page.context().setOffline(false);
      await waitUntilLive(page);
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(await dishInStore(t, menu.steak.id)).toMatchObject({ price: 19 });
      expect(patches).toEqual([`/dishes/${menu.steak.id}`]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'is for managers and chefs: others are refused at sign-in in plain words; a chef has no report link',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openBoard(browser, t, '/manager/menu');
      expect(await page.isVisible('#login')).toBe(true);
      expect(await page.isVisible('#dish-sections')).toBe(false);
      for (const user of ['patron1', 'expeditor1']) {
        await page.fill('#login input[name=user_name]', user);
        await page.fill('#login input[name=password]', PASSWORD);
        await page.click('#login button[type=submit]');
        await expect
          .poll(() => page.textContent('#login-error'))
          .toBe('This page is for managers and chefs (who may change the menu): sign in with one of those accounts.');
        await page.evaluate("document.querySelector('#login-error').textContent = ''");
      }
      await signIn(page, 'chef');
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"]`);
      expect(await page.isVisible('#to-report')).toBe(false);
      expect(await page.isVisible('.bar a[href="/manager/stock"]')).toBe(true);
    },
    BROWSER_TEST_MS,
  );

  it(
    "is one tap from the report's and the stock page's top bars, still signed in",
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      await page.click('.bar a[href="/manager/menu"]');
      await page.waitForURL(`${t.url}/manager/menu`);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"]`);
      expect(await page.isVisible('#login')).toBe(false);
      await page.click('.bar a[href="/manager/stock"]');
      await page.waitForURL(`${t.url}/manager/stock`);
      await page.click('.bar a[href="/manager/menu"]');
      await page.waitForURL(`${t.url}/manager/menu`);
      await page.waitForSelector(`[data-dish-id="${menu.steak.id}"]`);
    },
    BROWSER_TEST_MS,
  );

  it(
    'works from the keyboard alone: find, edit, pick an ingredient, save, and keep the focus through live updates',
    async ({ app: t, browser }) => {
      const menu = await seedDishes(t);
      const page = await openMenu(t, browser);
      await page.focus('#filter');
      await page.keyboard.type('steak');
      await expect.poll(() => names(page)).toStrictEqual(['Steak']);
      await page.keyboard.press('Tab'); // + New dish
      await page.keyboard.press('Tab'); // the link to Main courses
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Main courses');
      await page.keyboard.press('Tab'); // Steak's Edit
      expect(await focusedLabel(page)).toBe('Edit Steak');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate('document.activeElement?.name')).toBe('name');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('Ribeye');
      await page.focus('#recipe-find');
      await page.keyboard.type('lemon');
      await page.keyboard.press('Enter');
      expect(await page.$$eval('#recipe-rows .recipe-name', (names) => names.map((n) => n.textContent))).toStrictEqual([
        'Beef',
        'Salt',
        'Lemon',
      ]);
      await page.focus('input[name=price]');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(await dishInStore(t, menu.steak.id)).toMatchObject({ name: 'Ribeye' });
      expect((await dishInStore(t, menu.steak.id))?.ingredients).toHaveLength(3);
      await page.fill('#filter', '');
      await page.focus(`[data-dish-id="${menu.steak.id}"] [data-action="edit"]`);
      // A live change redraws the row under the focus: the focus stays on its button.
      await t.inject({ method: 'PATCH', url: `/dishes/${menu.steak.id}`, as: 'chef', payload: { price: 30 } });
      await expect.poll(() => rowOf(page, menu.steak.id).locator('.dish-price').textContent()).toBe('$30.00');
      expect(await focusedLabel(page)).toBe('Edit Ribeye');
      // Escape leaves the dialog without sending.
      await page.keyboard.press('Enter');
      await page.keyboard.type('X');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect(await dishInStore(t, menu.steak.id)).toMatchObject({ name: 'Ribeye' });
      expect(await focusedLabel(page)).toBe('Edit Ribeye');
    },
    BROWSER_TEST_MS,
  );

  it(
    'holds 300 dishes with 120-character, emoji and right-to-left names at 375×667, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      const long = 'Wagyu'.padEnd(120, 'X');
      const ingredientNames = [long, '🍅 Tomatoes 🍅 San Marzano 🌶️', 'زيت الزيتون البكر الممتاز', 'שמן זית כתית מעולה'];
      const ingredients = [];
      for (const [i, name] of ingredientNames.entries()) ingredients.push(await addIngredient(t, name, i === 1 ? 0 : i === 2 ? 5 : 1000));
      await t.inject({
        method: 'PATCH',
        url: `/ingredients/${ingredients[0]!.id}`,
        as: 'manager',
        payload: { allergens: ['cereals_gluten', 'crustaceans', 'eggs', 'fish', 'milk', 'molluscs', 'mustard', 'sesame'] },
      });
      const dishNames = ['Burger'.padEnd(120, 'Q'), '🍕 Pizza Margherita 🍕 🔥', 'شاورما دجاج مع الثوم', 'שקשוקה חריפה'];
      const categories = ['Appetizer', 'Main Course', 'Dessert', 'Drinks'] as const;
      const stations = ['cold', 'hot', 'beverages'] as const;
      for (let i = dishNames.length; i < 300; i += 1) dishNames.push(`Dish ${String(i).padStart(3, '0')}`);
      for (const [i, name] of dishNames.entries())
        await addDish(t, {
          name,
          station: stations[i % 3]!,
          category: categories[i % 4]!,
          price: 1234.5,
          ingredients: ingredients.slice(0, i < 4 ? 4 : 1 + (i % 4)).map((each, n) => ({ ingredient_id: each.id, is_essential: n !== 3 })),
        });
      const page = await openMenu(t, browser, { width: 375, height: 667 });
      for (const size of [{ width: 375, height: 667 }, ...SIZES]) {
        // The same page at each size, from the top of the full list.
        await resize(page, size);
        await expect.poll(() => page.locator('.dish-row').count()).toBe(300);
        const layout = await pageLayout(page);
        expect({ size, ...layout }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        expect({ size, bar: await barControlsOffScreen(page) }).toStrictEqual({ size, bar: [] });
        const rows = await measure(page, '.dish-row', '.dish-name, .dish-recipe li, .dish-price');
        expect({ size, overlaps: rows.overlaps, clipped: rows.clipped, spills: rows.spills, crowded: rows.crowded }).toStrictEqual({
          size,
          overlaps: [],
          clipped: [],
          spills: [],
          crowded: [],
        });
        await keepShot(page, `dishes-${size.width}x${size.height}`);
        // A category link brings its heading into view below the sticky top bar.
        await page.click('#dish-jump a[href="#category-drinks"]');
        await expect
          .poll(() =>
            page.evaluate(`(() => {
              const bar = document.querySelector('.bar').getBoundingClientRect().bottom;
              const top = document.querySelector('#category-drinks h2').getBoundingClientRect().top;
              return top >= bar && top < innerHeight;
            })()`),
          )
          .toBe(true);
        // The dialog of the longest name stays on the screen, its buttons whole.
        await page.fill('#filter', 'burger');
        await page.locator('.dish-row [data-action="edit"]').first().click();
        const dialog = await page.evaluate(`(() => {
          const box = document.querySelector('#dish').getBoundingClientRect();
          return { left: box.left >= 0, right: box.right <= innerWidth, bottom: box.bottom <= innerHeight };
        })()`);
        expect({ size, dialog }).toStrictEqual({ size, dialog: { left: true, right: true, bottom: true } });
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await keepShot(page, `dishes-edit-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        await page.locator('.dish-row [data-action="delete"]').first().click();
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await keepShot(page, `dishes-delete-${size.width}x${size.height}`);
        // A new dish's recipe picker: the long names wrap inside it, every button whole.
        await page.keyboard.press('Escape');
        await page.click('#new-dish');
        await page.click(`#recipe-pick [data-ingredient-id="${ingredients[0]!.id}"]`);
        await page.click(`#recipe-pick [data-ingredient-id="${ingredients[3]!.id}"]`);
        await page.locator('#recipe-pick').scrollIntoViewIfNeeded();
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await keepShot(page, `dishes-new-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        await page.fill('#filter', '');
      }
    },
    3 * BROWSER_TEST_MS,
  );
});
