// The boards' pages as the server serves them: the HTML, a Problem for an unknown station, scripts
// in files only (so a strict CSP holds), the allergens' codes from the server's own list, and
// nothing of them in the OpenAPI document. The tests only read: one app for the file (fileApp).
import { describe, expect } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { ALLERGENS } from '../../models/allergens.js';

describe('board pages', () => {
  it(
    "serves the landing page, the station list, the boards, the manager's page, their assets and the " +
      'socket.io client; an unknown station is a 404 Problem',
    async ({ fileApp: t }) => {
      for (const path of [
        '/',
        '/kds',
        '/kds/cold',
        '/kds/hot',
        '/kds/beverages',
        '/expeditor',
        '/manager',
        '/manager/stock',
        '/manager/menu',
        '/manager/staff',
        '/manager/printers',
        '/menu',
        '/order',
        '/boards/',
      ]) {
        const page = await t.inject({ method: 'GET', url: path });
        expect({ path, status: page.statusCode, type: page.headers['content-type'] }).toStrictEqual({
          path,
          status: 200,
          type: 'text/html; charset=utf-8',
        });
        // Scripts come from files only: no inline script and no inline handlers.
        expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|\son[a-z]+=/i);
        // The shared head is in place, first (the charset within the first bytes); the ordering app keeps its own.
        if (path !== '/order')
          expect(page.body).toMatch(
            /^<!doctype html>\n<html lang="en" data-language="en" data-currency="USD"[^>]*>\n<head>\n {2}<meta charset="utf-8">\n<meta name="viewport"[^]*<link rel="stylesheet" href="\/boards\/css\/base.css">/,
          );
        expect(page.body).not.toContain('<!--#head-->');
      }
      // The message catalogues and their runtime, an ES module with no imports of its own.
      const messages = await t.inject({ method: 'GET', url: '/boards/vendor/intl-messageformat.js' });
      expect([messages.statusCode, messages.headers['content-type']]).toStrictEqual([200, 'text/javascript; charset=utf-8']);
      expect(messages.body).toMatch(/export \{[^}]*IntlMessageFormat/);
      expect(messages.body).not.toMatch(/^import /m);
      const catalogue = await t.inject({ method: 'GET', url: '/boards/i18n/de.json' });
      expect([catalogue.statusCode, catalogue.json()['ticket.recall']]).toStrictEqual([200, '↶ Zurückholen']);
      // Each language's catalogue as a module script, made from one text; no module for a language the screens do not speak.
      for (const language of ['en', 'es', 'fr', 'de']) {
        const module = await t.inject({ method: 'GET', url: `/boards/js/lib/catalogues/${language}.js` });
        expect([module.statusCode, module.headers['content-type']]).toStrictEqual([200, 'text/javascript; charset=utf-8']);
        expect(module.body.split('\n').filter((line) => line && !line.startsWith('//'))).toStrictEqual([
          `import catalogue from '/boards/i18n/${language}.json' with { type: 'json' };`,
          'export default catalogue;',
        ]);
      }
      expect((await t.inject({ method: 'GET', url: '/boards/js/lib/catalogues/it.js' })).statusCode).toBe(404);
      // The allergens' codes from their one home (models/allergens.ts), as the screens import them.
      const allergens = await t.inject({ method: 'GET', url: '/boards/shared/allergens.js' });
      expect([allergens.statusCode, allergens.headers['content-type']]).toStrictEqual([200, 'text/javascript; charset=utf-8']);
      const served = (await import(`data:text/javascript,${encodeURIComponent(allergens.body)}`)) as { ALLERGENS: string[] };
      expect(served.ALLERGENS).toStrictEqual([...ALLERGENS]);
      expect(Object.isFrozen(served.ALLERGENS)).toBe(true);
      const script = await t.inject({ method: 'GET', url: '/boards/vendor/socket.io.esm.min.js' });
      expect([script.statusCode, script.headers['content-type']]).toStrictEqual([200, 'application/javascript; charset=utf-8']);

      const unknown = await t.inject({ method: 'GET', url: '/kds/grill' });
      expect({ status: unknown.statusCode, type: unknown.headers['content-type'], body: unknown.json() }).toStrictEqual({
        status: 404,
        type: 'application/problem+json; charset=utf-8',
        body: {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: 'There is no station "grill"; stations are cold, hot, beverages.',
        },
      });
      expect((await t.inject({ method: 'GET', url: '/boards/nothing.js' })).statusCode).toBe(404);
      // Pages only at their addresses, assembled: never raw from the asset folder.
      for (const raw of ['/boards/kds.html', '/boards/partials/head.html'])
        expect((await t.inject({ method: 'GET', url: raw })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: '/boards/css/base.css' })).statusCode).toBe(200);
    },
  );

  it(
    'serves an asset with its type and validators (HEAD, a 304 on its ETag) from a list made at start; ' +
      'a file not listed is a 404 Problem',
    async ({ fileApp: t }) => {
      const url = '/boards/js/lib/errors.js';
      const get = await t.inject({ method: 'GET', url });
      expect([get.statusCode, get.headers['content-type'], get.headers['cache-control']]).toStrictEqual([
        200,
        'application/javascript; charset=utf-8',
        'public, max-age=0',
      ]);
      expect(get.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      expect(get.headers['last-modified']).toMatch(/ GMT$/);
      expect(String(get.headers['content-security-policy'])).toContain("script-src 'self'");
      const head = await t.inject({ method: 'HEAD', url });
      expect([head.statusCode, head.headers['content-length'], head.body]).toStrictEqual([200, get.headers['content-length'], '']);
      const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': String(get.headers.etag) } });
      expect([again.statusCode, again.body]).toStrictEqual([304, '']);
      const chart = await t.inject({ method: 'GET', url: '/boards/vendor/uplot/uPlot.min.css' });
      expect([chart.statusCode, chart.headers['content-type']]).toStrictEqual([200, 'text/css; charset=utf-8']);
      // Only the vendor files the boards load, not the rest of their packages; no directory.
      for (const path of [
        '/boards/vendor/socket.io.js',
        '/boards/vendor/uplot/uPlot.cjs.js',
        '/boards/js/',
        '/boards/js/../../server/app.ts',
      ]) {
        const missing = await t.inject({ method: 'GET', url: path });
        expect([path, missing.statusCode, missing.headers['content-type'], missing.json().title]).toStrictEqual([
          path,
          404,
          'application/problem+json; charset=utf-8',
          'Not Found',
        ]);
      }
    },
  );

  it('keeps the boards out of the OpenAPI document', async ({ fileApp: t }) => {
    const paths = Object.keys((await t.inject({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.filter((path) => /kds|expeditor|menu|boards|manager|^\/order$/.test(path) || path === '/')).toStrictEqual([]);
  });
});
