// Authentication: logging in (Basic and the password grant), access tokens that are refused for
// every kind of forgery or age, refresh-token rotation with family revocation, and login throttling.
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { PASSWORD, type TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../domain/accounts/tokens.js';
import { aTimestamp, anId, BASIC_CHALLENGE, basic, bearer, expectProblem, expectUnauthorized, FrozenClock, JSON_TYPE } from './support.js';

/** The signing secret test/helpers/app.ts gives every test app. */
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256!!');
const INVALID = 'The access token is invalid.';
const EXPIRED = 'The access token has expired; refresh it at /auth/refresh-token.';
const WRONG_CREDENTIALS = 'The user_name or password is wrong.';
const REVOKED = 'The refresh token is unknown or revoked; log in again.';
const REUSED = 'The refresh token was already used; every token of this login has been revoked. Log in again.';
const THROTTLED = 'Too many failed logins; wait before trying again.';
const MINUTE = 60_000;

/**
 * The test's app, read by the helpers below: the file's shared app (fileApp) for a test that signs in
 * successfully, forges tokens or refreshes its own login's tokens; a fresh one (startApp) for a test
 * that fails logins (the throttle counts them per user_name), deletes a user or moves the clock.
 */
let t: TestApp;

const passwordGrant = (userName: string, password: string) => ({ grant_type: 'password', user_name: userName, password });
const login = (userName: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: passwordGrant(userName, password) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token: refreshToken } });
/** A protected read: 200 when the token is accepted. */
const ordersWith = (token: string) => t.app.inject({ method: 'GET', url: '/orders', headers: bearer(token) });

/** Claims as the server writes them, for a user of the test app; `overrides` forges. */
function sign(t: TestApp, claims: Record<string, unknown> = {}, options: { key?: Uint8Array; alg?: string } = {}) {
  const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({
    user_name: 'manager1',
    role: 'manager',
    sub: t.userIds.manager,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: nowSeconds,
    exp: nowSeconds + 900,
    ...claims,
  })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(options.key ?? SECRET);
}

describe('POST /auth/token', () => {
  it('Basic credentials: 201 and the Authentication record with a JWT for the user', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    const response = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { authorization: basic('chef1', PASSWORD) } });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe(JSON_TYPE);
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const record = response.json();
    expect(record).toStrictEqual({
      auth_id: anId(),
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
      access_token: expect.any(String),
      expires_at: new Date((nowSeconds + 900) * 1000).toISOString(),
      refresh_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      token_type: 'Bearer',
      user_name: 'chef1',
    });
    expect(decodeProtectedHeader(record.access_token)).toStrictEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(record.access_token)).toStrictEqual({
      user_name: 'chef1',
      role: 'chef',
      sub: t.userIds.chef,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: nowSeconds,
      exp: nowSeconds + 900,
    });
    expect((await ordersWith(record.access_token)).statusCode).toBe(200);
  });

  it('the JSON password grant: 201; a Basic header beside it (client credentials) is ignored', async ({ fileApp }) => {
    t = fileApp;
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { authorization: basic('my-client', 'client-secret') },
      payload: passwordGrant('patron1', PASSWORD),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user_name: 'patron1', token_type: 'Bearer', created_at: aTimestamp() });
  });

  it('the token lifetime is configurable', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock, env: { POS_ACCESS_TOKEN_TTL: '60' } });
    const record = (await login('chef1')).json();
    expect(record.expires_at).toBe(new Date((Math.floor(clock.now().getTime() / 1000) + 60) * 1000).toISOString());
  });

  it('signs in whatever the case of the typed name, as the account itself; a part of a name is no name', async ({ startApp }) => {
    t = await startApp();
    for (const typed of ['CHEF1', 'Chef1']) {
      const response = await login(typed);
      expect(response.statusCode).toBe(201);
      expect(response.json().user_name).toBe('chef1');
      expect(decodeJwt(response.json().access_token)).toMatchObject({ user_name: 'chef1', role: 'chef', sub: t.userIds.chef });
    }
    expectProblem(await login('CHEF1', 'Wrong@Pass1'), 401, WRONG_CREDENTIALS);
    for (const part of ['chef', 'hef1', 'CHEF']) expectProblem(await login(part), 401, WRONG_CREDENTIALS);
  });

  it('401 with WWW-Authenticate for a wrong password, and the same answer for an unknown user', async ({ startApp }) => {
    t = await startApp();
    const wrongPassword = await login('chef1', 'Wrong@Pass1');
    const unknownUser = await login('nobody', 'Wrong@Pass1');
    const viaBasic = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { authorization: basic('nobody', PASSWORD) } });
    for (const response of [wrongPassword, unknownUser, viaBasic]) {
      expectProblem(response, 401, WRONG_CREDENTIALS);
      expect(response.headers['www-authenticate']).toBe(BASIC_CHALLENGE);
    }
    expect(unknownUser.body).toBe(wrongPassword.body);
  });

  it('401 with WWW-Authenticate when no credentials are sent, or a malformed Basic header', async ({ startApp }) => {
    t = await startApp();
    const detail =
      'Send `Authorization: Basic base64(user_name:password)` or a JSON body { "grant_type": "password", "user_name", "password" }.';
    for (const headers of [{}, { authorization: 'Basic !!!' }, { authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` }]) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/token', headers });
      expectProblem(response, 401, detail);
      expect(response.headers['www-authenticate']).toBe(BASIC_CHALLENGE);
    }
  });

  it('Basic credentials whose password holds a colon', async ({ fileApp }) => {
    t = fileApp;
    const created = await t.inject({
      method: 'POST',
      url: '/users',
      payload: { user_name: 'colon', email: 'colon@example.com', password: 'Pa:ss1!word', role: 'patron' },
    });
    expect(created.statusCode).toBe(201);
    const response = await t.app.inject({ method: 'POST', url: '/auth/token', headers: { authorization: basic('colon', 'Pa:ss1!word') } });
    expect({ status: response.statusCode, user_name: response.json().user_name }).toStrictEqual({ status: 201, user_name: 'colon' });
  });

  it('415 for a body that is not JSON', async ({ fileApp }) => {
    t = fileApp;
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&user_name=chef1',
    });
    expectProblem(response, 415, 'Send the body as application/json.');
  });

  it('400 for another grant type or a missing field', async ({ fileApp }) => {
    t = fileApp;
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'client_credentials', user_name: 'chef1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toStrictEqual([
      { path: 'password', message: 'is required' },
      { path: 'grant_type', message: 'must be equal to constant' },
    ]);
  });
});

describe('access tokens', () => {
  it('expire after 15 minutes', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    clock.advance(15 * MINUTE - 1000);
    expect((await t.inject({ method: 'GET', url: '/orders', as: 'chef' })).statusCode).toBe(200);
    clock.advance(1000);
    expectUnauthorized(await t.inject({ method: 'GET', url: '/orders', as: 'chef' }), EXPIRED);
  });

  it('a tampered token is refused', async ({ fileApp }) => {
    t = fileApp;
    const [header, payload, signature] = t.tokens.patron.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'manager' })).toString('base64url');
    expectUnauthorized(await ordersWith(`${header}.${promoted}.${signature}`), INVALID);
    const flipped = signature.slice(0, -2) + (signature.slice(-2) === 'AA' ? 'BB' : 'AA');
    expectUnauthorized(await ordersWith(`${header}.${payload}.${flipped}`), INVALID);
  });

  it('an unsigned token (alg none) is refused', async ({ fileApp }) => {
    t = fileApp;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = {
      user_name: 'manager1',
      role: 'manager',
      sub: t.userIds.manager,
      iss: TOKEN_ISSUER,
      aud: TOKEN_AUDIENCE,
      iat: nowSeconds,
      exp: nowSeconds + 900,
    };
    expectUnauthorized(await ordersWith(`${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`), INVALID);
  });

  it('a token signed with another secret, or another algorithm, is refused', async ({ fileApp }) => {
    t = fileApp;
    expect((await ordersWith(await sign(t))).statusCode).toBe(200);
    expectUnauthorized(
      await ordersWith(await sign(t, {}, { key: new TextEncoder().encode('another-secret-that-is-long-enough-too!!') })),
      INVALID,
    );
    expectUnauthorized(await ordersWith(await sign(t, {}, { alg: 'HS512' })), INVALID);
  });

  it('a token for another issuer or audience is refused', async ({ fileApp }) => {
    t = fileApp;
    expectUnauthorized(await ordersWith(await sign(t, { iss: 'someone-else' })), INVALID);
    expectUnauthorized(await ordersWith(await sign(t, { aud: 'another-api' })), INVALID);
  });

  it('a token of a user since deleted is refused', async ({ startApp }) => {
    t = await startApp();
    expectUnauthorized(
      await ordersWith(await sign(t, { sub: 'aaaaaaaaaaaaaaaaaaaaaaaa' })),
      'The account of this access token no longer exists.',
    );
  });

  it('an Authorization header that is not Bearer is refused', async ({ fileApp }) => {
    t = fileApp;
    expectUnauthorized(
      await t.app.inject({ method: 'GET', url: '/orders', headers: { authorization: basic('chef1', PASSWORD) } }),
      'The Authorization header must be `Bearer <access_token>`.',
    );
    expectUnauthorized(
      await t.app.inject({ method: 'GET', url: '/orders', headers: { authorization: 'Bearer' } }),
      'The Authorization header must be `Bearer <access_token>`.',
    );
  });
});

describe('POST /auth/refresh-token', () => {
  it('200 with a new pair each time: the refresh token rotates', async ({ fileApp }) => {
    t = fileApp;
    const first = (await login('expeditor1')).json();
    const seen = new Set<string>([first.refresh_token]);
    let current = first.refresh_token as string;
    for (let round = 0; round < 3; round++) {
      const response = await refresh(current);
      expect(response.statusCode).toBe(200);
      const record = response.json();
      expect(record).toStrictEqual({
        auth_id: anId(),
        created_at: aTimestamp(),
        updated_at: aTimestamp(),
        access_token: expect.any(String),
        expires_at: aTimestamp(),
        refresh_token: expect.stringMatching(/^[0-9a-f]{64}$/),
        token_type: 'Bearer',
        user_name: 'expeditor1',
      });
      expect(seen.has(record.refresh_token)).toBe(false);
      seen.add(record.refresh_token);
      expect((await ordersWith(record.access_token)).statusCode).toBe(200);
      current = record.refresh_token;
    }
  });

  it('reusing a used refresh token is a 401 and revokes the whole family, newest descendant included', async ({ fileApp }) => {
    t = fileApp;
    const r0 = (await login('patron1')).json().refresh_token as string;
    const r1 = (await refresh(r0)).json().refresh_token as string;
    const r2 = (await refresh(r1)).json().refresh_token as string;
    const otherLogin = (await login('patron1')).json().refresh_token as string;
    expectUnauthorized(await refresh(r0), REUSED);
    expectUnauthorized(await refresh(r2), REVOKED);
    // Another login of the same user is another family: untouched.
    expect((await refresh(otherLogin)).statusCode).toBe(200);
  });

  it('401 for the refresh token of a user since deleted', async ({ startApp }) => {
    t = await startApp();
    const token = (await login('chef1')).json().refresh_token as string;
    expect((await t.inject({ method: 'DELETE', url: `/users/${t.userIds.chef}`, as: 'manager' })).statusCode).toBe(204);
    expectUnauthorized(await refresh(token), REVOKED);
  });

  it('two concurrent refreshes with one token: one pair is issued, the other is a reuse that revokes it too', async ({ fileApp }) => {
    t = fileApp;
    const r0 = (await login('patron1')).json().refresh_token as string;
    const answers = await Promise.all([refresh(r0), refresh(r0)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toStrictEqual([200, 401]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().refresh_token as string;
    expectUnauthorized(await refresh(winner), REVOKED);
  });

  it('401 for an unknown refresh token', async ({ fileApp }) => {
    t = fileApp;
    expectUnauthorized(await refresh('0'.repeat(64)), REVOKED);
  });

  it('401 for a refresh token older than 30 days', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    const token = (await login('chef1')).json().refresh_token as string;
    clock.advance(30 * 24 * 60 * MINUTE);
    expectUnauthorized(await refresh(token), 'The refresh token has expired; log in again.');
  });

  it('400 for a body without refresh_token', async ({ fileApp }) => {
    t = fileApp;
    const response = await t.app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { token: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toStrictEqual([
      { path: 'refresh_token', message: 'is required' },
      { path: 'token', message: 'is not a known property' },
    ]);
  });
});

describe('login throttling', () => {
  it('429 with Retry-After after repeated failures for one user_name, even with the right password; success once the lock ends', async ({
    startApp,
  }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    for (let attempt = 0; attempt < 5; attempt++) expectProblem(await login('chef1', 'Wrong@Pass1'), 401, WRONG_CREDENTIALS);
    for (const password of ['Wrong@Pass1', PASSWORD]) {
      const response = await login('chef1', password);
      expectProblem(response, 429, THROTTLED);
      expect(response.headers['retry-after']).toBe('60');
    }
    // The user_name is throttled whatever its case; other users are not.
    expectProblem(await login('CHEF1', PASSWORD), 429, THROTTLED);
    expect((await login('expeditor1')).statusCode).toBe(201);
    clock.advance(50_000);
    expect((await login('chef1')).headers['retry-after']).toBe('10');
    clock.advance(10_000);
    expect((await login('chef1')).statusCode).toBe(201);
  });

  it('throttles an unknown user_name the same way', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    for (let attempt = 0; attempt < 5; attempt++) await login('ghost', 'Wrong@Pass1');
    const response = await login('ghost', 'Wrong@Pass1');
    expectProblem(response, 429, THROTTLED);
    expect(response.headers['retry-after']).toBe('60');
  });

  it('a success clears the failures of that user_name', async ({ startApp }) => {
    t = await startApp();
    for (let attempt = 0; attempt < 4; attempt++) await login('chef1', 'Wrong@Pass1');
    expect((await login('chef1')).statusCode).toBe(201);
    for (let attempt = 0; attempt < 4; attempt++) await login('chef1', 'Wrong@Pass1');
    expect((await login('chef1')).statusCode).toBe(201);
  });

  it('throttles one address guessing many user names', async ({ startApp }) => {
    const clock = new FrozenClock();
    t = await startApp({ clock });
    for (let attempt = 0; attempt < 20; attempt++) expectProblem(await login(`guess${attempt}`, 'Wrong@Pass1'), 401, WRONG_CREDENTIALS);
    const response = await login('patron1');
    expectProblem(response, 429, THROTTLED);
    expect(response.headers['retry-after']).toBe('60');
  });
});
