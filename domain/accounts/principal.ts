// Who is asking: the verified identity an access token carries.
import type { Role } from '../../models/user.js';

export interface Principal {
  userId: string;
  userName: string;
  role: Role;
  /** When the access token stops being valid (ms since the epoch). */
  expiresAt: number;
}

/** Verifies access tokens; the HTTP layer and the realtime layer share one. */
export interface AccessTokenVerifier {
  /** Resolves the principal, or rejects with a 401 ProblemError saying why. */
  verify(token: string): Promise<Principal>;
}
