// An app reopened on a data directory after a restart: the per-role users it has sign in again
// (their old tokens were signed by the closed app's token service).
import { PASSWORD, ROLES_UNDER_TEST, type TestApp } from '../../helpers/app.js';
import type { StartApp } from '../../helpers/fixtures.js';

/** Starts an app with the test's `startApp` fixture (closed with the test) on `dataDir`, which has the `<role>1` users. */
export async function reopenLiveApp(startApp: StartApp, dataDir: string): Promise<TestApp> {
  const t = await startApp({ dataDir, withoutUsers: true });
  for (const role of ROLES_UNDER_TEST) t.tokens[role] = await signIn(t, `${role}1`);
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
