// Request rate limits per client address: over POS_RATE_LIMIT_MAX a minute, a 429 Problem with
// Retry-After; other addresses and the host itself are unaffected; 0 turns the limit off.
import { describe, expect } from 'vitest';
import { it } from '../../helpers/fixtures.js';
import type { TestApp } from '../../helpers/app.js';
import { expectProblemStatus } from './support.js';

const LIMIT = 5;

describe(`with POS_RATE_LIMIT_MAX=${LIMIT}`, () => {
  // An app per test: no test starts with addresses another has already counted.
  let t: TestApp;
  it.beforeEach(async ({ startApp }) => {
    t = await startApp({ env: { POS_RATE_LIMIT_MAX: String(LIMIT) } });
  });

  const from = (remoteAddress: string, url = '/dishes') => t.inject({ method: 'GET', url, remoteAddress });

  it('the request over the limit is a 429 Problem with Retry-After, on any route', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const allowed = await from('10.0.0.7', i % 2 ? '/health' : '/dishes');
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i - 1));
    }
    const refused = await from('10.0.0.7', '/orders');
    const problem = expectProblemStatus(refused, 429);
    expect(problem.title).toBe('Too Many Requests');
    expect(problem.detail).toMatch(/^More than 5 requests a minute from your address; try again in \d+ s\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await from('10.0.0.8')).statusCode).toBe(200);
    expect((await from('10.0.0.8')).statusCode).toBe(429);
    expect((await from('10.0.0.9')).statusCode).toBe(200);
    expect((await from('2001:db8::1')).statusCode).toBe(200);
  });

  it('applies to logins too, before any password is checked', async () => {
    for (let i = 0; i < LIMIT; i++)
      await t.inject({
        method: 'POST',
        url: '/auth/token',
        remoteAddress: '10.0.0.10',
        payload: { grant_type: 'password', user_name: 'nobody', password: 'x' },
      });
    const refused = await t.inject({
      method: 'POST',
      url: '/auth/token',
      remoteAddress: '10.0.0.10',
      payload: { grant_type: 'password', user_name: 'nobody', password: 'x' },
    });
    expect(expectProblemStatus(refused, 429).detail).toMatch(/^More than 5 requests a minute/);
  });

  it('never limits the host itself (health checks, local tools), over a real connection too', async () => {
    for (let i = 0; i < LIMIT * 3; i++) expect((await from('127.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < LIMIT * 3; i++) expect((await fetch(`${t.url}/health`)).status).toBe(200);
  });

  it('a relayed request claiming to be the host is still limited', async () => {
    const relayed = () =>
      t.inject({ method: 'GET', url: '/dishes', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
    for (let i = 0; i < LIMIT; i++) expect((await relayed()).statusCode).toBe(200);
    expectProblemStatus(await relayed(), 429);
  });
});

describe('with POS_RATE_LIMIT_MAX=0', () => {
  it('nothing is limited', async ({ startApp }) => {
    const t = await startApp({ env: { POS_RATE_LIMIT_MAX: '0' } });
    for (let i = 0; i < 50; i++)
      expect((await t.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    const response = await t.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.7' });
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('by default', () => {
  it('allows 1000 requests a minute per address', async ({ app: t }) => {
    const response = await t.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.7' });
    expect(response.headers['x-ratelimit-limit']).toBe('1000');
  });
});
