// What the boards say when something goes wrong: plain words with what to do, never "Failed to
// fetch" or an HTTP code, in the screen's language. lib/errors.js runs in the page, as the boards use it.
// The English texts only read: one app for the file (fileApp); the restaurant language is set on an app of its own.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { BROWSER_TEST_MS, openBoard } from './browser.js';
import { it } from './fixtures.js';

/** Runs `body` in the page with lib/errors.js imported as `errors`. */
const inPage = <T>(page: Page, body: string): Promise<T> =>
  page.evaluate(`import('/boards/js/lib/errors.js').then((errors) => { ${body} })`) as Promise<T>;

describe('board error texts', () => {
  it(
    'says each refusal plainly, with the wait from Retry-After',
    async ({ fileApp: t, browser }) => {
      const page = await openBoard(browser, t, '/');
      const texts = await inPage<string[]>(
        page,
        `const { problemText, waitText, boardText } = errors;
      return [
        problemText(409, { detail: 'The hot ticket cannot move from Ready to Ready' }, null),
        problemText(404, {}, null),
        problemText(403, {}, null),
        problemText(401, {}, null),
        problemText(412, {}, null),
        problemText(503, {}, '5'),
        problemText(429, {}, '45'),
        problemText(429, {}, '840'),
        problemText(400, { detail: 'Invalid body. priority must be <= 5.' }, null),
        [waitText(89), waitText(90), waitText(900)].join(' | '),
        // An API error as lib/api.js throws it: the server's detail in the message, Retry-After in seconds.
        boardText(Object.assign(new Error('Order x has no cold ticket'), { status: 404, retryAfter: null })),
        boardText(Object.assign(new Error('Slow down'), { status: 429, retryAfter: 30 })),
      ];`,
      );
      expect(texts).toStrictEqual([
        'Already changed on another screen: showing it as it is now.',
        'This order is no longer in the kitchen (cancelled or already sent out).',
        'Your account may not do this here.',
        'You have been signed out: sign in again.',
        'Not sent: it reached the kitchen server too late, so nothing was changed.',
        'The kitchen server had a problem: try again in a moment.',
        'Too many attempts: wait 45 sec and try again.',
        'Too many attempts: wait 14 min and try again.',
        'Invalid body. priority must be <= 5.',
        '89 sec | 2 min | 15 min',
        'This order is no longer in the kitchen (cancelled or already sent out).',
        'Too many attempts: wait 30 sec and try again.',
      ]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'tells a tap that got no answer that it was not sent, and a read that the server is out of reach',
    async ({ fileApp: t, browser }) => {
      const page = await openBoard(browser, t, '/');
      const texts = await inPage<string[]>(
        page,
        `const { NotSentError } = errors;
      return [new NotSentError('timeout', 5_000, 'PATCH'), new NotSentError('network', 5_000, 'PATCH'), new NotSentError('timeout', 10_000, 'GET')]
        .map((error) => error.message);`,
      );
      expect(texts).toStrictEqual([
        "Not sent: no answer within 5 s. Check the tablet's Wi-Fi.",
        'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi.',
        "Could not reach the kitchen server: no answer within 10 s. Check the tablet's Wi-Fi.",
      ]);
    },
    BROWSER_TEST_MS,
  );

  it(
    'says them in the restaurant language, with its units',
    async ({ app: t, browser }) => {
      await t.inject({ method: 'PATCH', url: '/settings', as: 'manager', payload: { language: 'de' } });
      const german = await openBoard(browser, t, '/');
      const texts = await inPage<string[]>(
        german,
        `return [errors.problemText(429, {}, '840'), errors.problemText(409, {}, null), new errors.NotSentError('timeout', 5_000, 'PATCH').message];`,
      );
      expect(texts).toStrictEqual([
        'Zu viele Versuche: Warten Sie 14 Min. und versuchen Sie es erneut.',
        'Schon auf einem anderen Bildschirm geändert: So sieht es jetzt aus.',
        'Nicht gesendet: keine Antwort innerhalb von 5 s. Prüfen Sie das WLAN des Tablets.',
      ]);
    },
    BROWSER_TEST_MS,
  );
});
