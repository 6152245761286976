// Each board page's script is served as one module (esbuild's bundle of the page's entry and the
// modules it imports), built once per process and again after a file of it is edited.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';
import { it } from '../helpers/fixtures.js';
import { bundlesBuilt, serveBoardBundles } from '../../server/plugins/board-bundles.js';
import { errorHandler } from '../../server/problem.js';

const PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));
const PAGES = ['dishes', 'expeditor', 'home', 'kds', 'manager', 'menu', 'order', 'printers', 'staff', 'stations', 'stock'];

/** Every module address a script imports, statically or dynamically with a literal address. */
const importsOf = (script: string) => [...script.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1] ?? '');

describe("a board page's script", () => {
  it('is one module holding the code it imports; only the /boards/ files it names stay separate', async ({ fileApp: t }) => {
    for (const page of PAGES) {
      const script = await t.inject({ method: 'GET', url: `/boards/js/${page}/main.js` });
      expect([page, script.statusCode, script.headers['content-type']]).toStrictEqual([page, 200, 'text/javascript; charset=utf-8']);
      expect(importsOf(script.body).filter((address) => !address.startsWith('/boards/'))).toStrictEqual([]);
    }
    const kds = (await t.inject({ method: 'GET', url: '/boards/js/kds/main.js' })).body;
    // lib/api.js's and lib/i18n.js's code is inside; socket.io, the messages' runtime and the allergens are not.
    expect(kds).toContain('async function api(method, path, body');
    expect(kds).toContain('async function loadCatalogue(chosen)');
    expect(new Set(importsOf(kds))).toStrictEqual(
      new Set(['/boards/vendor/intl-messageformat.js', '/boards/vendor/socket.io.esm.min.js', '/boards/shared/allergens.js']),
    );
    // The modules themselves are still served one by one.
    const api = await t.inject({ method: 'GET', url: '/boards/js/lib/api.js' });
    expect([api.statusCode, api.body]).toStrictEqual([200, readFileSync(join(PUBLIC_DIR, 'js/lib/api.js'), 'utf8')]);
  });

  it('carries an ETag, a 304 for a board that has it, the assets’ Cache-Control, and answers HEAD', async ({ fileApp: t }) => {
    const url = '/boards/js/kds/main.js';
    const get = await t.inject({ method: 'GET', url });
    expect(get.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(get.headers['cache-control']).toBe('public, max-age=0');
    expect(String(get.headers['content-security-policy'])).toContain("script-src 'self'");
    const head = await t.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers.etag, head.headers['content-length'], head.body]).toStrictEqual([
      200,
      get.headers.etag,
      String(Buffer.byteLength(get.body)),
      '',
    ]);
    for (const ifNoneMatch of [String(get.headers.etag), `"other", W/${get.headers.etag}`]) {
      const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': ifNoneMatch } });
      expect([again.statusCode, again.headers.etag, again.body]).toStrictEqual([304, get.headers.etag, '']);
    }
    const stale = await t.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect([stale.statusCode, stale.body]).toStrictEqual([200, get.body]);
  });

  it("links its source map, whose sources are the modules' own addresses", async ({ fileApp: t }) => {
    const script = (await t.inject({ method: 'GET', url: '/boards/js/kds/main.js' })).body;
    expect(script.trimEnd().split('\n').at(-1)).toBe('//# sourceMappingURL=main.js.map');
    const map = await t.inject({ method: 'GET', url: '/boards/js/kds/main.js.map' });
    expect([map.statusCode, map.headers['content-type']]).toStrictEqual([200, 'application/json; charset=utf-8']);
    const { sources } = map.json<{ sources: string[] }>();
    expect(sources).toContain('../lib/api.js');
    expect(sources).toContain('main.js');
    for (const source of sources) {
      const url = new URL(source, 'http://board/boards/js/kds/main.js').pathname;
      expect([url, (await t.inject({ method: 'GET', url })).statusCode]).toStrictEqual([url, 200]);
    }
  });

  it('is built once for every app of the process: a second app serves the same bytes without building', async ({ startApp }) => {
    const first = await (await startApp()).inject({ method: 'GET', url: '/boards/js/manager/main.js' });
    const built = bundlesBuilt();
    const second = await (await startApp()).inject({ method: 'GET', url: '/boards/js/manager/main.js' });
    expect([second.statusCode, second.headers.etag, second.body]).toStrictEqual([200, first.headers.etag, first.body]);
    expect(bundlesBuilt()).toBe(built);
  });
});

/** A copy of web/public's scripts, served by a bare app with the server's error handler; its log kept. */
const copied = test.extend<{ board: { app: FastifyInstance; dir: string; log: string[] } }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructuring
  board: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-board-bundles-'));
    cpSync(join(PUBLIC_DIR, 'js'), join(dir, 'js'), { recursive: true });
    const log: string[] = [];
    const stream = new Writable({ write: (line: Buffer, _encoding, done) => (log.push(line.toString()), done()) });
    const app = Fastify({ logger: { level: 'error', stream } });
    app.setErrorHandler(errorHandler);
    serveBoardBundles(app, dir, ['js/kds/main.js']);
    await use({ app, dir, log });
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  },
});

describe("a board page's script after an edit", () => {
  copied('is built again at the next request when a module it imports changed, and only then', async ({ board }) => {
    const url = '/boards/js/kds/main.js';
    const before = await board.app.inject({ method: 'GET', url });
    const built = bundlesBuilt();
    expect((await board.app.inject({ method: 'GET', url })).headers.etag).toBe(before.headers.etag);
    expect(bundlesBuilt()).toBe(built);

    appendFileSync(join(board.dir, 'js/lib/api.js'), "\nconsole.info('an edited board');\n");
    const after = await board.app.inject({ method: 'GET', url });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('an edited board');
    expect(before.body).not.toContain('an edited board');
    expect(bundlesBuilt()).toBe(built + 1);
  });

  copied('answers a 500 Problem while a module has a syntax error, logged with its file, and serves it once fixed', async ({ board }) => {
    const url = '/boards/js/kds/main.js';
    expect((await board.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const file = join(board.dir, 'js/lib/api.js');
    const source = readFileSync(file, 'utf8');
    writeFileSync(file, `${source}\nexport const = ;\n`);
    const broken = await board.app.inject({ method: 'GET', url });
    expect([broken.statusCode, broken.headers['content-type'], broken.json()]).toStrictEqual([
      500,
      'application/problem+json; charset=utf-8',
      { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'An unexpected error occurred; it has been logged.' },
    ]);
    expect(board.log.join('')).toMatch(/lib\/api\.js:\d+:\d+: ERROR: /);
    writeFileSync(file, source);
    const fixed = await board.app.inject({ method: 'GET', url });
    expect([fixed.statusCode, fixed.body.includes('async function api(method, path, body')]).toStrictEqual([200, true]);
  });
});
