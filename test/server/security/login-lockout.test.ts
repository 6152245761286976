// Login locks per user name *and* address, with a growing delay, kept in the store: a guest guessing
// the manager's password from their own address never locks the manager out of theirs, and every
// instance on the same store honours the same locks (and a manager's unlock lifts them on all).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { PASSWORD } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { expectProblem, FrozenClock } from '../api/support.js';

const WRONG = 'Wrong@Guess9!';
const THROTTLED = 'Too many failed logins; wait before trying again.';
const GUEST = '203.0.113.7';
const OFFICE = '10.0.0.5';
/** A second instance on the test app's store, closed before the app (fixtures end after the hooks). */
let second: FastifyInstance | undefined;
afterEach(async () => {
  await second?.close();
  second = undefined;
});

const login = (app: FastifyInstance, user_name: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/auth/token', remoteAddress, payload: { grant_type: 'password', user_name, password } });

describe('login lockout', () => {
  it("a guest's wrong passwords for the manager lock the guest's address only: the manager still signs in from theirs", async ({
    startApp,
  }) => {
    const t = await startApp({ clock: new FrozenClock() });
    for (let attempt = 0; attempt < 5; attempt++)
      expectProblem(await login(t.app, 'manager1', WRONG, GUEST), 401, 'The user_name or password is wrong.');
    const guessing = await login(t.app, 'manager1', PASSWORD, GUEST);
    expectProblem(guessing, 429, THROTTLED);
    expect(guessing.headers['retry-after']).toBe('60');
    expect((await login(t.app, 'manager1', PASSWORD, OFFICE)).statusCode).toBe(201);
  });

  it('each failure after the allowance doubles the lock (60 s, 120 s, 240 s … up to the window); the right password clears it', async ({
    startApp,
  }) => {
    const clock = new FrozenClock();
    const t = await startApp({ clock });
    for (let attempt = 0; attempt < 5; attempt++) await login(t.app, 'chef1', WRONG, GUEST);
    const retryAfter = async () => {
      const response = await login(t.app, 'chef1', WRONG, GUEST);
      expectProblem(response, 429, THROTTLED);
      return response.headers['retry-after'];
    };
    expect(await retryAfter()).toBe('60');
    clock.advance(59_000);
    expect(await retryAfter()).toBe('1');
    for (const [lock, next] of [
      [60, '120'],
      [120, '240'],
      [240, '480'],
      [480, '900'],
      [900, '900'],
    ] as const) {
      clock.advance(lock * 1000);
      expect((await login(t.app, 'chef1', WRONG, GUEST)).statusCode).toBe(401);
      expect(await retryAfter()).toBe(next);
    }
    clock.advance(900_000);
    expect((await login(t.app, 'chef1', PASSWORD, GUEST)).statusCode).toBe(201);
    // The success forgot the failures: a wrong password is a plain 401 again, five times.
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(t.app, 'chef1', WRONG, GUEST)).statusCode).toBe(401);
  });

  it('one address guessing many user names is locked for every name, other addresses are not', async ({ startApp }) => {
    const t = await startApp({ clock: new FrozenClock() });
    for (let attempt = 0; attempt < 20; attempt++) expect((await login(t.app, `guess${attempt}`, WRONG, GUEST)).statusCode).toBe(401);
    const response = await login(t.app, 'patron1', PASSWORD, GUEST);
    expectProblem(response, 429, THROTTLED);
    expect(response.headers['retry-after']).toBe('60');
    expect((await login(t.app, 'patron1', PASSWORD, OFFICE)).statusCode).toBe(201);
  });

  it('two instances on one store share the failures and the locks, and a manager unlocking on one lifts it on both', async ({
    startApp,
  }) => {
    const clock = new FrozenClock();
    const t = await startApp({ clock });
    second = await buildApp({ config: t.config, store: t.store, jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!', now: clock.now });
    await second.ready();
    // Alternating instances, as a load balancer would send them: together they reach the allowance.
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await login(attempt % 2 ? second : t.app, 'chef1', WRONG, OFFICE)).statusCode).toBe(401);
    expectProblem(await login(t.app, 'chef1', PASSWORD, OFFICE), 429, THROTTLED);
    expectProblem(await login(second, 'chef1', PASSWORD, OFFICE), 429, THROTTLED);
    const unlocked = await second.inject({
      method: 'POST',
      url: `/users/${t.userIds.chef}/unlock`,
      headers: { authorization: `Bearer ${t.tokens.manager}` },
    });
    expect(unlocked.statusCode).toBe(204);
    expect((await login(t.app, 'chef1', PASSWORD, OFFICE)).statusCode).toBe(201);
  });
});
