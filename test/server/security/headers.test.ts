// Security headers on every response, a CSP under which Swagger UI and the boards still work in a
// real browser, and CORS only for the configured origins.
import { describe, expect } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import type { Browser, Page } from 'playwright-core';
import security, { HELMET_OPTIONS } from '../../../server/plugins/security.js';
import type { TestApp } from '../../helpers/app.js';
import { BROWSER_TEST_MS, openBoard } from '../../web/browser.js';
import { it } from '../../web/fixtures.js';
import { expectProblemStatus } from './support.js';

// The tests only read: one app for the file (the fileApp fixture), another for the CORS settings;
// the browser is the shared Chromium of the board tests (the browser fixture).

const HELMET = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
};

describe('security headers', () => {
  it('are on JSON answers, Problems, framework errors, Swagger UI and the boards', async ({ fileApp: t }) => {
    const answers = await Promise.all([
      t.inject({ method: 'GET', url: '/dishes' }),
      t.inject({ method: 'GET', url: '/orders' }),
      t.inject({ method: 'GET', url: '/nowhere' }),
      t.inject({ method: 'POST', url: '/orders', as: 'patron', headers: { 'content-type': 'application/json' }, payload: '{' }),
      t.inject({ method: 'GET', url: '/docs/' }),
      t.inject({ method: 'GET', url: '/kds/hot' }),
    ]);
    for (const response of answers) {
      expect(response.headers).toMatchObject(HELMET);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Plain HTTP on the restaurant's network must keep working.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('are exactly the headers @fastify/helmet sets with the same options, in the same order', async () => {
    const withPlugin = Fastify();
    await withPlugin.register(helmet, HELMET_OPTIONS);
    const withRecorded = Fastify();
    await withRecorded.register(security, { corsOrigins: [] });
    for (const app of [withPlugin, withRecorded]) app.get('/dish', async () => ({ name: 'Risotto' }));
    const headers = async (app: typeof withPlugin, url: string) =>
      Object.entries((await app.inject({ method: 'GET', url })).headers).filter(([name]) => name !== 'date');
    for (const url of ['/dish', '/nowhere']) expect(await headers(withRecorded, url)).toEqual(await headers(withPlugin, url));
    await Promise.all([withPlugin.close(), withRecorded.close()]);
  });

  it('no CORS header is sent when POS_CORS_ORIGINS is not set, and a preflight gets no CORS answer', async ({ fileApp: t }) => {
    const get = await t.inject({ method: 'GET', url: '/dishes', headers: { origin: 'http://till.example' } });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await t.inject({
      method: 'OPTIONS',
      url: '/orders',
      headers: { origin: 'http://till.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('in a real browser', () => {
  /** Opens `path` in a new tab, with the console messages that report a CSP violation while it loads, and its errors. */
  async function cspViolations(
    browser: Browser,
    t: TestApp,
    path: string,
  ): Promise<{ violations: string[]; errors: string[]; page: Page }> {
    const violations: string[] = [];
    const errors: string[] = [];
    const listen = (page: Page) => {
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
        else if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
    };
    const page = await openBoard(browser, t, path, undefined, { beforeLoad: listen });
    await page.waitForLoadState('networkidle');
    return { violations, errors, page };
  }

  it(
    'Swagger UI at /docs renders every operation under the CSP, without a single console error',
    async ({ fileApp: t, browser }) => {
      const { violations, errors, page } = await cspViolations(browser, t, '/docs');
      await page.locator('.opblock').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(25);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
    BROWSER_TEST_MS,
  );

  for (const [board, code] of [
    ['/kds/hot', 'kds'],
    ['/expeditor', 'expeditor'],
    ['/menu', 'menu'],
  ] as const) {
    it(
      `the board ${board} loads its scripts and styles under the CSP`,
      async ({ fileApp: t, browser }) => {
        const { violations, page } = await cspViolations(browser, t, board);
        expect(violations).toEqual([]);
        // Its stylesheets applied and its module script was fetched (a blocked script never is).
        // Runs in the page, which has a DOM the server's type library does not describe.
        expect(await page.evaluate('document.styleSheets.length')).toBeGreaterThan(0);
        const fetched = await page.evaluate<string[]>(
          "performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)",
        );
        // The page's code in one script (its modules bundled), its language's catalogue beside it.
        expect(fetched.filter((path) => path.startsWith('/boards/js/'))).toStrictEqual([
          `/boards/js/${code}/main.js`,
          '/boards/js/lib/catalogues/en.js',
        ]);
      },
      BROWSER_TEST_MS,
    );
  }
});

describe('CORS with POS_CORS_ORIGINS', () => {
  let cors: TestApp;
  it.beforeEach(async ({ startApp }) => {
    cors = await startApp({ env: { POS_CORS_ORIGINS: 'http://till.example, http://kds.example:8080' } });
  });

  it('a listed origin is allowed on requests and preflights, with every method the API uses', async () => {
    const get = await cors.inject({ method: 'GET', url: '/dishes', headers: { origin: 'http://kds.example:8080' } });
    expect(get.headers['access-control-allow-origin']).toBe('http://kds.example:8080');
    expect(get.headers.vary).toContain('Origin');

    const preflight = await cors.inject({
      method: 'OPTIONS',
      url: '/orders/aaaaaaaaaaaaaaaaaaaaaaaa',
      headers: {
        origin: 'http://till.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://till.example');
    expect(String(preflight.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('exposes Location and Retry-After to the listed origins', async () => {
    const created = await cors.inject({
      method: 'POST',
      url: '/ingredients',
      as: 'chef',
      headers: { origin: 'http://till.example' },
      payload: { name: 'Leek', in_stock_qty: 1, price: 1 },
    });
    expect(created.statusCode).toBe(201);
    expect(String(created.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
      expect.arrayContaining(['location', 'retry-after', 'idempotent-replayed']),
    );
  });

  it('an origin not listed gets no CORS header, and its preflight is a 403 Problem', async () => {
    for (const origin of ['http://evil.example', 'http://till.example.evil.example', 'null', 'http://TILL.example']) {
      const get = await cors.inject({ method: 'GET', url: '/dishes', headers: { origin } });
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await cors.inject({
        method: 'OPTIONS',
        url: '/orders',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expectProblemStatus(preflight, 403);
      expect(preflight.headers).toMatchObject(HELMET);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    }
  });
});
