// The real app (REST routes, SQLite store, jose tokens) with the realtime layer, listening on port 0,
// with a signed-in user per role. It mirrors test/helpers/app.ts, which builds the app before a
// test could add the realtime plugin: once server/app.ts registers it, nothing is added here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TokenService } from '../../../domain/tokens.js';
import type { Role } from '../../../models/user.js';
import realtime from '../../../realtime/plugin.js';
import { app as posApp, serverOptions } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { errorHandler } from '../../../server/problem.js';
import { openSqliteStore } from '../../../store/sqlite/index.js';
import { PASSWORD, ROLES_UNDER_TEST, TestClock, type TestApp } from '../../helpers/app.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!!';

export async function startLiveApp(options: { dataDir?: string; recoveryWindowMs?: number } = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pos-realtime-'));
  const clock = new TestClock();
  const config = loadConfig({
    POS_DATA_DIR: dataDir,
    POS_BCRYPT_ROUNDS: '4',
    POS_ADMIN_USER_NAME: 'manager1',
    POS_ADMIN_PASSWORD: PASSWORD,
  });
  const store = openSqliteStore({ dataDir, clock: clock.now });
  const app = Fastify(serverOptions(config, false)).withTypeProvider<TypeBoxTypeProvider>();
  app.setErrorHandler(errorHandler);
  await app.register(posApp, { config, store, jwtSecret: JWT_SECRET, now: clock.now });
  // The app's services are encapsulated in it: an equal verifier is built beside them.
  if (!app.hasRoute({ method: 'GET', url: '/asyncapi.json' })) {
    const verifier = new TokenService(store, { secret: JWT_SECRET, accessTtlSeconds: config.accessTokenTtlSeconds, refreshTtlSeconds: config.refreshTokenTtlSeconds, now: clock.now });
    await app.register(realtime, { store, verifier, now: clock.now, recoveryWindowMs: options.recoveryWindowMs });
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const inject: TestApp['inject'] = ({ as, ...request }) =>
    app.inject({ ...request, headers: { ...request.headers, ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}) } });
  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, string>;
  const login = async (userName: string) => {
    const response = await app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', user_name: userName, password: PASSWORD } });
    if (response.statusCode !== 201) throw new Error(`login ${userName} failed: ${response.body}`);
    return response.json<{ access_token: string }>().access_token;
  };
  tokens.manager = await login('manager1');
  for (const role of ROLES_UNDER_TEST) {
    const [existing] = await store.collection('users').find([{ field: 'user_name', op: 'eq', value: `${role}1` }]);
    if (existing) userIds[role] = existing.id;
    else {
      const created = await inject({ method: 'POST', url: '/users', as: 'manager', payload: { user_name: `${role}1`, email: `${role}1@example.com`, password: PASSWORD, role } });
      if (created.statusCode !== 201) throw new Error(`creating ${role}1 failed: ${created.body}`);
      userIds[role] = created.json<{ id: string }>().id;
    }
    tokens[role] = await login(`${role}1`);
  }

  return {
    app, store, dataDir, clock, config, tokens, userIds, url, inject,
    async close() {
      await app.close();
      await store.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
