// Account care in the production process: login throttling is logged (never the password), a
// manager unlocks a throttled account and sets a staff password (signing that user out), and
// `npm run reset-admin` recovers the first manager on the server's machine with the server stopped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { PASSWORD } from '../../helpers/app.js';
import { nodeArgs, ROOT } from '../../helpers/node-process.js';
import { call, login, serverEnv, startServer, type ServerProcess } from '../faults/server-process.js';

const WRONG = 'Wrong@Guess9!';
const THROTTLED = {
  type: 'about:blank',
  status: 429,
  title: 'Too Many Requests',
  detail: 'Too many failed logins; wait before trying again.',
};
let dataDir: string;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.kill();
  await server?.exited;
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const grant = (url: string, user_name: string, password: string) =>
  call(url, null, 'POST', '/auth/token', { grant_type: 'password', user_name, password });
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const resetAdmin = (env: Record<string, string>) =>
  spawnSync(process.execPath, nodeArgs('scripts/reset-admin.ts'), {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(dataDir), ...env },
    encoding: 'utf8',
  });

it(
  'logs a throttled login once with user_name and address; a manager unlocks it and sets a new password that signs the user out',
  { timeout: 60_000 },
  async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-accounts-'));
    server = await startServer(serverEnv(dataDir, { POS_LOGIN_MAX_FAILURES: '2' }));
    const { url } = server;
    const manager = await login(url, 'manager1');
    const cook = await call<{ id: string }>(url, manager, 'POST', '/users', {
      user_name: 'cook',
      email: 'cook@example.com',
      password: PASSWORD,
      role: 'chef',
    });
    const patron = await call<{ id: string }>(url, null, 'POST', '/users', {
      user_name: 'eater',
      email: 'eater@example.com',
      password: PASSWORD,
      role: 'patron',
    });
    const cookRefresh = (await grant(url, 'cook', PASSWORD)).body as { refresh_token: string };

    for (let attempt = 0; attempt < 2; attempt++) expect((await grant(url, 'cook', WRONG)).status).toBe(401);
    expect(await grant(url, 'cook', PASSWORD)).toStrictEqual({ status: 429, body: THROTTLED });
    // The server's log reaches this process through a pipe, a moment after the answer.
    await vi.waitFor(
      () => {
        const warnings = logLines(server!.output()).filter((line) => line.level === 40 && String(line.msg).startsWith('login throttled'));
        expect(
          warnings.map(({ scope, user_name, address, failures, window_seconds, msg }) => ({
            scope,
            user_name,
            address,
            failures,
            window_seconds,
            msg,
          })),
        ).toStrictEqual([
          {
            scope: 'user_name',
            user_name: 'cook',
            address: '127.0.0.1',
            failures: 2,
            window_seconds: 900,
            msg: 'login throttled: 2 failed logins for this user_name within 900 s, locked for 60 s; a manager can lift it (POST /users/{id}/unlock)',
          },
        ]);
      },
      { timeout: 5000, interval: 50 },
    );
    expect(server.output()).not.toContain(WRONG);

    const eater = await login(url, 'eater');
    expect((await call(url, eater, 'POST', `/users/${cook.body.id}/unlock`)).status).toBe(403);
    expect((await call(url, manager, 'POST', '/users/5f0000000000000000000009/unlock')).status).toBe(404);
    expect(await call(url, manager, 'POST', `/users/${cook.body.id}/unlock`)).toStrictEqual({ status: 204, body: null });
    expect((await grant(url, 'cook', PASSWORD)).status).toBe(201);

    // A new password from a manager: the old one and the user's refresh tokens stop working.
    expect((await call(url, manager, 'PATCH', `/users/${cook.body.id}`, { password: 'Fresh@Start7' })).status).toBe(200);
    expect((await grant(url, 'cook', PASSWORD)).status).toBe(401);
    expect((await call(url, null, 'POST', '/auth/refresh-token', { refresh_token: cookRefresh.refresh_token })).status).toBe(401);
    expect((await grant(url, 'cook', 'Fresh@Start7')).status).toBe(201);

    // Eight failures under any names lock the address, the manager's own login included; unlocking lifts that too.
    for (let attempt = 0; attempt < 8; attempt++) await grant(url, `guess${attempt}`, WRONG);
    expect(await grant(url, 'manager1', PASSWORD)).toStrictEqual({ status: 429, body: THROTTLED });
    expect((await call(url, manager, 'POST', `/users/${patron.body.id}/unlock`)).status).toBe(204);
    expect((await grant(url, 'manager1', PASSWORD)).status).toBe(201);
  },
);

it(
  'npm run reset-admin: refused while the server runs; with it stopped, sets a new manager password under the password rules',
  { timeout: 60_000 },
  async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pos-reset-admin-'));
    server = await startServer(serverEnv(dataDir));
    const running = resetAdmin({ POS_ADMIN_PASSWORD: 'Forgot@Mine2' });
    expect(running.status).toBe(1);
    expect(running.stderr).toMatch(
      new RegExp(
        `^Cannot reset the manager: cannot open the data directory ${dataDir}: .*pos\\.lock shows that process ${server.child.pid} `,
      ),
    );
    server.child.kill('SIGTERM');
    await server.exited;

    const weak = resetAdmin({ POS_ADMIN_PASSWORD: 'abc' });
    expect([weak.status, weak.stderr]).toStrictEqual([
      1,
      'Cannot reset the manager: Invalid configuration: POS_ADMIN_PASSWORD must follow the password rules: ' +
        'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and one of @ $ ! % * ? ' +
        '&.\n',
    ]);
    const reset = resetAdmin({ POS_ADMIN_PASSWORD: 'Forgot@Mine2' });
    expect([reset.status, reset.stdout]).toStrictEqual([
      0,
      'Manager manager1 reset: new password set, signed out everywhere. Start the server and sign in.\n',
    ]);

    // The server keeps the first manager it finds (never overwritten): the reset password is the one that works.
    server = await startServer(serverEnv(dataDir));
    expect((await grant(server.url, 'manager1', PASSWORD)).status).toBe(401);
    expect((await grant(server.url, 'manager1', 'Forgot@Mine2')).status).toBe(201);
  },
);
