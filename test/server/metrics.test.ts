// GET /metrics: Prometheus's text format with requests by route and status, their latency, the
// store's commits, sockets per room, events pushed and orders per status; a manager's token, or a
// scraper on the server itself (loopback, not relayed by a proxy); anyone else 401/403.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, vi } from 'vitest';
import { seedMenu, placeOrder } from '../helpers/menu.js';
import type { TestApp } from '../helpers/app.js';
import { it } from '../helpers/fixtures.js';
import { sioIn, type SioClient } from '../realtime/helpers/clients.js';
import { expectProblem } from './api/support.js';

/** The test's own app (closed by the startApp fixture, after this file's hooks have closed the client). */
let t: TestApp;
let client: SioClient | undefined;
afterEach(() => {
  client?.close();
  client = undefined;
});

const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics', () => {
  it(
    'answers a scraper on this machine, and managers from anywhere; 401 without a token, 403 for staff, a ' +
      'proxied loopback request needs a token',
    async ({ startApp }) => {
      t = await startApp();
      const local = await scrape('127.0.0.1');
      expect([local.statusCode, local.headers['content-type']]).toStrictEqual([200, 'text/plain; version=0.0.4; charset=utf-8']);
      expect((await scrape('::1')).statusCode).toBe(200);
      expectProblem(
        await scrape('10.0.0.9'),
        401,
        'This operation needs `Authorization: Bearer <access_token>`; get one at POST /auth/token.',
      );
      expectProblem(
        await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
        401,
        'This operation needs `Authorization: Bearer <access_token>`; get one at POST /auth/token.',
      );
      expectProblem(
        await scrape('10.0.0.9', { authorization: `Bearer ${t.tokens.chef}` }),
        403,
        'Your role (chef) may not read the metrics; this needs manager.',
      );
      expect((await scrape('10.0.0.9', { authorization: `Bearer ${t.tokens.manager}` })).statusCode).toBe(200);
    },
  );

  it('counts requests by route pattern and status, times them, and reports commits, orders per status, sockets per room and events pushed', async ({
    startApp,
  }) => {
    t = await startApp();
    const { steak } = await seedMenu(t);
    client = await sioIn(t.url, 'hot line', t.tokens.chef, ['station:hot']);
    const order = await placeOrder(t, [steak.id]);
    expect((await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/orders/6b0000000000000000000000', as: 'manager' })).statusCode).toBe(404);
    await vi.waitFor(() => expect(client!.inbox.envelopes.length).toBeGreaterThan(0), { timeout: 5000, interval: 20 });
    const text = (await scrape('127.0.0.1')).body;
    const lines = text.split('\n');
    expect(lines).toContain('pos_http_requests_total{method="GET",route="/orders/:id",status="200"} 1');
    expect(lines).toContain('pos_http_requests_total{method="GET",route="/orders/:id",status="404"} 1');
    expect(lines).toContain('pos_http_requests_total{method="POST",route="/orders",status="201"} 1');
    expect(lines).toContain('pos_http_request_duration_seconds_count{method="GET",route="/orders/:id"} 2');
    expect(lines).toContain('pos_http_request_duration_seconds_bucket{method="GET",route="/orders/:id",le="+Inf"} 2');
    expect(lines).toContain('pos_orders{status="Received"} 1');
    expect(lines).toContain('pos_orders{status="Draft"} 0');
    expect(lines).toContain('pos_realtime_sockets{transport="socketio",room="station:hot"} 1');
    expect(lines).toContain('# TYPE pos_store_commit_duration_seconds histogram');
    expect(Number(/^pos_store_commit_duration_seconds_count\{outcome="committed"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(5);
    expect(Number(/^pos_realtime_events_pushed_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(lines).toContain(`pos_build_info{version="${version}",store="sqlite"} 1`);
    // Every family is introduced by HELP and TYPE, and every sample line is `name{labels} value`.
    for (const line of lines.filter((entry) => entry !== '' && !entry.startsWith('#')))
      expect(line).toMatch(/^[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? (\d+(\.\d+)?(e-?\d+)?|\+Inf)$/);
  });
});
