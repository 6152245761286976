// Behind the proxy a client cannot choose its own address: only the configured proxy hops may name
// it, so a forged X-Forwarded-For changes nothing, and HTTP, socket.io and /ws all count the same
// real client (rate limit and socket caps per client, not per proxy). Real clients over TCP: the
// "proxy" connects from 127.0.0.5, a client reaching the API directly from 127.0.0.2.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect } from 'vitest';
import { io as connectIo, type Socket as ClientSocket } from 'socket.io-client';
import WebSocket from 'ws';
import type { TestApp } from '../../helpers/app.js';
import { it } from '../../helpers/fixtures.js';

const PROXY = '127.0.0.5';
const DIRECT = '127.0.0.2';
const OTHER_CLIENT = '198.51.100.9';
/** Sockets per client; requests per minute per client (each test's client is its own). */
const MAX = 2;
const REQUESTS = 5;
/** What a proxy that appends (nginx's $proxy_add_x_forwarded_for) relays for client `client` that forged n. */
const forged = (n: number, client: string) => `6.6.6.${n}, ${client}`;

describe.each([
  ['the proxy address', PROXY],
  ['a hop count', '1'],
])('POS_TRUST_PROXY set to %s', (_name, trust) => {
  let t: TestApp;
  const open: { close(): void }[] = [];
  // A fresh app per test, so no test's requests or sockets count against another's allowance; the
  // clients are closed before the startApp fixture closes the app.
  it.beforeEach(async ({ startApp }) => {
    const env = { POS_TRUST_PROXY: trust, POS_SOCKET_MAX_PER_ADDRESS: String(MAX), POS_RATE_LIMIT_MAX: String(REQUESTS) };
    t = await startApp({ withoutUsers: true, env });
  });
  afterEach(() => {
    open.splice(0).forEach((client) => client.close());
  });

  function ioConnects(from: string, forwardedFor: string): Promise<boolean> {
    const client: ClientSocket = connectIo(t.url, {
      transports: ['websocket'],
      reconnection: false,
      localAddress: from,
      extraHeaders: { 'x-forwarded-for': forwardedFor },
    } as Parameters<typeof connectIo>[1]);
    open.push(client);
    return new Promise((resolve) => {
      client.once('connect', () => resolve(true));
      client.once('connect_error', () => resolve(false));
    });
  }

  function wsOpens(from: string, forwardedFor: string): Promise<boolean | number> {
    const client = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, { localAddress: from, headers: { 'x-forwarded-for': forwardedFor } });
    open.push(client);
    return new Promise((resolve, reject) => {
      client.once('open', () => resolve(true));
      client.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      client.once('error', reject);
    });
  }

  it('HTTP: forged addresses all count as the client the proxy saw; another client has its own allowance', async () => {
    const statuses = [];
    for (let n = 1; n <= REQUESTS + 1; n += 1)
      statuses.push(
        (await t.inject({ method: 'GET', url: '/dishes', remoteAddress: PROXY, headers: { 'x-forwarded-for': forged(n, '203.0.113.7') } }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await t.inject({ method: 'GET', url: '/dishes', remoteAddress: PROXY, headers: { 'x-forwarded-for': forged(9, OTHER_CLIENT) } }))
        .statusCode,
    ).toBe(200);
  });

  it('socket.io: the cap counts the real client behind the proxy, whatever it forges', async () => {
    const admitted = await Promise.all([ioConnects(PROXY, forged(1, '203.0.113.8')), ioConnects(PROXY, forged(2, '203.0.113.8'))]);
    expect(admitted).toEqual([true, true]);
    expect(await ioConnects(PROXY, forged(3, '203.0.113.8'))).toBe(false);
    expect(await ioConnects(PROXY, '198.51.100.8')).toBe(true);
  });

  it('/ws: the cap counts the real client behind the proxy, whatever it forges', async () => {
    expect(await Promise.all([wsOpens(PROXY, forged(1, '203.0.113.9')), wsOpens(PROXY, forged(2, '203.0.113.9'))])).toEqual([true, true]);
    expect(await wsOpens(PROXY, forged(3, '203.0.113.9'))).toBe(429);
    expect(await wsOpens(PROXY, '198.51.100.10')).toBe(true);
  });

  it.skipIf(trust === '1')('a client reaching the API directly cannot name itself: its X-Forwarded-For is ignored', async () => {
    expect(await Promise.all([ioConnects(DIRECT, '6.6.6.1'), ioConnects(DIRECT, '6.6.6.2')])).toEqual([true, true]);
    expect(await ioConnects(DIRECT, '6.6.6.3')).toBe(false);
    expect(await Promise.all([wsOpens(DIRECT, '6.6.6.1'), wsOpens(DIRECT, '6.6.6.2')])).toEqual([true, true]);
    expect(await wsOpens(DIRECT, '6.6.6.3')).toBe(429);
  });

  // The documented price of a hop count: whoever connects is taken for the proxy, so it only suits
  // an API that nothing but the proxy can reach (docs/mongodb.md prefers the proxy's address).
  it.runIf(trust === '1')('with a hop count, a client reaching the API directly is counted as the address it names', async () => {
    expect(await Promise.all([ioConnects(DIRECT, '6.6.7.1'), ioConnects(DIRECT, '6.6.7.1')])).toEqual([true, true]);
    expect(await ioConnects(DIRECT, '6.6.7.1')).toBe(false);
    expect(await ioConnects(DIRECT, '6.6.7.2')).toBe(true);
  });
});

describe('the deployment files', () => {
  const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

  it("nginx sets X-Forwarded-For to the address it saw, never appending to the client's", () => {
    const nginx = read('docker/nginx.conf');
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
  });

  it("the API instances trust exactly nginx's fixed address", () => {
    const compose = read('docker-compose.yml');
    const trusted = /POS_TRUST_PROXY: "?([^"\n]+)"?/.exec(compose)?.[1];
    const proxyAddress = /lb:[\s\S]*?ipv4_address: ([\d.]+)/.exec(compose)?.[1];
    expect(trusted).toBe(proxyAddress);
    expect(trusted).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });
});
