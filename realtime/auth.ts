// Who a realtime connection belongs to, and when its access token stops vouching for it.
import { unauthorized } from '../domain/errors.js';
import type { AccessTokenVerifier, Principal } from '../domain/accounts/principal.js';

/** A verified principal, or null for an anonymous client (a menu screen). */
export type Viewer = Principal | null;

/** No token means anonymous; any token given must verify (rejects with a 401 ProblemError). */
export async function identify(verifier: AccessTokenVerifier, token: unknown): Promise<Viewer> {
  if (token === undefined || token === null) return null;
  if (typeof token !== 'string') throw unauthorized('The access token must be a string.');
  return verifier.verify(token);
}

// setTimeout fires at once beyond this delay (~24.8 days), so longer waits are chained.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Calls `onExpiry` when the viewer's token expires (never for anonymous viewers); returns the cancel. */
export function whenExpired(viewer: Viewer, onExpiry: () => void, now: () => number = Date.now): () => void {
  if (!viewer) return () => {};
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const remaining = viewer.expiresAt - now();
    if (remaining <= 0) return onExpiry();
    timer = setTimeout(arm, Math.min(remaining, LONGEST_TIMER_MS));
  };
  arm();
  return () => clearTimeout(timer);
}
