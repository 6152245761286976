// The browser boards: static assets under /boards/, the landing page at /, the station list at
// /kds, and the KDS, expeditor, manager and menu pages.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../domain/errors.js';
import { STATIONS, type Station } from '../../models/dish.js';

const here = dirname(fileURLToPath(import.meta.url));
// From the source tree (server/plugins) or the build (dist/server/plugins).
const PUBLIC_DIR = [join(here, '../../web/public'), join(here, '../../../web/public')].find((dir) => existsSync(dir)) ?? join(here, '../../web/public');
// socket.io ships its browser client; the transport does not serve it (serveClient: false), so we do.
const SOCKET_IO_CLIENT_DIR = join(dirname(createRequire(import.meta.url).resolve('socket.io/package.json')), 'client-dist');

const isStation = (name: string): name is Station => (STATIONS as readonly string[]).includes(name);
const hide = { schema: { hide: true } };

async function pages(app: FastifyInstance) {
  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: '/boards/' });
  await app.register(fastifyStatic, {
    root: SOCKET_IO_CLIENT_DIR,
    prefix: '/boards/vendor/',
    decorateReply: false,
    allowedPath: (path) => path === '/socket.io.esm.min.js' || path === '/socket.io.esm.min.js.map',
  });

  app.get<{ Params: { station: string } }>('/kds/:station', hide, async (request, reply) => {
    const { station } = request.params;
    if (!isStation(station)) throw notFound(`There is no station "${station}"; stations are ${STATIONS.join(', ')}.`);
    return reply.sendFile('kds.html');
  });
  // The landing page: every board, the manager's page, the API docs and the server's health.
  app.get('/', hide, async (_request, reply) => reply.sendFile('index.html'));
  app.get('/boards', hide, async (_request, reply) => reply.sendFile('index.html'));
  app.get('/kds', hide, async (_request, reply) => reply.sendFile('stations.html'));
  app.get('/expeditor', hide, async (_request, reply) => reply.sendFile('expeditor.html'));
  app.get('/manager', hide, async (_request, reply) => reply.sendFile('manager.html'));
  app.get('/menu', hide, async (_request, reply) => reply.sendFile('menu.html'));
}

/** Encapsulated inside, so `reply.sendFile` stays the boards' own and clashes with no other plugin. */
async function boards(app: FastifyInstance) {
  await app.register(pages);
}

export default fp(boards, { name: 'pos-boards', fastify: '5.x' });
