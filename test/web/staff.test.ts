// The manager's staff page (/manager/staff) in a real browser: the accounts as the API pages them
// (staff first, guests behind a filter), a new staff account with the server's password rule and a
// taken name said plainly, a role change, a new password, a lifted sign-in lock, a deletion after
// the confirmation (also of the manager's own account), managers only; laid out at 375, 1024 and 1280.
import { describe, expect } from 'vitest';
import { it } from './fixtures.js';
import type { Browser, Page } from 'playwright-core';
import { PASSWORD, type TestApp } from '../helpers/app.js';
import { Passwords } from '../../domain/accounts/passwords.js';
import type { Role } from '../../models/user.js';
import { BROWSER_TEST_MS, openBoard, resize } from './browser.js';
import { barControlsOffScreen, keepShot, pageLayout } from './layout.js';

const SIZES = [
  { width: 375, height: 667 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];
/** 64 characters without a break: the longest user name the API takes. */
const LONG_NAME = `Kitchen${'W'.repeat(57)}`;
const LONG_EMAIL = `${'a'.repeat(110)}@example.com`;
const RTL_NAME = 'שף_ראשי_דני';
const EMOJI_NAME = 'Chef🔥Ana🌶️';

let hash: Promise<string> | undefined;
/** Accounts written straight to the store, as POST /users writes them, signing in with PASSWORD. */
async function addUsers(t: TestApp, users: { user_name: string; role: Role; email?: string }[]) {
  hash ??= new Passwords(4).hash(PASSWORD);
  const password_hash = await hash;
  for (const { user_name, role, email } of users)
    await t.store.collection('users').insert({ user_name, role, email: email ?? `${user_name.length}x@example.com`, password_hash });
}

async function signInAs(page: Page, userName: string, password = PASSWORD) {
  await page.fill('#login input[name=user_name]', userName);
  await page.fill('#login input[name=password]', password);
  await page.click('#login button[type=submit]');
}

/** Each shown row: name (and "you"), email, role. */
const rows = (page: Page) =>
  page.$$eval('#accounts li', (items) =>
    items.map((item) =>
      [
        item.querySelector('.account-who')?.textContent,
        item.querySelector('.account-email')?.textContent,
        item.querySelector('.role')?.textContent,
      ].join(' | '),
    ),
  );

const storedUser = async (t: TestApp, userName: string) =>
  (await t.store.collection('users').find([{ field: 'user_name', op: 'eq', value: userName }]))[0];

const login = (t: TestApp, userName: string, password: string) =>
  t.inject({ method: 'POST', url: '/auth/token', as: null, payload: { grant_type: 'password', user_name: userName, password } });

async function openStaff(browser: Browser, t: TestApp, size = { width: 1280, height: 800 }, userName = 'manager1'): Promise<Page> {
  const page = await openBoard(browser, t, '/manager/staff', size);
  await signInAs(page, userName);
  await page.waitForSelector('#accounts li');
  return page;
}

async function openAccount(page: Page, userName: string) {
  await page.locator('#accounts li', { hasText: userName }).locator('button').click();
  await page.waitForSelector('#account[open]');
  expect(await page.textContent('#account-name')).toBe(userName);
}

describe("the manager's staff page", () => {
  it(
    'lists the staff first by role, keeps guests behind a filter, finds by name and pages 300 guests 30 at a time',
    async ({ app: t, browser }) => {
      await addUsers(t, [
        { user_name: LONG_NAME, role: 'chef', email: LONG_EMAIL },
        { user_name: RTL_NAME, role: 'expeditor' },
        { user_name: EMOJI_NAME, role: 'manager' },
        ...Array.from({ length: 300 }, (_, i) => ({ user_name: `guest${String(i).padStart(3, '0')}`, role: 'patron' as const })),
      ]);
      const page = await openStaff(browser, t);
      // chef, expeditor, manager; in a role the oldest first (the seeded <role>1 before the added).
      expect(await rows(page)).toStrictEqual([
        'chef1 | chef1@example.com | Chef',
        `${LONG_NAME} | ${LONG_EMAIL} | Chef`,
        'expeditor1 | expeditor1@example.com | Expeditor',
        `${RTL_NAME} | 11x@example.com | Expeditor`,
        'manager1you | manager1@example.com | Manager',
        `${EMOJI_NAME} | ${EMOJI_NAME.length}x@example.com | Manager`,
      ]);
      expect(await page.textContent('#staff-count')).toBe('6 staff · 301 guests');
      expect(await page.isVisible('.pager')).toBe(false);

      await page.fill('#find', 'CHEF');
      await expect
        .poll(() => rows(page))
        .toStrictEqual(['chef1 | chef1@example.com | Chef', `${EMOJI_NAME} | ${EMOJI_NAME.length}x@example.com | Manager`]);
      await page.fill('#find', 'nobody');
      await expect.poll(() => page.textContent('#accounts-none')).toBe('No staff account has a user name containing “nobody”.');
      expect(await page.isVisible('#accounts-none')).toBe(true);

      await page.fill('#find', '');
      await page.selectOption('#show', 'patron');
      await expect.poll(() => page.textContent('#page-text')).toBe('1–30 of 301');
      expect((await rows(page))[0]).toBe('guest000 | 8x@example.com | Guest');
      expect(await page.isDisabled('#prev')).toBe(true);
      await page.click('#next');
      await expect.poll(() => page.textContent('#page-text')).toBe('31–60 of 301');
      expect((await rows(page))[0]).toBe('guest030 | 8x@example.com | Guest');
      for (let from = 61; from <= 301; from += 30) {
        await page.click('#next');
        await expect.poll(() => page.textContent('#page-text')).toBe(`${from}–${Math.min(from + 29, 301)} of 301`);
      }
      await expect.poll(() => page.textContent('#page-text')).toBe('301–301 of 301');
      expect(await rows(page)).toStrictEqual(['patron1 | patron1@example.com | Guest']);
      expect(await page.isDisabled('#next')).toBe(true);
    },
    BROWSER_TEST_MS,
  );

  it(
    'creates a staff account; shows the password rule before typing; says a taken name and a weak password plainly',
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      await page.click('#new-account summary');
      // The rule in the server's own words (models/user.ts), shown before anything is typed.
      await expect
        .poll(() => page.textContent('#new-password-rules'))
        .toBe('At least 8 characters, with an uppercase letter, a lowercase letter, a digit and one of @ $ ! % * ? &.');

      await page.fill('#new-form input[name=user_name]', 'NewCook');
      await page.fill('#new-form input[name=email]', 'new.cook@example.com');
      await page.selectOption('#new-form select[name=role]', 'chef');
      await page.fill('#new-form input[name=password]', 'weakpassword');
      await page.click('#new-form button[type=submit]');
      await expect
        .poll(() => page.textContent('#new-error'))
        .toBe('Password must contain an uppercase letter, a lowercase letter, a digit and one of @$!%*?&.');
      expect(await storedUser(t, 'NewCook')).toBeUndefined();

      await page.fill('#new-form input[name=password]', 'Grill@Night7');
      await page.click('#new-form button[type=submit]');
      // The new account is found in the list, the form emptied for the next.
      await expect.poll(() => rows(page)).toStrictEqual(['NewCook | new.cook@example.com | Chef']);
      expect(await page.textContent('#notice')).toBe('Chef account “NewCook” created: they sign in with it and that password.');
      expect(await page.inputValue('#new-form input[name=user_name]')).toBe('');
      expect(await page.textContent('#new-error')).toBe('');
      expect(await storedUser(t, 'NewCook')).toMatchObject({ role: 'chef', email: 'new.cook@example.com' });
      // A name is typed in any case at sign-in.
      expect((await login(t, 'newcook', 'Grill@Night7')).statusCode).toBe(201);

      await page.fill('#new-form input[name=user_name]', 'NEWCOOK');
      await page.fill('#new-form input[name=email]', 'other@example.com');
      await page.fill('#new-form input[name=password]', 'Grill@Night8');
      await page.click('#new-form button[type=submit]');
      await expect
        .poll(() => page.textContent('#new-error'))
        .toBe(
          'The user name “NEWCOOK” is taken: user names are the same whatever their case, and the chef account “NewCook” has it. Choose another one.',
        );
      expect(await t.store.collection('users').find([{ field: 'email', op: 'eq', value: 'other@example.com' }])).toStrictEqual([]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'changes a role, sets a new password (signing that person out), lifts a sign-in lock, deletes after confirming; a second screen follows',
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      const other = await openStaff(browser, t, { width: 1024, height: 768 });

      await openAccount(page, 'chef1');
      expect(await page.textContent('#account-about')).toBe('Chef · chef1@example.com');
      await page.selectOption('#role-form select', 'expeditor');
      await page.click('#role-form button[type=submit]');
      await expect.poll(() => page.textContent('#account-done')).toBe('chef1 is now expeditor: it counts at once, on every screen.');
      expect((await storedUser(t, 'chef1'))?.role).toBe('expeditor');
      expect(await page.textContent('#account-about')).toBe('Expeditor · chef1@example.com');
      // The second screen reads the list again when the tablet comes back to it.
      await other.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
      await expect.poll(() => rows(other)).toContain('chef1 | chef1@example.com | Expeditor');

      // A new password: the old one and the old refresh token stop working.
      const before = (await login(t, 'chef1', PASSWORD)).json<{ refresh_token: string }>();
      expect(await page.textContent('#password-note')).toBe(
        'This signs chef1 out on every device (within 15 minutes): they sign in again with the new password.',
      );
      await page.fill('#password-form input[name=password]', 'Fresh@Start9');
      await page.click('#password-form button[type=submit]');
      await expect
        .poll(() => page.textContent('#account-done'))
        .toBe('New password set for chef1: they are signed out everywhere and sign in with it.');
      expect((await login(t, 'chef1', PASSWORD)).statusCode).toBe(401);
      expect((await login(t, 'chef1', 'Fresh@Start9')).statusCode).toBe(201);
      const refreshed = await t.inject({
        method: 'POST',
        url: '/auth/refresh-token',
        as: null,
        payload: { refresh_token: before.refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);

      // Locked after five wrong passwords; unlocked from the page.
      for (let i = 0; i < 5; i += 1) expect((await login(t, 'chef1', 'Wrong@Pass1')).statusCode).toBe(401);
      expect((await login(t, 'chef1', 'Fresh@Start9')).statusCode).toBe(429);
      await page.click('#unlock');
      await expect.poll(() => page.textContent('#account-done')).toBe('chef1 may sign in again now (their failed attempts are forgotten).');
      expect((await login(t, 'chef1', 'Fresh@Start9')).statusCode).toBe(201);

      // Deleting asks first; keeping it changes nothing.
      await page.click('#delete');
      await page.waitForSelector('#account-confirm[open]');
      expect(await page.textContent('#confirm-text')).toBe(
        'Delete the expeditor account “chef1”? They are signed out at once and can no longer sign in. This cannot be undone.',
      );
      await page.keyboard.press('Enter'); // the focused answer: Keep it
      await page.waitForSelector('#account-confirm', { state: 'hidden' });
      expect(await storedUser(t, 'chef1')).toBeDefined();
      await page.click('#delete');
      await page.click('#confirm-go');
      await expect.poll(() => page.textContent('#notice')).toBe('The account “chef1” is deleted: it can no longer sign in.');
      expect(await page.isVisible('#account')).toBe(false);
      expect(await storedUser(t, 'chef1')).toBeUndefined();
      expect(await rows(page)).not.toContain('chef1 | chef1@example.com | Expeditor');

      // On the second screen the deleted account, opened before it heard, says so and leaves the list.
      await openAccount(other, 'chef1');
      await other.click('#unlock');
      await expect.poll(() => other.textContent('#notice')).toBe('This account no longer exists: it was deleted on another screen.');
      expect(await other.isVisible('#account')).toBe(false);
      await expect.poll(() => rows(other)).not.toContain('chef1 | chef1@example.com | Expeditor');
    },
    2 * BROWSER_TEST_MS,
  );

  it(
    "follows the contract for a manager's own account: a new password keeps this tablet in; deleting it signs out, warned when it is the last manager",
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      await openAccount(page, 'manager1');
      expect(await page.textContent('#account-about')).toBe('Manager · manager1@example.com · this is you');
      await page.fill('#password-form input[name=password]', 'Office@Key42');
      await page.click('#password-form button[type=submit]');
      await expect.poll(() => page.textContent('#account-done')).toBe('Your password is changed: every other device asks for it again.');
      expect((await login(t, 'manager1', 'Office@Key42')).statusCode).toBe(201);
      expect(await page.isVisible('#login')).toBe(false);

      await page.click('#delete');
      await page.waitForSelector('#account-confirm[open]');
      expect(await page.textContent('#confirm-text')).toBe(
        'Delete your own account “manager1”? You are signed out at once and cannot sign in with it again. ' +
          'It is the only manager account: nobody can open this page afterwards until a manager is made on the server (npm run reset-admin).',
      );
      await page.click('#confirm-go');
      await page.waitForSelector('#login', { state: 'visible' });
      expect(await page.textContent('#login-error')).toBe('Your account “manager1” is deleted: sign in with another manager account.');
      expect(await storedUser(t, 'manager1')).toBeUndefined();
    },
    BROWSER_TEST_MS,
  );

  it(
    'a manager who makes themselves a chef is told, after confirming, that the page is no longer theirs',
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      await openAccount(page, 'manager1');
      await page.selectOption('#role-form select', 'chef');
      await page.click('#role-form button[type=submit]');
      await page.waitForSelector('#account-confirm[open]');
      expect(await page.textContent('#confirm-text')).toBe(
        'Make yourself chef? You lose this page at once: another manager can give it back.',
      );
      await page.click('.confirm-stay');
      await page.waitForSelector('#account-confirm', { state: 'hidden' });
      expect((await storedUser(t, 'manager1'))?.role).toBe('manager');
      await page.click('#role-form button[type=submit]');
      await page.click('#confirm-go');
      await page.waitForSelector('#login', { state: 'visible' });
      expect(await page.textContent('#login-error')).toBe('You are now chef: this page is for managers.');
      expect((await storedUser(t, 'manager1'))?.role).toBe('chef');
    },
    BROWSER_TEST_MS,
  );

  it(
    'a new account whose answer was lost is sent again with the same Idempotency-Key: created once, not refused as taken',
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      const keys: string[] = [];
      let lose = true;
      await page.route('**/users', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        // The server creates the account; the tablet never hears back.
        if (lose) {
          lose = false;
          await route.fetch();
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await page.click('#new-account summary');
      await page.fill('#new-form input[name=user_name]', 'Dishwasher');
      await page.fill('#new-form input[name=email]', 'dish@example.com');
      await page.selectOption('#new-form select[name=role]', 'chef');
      await page.fill('#new-form input[name=password]', 'Soap@Suds11');
      await page.click('#new-form button[type=submit]');
      await expect
        .poll(() => page.textContent('#new-error'))
        .toBe(
          'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi. Then try again: the same change is made only once.',
        );
      expect(await storedUser(t, 'Dishwasher')).toMatchObject({ role: 'chef' });
      await page.click('#new-form button[type=submit]');
      await expect.poll(() => rows(page)).toStrictEqual(['Dishwasher | dish@example.com | Chef']);
      expect(await page.textContent('#new-error')).toBe('');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
      expect(await t.store.collection('users').find([{ field: 'email', op: 'eq', value: 'dish@example.com' }])).toHaveLength(1);
    },
    BROWSER_TEST_MS,
  );

  it(
    'a manager made a chef elsewhere while the page is open is refused in plain words, and nothing changes',
    async ({ app: t, browser }) => {
      const page = await openStaff(browser, t);
      await openAccount(page, 'expeditor1');
      await t.store.collection('users').update(t.userIds.manager, { set: { role: 'chef' } });
      await page.selectOption('#role-form select', 'manager');
      await page.click('#role-form button[type=submit]');
      await expect
        .poll(() => page.textContent('#account-error'))
        .toBe("Your account is no longer a manager's: sign in with a manager account to manage staff.");
      expect((await storedUser(t, 'expeditor1'))?.role).toBe('expeditor');
    },
    BROWSER_TEST_MS,
  );

  it(
    'is for managers only: a chef or a guest is refused at sign-in',
    async ({ app: t, browser }) => {
      const page = await openBoard(browser, t, '/manager/staff');
      for (const who of ['chef1', 'patron1']) {
        await signInAs(page, who);
        await expect.poll(() => page.textContent('#login-error')).toBe('This page is for managers: sign in with a manager account.');
        await page.evaluate("document.querySelector('#login-error').textContent = ''");
      }
      expect(await page.isVisible('#accounts')).toBe(false);
    },
    BROWSER_TEST_MS,
  );

  it(
    'fits a phone, a tablet and a screen with long, emoji and right-to-left names, the account open too; works from the keyboard',
    async ({ app: t, browser }) => {
      await addUsers(t, [
        { user_name: LONG_NAME, role: 'chef', email: LONG_EMAIL },
        { user_name: RTL_NAME, role: 'expeditor' },
        { user_name: EMOJI_NAME, role: 'manager' },
        ...Array.from({ length: 40 }, (_, i) => ({ user_name: `${'Cook'.repeat(15)}${i}`, role: 'chef' as const, email: LONG_EMAIL })),
      ]);
      // One page, signed in once, checked at each size and then from the keyboard (it ends at 1280×800).
      const page = await openStaff(browser, t, SIZES[0]);
      for (const size of SIZES) {
        await resize(page, size);
        await page.click('#new-account summary');
        const layout = await pageLayout(page);
        expect({ size, ...layout }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        expect({ size, offScreen: await barControlsOffScreen(page) }).toStrictEqual({ size, offScreen: [] });
        await keepShot(page, `staff-${size.width}x${size.height}`);

        await openAccount(page, LONG_NAME);
        const open = await pageLayout(page);
        expect({ size, ...open }).toStrictEqual({ size, overflow: 0, offScreen: [], smallTargets: [] });
        // The dialog fits the screen: its far edge and its name within it.
        const box = await page.$eval('#account', (dialog) => dialog.getBoundingClientRect().toJSON());
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(size.width);
        await keepShot(page, `staff-account-${size.width}x${size.height}`);
        await page.keyboard.press('Escape');
        await page.waitForSelector('#account', { state: 'hidden' });
        // The new-account form folded again, as the page opens.
        await page.click('#new-account summary');
        expect(await page.getAttribute('#new-account', 'open')).toBe(null);
      }

      // Keyboard only: Tab to the first account, Enter opens it, Escape closes it.
      await page.focus('#show');
      await page.keyboard.press('Tab');
      expect(await page.evaluate("document.activeElement?.closest('li')?.querySelector('.account-user')?.textContent")).toBe('chef1');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#account[open]');
      expect(await page.textContent('#account-name')).toBe('chef1');
      // Typed and sent from the keyboard: a new password, then Escape back to the row.
      await page.focus('#password-form input[name=password]');
      await page.keyboard.type('Keys@Only77');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.textContent('#account-done'))
        .toBe('New password set for chef1: they are signed out everywhere and sign in with it.');
      expect((await login(t, 'chef1', 'Keys@Only77')).statusCode).toBe(201);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#account', { state: 'hidden' });
      expect(await page.evaluate("document.activeElement?.closest('li')?.querySelector('.account-user')?.textContent")).toBe('chef1');
    },
    3 * BROWSER_TEST_MS,
  );
});
