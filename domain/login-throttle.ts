// Slows password guessing: too many failed logins for one user_name, or from one address, within
// the window answer 429 until the oldest failure leaves the window. In memory, per process: a
// manager lifts a lock with unlock(); each lock is reported (never with the password tried).
import { tooManyRequests } from './errors.js';

/** A user_name or an address that just reached its allowance. */
export interface LoginLock {
  scope: 'user_name' | 'address';
  user_name: string;
  address: string;
  failures: number;
  window_seconds: number;
}

const MAX_TRACKED_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly onLock: (lock: LoginLock) => void = () => undefined,
  ) {}

  private keys(userName: string, address: string): [string, number][] {
    // An address may front many users (a restaurant's Wi-Fi): it gets four times the allowance.
    return [[`user:${userName.toLowerCase()}`, this.maxFailures], [`addr:${address}`, this.maxFailures * 4]];
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Throws a 429 ProblemError with Retry-After when either key is over its allowance. */
  check(userName: string, address: string): void {
    for (const [key, allowance] of this.keys(userName, address)) {
      const recent = this.recent(key);
      if (recent.length >= allowance) {
        const retryAfterMs = (recent[recent.length - allowance] ?? this.now()) + this.windowMs - this.now();
        throw tooManyRequests('Too many failed logins; wait before trying again.', Math.max(1, Math.ceil(retryAfterMs / 1000)));
      }
    }
  }

  recordFailure(userName: string, address: string): void {
    for (const [key, allowance] of this.keys(userName, address)) {
      if (!this.failures.has(key) && this.failures.size >= MAX_TRACKED_KEYS) {
        const oldest = this.failures.keys().next().value;
        if (oldest !== undefined) this.failures.delete(oldest);
      }
      const recent = [...this.recent(key), this.now()];
      this.failures.set(key, recent);
      if (recent.length === allowance) {
        const scope = key.startsWith('user:') ? 'user_name' : 'address';
        this.onLock({ scope, user_name: userName, address, failures: allowance, window_seconds: Math.round(this.windowMs / 1000) });
      }
    }
  }

  /**
   * A manager's unlock: the user's failures, and every address's. In a restaurant all the tills and
   * tablets share one address, so an address lock is the one the staff actually hit.
   */
  unlock(userName: string): void {
    this.failures.delete(`user:${userName.toLowerCase()}`);
    for (const key of [...this.failures.keys()]) if (key.startsWith('addr:')) this.failures.delete(key);
  }

  recordSuccess(userName: string): void {
    this.failures.delete(`user:${userName.toLowerCase()}`);
  }
}
