// The menu editor's options of a dish, in a real browser: a manager gives the steak a required
// doneness (minutes added for well done) and a group of changes tied to its ingredients (no salt,
// cheaper; extra beef, dearer), saved as the API's modifier_groups and shown again when reopened;
// a group without a name is refused before anything is sent; and the dialog holding ten groups of
// 60-character names stays whole at 375, 1024 and 1280 px.
import { describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { it } from './fixtures.js';
import type { TestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, resize, signIn } from './browser.js';
import { keepShot, pageLayout, SIZES } from './layout.js';

async function editDish(t: TestApp, browser: Browser, dishId: string, size?: { width: number; height: number }): Promise<Page> {
  const page = await openBoard(browser, t, '/manager/menu', size);
  await signIn(page, 'manager');
  await page.locator(`#dish-sections [data-dish-id="${dishId}"] [data-action="edit"]`).click();
  await page.waitForSelector('#dish[open]');
  return page;
}

const group = (page: Page, index: number) => page.locator('#modifiers .modifier-group').nth(index);
const option = (page: Page, groupIndex: number, index: number) => group(page, groupIndex).locator('.modifier-option').nth(index);

async function fillOption(page: Page, g: number, o: number, name: string, price: string, minutes: string, ingredient = '') {
  await option(page, g, o).locator('[name="option-name"]').fill(name);
  await option(page, g, o).locator('[name="option-price"]').fill(price);
  await option(page, g, o).locator('[name="option-minutes"]').fill(minutes);
  await option(page, g, o).locator('[name="option-ingredient"]').selectOption(ingredient);
}

describe("the menu editor's dish options", () => {
  it(
    'gives the steak a required doneness and changes tied to its ingredients, saved as modifier_groups and shown again',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const page = await editDish(t, browser, menu.steak.id);
      expect(await page.textContent('#modifiers .modifiers-none')).toBe('No options: guests order the dish as it is.');

      // A group without a name is refused in words; nothing is sent.
      await page.click('#modifiers .modifier-add-group');
      await page.click('#dish-send');
      expect(await page.textContent('#dish-error')).toBe('Give every option group a name.');

      await group(page, 0).locator('[name="group-name"]').fill('Doneness');
      await group(page, 0).locator('[name="group-min"]').fill('1');
      await group(page, 0).locator('[name="group-max"]').fill('1');
      await fillOption(page, 0, 0, 'Rare', '0', '-3');
      await group(page, 0).locator('.modifier-add-option').click();
      await fillOption(page, 0, 1, 'Well done', '0', '4');
      await page.click('#modifiers .modifier-add-group');
      await group(page, 1).locator('[name="group-name"]').fill('Changes');
      await group(page, 1).locator('[name="group-max"]').fill('2');
      await fillOption(page, 1, 0, 'No salt', '-0.5', '0', `remove:${menu.salt.id}`);
      await group(page, 1).locator('.modifier-add-option').click();
      await fillOption(page, 1, 1, 'Extra beef', '3', '2', `add:${menu.beef.id}`);
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });

      const stored = await t.store.collection('dishes').get(menu.steak.id);
      const anId = expect.stringMatching(/^[0-9a-f]{24}$/);
      expect(stored?.modifier_groups).toStrictEqual([
        {
          id: anId,
          name: 'Doneness',
          min: 1,
          max: 1,
          options: [
            { id: anId, name: 'Rare', price_delta: 0, minutes_delta: -3 },
            { id: anId, name: 'Well done', price_delta: 0, minutes_delta: 4 },
          ],
        },
        {
          id: anId,
          name: 'Changes',
          min: 0,
          max: 2,
          options: [
            { id: anId, name: 'No salt', price_delta: -0.5, minutes_delta: 0, ingredient_id: menu.salt.id, action: 'remove' },
            { id: anId, name: 'Extra beef', price_delta: 3, minutes_delta: 2, ingredient_id: menu.beef.id, action: 'add' },
          ],
        },
      ]);

      // Reopened, the dialog shows them; saved unchanged, nothing is sent and the ids stay.
      await page.locator(`#dish-sections [data-dish-id="${menu.steak.id}"] [data-action="edit"]`).click();
      await page.waitForSelector('#dish[open]');
      expect(
        await page
          .locator('#modifiers [name="group-name"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value)),
      ).toEqual(['Doneness', 'Changes']);
      expect(await option(page, 1, 0).locator('[name="option-ingredient"]').inputValue()).toBe(`remove:${menu.salt.id}`);
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      expect((await t.store.collection('dishes').get(menu.steak.id))?.updated_at).toBe(stored!.updated_at);

      // A group taken away goes with the next save.
      await page.locator(`#dish-sections [data-dish-id="${menu.steak.id}"] [data-action="edit"]`).click();
      await group(page, 1).locator('.modifier-group-head .modifier-remove').click();
      await page.click('#dish-send');
      await page.waitForSelector('#dish', { state: 'hidden' });
      const after = await t.store.collection('dishes').get(menu.steak.id);
      expect(after?.modifier_groups?.map((each) => [each.id, each.name])).toStrictEqual([[stored!.modifier_groups![0]!.id, 'Doneness']]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'holds ten groups of 60-character names and options at 375, 1024 and 1280 px',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t);
      const sixty = (text: string) => text.padEnd(60, '.').slice(0, 60);
      const groups = Array.from({ length: 10 }, (_, g) => ({
        name: sixty(`Group ${g + 1}: how the guest would like the steak prepared`),
        min: g === 0 ? 1 : 0,
        max: 3,
        options: [
          {
            name: sixty('No caramelised red onions, pickled shallots or salt at all'),
            price_delta: -0.5,
            ingredient_id: menu.salt.id,
            action: 'remove',
          },
          {
            name: sixty('Extra dry-aged beef from the Black Forest, medium rare'),
            price_delta: 12.75,
            minutes_delta: 5,
            ingredient_id: menu.beef.id,
            action: 'add',
          },
          { name: 'Well done', minutes_delta: 4 },
        ],
      }));
      const saved = await t.inject({
        method: 'PATCH',
        url: `/dishes/${menu.steak.id}`,
        as: 'manager',
        payload: { modifier_groups: groups },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The dialog opened once on a small phone, then seen at every size (the screen turned or resized).
      const sizes = [{ width: 375, height: 667 }, ...SIZES];
      const page = await editDish(t, browser, menu.steak.id, sizes[0]);
      for (const size of sizes) {
        await resize(page, size);
        expect(await page.locator('#modifiers .modifier-option').count()).toBe(30);
        const dialog = await page.evaluate(`(() => {
          const box = document.querySelector('#dish').getBoundingClientRect();
          return { left: box.left >= 0, right: box.right <= innerWidth, bottom: box.bottom <= innerHeight };
        })()`);
        expect({ size, dialog }).toStrictEqual({ size, dialog: { left: true, right: true, bottom: true } });
        // Every field and button of an option lies inside its group's box, none over another.
        const spills = await page.evaluate(`(() => {
          const out = [];
          for (const group of document.querySelectorAll('#modifiers .modifier-group')) {
            const box = group.getBoundingClientRect();
            const parts = [...group.querySelectorAll('input, select, button')].map((el) => [el, el.getBoundingClientRect()]);
            for (const [el, r] of parts) {
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5) out.push('spills: ' + el.name + ' ' + el.textContent);
              if (r.height < 44 - 0.5) out.push('small: ' + (el.name || el.textContent));
            }
            for (const [a, ra] of parts)
              for (const [b, rb] of parts)
                if (a !== b && ra.left < rb.right - 0.5 && rb.left < ra.right - 0.5 && ra.top < rb.bottom - 0.5 && rb.top < ra.bottom - 0.5)
                  out.push('overlap: ' + (a.name || a.textContent) + ' / ' + (b.name || b.textContent));
          }
          return out;
        })()`);
        expect({ size, spills }).toStrictEqual({ size, spills: [] });
        expect({ size, ...(await pageLayout(page)) }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        await page.locator('#modifiers').scrollIntoViewIfNeeded();
        await keepShot(page, `dish-options-${size.width}x${size.height}`);
      }
    },
    BROWSER_TEST_MS,
  );
});
