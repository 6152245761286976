// The real app (REST routes, SQLite store, jose tokens, the realtime layer) listening on port 0.
// Reopening a data directory signs the existing per-role users in again.
import { PASSWORD, ROLES_UNDER_TEST, startTestApp, type TestApp } from '../../helpers/app.js';

export async function startLiveApp(options: { dataDir?: string; reopen?: boolean } = {}): Promise<TestApp> {
  const t = await startTestApp({ listen: true, dataDir: options.dataDir, withoutUsers: options.reopen });
  if (options.reopen) {
    for (const role of ROLES_UNDER_TEST) t.tokens[role] = await signIn(t, `${role}1`);
  }
  return t;
}

async function signIn(t: TestApp, userName: string): Promise<string> {
  const response = await t.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', user_name: userName, password: PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`sign-in of ${userName} failed: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}
