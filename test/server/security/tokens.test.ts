// Forged, altered and replayed credentials are refused with a 401 and never reach the data.
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../domain/accounts/tokens.js';
import { claimsOf, expectProblemStatus, forgeJwt, snapshot } from './support.js';

// One app for the file: every forgery is refused and changes nothing, and each refresh test
// revokes only the tokens of its own logins.
let t: TestApp;
it.beforeAll(async ({ startFileApp }) => {
  t = await startFileApp();
});

const asBearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** A write only a manager may make: it must never happen with a forged token. */
const createChef = (token: string) =>
  t.inject({
    method: 'POST',
    url: '/users',
    headers: asBearer(token),
    payload: { user_name: `forged${Date.now()}`, email: 'f@example.com', password: PASSWORD, role: 'chef' },
  });

async function expectRefused(token: string, detail: string) {
  const before = await snapshot(t.store);
  const read = await t.inject({ method: 'GET', url: '/users', headers: asBearer(token) });
  expect(expectProblemStatus(read, 401).detail).toBe(detail);
  expect(read.headers['www-authenticate']).toBe('Bearer realm="pos"');
  expectProblemStatus(await createChef(token), 401);
  expect(await snapshot(t.store)).toEqual(before);
}

const INVALID = 'The access token is invalid.';

describe('access tokens', () => {
  it('accepts the genuine manager token (the control for every forgery below)', async () => {
    expect((await t.inject({ method: 'GET', url: '/users', as: 'manager' })).statusCode).toBe(200);
  });

  it('refuses a token whose payload was altered to claim the manager role', async () => {
    const [header, , signature] = t.tokens.patron.split('.');
    const claims = { ...claimsOf(t.tokens.patron), role: 'manager', sub: t.userIds.manager };
    await expectRefused(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`, INVALID);
  });

  it('refuses a token whose signature was altered', async () => {
    const token = t.tokens.manager;
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    await expectRefused(`${token.slice(0, -2)}${last}${token.at(-1)}`, INVALID);
  });

  it('refuses a token signed with another secret', async () => {
    await expectRefused(
      forgeJwt({ alg: 'HS256', typ: 'JWT' }, claimsOf(t.tokens.manager), 'another-secret-that-is-long-enough-too!!'),
      INVALID,
    );
  });

  it('refuses an unsigned token (alg: none), with or without a trailing signature', async () => {
    const claims = claimsOf(t.tokens.manager);
    await expectRefused(forgeJwt({ alg: 'none', typ: 'JWT' }, claims), INVALID);
    await expectRefused(`${forgeJwt({ alg: 'none', typ: 'JWT' }, claims)}c2lnbmF0dXJl`, INVALID);
  });

  it('refuses algorithms other than HS256, even when signed with the right secret', async () => {
    await expectRefused(forgeJwt({ alg: 'HS512', typ: 'JWT' }, claimsOf(t.tokens.manager)), INVALID);
    await expectRefused(forgeJwt({ alg: 'HS384', typ: 'JWT' }, claimsOf(t.tokens.manager)), INVALID);
  });

  it('refuses a wrong audience or a wrong issuer, even when correctly signed', async () => {
    const claims = claimsOf(t.tokens.manager);
    expect(claims).toMatchObject({ aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER });
    await expectRefused(forgeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'another-api' }), INVALID);
    await expectRefused(forgeJwt({ alg: 'HS256', typ: 'JWT' }, { ...claims, iss: 'someone-else' }), INVALID);
  });

  it('refuses an expired token, and one without an expiry', async () => {
    const claims = claimsOf(t.tokens.manager);
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(
      forgeJwt({ alg: 'HS256' }, { ...claims, iat: now - 3600, exp: now - 60 }),
      'The access token has expired; refresh it at /auth/refresh-token.',
    );
    const { exp: _exp, ...unbounded } = claims;
    // Signed with the real secret but valid forever: an access token must always expire.
    await expectRefused(forgeJwt({ alg: 'HS256' }, unbounded), INVALID);
  });

  it('refuses a correctly signed token for a user that does not exist', async () => {
    await expectRefused(
      forgeJwt({ alg: 'HS256' }, { ...claimsOf(t.tokens.manager), sub: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
      'The account of this access token no longer exists.',
    );
  });

  it('takes the role from the store, not from the token', async () => {
    const claims = { ...claimsOf(t.tokens.patron), role: 'manager' };
    const response = await t.inject({ method: 'GET', url: '/users', headers: asBearer(forgeJwt({ alg: 'HS256' }, claims)) });
    expectProblemStatus(response, 403);
  });

  it('refuses malformed Authorization headers', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic abc',
      `Bearer ${t.tokens.manager} extra`,
      'Bearer a.b',
      'Bearer {"$gt":""}',
      `bearer\t${t.tokens.manager}x`,
    ]) {
      const response = await t.inject({ method: 'GET', url: '/users', headers: { authorization } });
      expectProblemStatus(response, 401);
    }
  });
});

describe('refresh tokens', () => {
  const login = async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'password', user_name: 'chef1', password: PASSWORD },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ refresh_token: string; access_token: string }>();
  };
  const refresh = (refresh_token: string) => t.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token } });

  it('are single-use: replaying a used one revokes the whole family, including the newest token', async () => {
    const first = await login();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const newest = second.json<{ refresh_token: string }>().refresh_token;

    const replay = await refresh(first.refresh_token);
    expect(expectProblemStatus(replay, 401).detail).toBe(
      'The refresh token was already used; every token of this login has been revoked. Log in again.',
    );
    expect(expectProblemStatus(await refresh(newest), 401).detail).toBe('The refresh token is unknown or revoked; log in again.');
  });

  it('leave other logins of the same user alone when one family is revoked', async () => {
    const stolen = await login();
    const other = await login();
    await refresh(stolen.refresh_token);
    expectProblemStatus(await refresh(stolen.refresh_token), 401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuses unknown, operator-shaped and access tokens presented as refresh tokens', async () => {
    const { access_token } = await login();
    for (const refresh_token of ['0'.repeat(64), '{"$gt":""}', access_token.slice(0, 200)]) {
      expectProblemStatus(await refresh(refresh_token), 401);
    }
    const injected = await t.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: { $gt: '' } } });
    expectProblemStatus(injected, 400);
  });

  it('cannot be used as access tokens', async () => {
    const { refresh_token } = await login();
    expectProblemStatus(await t.inject({ method: 'GET', url: '/orders', headers: asBearer(refresh_token) }), 401);
  });
});
