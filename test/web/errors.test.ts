// What the boards say when something goes wrong: plain words with what to do, never "Failed to
// fetch" or an HTTP code. The module is the boards' own (a browser module with no DOM use).
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain browser module without type declarations
import { boardText, NotSentError, problemText, waitText } from '../../web/public/js/lib/errors.js';

describe('board error texts', () => {
  it('says each refusal plainly, with the wait from Retry-After', () => {
    expect(problemText(409, { detail: 'The hot ticket cannot move from Ready to Ready' }, null)).toBe(
      'Already changed on another screen: showing it as it is now.',
    );
    expect(problemText(404, {}, null)).toBe('This order is no longer in the kitchen (cancelled or already sent out).');
    expect(problemText(403, {}, null)).toBe('Your account may not do this here.');
    expect(problemText(401, {}, null)).toBe('You have been signed out: sign in again.');
    expect(problemText(412, {}, null)).toBe('Not sent: it reached the kitchen server too late, so nothing was changed.');
    expect(problemText(503, {}, '5')).toBe('The kitchen server had a problem: try again in a moment.');
    expect(problemText(429, {}, '45')).toBe('Too many attempts: wait 45 s and try again.');
    expect(problemText(429, {}, '840')).toBe('Too many attempts: wait 14 min and try again.');
    expect(problemText(400, { detail: 'Invalid body. priority must be <= 5.' }, null)).toBe('Invalid body. priority must be <= 5.');
    expect([waitText(89), waitText(90), waitText(900)]).toStrictEqual(['89 s', '2 min', '15 min']);
    // An API error as lib/api.js throws it: the server's detail in the message, Retry-After in seconds.
    expect(boardText(Object.assign(new Error('Order x has no cold ticket'), { status: 404, retryAfter: null }))).toBe(
      'This order is no longer in the kitchen (cancelled or already sent out).',
    );
    expect(boardText(Object.assign(new Error('Slow down'), { status: 429, retryAfter: 30 }))).toBe(
      'Too many attempts: wait 30 s and try again.',
    );
  });

  it('tells a tap that got no answer that it was not sent, and a read that the server is out of reach', () => {
    expect(new NotSentError('timeout', 5_000, 'PATCH').message).toBe("Not sent: no answer within 5 s. Check the tablet's Wi-Fi.");
    expect(new NotSentError('network', 5_000, 'PATCH').message).toBe(
      'Not sent: this tablet has no connection to the kitchen server. Check the Wi-Fi.',
    );
    expect(new NotSentError('timeout', 10_000, 'GET').message).toBe(
      "Could not reach the kitchen server: no answer within 10 s. Check the tablet's Wi-Fi.",
    );
  });
});
