// The store contract for failed logins (domain/accounts/login-throttle.ts over the store): two throttles on
// one store stand for two instances behind a load balancer; they count the same failures, honour
// the same locks and unlocks, and lock a user name from one address only.
import { describe, expect, it } from 'vitest';
import { LoginThrottle, type LoginLock } from '../../../domain/accounts/login-throttle.js';
import type { Store } from '../../../store/types.js';

const START = Date.parse('2026-11-26T12:00:00.000Z');

export function describeLoginFailures(store: () => Store) {
  describe('login failures', () => {
    const instances = (clock: { now: number }, locks: LoginLock[] = []) =>
      [0, 1].map(
        () =>
          new LoginThrottle(
            store(),
            2,
            900_000,
            () => clock.now,
            (lock) => locks.push(lock),
          ),
      );

    it('failures counted on either instance add up, and the lock holds on both, for that address only', async () => {
      const clock = { now: START };
      const locks: LoginLock[] = [];
      const [a, b] = instances(clock, locks);
      await a!.recordFailure('Chef', '10.0.0.1');
      await b!.recordFailure('chef', '10.0.0.1');
      expect(locks).toEqual([
        { scope: 'user_name', user_name: 'chef', address: '10.0.0.1', failures: 2, window_seconds: 900, lock_seconds: 60 },
      ]);
      for (const throttle of [a!, b!])
        await expect(throttle.check('CHEF', '10.0.0.1')).rejects.toMatchObject({
          status: 429,
          extras: { headers: { 'retry-after': '60' } },
        });
      await expect(a!.check('chef', '10.0.0.2')).resolves.toBeUndefined();
      clock.now += 60_000;
      await expect(b!.check('chef', '10.0.0.1')).resolves.toBeUndefined();
    });

    it('concurrent first failures on two instances make one record that counts both', async () => {
      const clock = { now: START };
      const [a, b] = instances(clock);
      await Promise.all([a!.recordFailure('ghost', '10.0.0.3'), b!.recordFailure('ghost', '10.0.0.3')]);
      const records = await store()
        .collection('login_failures')
        .find([{ field: 'user_name', op: 'eq', value: 'ghost' }]);
      expect(records.map(({ scope, user_name, address, failures }) => ({ scope, user_name, address, failures }))).toEqual([
        { scope: 'user_name', user_name: 'ghost', address: '10.0.0.3', failures: 2 },
      ]);
    });

    it("an unlock on one instance lifts the user's locks and every address's on the other; a success forgets that pair", async () => {
      const clock = { now: START };
      const [a, b] = instances(clock);
      for (let attempt = 0; attempt < 8; attempt++) await a!.recordFailure(`guess${attempt % 2}`, '10.0.0.4');
      await expect(b!.check('manager', '10.0.0.4')).rejects.toMatchObject({ status: 429 });
      await b!.unlock('GUESS0');
      await expect(a!.check('manager', '10.0.0.4')).resolves.toBeUndefined();
      await expect(a!.check('guess0', '10.0.0.4')).resolves.toBeUndefined();
      await expect(a!.check('guess1', '10.0.0.4')).rejects.toMatchObject({ status: 429 });
      clock.now += 60_000;
      await b!.recordSuccess('guess1', '10.0.0.4');
      expect(
        await store()
          .collection('login_failures')
          .find([{ field: 'user_name', op: 'eq', value: 'guess1' }]),
      ).toEqual([]);
    });

    it('a record past its expiry counts as none: the next failure starts again at one', async () => {
      const clock = { now: START };
      const [a] = instances(clock);
      await a!.recordFailure('cook', '10.0.0.5');
      clock.now += 900_001;
      await a!.recordFailure('cook', '10.0.0.5');
      await expect(a!.check('cook', '10.0.0.5')).resolves.toBeUndefined();
      const [record] = await store()
        .collection('login_failures')
        .find([{ field: 'user_name', op: 'eq', value: 'cook' }]);
      expect(record).toMatchObject({ failures: 1, last_failure_at: '2026-11-26T12:15:00.001Z', expires_at: '2026-11-26T12:30:00.001Z' });
    });
  });
}
