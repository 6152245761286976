// The guest's screens judged as a guest in a rush judges them, in Chromium: a 44-dish menu on a
// 375×667 phone (what the cart holds, and the way to it, without scrolling past every dish), the
// "Order it anyway" box beside its words, right-to-left dish names that keep their neighbours in
// place, and a 64-character user name that leaves the top bar on the screen.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { placeOrder } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, WAIT_MS, waitUntilLive } from './browser.js';
import { HEBREW_NAME, exactly, seedLongMenu } from './guest-content.js';
import { barControlsOffScreen } from './layout.js';

const PHONE = { width: 375, height: 667 };
const TABLET = { width: 1024, height: 768 };
const SCREEN = { width: 1280, height: 800 };

/** Opens /order with the cart and allergies a guest left in this browser. */
async function openOrder(
  browser: Browser,
  t: TestApp,
  viewport: { width: number; height: number },
  cart: [string, number][] = [],
  allergies: string[] = [],
): Promise<Page> {
  const keep = (page: Page) =>
    page.addInitScript(
      ([lines, chosen]) => (localStorage.setItem('pos.order.cart', lines!), localStorage.setItem('pos.order.allergies', chosen!)),
      [JSON.stringify(cart), JSON.stringify(allergies)],
    );
  // A phone is a touch screen (its own context, Playwright sets touch per context); a tablet here is a tab like a board's.
  let page: Page;
  if (viewport.width >= 500) page = await openBoard(browser, t, '/order', viewport, { beforeLoad: keep });
  else {
    page = await browser.newPage({ viewport, locale: 'en-US', timezoneId: 'UTC', hasTouch: true });
    page.setDefaultTimeout(WAIT_MS);
    await keep(page);
    await page.goto(`${t.url}/order`);
  }
  await waitUntilLive(page);
  return page;
}

async function signIn(page: Page, userName: string): Promise<void> {
  await page.click('#sign-in');
  await page.fill('#login input[name=user_name]', userName);
  await page.fill('#login input[name=password]', PASSWORD);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('body:not(.anonymous)');
  await waitUntilLive(page);
}

/** A box in the page, rounded to whole pixels. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
const box = (page: Page, selector: string): Promise<Box> =>
  page.locator(selector).evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) };
  });

/**
 * The boxes of `parts` (each found in the element's text after the previous one) as the screen lays
 * them out, whatever elements the text is split into.
 */
function textBoxes(page: Page, selector: string, parts: string[]): Promise<Box[]> {
  // Runs in the page (a string, since the tests are not compiled against the DOM).
  return page.evaluate(`(({ selector, parts }) => {
    const element = document.querySelector(selector);
    const nodes = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    const text = nodes.map((node) => node.data).join('');
    // The text node, and the offset in it, of the character at \`at\` in the whole text.
    const locate = (at) => {
      let start = 0;
      for (const node of nodes) {
        if (at <= start + node.data.length) return [node, at - start];
        start += node.data.length;
      }
      throw new Error('no character ' + at);
    };
    let from = 0;
    return parts.map((part) => {
      const at = text.indexOf(part, from);
      if (at < 0) throw new Error(part + ' is not in ' + text);
      from = at + part.length;
      const range = document.createRange();
      range.setStart(...locate(at));
      range.setEnd(...locate(at + part.length));
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      return {
        top: Math.round(Math.min(...rects.map((r) => r.top))),
        bottom: Math.round(Math.max(...rects.map((r) => r.bottom))),
        left: Math.round(Math.min(...rects.map((r) => r.left))),
        right: Math.round(Math.max(...rects.map((r) => r.right))),
      };
    });
  })(${JSON.stringify({ selector, parts })})`);
}

describe('the guest in a rush', () => {
  it(
    'on a phone, a bar at the foot of the 44-dish menu says what the cart holds and leads to it; beside the menu on a tablet it is not needed',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const page = await openOrder(browser, t, PHONE);
      const [first, second] = [dishes[4]!, dishes[8]!];
      await page.waitForSelector(`#menu [data-dish-id="${first.id}"] button.add:not([disabled])`);
      // The cart is below all 44 dishes: thousands of pixels from the menu's first Add button.
      expect((await box(page, '#cart')).top).toBeGreaterThan(10 * PHONE.height);
      expect(await page.isVisible('#cart-jump')).toBe(false);

      await page.tap(`#menu [data-dish-id="${first.id}"] button.add`);
      await page.tap(`#menu [data-dish-id="${first.id}"] button.add`);
      await page.tap(`#menu [data-dish-id="${second.id}"] button.add`);
      expect(await page.textContent('#cart-jump')).toBe('Your order: 3 dishes $37.50');
      // A dish sells out while in the cart: the bar says so, in amber, wherever the guest is on the menu.
      const stock = second.ingredients[0]!.ingredient_id;
      await t.inject({ method: 'PATCH', url: `/ingredients/${stock}`, as: 'chef', payload: { in_stock_qty: 0 } });
      await page.waitForSelector('#cart-jump.blocked');
      expect(await page.textContent('#cart-jump')).toBe('Your order: 3 dishes, 1 sold out $25.00');
      expect(await page.evaluate("getComputedStyle(document.querySelector('#cart-jump')).backgroundColor")).toBe('rgb(255, 176, 32)');
      await t.inject({ method: 'PATCH', url: `/ingredients/${stock}`, as: 'chef', payload: { in_stock_qty: 1000 } });
      await page.waitForSelector('#cart-jump:not(.blocked)');
      expect(await page.textContent('#cart-jump')).toBe('Your order: 3 dishes $37.50');
      // Held at the foot of the screen while the menu scrolls by, the button just tapped not under it.
      const jump = await box(page, '#cart-jump');
      expect(jump.bottom).toBeLessThanOrEqual(PHONE.height);
      expect(jump.bottom).toBeGreaterThan(PHONE.height - 30);
      expect(jump.bottom - jump.top).toBeGreaterThanOrEqual(44);
      expect(jump.top).toBeGreaterThanOrEqual((await box(page, `#menu [data-dish-id="${second.id}"] button.add`)).bottom);

      await page.tap('#cart-jump');
      // The cart's heading is on screen, under the top bar, and the cart lists what was added.
      await expect.poll(async () => (await box(page, '#cart-heading')).top).toBeLessThan(PHONE.height / 2);
      expect((await box(page, '#cart-heading')).top).toBeGreaterThanOrEqual((await box(page, '.bar')).bottom);
      expect(await page.locator('#cart-lines .cart-qty').allTextContents()).toEqual(['× 2', '× 1']);
      // At the menu's end the bar rests above the cart: Place order is never under it.
      await page.locator('#place').scrollIntoViewIfNeeded();
      const place = await box(page, '#place');
      const hit = await page.evaluate(
        `document.elementFromPoint(${(place.left + place.right) / 2}, ${(place.top + place.bottom) / 2})?.id`,
      );
      expect(hit).toBe('place');
      expect((await box(page, '#cart-jump')).bottom).toBeLessThanOrEqual((await box(page, '#cart')).top);

      // From the keyboard, every Add the focus reaches is wholly on screen, under neither bar.
      await page.evaluate('scrollTo(0, 0)');
      await page.focus('#categories a >> nth=-1');
      const hidden: string[] = [];
      for (let index = 0; index < dishes.length; index += 1) {
        await page.keyboard.press('Tab');
        hidden.push(
          ...(await page.evaluate<string[]>(`(() => {
            const add = document.activeElement;
            const r = add.getBoundingClientRect();
            const top = document.querySelector('.bar').getBoundingClientRect().bottom;
            const points = [[(r.left + r.right) / 2, r.top + 2], [(r.left + r.right) / 2, r.bottom - 2]];
            const covered = r.top < top || points.some(([x, y]) => document.elementFromPoint(x, y) !== add);
            return covered ? [add.getAttribute('aria-label')] : [];
          })()`)),
        );
      }
      expect(await page.evaluate('document.activeElement.getAttribute("aria-label")')).toBe(
        `Add ${
          [...dishes]
            .sort((a, b) => a.name.localeCompare(b.name))
            .filter((dish) => dish.category === 'Drinks')
            .at(-1)!.name
        }`,
      );
      expect(hidden).toEqual([]);

      // Taken out again, there is nothing to say.
      await page.tap(`#cart-lines [data-dish-id="${second.id}"] .qty >> nth=0`);
      expect(await page.textContent('#cart-jump')).toBe('Your order: 2 dishes $25.00');
      await page.tap(`#cart-lines [data-dish-id="${first.id}"] .qty >> nth=0`);
      await page.tap(`#cart-lines [data-dish-id="${first.id}"] .qty >> nth=0`);
      expect(await page.isVisible('#cart-jump')).toBe(false);

      const tablet = await openOrder(browser, t, TABLET, [[first.id, 2]]);
      await tablet.waitForSelector(`#cart-lines [data-dish-id="${first.id}"]`);
      expect(await tablet.isVisible('#cart')).toBe(true);
      expect(await tablet.isVisible('#cart-jump')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  // One page, loaded at the phone's size and resized: the layout is CSS by width alone (the phone's
  // touch only lets other tests tap).
  it(
    'at 375×667 and 1280×800, the "Order it anyway" box sits beside its words, like the allergy choices',
    async ({ app: t, browser }) => {
      const bun = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Sesame bun', in_stock_qty: 50, price: 1, allergens: ['sesame'] },
      });
      const burger = await t.inject({
        method: 'POST',
        url: '/dishes',
        as: 'chef',
        payload: {
          name: 'Burger',
          description: 'Burger, made to order',
          category: 'Main Course',
          station: 'hot',
          image_name: 'burger.jpg',
          preparation_time: 10,
          price: 12.5,
          ingredients: [{ ingredient_id: bun.json<{ id: string }>().id, is_essential: true }],
        },
      });
      const page = await openOrder(browser, t, PHONE, [[burger.json<{ id: string }>().id, 1]], ['sesame']);
      await page.waitForSelector('#allergy-warning:not([hidden])');
      expect(await page.textContent('#allergy-warning-text')).toBe('Burger contains sesame: you are allergic to it.');
      const label = '#allergy-warning .allergy-confirm';
      for (const size of [PHONE, SCREEN]) {
        await resize(page, size);
        const check = await box(page, `${label} input`);
        const [words] = await textBoxes(page, label, ['Order it anyway: I have checked with the staff']);
        // The box is left of its words (on one line or two), centred on them, and about a line high.
        expect({ size, beside: check.right <= words!.left }).toStrictEqual({ size, beside: true });
        expect(Math.abs((check.top + check.bottom) / 2 - (words!.top + words!.bottom) / 2)).toBeLessThanOrEqual(2);
        expect(check.bottom - check.top).toBeLessThanOrEqual(30);
        // A 44 px target, no taller than its words and padding.
        const whole = await box(page, label);
        expect(whole.bottom - whole.top).toBeGreaterThanOrEqual(44);
        expect(whole.bottom - whole.top).toBeLessThanOrEqual(Math.max(44, words!.bottom - words!.top + 16));
        // Tapping the words ticks the box, and Place order may then be pressed; tapped again, it is
        // unticked and Place order waits for it once more.
        expect(await page.isDisabled('#place')).toBe(true);
        await page.click(`${label} >> text=I have checked with the staff`);
        expect(await page.isChecked(`${label} input`)).toBe(true);
        expect(await page.isDisabled('#place')).toBe(false);
        await page.click(`${label} >> text=I have checked with the staff`);
        expect([await page.isChecked(`${label} input`), await page.isDisabled('#place')]).toStrictEqual([false, true]);
      }
    },
    BROWSER_TEST_MS,
  );

  // One page, signed in once at the phone's size and resized to the tablet's: the kitchen refuses
  // each time and nothing is ordered, so the second Place order meets the same cart.
  it(
    'at 375×667 and 1024×768, a refusal (the kitchen is full) is told beside Place order, on screen where the guest just tapped',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      // Ten-minute dishes, and the kitchen takes orders ready within 5 minutes only.
      expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { max_wait_minutes: 5 } })).statusCode).toBe(200);
      const cart: [string, number][] = [
        [dishes[4]!.id, 2],
        [dishes[5]!.id, 1],
        [dishes[6]!.id, 1],
      ];
      const page = await openOrder(browser, t, PHONE, cart);
      await signIn(page, 'patron1');
      await page.fill('#checkout input[name=table_number]', '12');
      await page.fill('#checkout textarea[name=special_requests]', 'No onions, and the sauce on the side please');
      for (const size of [PHONE, TABLET]) {
        await resize(page, size);
        await page.locator('#place').scrollIntoViewIfNeeded();
        const refused = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/orders'));
        await page.click('#place');
        expect((await refused).status()).toBe(409);
        await page.waitForSelector('#cart-problem:not(:empty)');
        expect(await page.textContent('#cart-problem')).toMatch(/^The kitchen is full right now: .* Nothing was ordered\. Try again in /);
        // The message and the button it is about are both wholly on the screen, the message above it.
        const problem = await box(page, '#cart-problem');
        const place = await box(page, '#place');
        const bar = await box(page, '.bar');
        expect({
          size,
          below: problem.top >= bar.bottom,
          above: problem.bottom <= place.top,
          onScreen: place.bottom <= size.height,
        }).toStrictEqual({
          size,
          below: true,
          above: true,
          onScreen: true,
        });
      }
      expect(await t.store.collection('orders').find([])).toStrictEqual([]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a phone, a 2000-character description keeps to four lines with its price and Add in view; More opens it all, and it stays open through live updates',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const ingredient = await t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        payload: { name: 'Burrata', in_stock_qty: 50, price: 1 },
      });
      const story = exactly('Creamy burrata from Puglia, tomatoes from three farms, basil pressed this morning. ', 1989) + ' LAST WORDS';
      const response = await t.inject({
        method: 'POST',
        url: '/dishes',
        as: 'chef',
        payload: {
          name: 'Aaa burrata',
          description: story,
          category: 'Appetizer',
          station: 'cold',
          image_name: 'burrata.jpg',
          preparation_time: 5,
          price: 12.5,
          ingredients: [{ ingredient_id: ingredient.json<{ id: string }>().id, is_essential: true }],
        },
      });
      expect(response.statusCode).toBe(201);
      const burrata = response.json<{ id: string }>().id;
      const page = await openOrder(browser, t, PHONE);
      const card = `#menu [data-dish-id="${burrata}"]`;
      await page.waitForSelector(`${card} .dish-more`);
      // Four lines of the story, then More; the price and Add on the first screen.
      const read = () =>
        page.evaluate(`(() => {
          const card = document.querySelector('${card}');
          const text = card.querySelector('.dish-description');
          const more = card.querySelector('.dish-more');
          return {
            lines: Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight)),
            cut: text.scrollHeight > text.clientHeight + 1,
            more: more && more.textContent + ' ' + more.getAttribute('aria-expanded') + ' ' + more.getAttribute('aria-label'),
            addBottom: Math.round(card.querySelector('button.add').getBoundingClientRect().bottom),
          };
        })()`);
      const closed = await read();
      expect(closed).toMatchObject({ lines: 4, cut: true, more: 'More false More about Aaa burrata' });
      expect((closed as { addBottom: number }).addBottom).toBeLessThanOrEqual(PHONE.height);
      // A short description has no More.
      expect(await page.locator(`#menu [data-dish-id="${dishes[4]!.id}"] .dish-more`).count()).toBe(0);

      await page.focus(`${card} .dish-more`);
      await page.keyboard.press('Enter');
      expect(await read()).toMatchObject({ cut: false, more: 'Less true Less about Aaa burrata' });
      expect(await page.evaluate('document.activeElement.className')).toBe('dish-more');
      expect(await page.textContent(`${card} .dish-description`)).toBe(story);
      // Another dish sells out: the menu is drawn again, and the story stays open.
      const other = dishes[8]!;
      await t.inject({
        method: 'PATCH',
        url: `/ingredients/${other.ingredients[0]!.ingredient_id}`,
        as: 'chef',
        payload: { in_stock_qty: 0 },
      });
      await page.waitForSelector(`#menu [data-dish-id="${other.id}"][data-available="false"]`);
      expect(await read()).toMatchObject({ cut: false, more: 'Less true Less about Aaa burrata' });
      await page.keyboard.press('Enter');
      expect(await read()).toMatchObject({ lines: 4, cut: true, more: 'More false More about Aaa burrata' });
    },
    BROWSER_TEST_MS,
  );

  it(
    "My orders holds a regular's 30 newest orders and says how many older ones it leaves out, a new one joining live on top",
    async ({ app: t, browser }) => {
      const [dish] = await seedLongMenu(t);
      const placed = [];
      for (let n = 1; n <= 33; n += 1) placed.push(await placeOrder(t, [dish!.id], 'patron', { name: `Visit${n}` }));
      const page = await openOrder(browser, t, PHONE);
      await signIn(page, 'patron1');
      const shown = () => page.$$eval('#orders > li', (items) => items.map((item) => item.getAttribute('data-order-id')));
      await expect.poll(shown).toStrictEqual(
        placed
          .slice(3)
          .reverse()
          .map((order) => order.id),
      );
      expect(await page.textContent('#orders-older')).toBe('Your 30 newest orders; 3 older ones are not shown.');

      const newest = await placeOrder(t, [dish!.id], 'patron', { name: 'Visit34' });
      await expect.poll(shown).toStrictEqual([newest, ...placed.slice(4).reverse()].map((order) => order.id));
      expect(await page.textContent('#orders-older')).toBe('Your 30 newest orders; 4 older ones are not shown.');
    },
    BROWSER_TEST_MS,
  );

  it(
    'a right-to-left name inside a sentence is isolated (FSI … PDI), so digits or names after it keep their places; a Latin name goes in as it is',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const [hebrew, x] = [dishes[1]!, dishes[3]!];
      for (const dish of [hebrew, x])
        expect(
          (
            await t.inject({
              method: 'PATCH',
              url: `/ingredients/${dish.ingredients[0]!.ingredient_id}`,
              as: 'chef',
              payload: { in_stock_qty: 0 },
            })
          ).statusCode,
        ).toBe(200);
      const page = await openOrder(browser, t, PHONE, [
        [hebrew.id, 1],
        [x.id, 2],
      ]);
      await expect
        .poll(() => page.textContent('#cart-problem'))
        .toBe(`Sold out: \u2068${HEBREW_NAME}\u2069, X. Take them out of your order to place it.`);
    },
    BROWSER_TEST_MS,
  );

  it(
    'a cart reaches the 100 dishes one order takes: Add and + wait, the cart says why, and one over is never sent',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const [a, b] = [dishes[4]!, dishes[5]!];
      const page = await openOrder(browser, t, TABLET, [[a.id, 98]]);
      await signIn(page, 'patron1');
      const addA = `#menu [data-dish-id="${a.id}"] button.add`;
      await page.click(addA);
      await page.click(`#menu [data-dish-id="${b.id}"] button.add`);
      const state = () =>
        page.evaluate(`({
          problem: document.querySelector('#cart-problem').textContent,
          addsEnabled: document.querySelectorAll('#menu button.add:not(:disabled)').length,
          moreEnabled: document.querySelectorAll('#cart-lines button.qty[aria-label^="One more"]:not(:disabled)').length,
          place: !document.querySelector('#place').disabled,
        })`);
      expect(await state()).toEqual({
        problem: 'That is 100 dishes, the most one order takes: place it, then start another.',
        addsEnabled: 0,
        moreEnabled: 0,
        place: true,
      });
      await page.click(`#cart-lines [aria-label^="One less"] >> nth=0`);
      expect(await state()).toEqual({ problem: '', addsEnabled: 44, moreEnabled: 2, place: true });

      // A cart kept from before with 103 dishes: said in the guest's words, and nothing sent.
      const over = await openOrder(browser, t, TABLET, [
        [a.id, 100],
        [b.id, 3],
      ]);
      await signIn(over, 'patron1');
      expect(await over.textContent('#cart-problem')).toBe('An order takes at most 100 dishes: take 3 out to place it.');
      expect(await over.isDisabled('#place')).toBe(true);
      await over.locator('#checkout').evaluate((form) => (form as unknown as { requestSubmit(): void }).requestSubmit());
      // Nothing started: a checkout is stored (with its key) before anything is sent.
      expect(await over.evaluate("localStorage.getItem('pos.order.pending')")).toBeNull();
      expect(await over.textContent('#checkout-status')).toBe('');
    },
    BROWSER_TEST_MS,
  );

  it(
    'Cancel order asks first on a phone: Escape or "Keep my order" keeps it, "Cancel the order" deletes it',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const order = await placeOrder(t, [dishes[4]!.id], 'patron', { name: 'Sam', table_number: 4 });
      const page = await openOrder(browser, t, PHONE);
      await signIn(page, 'patron1');
      const cancel = `#orders [data-order-id="${order.id}"] button.cancel`;
      const stored = async () => (await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).statusCode;
      const dialog = '#cancel-confirm';

      await page.tap(cancel);
      expect(await page.isVisible(dialog)).toBe(true);
      expect(await page.textContent(`${dialog} .confirm-text`)).toBe('Cancel the order for Sam (Table 4)? Nothing of it will be made.');
      // The safe choice has the focus; the dialog and its buttons fit the phone, 44 px targets.
      expect(await page.evaluate('document.activeElement.textContent')).toBe('Keep my order');
      const shown = await box(page, dialog);
      expect(shown.left).toBeGreaterThanOrEqual(0);
      expect(shown.right).toBeLessThanOrEqual(PHONE.width);
      for (const button of await page.locator(`${dialog} button`).all()) {
        const size = (await button.boundingBox())!;
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
      }
      await page.keyboard.press('Escape');
      expect(await page.isVisible(dialog)).toBe(false);
      await page.tap(cancel);
      await page.tap(`${dialog} button[value="keep"]`);
      expect(await page.isVisible(dialog)).toBe(false);
      expect(await stored()).toBe(200);
      expect(await page.locator('#orders .order').count()).toBe(1);

      await page.tap(cancel);
      await page.tap(`${dialog} button[value="cancel"]`);
      await page.locator(`#orders [data-order-id="${order.id}"]`).waitFor({ state: 'detached' });
      expect(await stored()).toBe(404);

      // A 120-character name without a break wraps inside the dialog, which stays on the phone.
      const longName = exactly('Wolfeschlegelsteinhausenbergerdorff', 120);
      const long = await placeOrder(t, [dishes[4]!.id], 'patron', { name: longName, table_number: null });
      await page.tap(`#orders [data-order-id="${long.id}"] button.cancel`);
      expect(await page.textContent(`${dialog} .confirm-text`)).toBe(
        `Cancel the order for ${longName} (Takeaway)? Nothing of it will be made.`,
      );
      const wide = await box(page, dialog);
      const [text] = await textBoxes(page, `${dialog} .confirm-text`, [longName]);
      expect([wide.left >= 0, wide.right <= PHONE.width, text!.right <= wide.right]).toEqual([true, true, true]);
      await page.keyboard.press('Escape');
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a phone, the categories above the 44-dish menu lead to each one, by tap or keyboard, its heading under the top bar',
    async ({ app: t, browser }) => {
      await seedLongMenu(t);
      const page = await openOrder(browser, t, PHONE);
      await page.waitForSelector('#menu .category >> nth=3');
      expect(await page.locator('#categories a').allTextContents()).toEqual(['Appetizers', 'Main courses', 'Desserts', 'Drinks']);
      for (const link of await page.locator('#categories a').all()) {
        const size = (await link.boundingBox())!;
        expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
      }
      // Just under the top bar, the heading wholly in view: where the guest asked to go.
      const arrived = async (category: string) => {
        const heading = await box(page, `#menu .category[data-category="${category}"] h2`);
        const bar = await box(page, '.bar');
        return heading.top >= bar.bottom && heading.top <= bar.bottom + 30;
      };
      await page.tap('#categories a >> text=Drinks');
      await expect.poll(() => arrived('Drinks')).toBe(true);
      await page.evaluate('scrollTo(0, 0)');
      await page.focus('#categories a >> text=Desserts');
      await page.keyboard.press('Enter');
      await expect.poll(() => arrived('Dessert')).toBe(true);
      // The keyboard goes on from there: the next Tab reaches the first dessert's Add.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(`document.activeElement.closest('.category')?.dataset.category + ' ' + document.activeElement.className`),
      ).toBe('Dessert add');
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a phone, Find a dish narrows the 44-dish menu as the guest types, whatever the case or accents, and keeps the typing through live updates',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const page = await openOrder(browser, t, PHONE);
      await page.waitForSelector('#menu .category >> nth=3');
      const shown = () =>
        page.evaluate<{ dishes: string[]; categories: string[]; none: string | null }>(`({
          dishes: [...document.querySelectorAll('#menu .dish .dish-title')].map((title) => title.textContent),
          categories: [...document.querySelectorAll('#categories a')].map((link) => link.textContent),
          none: document.querySelector('#no-match').hidden ? null : document.querySelector('#no-match').textContent,
        })`);
      expect(await page.getByLabel('Find a dish').count()).toBe(1);
      await page.getByLabel('Find a dish').pressSequentially('OMAKASE');
      expect(await shown()).toEqual({ dishes: ['🍣🍜 Omakase platter 🔥'], categories: ['Desserts'], none: null });
      await page.fill('#search', 'חומוס');
      expect(await shown()).toEqual({ dishes: [HEBREW_NAME], categories: ['Main courses'], none: null });
      // Accents and case aside: "Dish 5 slow-roasted" is found as "dísh 5 SLOW".
      await page.fill('#search', 'dísh 5 SLOW');
      expect((await shown()).dishes).toEqual([dishes[5]!.name]);
      // A dish sells out while the guest types: the menu is drawn again, the search and focus stay.
      await t.inject({
        method: 'PATCH',
        url: `/ingredients/${dishes[5]!.ingredients[0]!.ingredient_id}`,
        as: 'chef',
        payload: { in_stock_qty: 0 },
      });
      await page.waitForSelector(`#menu [data-dish-id="${dishes[5]!.id}"][data-available="false"]`);
      expect((await shown()).dishes).toEqual([dishes[5]!.name]);
      expect(await page.evaluate('document.activeElement.id')).toBe('search');
      await page.keyboard.type('zzz');
      expect(await shown()).toEqual({ dishes: [], categories: [], none: 'No dish matches “dísh 5 SLOWzzz”.' });
      await page.fill('#search', '');
      expect((await shown()).dishes).toHaveLength(44);
      expect(await page.isHidden('#no-match')).toBe(true);
    },
    BROWSER_TEST_MS,
  );

  it(
    'a right-to-left (Hebrew) dish name in My orders keeps its count in front of it and leaves the next dish and its count in place',
    async ({ app: t, browser }) => {
      const dishes = await seedLongMenu(t);
      const hebrew = dishes.find((dish) => dish.name === HEBREW_NAME)!;
      const x = dishes.find((dish) => dish.name === 'X')!;
      await placeOrder(t, [hebrew.id, hebrew.id, x.id, x.id], 'patron', { name: 'Sam', table_number: 4 });
      const page = await openOrder(browser, t, PHONE);
      await signIn(page, 'patron1');
      const summary = '#orders .order-dishes';
      await page.waitForSelector(summary);
      const [countA, name, comma, countX, nameX] = await textBoxes(page, summary, ['2', HEBREW_NAME, ',', '2', 'X']);
      // Read left to right: "2 × <Hebrew name>, 2 × X" on one line, the Hebrew words right to left inside their own box.
      expect(countA!.right).toBeLessThanOrEqual(name!.left);
      expect(comma!.left).toBeGreaterThanOrEqual(name!.right - 1);
      expect(countX!.left).toBeGreaterThanOrEqual(comma!.right);
      expect(nameX!.left).toBeGreaterThan(countX!.right);
      expect(nameX!.left - countX!.right).toBeLessThan(30);
      expect(new Set([countA, name, comma, countX, nameX].map((part) => part!.top)).size).toBe(1);
    },
    BROWSER_TEST_MS,
  );

  it(
    'on a phone, the top bar keeps its one line when the link drops to "Reconnecting…", signed in or out: the page does not jump under the finger',
    async ({ app: t, browser }) => {
      await seedLongMenu(t);
      const page = await openOrder(browser, t, PHONE);
      const height = async () => {
        const bar = await box(page, '.bar');
        return bar.bottom - bar.top;
      };
      const line = await height();
      const heights = async () => {
        const live = await height();
        await page.context().setOffline(true);
        await page.waitForSelector('#link[data-state="reconnecting"]');
        const down = await height();
        expect(await barControlsOffScreen(page)).toEqual([]);
        // No stray letters of the name beside the link's state: it comes back with the link.
        expect(await page.evaluate("getComputedStyle(document.querySelector('#who')).visibility")).toBe('hidden');
        await page.context().setOffline(false);
        await waitUntilLive(page);
        return [live, down];
      };
      expect(await heights()).toEqual([line, line]);
      await signIn(page, 'patron1');
      expect(await page.isVisible('#who')).toBe(true);
      expect(await heights()).toEqual([line, line]);
      // The name shows whole while the link is live and there is room for it.
      expect(
        await page.evaluate("(() => { const who = document.querySelector('#who'); return who.scrollWidth <= who.clientWidth; })()"),
      ).toBe(true);
    },
    BROWSER_TEST_MS,
  );

  it(
    'a 64-character user name is cut short in the top bar of a phone: nothing wider than the screen, Sign out on it, one line',
    async ({ app: t, browser }) => {
      await seedLongMenu(t);
      const userName = exactly('Wolfeschlegelsteinhausenbergerdorff', 64);
      const created = await t.inject({
        method: 'POST',
        url: '/users',
        as: null,
        payload: { user_name: userName, email: 'w@example.com', password: PASSWORD, role: 'patron' },
      });
      expect(created.statusCode).toBe(201);
      const page = await openOrder(browser, t, PHONE);
      const signedOutBar = await box(page, '.bar');
      await signIn(page, userName);
      expect(await page.textContent('#who')).toBe(userName);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(PHONE.width);
      expect(await barControlsOffScreen(page)).toEqual([]);
      const bar = await box(page, '.bar');
      expect(bar.bottom - bar.top).toBe(signedOutBar.bottom - signedOutBar.top);
      const who = await box(page, '#who');
      expect(who.right).toBeLessThanOrEqual((await box(page, '#sign-out')).left);
      expect(await page.evaluate("getComputedStyle(document.querySelector('#who')).textOverflow")).toBe('ellipsis');
    },
    BROWSER_TEST_MS,
  );
});
