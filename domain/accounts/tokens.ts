// Access tokens (short-lived JWTs, HS256 via jose) and single-use refresh tokens kept only as hashes,
// grouped in families so that replaying a used refresh token revokes every descendant.
import { hash, randomBytes, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AuthRecord } from '../../models/auth.js';
import { ROLES, type Role, type UserDoc } from '../../models/user.js';
import { newId } from '../../store/ids.js';
import type { Store, StoreSession } from '../../store/types.js';
import { AccountReader } from './accounts.js';
import { unauthorized } from '../errors.js';
import type { AccessTokenVerifier, Principal } from './principal.js';

export const TOKEN_ISSUER = 'pos-server';
export const TOKEN_AUDIENCE = 'pos-api';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now: () => Date;
}

const hashToken = (token: string) => hash('sha256', token, 'hex');

const EXPIRED = 'The access token has expired; refresh it at /auth/refresh-token.';
/** Tokens verified recently (the oldest is forgotten first): about one per signed-in screen or device. */
const VERIFIED_TOKENS_KEPT = 1_000;

interface VerifiedClaims {
  sub: string | undefined;
  exp: number;
}

export class TokenService implements AccessTokenVerifier {
  // Imported into WebCrypto once: given the raw secret, jose would import it on every sign and verify.
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, VerifiedClaims>();
  private readonly accounts: AccountReader;

  constructor(
    private readonly store: Store,
    private readonly settings: TokenSettings,
  ) {
    const secret = new TextEncoder().encode(settings.secret);
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    this.accounts = new AccountReader(store);
  }

  /** Stops following the store's changes to accounts. */
  close(): void {
    this.accounts.close();
  }

  /** A new token pair starting a new family (a login). */
  issue(user: UserDoc): Promise<AuthRecord> {
    return this.issueInFamily(user, newId());
  }

  private async issueInFamily(user: UserDoc, familyId: string, session: StoreSession = this.store): Promise<AuthRecord> {
    const now = this.settings.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((nowSeconds + this.settings.accessTtlSeconds) * 1000);
    const accessToken = await new SignJWT({ user_name: user.user_name, role: user.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
    // 256 random bits as 64 hex characters: alphanumeric, as the spec asks.
    const refreshToken = randomBytes(32).toString('hex');
    const record = await session.collection('refresh_tokens').insert({
      token_hash: hashToken(refreshToken),
      family_id: familyId,
      user_id: user.id,
      expires_at: new Date(now.getTime() + this.settings.refreshTtlSeconds * 1000).toISOString(),
      used_at: null,
      revoked_at: null,
    });
    return {
      auth_id: record.id,
      created_at: record.created_at,
      updated_at: record.updated_at,
      access_token: accessToken,
      expires_at: expiresAt.toISOString(),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      user_name: user.user_name,
    };
  }

  /** Exchanges a refresh token for a new pair; a replayed token revokes its whole family. */
  async refresh(refreshToken: string): Promise<AuthRecord> {
    const tokens = this.store.collection('refresh_tokens');
    const [record] = await tokens.find([{ field: 'token_hash', op: 'eq', value: hashToken(refreshToken) }]);
    const now = this.settings.now().toISOString();
    if (!record || record.revoked_at !== null) throw unauthorized('The refresh token is unknown or revoked; log in again.');
    if (record.expires_at <= now) throw unauthorized('The refresh token has expired; log in again.');
    // Claim and successor commit together: a concurrent replay then either wins the claim or
    // revokes the family after the successor exists, never in between (which would spare it).
    const issued = await this.store.transaction(async (tx) => {
      const claim = {
        if: [
          { field: 'used_at', op: 'eq' as const, value: null },
          { field: 'revoked_at', op: 'eq' as const, value: null },
        ],
      };
      if (!(await tx.collection('refresh_tokens').update(record.id, { set: { used_at: now } }, claim))) {
        // A replay: the family is revoked in this transaction, so the 401 below is only ever
        // answered once it is (MongoDB retries it whole on a step-down; a write left alone is not).
        await this.revokeFamily(record.family_id, tx);
        return null;
      }
      const user = await tx.collection('users').get(record.user_id);
      if (!user) throw unauthorized('The account no longer exists.');
      return this.issueInFamily(user, record.family_id, tx);
    });
    if (!issued) {
      throw unauthorized('The refresh token was already used; every token of this login has been revoked. Log in again.');
    }
    return issued;
  }

  revokeFamily(familyId: string, session: StoreSession = this.store): Promise<number> {
    const now = this.settings.now().toISOString();
    return session
      .collection('refresh_tokens')
      .updateMany([{ field: 'family_id', op: 'eq', value: familyId }], { set: { revoked_at: now } });
  }

  /**
   * Revokes every refresh token of a user (deleted account, changed password); pass the session of
   * the write that calls for it, so the two commit together or not at all.
   */
  revokeUser(userId: string, session: StoreSession = this.store): Promise<number> {
    const now = this.settings.now().toISOString();
    return session.collection('refresh_tokens').updateMany([{ field: 'user_id', op: 'eq', value: userId }], { set: { revoked_at: now } });
  }

  async verify(token: string): Promise<Principal> {
    const { sub, exp } = await this.verifiedClaims(token);
    const user = sub ? await this.accounts.get(sub) : null;
    if (!user) throw unauthorized('The account of this access token no longer exists.');
    // The stored role wins: a role changed by a manager takes effect at once.
    const role: Role = ROLES.includes(user.role) ? user.role : 'patron';
    return { userId: user.id, userName: user.user_name, role, expiresAt: exp * 1000 };
  }

  /**
   * The claims of a token whose signature, issuer, audience and required claims hold. Those hold
   * for the same token text for ever, so a token seen before is only checked against the clock:
   * verifying a signature through WebCrypto costs more than the rest of a small request.
   */
  private async verifiedClaims(token: string): Promise<VerifiedClaims> {
    const now = this.settings.now();
    const seen = this.verified.get(token);
    if (seen) {
      if (seen.exp > Math.floor(now.getTime() / 1000)) return seen;
      this.verified.delete(token);
      throw unauthorized(EXPIRED);
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        // A token without an expiry would be valid forever: every token this service signs has one.
        requiredClaims: ['exp', 'sub'],
        currentDate: now,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(EXPIRED);
      throw unauthorized('The access token is invalid.');
    }
    const claims = { sub: payload.sub, exp: payload.exp ?? 0 };
    // A not-before time would make validity depend on more than expiry: such tokens are not kept.
    if (payload.nbf === undefined) {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }
}
