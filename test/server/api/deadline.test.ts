// Request-Deadline: a write that reaches the server after its deadline is refused and changes nothing.
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import { placeOrder, seedMenu } from '../../helpers/menu.js';

describe('Request-Deadline', () => {
  it('refuses a late request with 412 and applies one in time; a malformed deadline is 400', async ({ app: t }) => {
    const menu = await seedMenu(t);
    const order = await placeOrder(t, [menu.steak.id]);
    const bump = (deadline: string) =>
      t.inject({
        method: 'PATCH',
        url: `/orders/${order.id}/tickets/hot`,
        as: 'chef',
        headers: { 'request-deadline': deadline },
        payload: { status: 'In Progress' },
      });

    const late = await bump(String(Date.now() - 1_000));
    expect({ status: late.statusCode, type: late.headers['content-type'], title: late.json().title }).toStrictEqual({
      status: 412,
      type: 'application/problem+json; charset=utf-8',
      title: 'Precondition Failed',
    });
    expect(late.json().detail).toMatch(/^The request arrived \d+ ms after its Request-Deadline; nothing was changed\.$/);
    const stored = await t.inject({ method: 'GET', url: `/orders/${order.id}`, as: 'manager' });
    expect(stored.json().tickets[0].status).toBe('Received');

    const bad = await bump('soon');
    expect([bad.statusCode, bad.json().detail]).toStrictEqual([
      400,
      'Request-Deadline must be a time in epoch milliseconds, e.g. 1763900000000.',
    ]);

    const inTime = await bump(String(Date.now() + 5_000));
    expect([inTime.statusCode, inTime.json().tickets[0].status]).toStrictEqual([200, 'In Progress']);
  });

  it('reads are answered whatever their deadline says; a late write is refused before its caller or body is looked at', async ({
    app: t,
  }) => {
    const menu = await seedMenu(t);
    for (const deadline of [String(Date.now() - 60_000), 'soon']) {
      const read = await t.inject({ method: 'GET', url: `/dishes/${menu.steak.id}`, headers: { 'request-deadline': deadline } });
      expect([read.statusCode, read.json().id]).toStrictEqual([200, menu.steak.id]);
      const head = await t.inject({ method: 'HEAD', url: '/dishes', headers: { 'request-deadline': deadline } });
      expect(head.statusCode).toBe(200);
    }
    // No token and a body that is not JSON: the deadline is checked first, as before any route runs.
    const late = await t.inject({
      method: 'POST',
      url: '/orders',
      headers: { 'request-deadline': String(Date.now() - 1_000), 'content-type': 'application/json' },
      payload: '{',
    });
    expect([late.statusCode, late.json().title]).toStrictEqual([412, 'Precondition Failed']);
    const orders = await t.inject({ method: 'GET', url: '/orders', as: 'manager' });
    expect(orders.json().total_results).toBe(0);
  });

  it('a late write is refused before the rate limit counts it, as when the deadline was checked for every request', async ({
    startApp,
  }) => {
    const t = await startApp({ env: { POS_RATE_LIMIT_MAX: '1' } });
    const late = () =>
      t.inject({
        method: 'POST',
        url: '/ingredients',
        as: 'chef',
        remoteAddress: '10.0.0.7',
        headers: { 'request-deadline': String(Date.now() - 1_000) },
        payload: { name: 'Leek', in_stock_qty: 1, price: 1 },
      });
    expect([(await late()).statusCode, (await late()).statusCode]).toStrictEqual([412, 412]);
    const read = () => t.inject({ method: 'GET', url: '/ingredients', remoteAddress: '10.0.0.7' });
    expect([(await read()).statusCode, (await read()).statusCode]).toStrictEqual([200, 429]);
  });
});
