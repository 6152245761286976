// A write's Request-Deadline reaches the store: the MongoDB store's transaction retries stop there
// (test/store/mongo-transaction-deadline.test.ts), so a write the tablet gave up on cannot land later.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { currentDeadline } from '../../../store/deadline.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import type { Store } from '../../../store/types.js';
import { PASSWORD } from '../../helpers/app.js';
import { claimsOf, TEST_JWT_SECRET } from '../security/support.js';
import { overriding } from '../../store/fixtures/overriding.js';

let dataDir: string;
let inner: Store;
let app: Awaited<ReturnType<typeof buildApp>>;
const seen: (number | undefined)[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pos-deadline-'));
  inner = openSqliteStore({ dataDir });
  const store = overriding(inner, {
    transaction: (work) => (seen.push(currentDeadline()), inner.transaction(work)),
  });
  app = await buildApp({
    config: loadConfig({ POS_DATA_DIR: dataDir, POS_BCRYPT_ROUNDS: '4', POS_ADMIN_USER_NAME: 'manager1', POS_ADMIN_PASSWORD: PASSWORD }),
    store,
    jwtSecret: TEST_JWT_SECRET,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await inner?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('the store sees the Request-Deadline of the write it serves, and none for a write without one', async () => {
  const login = (
    await app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: 'manager1', password: PASSWORD } })
  ).json<{ access_token: string }>();
  const me = { id: String(claimsOf(login.access_token).sub) };
  const deadline = Date.now() + 60_000;
  const change = (headers: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: `/users/${me.id}`,
      headers: { authorization: `Bearer ${login.access_token}`, ...headers },
      payload: { email: `m${seen.length}@example.com` },
    });
  seen.length = 0;
  expect((await change({ 'request-deadline': String(deadline) })).statusCode).toBe(200);
  expect((await change({})).statusCode).toBe(200);
  expect(seen).toEqual([deadline, undefined]);
});
