// Slows password guessing without letting anyone lock staff out from elsewhere. Failures count per
// user name *from one address*, and per address under any names (4× the allowance: a restaurant's
// tablets share one). Past the allowance each further failure locks that pair (or address) for a
// growing delay: 60 s, then twice as long each time, up to the window. The manager signing in from
// their own device is never held up by a guest guessing `admin` from the Wi-Fi next door.
// The counts live in the store (login_failures), so every instance sees the same locks; a manager
// lifts a lock with unlock(); each lock is reported (never with the password tried).
import { createHash } from 'node:crypto';
import type { LoginFailureDoc } from '../../models/login-failure.js';
import { DuplicateKeyError, type Store } from '../../store/types.js';
import { tooManyRequests } from '../errors.js';

/** A user_name (from one address) or an address that just got locked. */
export interface LoginLock {
  scope: 'user_name' | 'address';
  user_name: string;
  address: string;
  failures: number;
  window_seconds: number;
  /** How long this lock lasts (it doubles with each further failure, up to the window). */
  lock_seconds: number;
}

/** The first lock's length; each further failure doubles it, up to the window. */
export const FIRST_LOCK_MS = 60_000;

interface Key {
  id: string;
  scope: LoginFailureDoc['scope'];
  user_name: string;
  address: string;
  allowance: number;
}

const recordId = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

export class LoginThrottle {
  constructor(
    private readonly store: Store,
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly onLock: (lock: LoginLock) => void = () => undefined,
  ) {}

  private keys(userName: string, address: string): Key[] {
    const name = userName.toLowerCase();
    return [
      { id: recordId(`user_name\n${name}\n${address}`), scope: 'user_name', user_name: name, address, allowance: this.maxFailures },
      { id: recordId(`address\n${address}`), scope: 'address', user_name: '', address, allowance: this.maxFailures * 4 },
    ];
  }

  /** How long a record with this many failures locks after its last one (0: not locked). */
  lockMs(failures: number, allowance: number): number {
    if (failures < allowance) return 0;
    return Math.min(this.windowMs, Math.min(FIRST_LOCK_MS, this.windowMs) * 2 ** Math.min(failures - allowance, 30));
  }

  /** Throws a 429 ProblemError with Retry-After while the pair or the address is locked. */
  async check(userName: string, address: string): Promise<void> {
    const now = this.now();
    const records = await this.store.collection('login_failures').getEach(this.keys(userName, address).map((key) => key.id));
    for (const key of this.keys(userName, address)) {
      const record = records.find((candidate) => candidate.id === key.id);
      if (!record || Date.parse(record.expires_at) <= now) continue;
      const until = Date.parse(record.last_failure_at) + this.lockMs(record.failures, key.allowance);
      if (until > now)
        throw tooManyRequests('Too many failed logins; wait before trying again.', Math.max(1, Math.ceil((until - now) / 1000)));
    }
  }

  async recordFailure(userName: string, address: string): Promise<void> {
    for (const key of this.keys(userName, address)) {
      const { failures, at } = await this.count(key);
      const lockMs = this.lockMs(failures, key.allowance);
      if (lockMs > 0) {
        // Kept a window past the lock's end, so the next failure after it locks for twice as long.
        const expires_at = new Date(Date.parse(at) + lockMs + this.windowMs).toISOString();
        await this.store
          .collection('login_failures')
          .update(key.id, { set: { expires_at } }, { if: [{ field: 'last_failure_at', op: 'eq', value: at }] });
        const { scope, user_name } = key;
        const window_seconds = Math.round(this.windowMs / 1000);
        this.onLock({
          scope,
          user_name: scope === 'user_name' ? userName : user_name,
          address,
          failures,
          window_seconds,
          lock_seconds: Math.round(lockMs / 1000),
        });
      }
    }
  }

  /** Adds one failure, atomically whichever instance counts it; returns the failures now counted. */
  private async count(key: Key): Promise<{ failures: number; at: string }> {
    const failures = this.store.collection('login_failures');
    for (;;) {
      const at = new Date(this.now()).toISOString();
      const expires_at = new Date(this.now() + this.windowMs).toISOString();
      const counted = await failures.update(
        key.id,
        { inc: { failures: 1 }, set: { last_failure_at: at, expires_at } },
        { if: [{ field: 'expires_at', op: 'gt', value: at }] },
      );
      if (counted) return { failures: counted.failures, at };
      // None yet, or one whose window has passed (not yet deleted by the store): start again at 1.
      await failures.delete(key.id, { if: [{ field: 'expires_at', op: 'lte', value: at }] });
      try {
        await failures.insert({
          id: key.id,
          scope: key.scope,
          user_name: key.user_name,
          address: key.address,
          failures: 1,
          last_failure_at: at,
          expires_at,
        });
        return { failures: 1, at };
      } catch (error) {
        // Another instance made it first: count on that one.
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  /**
   * A manager's unlock: the user's failures from every address, and every address's. In a
   * restaurant all the tills and tablets share one address, so an address lock is the one the staff actually hit.
   */
  async unlock(userName: string): Promise<void> {
    const failures = this.store.collection('login_failures');
    const held = [
      ...(await failures.find([
        { field: 'user_name', op: 'eq', value: userName.toLowerCase() },
        { field: 'scope', op: 'eq', value: 'user_name' },
      ])),
      ...(await failures.find([{ field: 'scope', op: 'eq', value: 'address' }])),
    ];
    for (const record of held) await failures.delete(record.id);
  }

  /** The right password: that user's failures from this address are forgotten. */
  async recordSuccess(userName: string, address: string): Promise<void> {
    const [pair] = this.keys(userName, address);
    if (pair) await this.store.collection('login_failures').delete(pair.id);
  }
}
