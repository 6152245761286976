// The station's strip tells the cooks the pace the quotes use: "cooking at 1.2× the menu, 3 cooks".
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import { seedMenu } from '../helpers/menu.js';
import { BROWSER_TEST_MS, openBoard, signIn, WAIT_MS } from './browser.js';
import { keepShot } from './layout.js';

describe('KDS pace line', () => {
  it(
    "shows the menu's times for a kitchen with no history, and tonight's cooks once staffed",
    async ({ app: t, browser }) => {
      await seedMenu(t);
      const staffing = { staffing: { hot: 3 } };
      expect((await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: staffing })).statusCode).toBe(200);
      const hot = await openBoard(browser, t, '/kds/hot');
      await signIn(hot, 'chef');
      // Signed in through the board's own form, the line is there at once, not at the next minute's ask.
      await hot.locator('#pace', { hasText: 'cooking at' }).waitFor({ timeout: WAIT_MS });
      expect(await hot.textContent('#pace')).toBe("cooking at the menu's times, 3 cooks");
      for (const width of [375, 1024, 1280]) {
        await hot.setViewportSize({ width, height: 800 });
        await keepShot(hot, `pace-kds-${width}`);
      }
    },
    BROWSER_TEST_MS,
  );
});
