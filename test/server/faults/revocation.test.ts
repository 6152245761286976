// A password change (or an account deletion) and the revocation of the account's refresh tokens
// commit together: when revoking fails, nothing is changed and no idempotent outcome is stored, so a
// replay of the same Idempotency-Key runs the change again instead of answering 200 for a change
// that left the old sessions valid.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import { PASSWORD } from '../../helpers/app.js';
import { expectProblemStatus, TEST_JWT_SECRET } from '../security/support.js';
import { FaultyStore } from './faulty-store.js';

const NEW_PASSWORD = 'Another@Pass2!';

describe('revoking refresh tokens fails while a password changes or an account is deleted', () => {
  let dataDir: string;
  let store: FaultyStore;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-revoke-'));
    store = new FaultyStore(openSqliteStore({ dataDir }));
    const config = loadConfig({
      POS_DATA_DIR: dataDir,
      POS_BCRYPT_ROUNDS: '4',
      POS_ADMIN_USER_NAME: 'manager1',
      POS_ADMIN_PASSWORD: PASSWORD,
    });
    app = await buildApp({ config, store, jwtSecret: TEST_JWT_SECRET });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (user_name: string, password = PASSWORD) =>
    (await app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name, password } })).json<{
      access_token: string;
      refresh_token: string;
    }>();
  const refresh = (refresh_token: string) => app.inject({ method: 'POST', url: '/auth/refresh-token', payload: { refresh_token } });
  const failingRevocations = () => store.failWrites((collection, method) => collection === 'refresh_tokens' && method === 'updateMany');

  async function signUp(user_name: string): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { user_name, email: `${user_name}@example.com`, password: PASSWORD, role: 'patron' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  it('a password change with an Idempotency-Key: 503 and nothing changed; the replay changes it and revokes', async () => {
    const id = await signUp('guest_lena');
    const session = await login('guest_lena');
    const change = (): InjectOptions => ({
      method: 'PATCH',
      url: `/users/${id}`,
      headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': 'new-password-1' },
      payload: { password: NEW_PASSWORD },
    });
    failingRevocations();
    try {
      expect(expectProblemStatus(await app.inject(change()), 503).detail).toBe('The data store is unavailable; try again shortly.');
    } finally {
      store.failWrites(null);
    }
    // Nothing committed: the old password still signs in, and no outcome was stored for the key.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/auth/token',
          payload: { grant_type: 'password', user_name: 'guest_lena', password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    const replay = await app.inject(change());
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBeUndefined();
    // The change that answered 200 revoked the session that existed before it.
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/auth/token',
          payload: { grant_type: 'password', user_name: 'guest_lena', password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('deleting an account: 503 and the account kept while its tokens cannot be revoked', async () => {
    const id = await signUp('guest_otto');
    const manager = await login('manager1');
    failingRevocations();
    try {
      const response = await app.inject({
        method: 'DELETE',
        url: `/users/${id}`,
        headers: { authorization: `Bearer ${manager.access_token}` },
      });
      expect(expectProblemStatus(response, 503).detail).toBe('The data store is unavailable; try again shortly.');
    } finally {
      store.failWrites(null);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/users/${id}`, headers: { authorization: `Bearer ${manager.access_token}` } })).statusCode,
    ).toBe(200);
  });

  it('a replayed refresh token: the 401 "every token revoked" is answered only with the family revoked', async () => {
    await signUp('guest_ines');
    const first = await login('guest_ines');
    const second = (await refresh(first.refresh_token)).json<{ refresh_token: string }>();
    failingRevocations();
    try {
      expect(expectProblemStatus(await refresh(first.refresh_token), 503).detail).toBe('The data store is unavailable; try again shortly.');
    } finally {
      store.failWrites(null);
    }
    const replayed = await refresh(first.refresh_token);
    expect(expectProblemStatus(replayed, 401).detail).toBe(
      'The refresh token was already used; every token of this login has been revoked. Log in again.',
    );
    expect(expectProblemStatus(await refresh(second.refresh_token), 401).detail).toBe(
      'The refresh token is unknown or revoked; log in again.',
    );
  });
});
