// The browser boards: static assets under /boards/, the landing page at /, the station list at
// /kds, the KDS, expeditor, manager and menu pages, and the guests' ordering app.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../domain/errors.js';
import { serveBoardBundles } from './board-bundles.js';
import { ALLERGENS } from '../../models/allergens.js';
import { STATIONS, type Station } from '../../models/dish.js';
import { LANGUAGES, type Language } from '../../models/settings.js';

const here = dirname(fileURLToPath(import.meta.url));
// From the source tree (server/plugins) or the build (dist/server/plugins).
const PUBLIC_DIR =
  [join(here, '../../web/public'), join(here, '../../../web/public')].find((dir) => existsSync(dir)) ?? join(here, '../../web/public');
// socket.io ships its browser client; the transport does not serve it (serveClient: false), so we do.
const SOCKET_IO_CLIENT_DIR = join(dirname(createRequire(import.meta.url).resolve('socket.io/package.json')), 'client-dist');
// uPlot's package exports only its entry points: its folder is found through that entry.
const UPLOT_DIR = dirname(createRequire(import.meta.url).resolve('uplot'));
// intl-messageformat's one self-contained ES module (its parser and memoizer inlined; the package
// names it .iife.js but it ends in `export`), so the browser needs no bundler and no import map.
const MESSAGE_FORMAT_DIR = dirname(createRequire(import.meta.url).resolve('intl-messageformat'));
const MESSAGE_FORMAT_FILE = 'intl-messageformat.iife.js';

const isStation = (name: string): name is Station => (STATIONS as readonly string[]).includes(name);

/**
 * The markup every page's <head> shares (charset, viewport, colour scheme, icon, base.css) has one
 * home, web/public/partials/head.html; a page says where it goes with `<!--#head-->`. Pages are
 * read and assembled once, at start.
 */
const HEAD_MARK = '<!--#head-->';
function assemble(file: string): string {
  const head = readFileSync(join(PUBLIC_DIR, 'partials/head.html'), 'utf8').trim();
  return readFileSync(join(PUBLIC_DIR, file), 'utf8').replace(HEAD_MARK, head);
}
const hide = { schema: { hide: true } };
const HTML_TAG = '<html lang="en"';

/**
 * The files served under /boards/, by their address there: web/public's assets (never its pages,
 * served assembled at their own addresses) and the vendor files the boards load. Listed once, at
 * start, so serving one is a table lookup; @fastify/static's catch-all route read every directory on
 * a file's path at each request to check its spelling, and a route per file (its `wildcard: false`)
 * cost every start a glob and some 135 routes. A file added to web/public while the server runs is
 * served after a restart, as suits assets that ship with the server.
 */
function boardAssets(): Map<string, { root: string; file: string }> {
  const assets = new Map<string, { root: string; file: string }>();
  for (const entry of readdirSync(PUBLIC_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.html')) continue;
    const file = relative(PUBLIC_DIR, join(entry.parentPath, entry.name)).split(sep).join('/');
    assets.set(file, { root: PUBLIC_DIR, file });
  }
  for (const file of ['socket.io.esm.min.js', 'socket.io.esm.min.js.map'])
    assets.set(`vendor/${file}`, { root: SOCKET_IO_CLIENT_DIR, file });
  // The manager's charts: uPlot, from this server's own node_modules.
  for (const file of ['uPlot.esm.js', 'uPlot.min.css']) assets.set(`vendor/uplot/${file}`, { root: UPLOT_DIR, file });
  return assets;
}

async function pages(app: FastifyInstance) {
  // reply.sendFile (content type, ETag and Last-Modified, 304, ranges, HEAD) without its routes.
  await app.register(fastifyStatic, { root: PUBLIC_DIR, serve: false });
  const assets = boardAssets();
  // Each page's script (js/<page>/main.js) as one module, at its own address: these routes are
  // exact, so they come before the catch-all below, which still serves every other module.
  serveBoardBundles(
    app,
    PUBLIC_DIR,
    [...assets.keys()].filter((file) => /^js\/[^/]+\/main\.js$/.test(file)),
  );
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/boards/*',
    ...hide,
    handler: (request, reply) => {
      const asset = assets.get(request.params['*']);
      return asset ? reply.sendFile(`/${asset.file}`, asset.root) : reply.callNotFound();
    },
  });

  // The message catalogues' runtime, read once, under a name that says what it is.
  const messageFormat = readFileSync(join(MESSAGE_FORMAT_DIR, MESSAGE_FORMAT_FILE), 'utf8');
  app.get('/boards/vendor/intl-messageformat.js', hide, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(messageFormat),
  );

  // Each language's catalogue as a module script, one text for all of them: lib/i18n.js imports the
  // screen's own and also puts it on the page as a script, whose loading (the JSON it imports
  // included) holds the page's `load` event until the catalogue is in (a top-level await would not).
  const catalogueModule = (language: Language) =>
    [
      `// The ${language} catalogue as a module script (server/plugins/boards.ts, for lib/i18n.js).`,
      `import catalogue from '/boards/i18n/${language}.json' with { type: 'json' };`,
      'export default catalogue;',
      '',
    ].join('\n');
  for (const language of LANGUAGES) {
    const source = catalogueModule(language);
    app.get(`/boards/js/lib/catalogues/${language}.js`, hide, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(source),
    );
  }

  // The allergens' codes have one home, models/allergens.ts: the screens import them from here.
  const allergens = [
    '// The 14 allergens of EU Regulation 1169/2011, as the server names them (models/allergens.ts).',
    `export const ALLERGENS = Object.freeze(${JSON.stringify(ALLERGENS)});`,
    '',
  ].join('\n');
  app.get('/boards/shared/allergens.js', hide, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(allergens));

  // Every page carries the restaurant's language and currency as they are now, so a screen speaks
  // the restaurant's language from its first paint, before anyone signs in (lib/i18n.js).
  const page = (file: string) => {
    const html = assemble(file);
    return async (_request: unknown, reply: FastifyReply) => {
      const { language, currency } = app.pos.settings.current();
      const tagged = html.replace(HTML_TAG, `<html lang="${language}" data-language="${language}" data-currency="${currency}"`);
      return reply.type('text/html; charset=utf-8').send(tagged);
    };
  };
  const kds = page('kds.html');
  app.get<{ Params: { station: string } }>('/kds/:station', hide, async (request, reply) => {
    const { station } = request.params;
    if (!isStation(station)) throw notFound(`There is no station "${station}"; stations are ${STATIONS.join(', ')}.`);
    return kds(request, reply);
  });
  // The landing page: every board, the manager's page, the API docs and the server's health.
  const home = page('index.html');
  for (const path of ['/', '/boards']) app.get(path, hide, home);
  app.get('/kds', hide, page('stations.html'));
  app.get('/expeditor', hide, page('expeditor.html'));
  app.get('/manager', hide, page('manager.html'));
  app.get('/manager/stock', hide, page('stock.html'));
  app.get('/manager/staff', hide, page('staff.html'));
  app.get('/manager/menu', hide, page('dishes.html'));
  app.get('/manager/printers', hide, page('printers.html'));
  app.get('/menu', hide, page('menu.html'));
  app.get('/order', hide, page('order.html'));
}

/** Encapsulated inside, so `reply.sendFile` stays the boards' own and clashes with no other plugin. */
async function boards(app: FastifyInstance) {
  await app.register(pages);
}

export default fp(boards, { name: 'pos-boards', fastify: '5.x' });
