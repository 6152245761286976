// A fake access-token verifier: tokens are issued in memory per role with a lifetime.
import { unauthorized } from '../../../domain/errors.js';
import type { AccessTokenVerifier, Principal } from '../../../domain/accounts/principal.js';
import type { Role } from '../../../models/user.js';

export class FakeVerifier implements AccessTokenVerifier {
  readonly #principals = new Map<string, Principal>();
  #issued = 0;

  issue(role: Role, lifetimeMs = 15 * 60_000): string {
    const token = `token-${++this.#issued}-${role}`;
    this.#principals.set(token, {
      userId: `user-${this.#issued}`,
      userName: `${role}${this.#issued}`,
      role,
      expiresAt: Date.now() + lifetimeMs,
    });
    return token;
  }

  async verify(token: string): Promise<Principal> {
    const principal = this.#principals.get(token);
    if (!principal) throw unauthorized('The access token is not valid.');
    if (principal.expiresAt <= Date.now()) throw unauthorized('The access token expired.');
    return principal;
  }
}
