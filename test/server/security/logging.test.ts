// What the production process logs, at its most verbose: never a password, a password hash, an
// access or refresh token, Basic credentials or a cookie — whatever the client sends and wherever.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { io as connectIo } from 'socket.io-client';
import WebSocket from 'ws';
import { PASSWORD } from '../../helpers/app.js';
import { call, login, serverEnv, startServer, type ServerProcess } from '../faults/server-process.js';

it('at LOG_LEVEL=trace the log holds no password, hash, token, credential or cookie', { timeout: 90_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pos-logs-'));
  let server: ServerProcess | undefined;
  const secrets: string[] = [PASSWORD];
  try {
    server = await startServer(serverEnv(dataDir, { LOG_LEVEL: 'trace' }));
    const { url } = server;
    const first = 'Signup@Pass1!';
    const second = 'Changed@Pass2!';
    const wrong = 'Wrong@Guess3!';
    const invalid = 'Invalid@Body4!';
    secrets.push(first, second, wrong, invalid);

    const user = await call<{ id: string }>(url, null, 'POST', '/users', {
      user_name: 'logan',
      email: 'logan@example.com',
      password: first,
      role: 'patron',
    });
    expect(user.status).toBe(201);
    const pair = await call<{ access_token: string; refresh_token: string }>(url, null, 'POST', '/auth/token', {
      grant_type: 'password',
      user_name: 'logan',
      password: first,
    });
    const basicCredentials = Buffer.from(`logan:${first}`).toString('base64');
    const basic = await fetch(`${url}/auth/token`, { method: 'POST', headers: { authorization: `Basic ${basicCredentials}` } });
    const basicPair = (await basic.json()) as { access_token: string; refresh_token: string };
    secrets.push(pair.body.access_token, pair.body.refresh_token, basicPair.access_token, basicPair.refresh_token, basicCredentials);

    expect((await call(url, null, 'POST', '/auth/token', { grant_type: 'password', user_name: 'logan', password: wrong })).status).toBe(
      401,
    );
    const refreshed = await call<{ refresh_token: string; access_token: string }>(url, null, 'POST', '/auth/refresh-token', {
      refresh_token: pair.body.refresh_token,
    });
    secrets.push(refreshed.body.refresh_token, refreshed.body.access_token);
    expect((await call(url, null, 'POST', '/auth/refresh-token', { refresh_token: pair.body.refresh_token })).status).toBe(401);
    expect(
      (await call(url, null, 'POST', '/users', { user_name: 'bad body', email: 'nope', password: invalid, role: 'patron' })).status,
    ).toBe(400);
    expect((await call(url, refreshed.body.access_token, 'PATCH', `/users/${user.body.id}`, { password: second })).status).toBe(200);
    expect((await call(url, `${refreshed.body.access_token}x`, 'GET', '/orders')).status).toBe(401);
    await fetch(`${url}/dishes`, { headers: { cookie: 'session=SECRET-COOKIE-VALUE' } });
    secrets.push('SECRET-COOKIE-VALUE');
    await login(url, 'logan', second);

    // Realtime: the token in the /ws query string and in the socket.io handshake.
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?access_token=${encodeURIComponent(basicPair.access_token)}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.close();
    const socket = connectIo(url, { transports: ['websocket'], reconnection: false, auth: { token: basicPair.access_token } });
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    socket.close();
    const refusedWs = new WebSocket(`${url.replace('http', 'ws')}/ws?access_token=not-a-valid-token-${'s'.repeat(20)}`);
    await new Promise((resolve) => refusedWs.once('error', resolve));
    secrets.push(`not-a-valid-token-${'s'.repeat(20)}`);

    // Stopped first, so every line is written.
    server.child.kill('SIGTERM');
    await server.exited;
    const log = server.output();
    // Every request was logged (so the check below looked at them all), none with its secrets.
    expect(log.match(/"msg":"request completed"/g)?.length).toBeGreaterThanOrEqual(10);
    // One line per request, written once it is answered, with the request in it.
    expect(log).not.toContain('"msg":"incoming request"');
    expect(log).toMatch(/"req":\{"method":"POST","url":"\/auth\/token"[^\n]*"res":\{"statusCode":201\}[^\n]*"msg":"request completed"/);
    for (const secret of secrets) expect(log.includes(secret), `the log contains ${secret.slice(0, 12)}…`).toBe(false);
    // A request is logged by what it asked for and who asked, never by its headers.
    expect(log).toMatch(
      /"req":\{"method":"GET","url":"\/dishes","host":"127\.0\.0\.1:\d+","remoteAddress":"127\.0\.0\.1","remotePort":\d+\}/,
    );
    expect(log).not.toContain('"headers"');
    expect(log).not.toMatch(/\$2[aby]\$\d{2}\$/);
    expect(log).not.toMatch(/authorization":"(Bearer|Basic) /i);
  } finally {
    server?.kill();
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
