// The manager's page shows the kitchen's pace: per station the pace in use and tonight's cooks
// (settings.staffing, set here), and per dish its menu minutes against what it really takes.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { addDish, cookedOnHotLine, seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn, WAIT_MS } from './browser.js';
import { keepShot, SIZES } from './layout.js';

const LONG_DISH = 'Slow-braised beef cheek with a very long name that wraps on a phone';

describe("the manager's kitchen pace", () => {
  it(
    'shows each dish at the menu and as really cooked, and sets tonight’s cooks per station',
    async ({ app: t, browser }) => {
      const menu = await seedMenu(t, 50);
      await addDish(t, {
        name: LONG_DISH,
        station: 'hot',
        preparation_time: 40,
        ingredients: [{ ingredient_id: menu.beef.id, is_essential: true }],
      });
      // Five steaks (25 menu minutes) each cooked in 30: the hot line at 1.14, the steak itself at 29 minutes.
      await cookedOnHotLine(t, menu.steak.id, 5, 30);
      const page = await openBoard(browser, t, '/manager');
      await signIn(page, 'manager');
      const steakRow = page.locator(`#pace-dishes tr[data-dish-id="${menu.steak.id}"] td`);
      await steakRow.first().waitFor({ timeout: WAIT_MS });
      expect(await steakRow.allTextContents()).toStrictEqual(['Steak', 'Hot', '25', '29']);
      expect(await page.locator('#pace-stations tr[data-station="hot"] td').nth(1).textContent()).toBe('1.14× the menu · 5 tickets');
      const hotCooks = page.locator('input[name="cooks-hot"]');
      expect([await hotCooks.inputValue(), await hotCooks.getAttribute('placeholder')]).toStrictEqual(['', '1 as learned']);

      await hotCooks.fill('3');
      await page.click('#pace-form button[type=submit]');
      await expect
        .poll(async () => (await t.inject({ method: 'GET', url: '/settings', as: 'manager' })).json().staffing)
        .toStrictEqual({
          cold: null,
          hot: 3,
          beverages: null,
        });
      expect((await t.inject({ method: 'GET', url: '/stations/hot/pace', as: 'manager' })).json().cooks).toBe(3);
      await expect.poll(() => hotCooks.inputValue()).toBe('3');

      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.locator('#pace-dishes').scrollIntoViewIfNeeded();
        await keepShot(page, `manager-pace-${size.width}x${size.height}`);
        const panel = await page.$eval('section[aria-labelledby="h-pace"]', (section) => ({
          overflow: section.scrollWidth - section.clientWidth,
          small: [...section.querySelectorAll('input, button')]
            .map((control) => control.getBoundingClientRect())
            .filter((box) => box.width < 44 || box.height < 44).length,
        }));
        expect({ size, ...panel }).toStrictEqual({ size, overflow: 0, small: 0 });
      }
    },
    BROWSER_TEST_MS,
  );
});
