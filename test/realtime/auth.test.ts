import { afterEach, describe, expect, it, vi } from 'vitest';
import { identify, whenExpired } from '../../realtime/auth.js';
import { FakeVerifier } from './fakes/verifier.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('identify', () => {
  const verifier = new FakeVerifier();

  it('treats a missing token as anonymous and verifies any other', async () => {
    expect(await identify(verifier, undefined)).toBeNull();
    expect(await identify(verifier, null)).toBeNull();
    expect(await identify(verifier, verifier.issue('chef'))).toMatchObject({ role: 'chef' });
  });

  it('refuses a bad or non-string token with a 401', async () => {
    await expect(identify(verifier, 'forged')).rejects.toMatchObject({ status: 401, detail: 'The access token is not valid.' });
    await expect(identify(verifier, 42)).rejects.toMatchObject({ status: 401, detail: 'The access token must be a string.' });
  });
});

describe('whenExpired', () => {
  it('calls back when the token expires, and never once cancelled', () => {
    vi.useFakeTimers();
    const principal = { userId: 'u', userName: 'u', role: 'chef' as const, expiresAt: Date.now() + 1_000 };
    const expired = vi.fn();
    whenExpired(principal, expired);
    const cancelled = vi.fn();
    whenExpired(principal, cancelled)();
    vi.advanceTimersByTime(999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits past the longest timer for tokens that live for months', () => {
    vi.useFakeTimers();
    const principal = { userId: 'u', userName: 'u', role: 'chef' as const, expiresAt: Date.now() + 40 * 86_400_000 };
    const expired = vi.fn();
    whenExpired(principal, expired);
    vi.advanceTimersByTime(30 * 86_400_000);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10 * 86_400_000);
    expect(expired).toHaveBeenCalledOnce();
  });
});
